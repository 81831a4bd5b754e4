/**
 * What a bill books, as a pure function of its events (the ledger's shape, domain/accounting):
 * - posted: Dr each line's account its net (lines on one account together), Dr the VAT account the
 *   VAT the supplier charged, Cr Accounts Payable what is owed. A reverse-charge (AE) line also
 *   books its self-assessed VAT on the VAT account, debited as input and credited as output: the two
 *   net to zero on the account, and the VAT return shows both.
 * - paid: Dr Accounts Payable, Cr the money account; a payment removed: that entry reversed on its day.
 * Drafts, edits of drafts and deleted drafts book nothing.
 */
import { v5 as uuidv5 } from 'uuid';
import { SYSTEM_ACCOUNT_IDS } from '../accounting/accounts';
import type { LedgerEffect, PostingLine } from '../accounting/ledger-effect';
import { mergeMovements, negateMovements, type VatMovement } from '../accounting/vat-return';
import type { BillEvent, BillLine } from './events';

const NAMESPACE = '0d5f3a52-6a1e-4c8f-9a43-2b7c5e9d1f60';
export const billEntryId = (billId: string): string => uuidv5(`bill:${billId}`, NAMESPACE);
export const billPaymentEntryId = (paymentId: string): string => uuidv5(`bill-payment:${paymentId}`, NAMESPACE);

const dr = (accountId: string, cents: number): PostingLine => ({ accountId, debitCents: cents, creditCents: 0 });
const cr = (accountId: string, cents: number): PostingLine => ({ accountId, debitCents: 0, creditCents: cents });

/** The VAT return's movements of a bill's lines: input per category and rate; AE as input and output both. */
export const billVatMovements = (lines: readonly BillLine[]): VatMovement[] =>
  mergeMovements(
    lines.flatMap((l): VatMovement[] => {
      const input: VatMovement = { direction: 'input', category: l.vatCategory, rateBp: l.vatRateBp, baseCents: l.netCents, vatCents: l.vatCents };
      return l.vatCategory === 'AE' ? [input, { ...input, direction: 'output' }] : [input];
    }),
  );

/** A posted bill's lines: balanced, a line per account and side, zero lines left out. */
export const billPostingLines = (lines: readonly BillLine[]): PostingLine[] => {
  const vat = SYSTEM_ACCOUNT_IDS.vatPayable;
  const byAccount = new Map<string, number>();
  let charged = 0;
  let selfAssessed = 0;
  for (const l of lines) {
    byAccount.set(l.accountId, (byAccount.get(l.accountId) ?? 0) + l.netCents);
    if (l.vatCategory === 'AE') selfAssessed += l.vatCents;
    else charged += l.vatCents;
  }
  const owed = [...byAccount.values()].reduce((a, b) => a + b, 0) + charged;
  const out: PostingLine[] = [...byAccount].map(([accountId, cents]) => (cents >= 0 ? dr(accountId, cents) : cr(accountId, -cents)));
  out.push(charged >= 0 ? dr(vat, charged) : cr(vat, -charged));
  if (selfAssessed !== 0) out.push(dr(vat, selfAssessed), cr(vat, selfAssessed));
  out.push(owed >= 0 ? cr(SYSTEM_ACCOUNT_IDS.payables, owed) : dr(SYSTEM_ACCOUNT_IDS.payables, -owed));
  return out.filter((l) => l.debitCents !== 0 || l.creditCents !== 0);
};

/** The entry a bill event belongs to (null: it books nothing). */
export const billEntryIdOf = (event: BillEvent): string | null => {
  switch (event.type) {
    case 'BillPosted':
      return billEntryId(event.data.billId);
    case 'BillPaymentRecorded':
    case 'BillPaymentRemoved':
      return billPaymentEntryId(event.data.paymentId);
    default:
      return null;
  }
};

export const billEffect = (event: BillEvent): LedgerEffect | null => {
  switch (event.type) {
    case 'BillPosted': {
      const d = event.data;
      // A supplier credit note books as a bill reversed: Dr Accounts Payable, Cr the accounts and the input VAT.
      const credit = d.documentType === 'credit_note';
      const description = `${credit ? 'Supplier credit note' : 'Bill'} ${d.supplierInvoiceNumber}`;
      const vat = credit ? negateMovements(billVatMovements(d.lines)) : billVatMovements(d.lines);
      const lines = billPostingLines(d.lines);
      return {
        entryId: billEntryId(d.billId),
        source: { type: 'bill', id: d.billId, invoiceId: null },
        entry: { status: 'active', date: d.date, description },
        revenueAccountId: null,
        postings: [{ kind: 'posting', date: d.date, description, lines: credit ? lines.map((l) => ({ accountId: l.accountId, debitCents: l.creditCents, creditCents: l.debitCents })) : lines, ...(vat.length ? { vat } : {}) }],
      };
    }
    case 'BillPaymentRecorded': {
      const d = event.data;
      const what = d.refund ? 'Supplier refund' : 'Bill payment';
      const description = d.reference ? `${what} ${d.reference}` : what;
      return {
        entryId: billPaymentEntryId(d.paymentId),
        source: { type: 'bill_payment', id: d.paymentId, invoiceId: null },
        entry: { status: 'active', date: d.date, description },
        revenueAccountId: null,
        postings: [{ kind: 'posting', date: d.date, description, lines: d.refund ? [dr(d.cashAccountId, d.amountCents), cr(SYSTEM_ACCOUNT_IDS.payables, d.amountCents)] : [dr(SYSTEM_ACCOUNT_IDS.payables, d.amountCents), cr(d.cashAccountId, d.amountCents)] }],
      };
    }
    case 'BillPaymentRemoved': {
      const d = event.data;
      const description = 'Bill payment removed (statement line unreconciled)';
      return {
        entryId: billPaymentEntryId(d.paymentId),
        source: { type: 'bill_payment', id: d.paymentId, invoiceId: null },
        entry: { status: 'deleted', date: d.date, description },
        revenueAccountId: null,
        postings: [{ kind: 'reversal', date: d.date, description: `Reversal: ${description}`, lines: d.refund ? [dr(SYSTEM_ACCOUNT_IDS.payables, d.amountCents), cr(d.cashAccountId, d.amountCents)] : [dr(d.cashAccountId, d.amountCents), cr(SYSTEM_ACCOUNT_IDS.payables, d.amountCents)] }],
      };
    }
    default:
      return null;
  }
};
