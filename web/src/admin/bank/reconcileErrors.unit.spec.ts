import { describe, expect, it } from 'vitest';
import type { Account } from '../../../../domain/accounting/accounts';
import { lockedMessage } from '../../../../domain/accounting/period-lock';
import * as line from '../../../../domain/bank/line';
import * as movementClaim from '../../../../domain/bank/movement-claim';
import * as reconciliation from '../../../../domain/bank/reconciliation';
import { checkReconciliation, type ReconciliationContext, type ReconciliationPart } from '../../../../domain/bank/reconciliation';
import * as postings from '../../../../domain/bank/reconciliation-postings';
import type { StatementLine } from '../../../../domain/bank/statement';
import { CANCELLED, PAYMENT_BEFORE_INVOICE, PAYMENT_ON_DELETED, PAYMENT_ON_DRAFT } from '../../../../domain/invoice/decide';
import { createTestI18n } from '../../../../test/web-i18n';
import { expectTranslated } from '../../../../test/web-server-texts';
import { ApiError } from '../../api/http';
import { formatDate, formatMoney } from '../../common/format';
import { RECONCILE_TEXT_KEYS, RECONCILE_WORDING_KEYS, reconcileRefusal, reconcileText } from './reconcileErrors';

/** The sentences a module exports (its refusals), its other strings (ids, prefixes) left out. */
const sentencesOf = (module: Record<string, unknown>): string[] => Object.values(module).filter((v): v is string => typeof v === 'string' && v.includes(' ') && /[.)]$/.test(v));

const account = (over: Partial<Account>): Account => ({ id: 'a', code: '6000', name: 'Fees', type: 'expense', cashFlowClass: 'operating', active: true, systemKey: null, ...over });
const context: ReconciliationContext = {
  moneyAccountId: 'bank',
  moneyAccounts: new Map([['bank', { ledgerAccountId: 'l1' }]]),
  accounts: new Map([['6000', account({})]]),
  invoices: new Map([['inv', { clientId: 'c', openCents: 4_000, refundableCents: 0 }]]),
  movements: new Map([['m', { amountCents: 2_500, reconciled: false }]]),
  clientIds: new Set(['c']),
  bills: new Map([['bill', { supplierId: 's', posted: true, openCents: 3_000 }]]),
};
const statementLine: StatementLine = { bookingDate: '2026-03-02', valueDate: '2026-03-02', amountCents: 10_000, description: 'x', counterpartyName: null, counterpartyIban: null, reference: null, bankReference: null };
/** The domain's refusals as the REST answer names their fields (`parts.0.cents` → `parts.0.amount`). */
const WIRE: Record<string, string> = { cents: 'amount', movementId: 'movement', invoiceId: 'invoice', accountCode: 'account' };
const refused = (parts: ReconciliationPart[]): ApiError => {
  const errors: Record<string, string[]> = {};
  for (const e of checkReconciliation(statementLine, parts, context)) (errors[e.field.replace(/[^.]+$/, (last) => WIRE[last] ?? last)] ??= []).push(e.message);
  return new ApiError(400, 'Please correct the errors below.', errors, true);
};

describe('the reconcile panel’s refusals in the language of the screen', () => {
  it('knows every refusal the reconciliation, its accounts, its line and its movements word, each translated in el and ru', () => {
    const domain = [reconciliation, postings, movementClaim, { ...line, NOT_RECONCILED: undefined }].flatMap(sentencesOf);
    expect(domain.length).toBeGreaterThan(25);
    expect(domain.filter((s) => !RECONCILE_TEXT_KEYS[s] && !RECONCILE_WORDING_KEYS[s])).toEqual([]);
    // The invoice payments a line records.
    expect([PAYMENT_BEFORE_INVOICE, PAYMENT_ON_DELETED, PAYMENT_ON_DRAFT, CANCELLED].filter((s) => !RECONCILE_TEXT_KEYS[s])).toEqual([]);
    expectTranslated(RECONCILE_TEXT_KEYS);
    expectTranslated(RECONCILE_WORDING_KEYS);
  });

  it('puts a part’s refusal under its field and the sum’s above, amounts as the screen writes money', async () => {
    const { t } = await createTestI18n('el');
    const { parts, rest } = reconcileRefusal(refused([{ kind: 'movement', movementId: 'm', cents: 3_000 }, { kind: 'account', accountCode: '9999', cents: 1_000, vatRateBp: 0, description: 'x' }]), t);
    expect(parts[0]).toEqual({ amount: [t('bank.reconcile.errors.movementWhole', { amount: formatMoney(2_500) })] });
    expect(parts[0]!.amount![0]).toContain('25,00');
    expect(parts[1]).toEqual({ account: [t('bank.reconcile.errors.noAccount')] });
    expect(rest).toEqual([t('bank.reconcile.errors.sumMismatch', { sum: formatMoney(4_000), line: formatMoney(10_000) })]);
    expect(rest[0]).toMatch(/^Τα μέρη αθροίζουν 40,00.*· η γραμμή είναι 100,00/);
    // An invoice paid above what is open: the open amount, in Russian.
    const ru = (await createTestI18n('ru')).t;
    expect(reconcileRefusal(refused([{ kind: 'invoice', invoiceId: 'inv', cents: 10_000 }]), ru).parts[0]!.amount).toEqual([ru('bank.reconcile.errors.overOpen', { open: formatMoney(4_000) })]);
  });

  it('words a refusal without fields, a payment’s and a locked day’s, and shows an unknown text as written', async () => {
    const { t } = await createTestI18n('ru');
    expect(reconcileRefusal(new ApiError(409, line.ALREADY_RECONCILED, undefined, true), t)).toEqual({ parts: {}, rest: ['Эта строка уже сверена: сначала отмените сверку.'] });
    expect(reconcileRefusal(new ApiError(409, movementClaim.MOVEMENT_TAKEN, undefined, true), t).rest).toEqual([t('bank.reconcile.errors.movementTaken')]);
    expect(reconcileRefusal(new ApiError(400, 'Please correct the errors below.', { date: [PAYMENT_BEFORE_INVOICE] }, true), t).rest).toEqual([t('bank.reconcile.errors.beforeInvoice')]);
    const locked = lockedMessage('2026-03-31');
    expect(reconcileRefusal(new ApiError(400, locked, { date: [locked] }, true), t).rest).toEqual([t('admin.errors.booksLocked', { date: formatDate('2026-03-31') })]);
    // A part's field the panel does not show (a client's credit names its client): above the parts.
    expect(reconcileRefusal(new ApiError(400, 'x', { 'parts.1.client': [reconciliation.CLIENT_UNKNOWN] }, true), t)).toEqual({ parts: {}, rest: [t('bank.reconcile.errors.clientUnknown')] });
    expect(reconcileText('Something new.', t)).toBe('Something new.');
    expect(reconcileRefusal(new ApiError(0, 'Failed to fetch'), t).rest).toEqual(['Failed to fetch']);
  });
});
