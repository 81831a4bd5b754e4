import { SYSTEM_ACCOUNT_IDS, type Account, type SystemAccountKey } from '../accounting/accounts';
import type { Posting, PostingLine } from '../accounting/postings';
import { isVatAccount, type VatMovement } from '../accounting/vat-return';
import { divRoundHalfUp } from '../shared/money';
import type { AccountPart, ReconciliationContext, ReconciliationErrorCode, ReconciliationPart } from './reconciliation-parts';
import type { StatementLine } from './statement';

/**
 * What a reconciliation books: one balanced posting per part on the line's booking date, the money
 * account on one side. A movement part posts nothing (its money is in the books already).
 */

/** A gross amount at a VAT rate split into net and VAT, exact: VAT = gross × rate / (1 + rate), half up. */
export const splitGross = (grossCents: number, vatRateBp: number): { netCents: number; vatCents: number } => {
  const vatCents = divRoundHalfUp(BigInt(grossCents) * BigInt(vatRateBp), BigInt(10_000 + vatRateBp));
  return { netCents: grossCents - vatCents, vatCents };
};

/**
 * System accounts owned by other postings: receivables (an invoice part or the client's credit says
 * which client), client credit transfers, payments under dispute, and retained earnings (the
 * year-end close). Cash accounts are money accounts: a transfer part says which.
 */
const OWNED_ELSEWHERE: ReadonlySet<SystemAccountKey> = new Set(['receivables', 'creditTransfers', 'disputedPayments', 'retainedEarnings']);

/** The account checks' refusals, shared by a reconciliation's account parts and the bank rules. */
export const NO_SUCH_ACCOUNT = 'There is no account with this code.';
export const ACCOUNT_INACTIVE = 'This account is inactive.';
export const MONEY_ACCOUNT_NOT_POSTABLE = 'This is a money account: reconcile it as a transfer.';
export const AUTOMATIC_POSTINGS_ONLY = 'This account takes only automatic postings: reconcile against an invoice or a client instead.';
export const VAT_ON_SETTLEMENT = 'A payment of VAT itself carries no VAT rate: use 0 %.';
export const VAT_RATE_RANGE = 'Enter a VAT rate from 0 to 100 %.';

/** Why an account part may not post to `account`, or null when it may. */
export const accountRefusal = (account: Account, vatRateBp: number): { code: ReconciliationErrorCode; message: string } | null => {
  if (account.cashFlowClass === 'cash') return { code: 'ACCOUNT_NOT_POSTABLE', message: MONEY_ACCOUNT_NOT_POSTABLE };
  if (account.systemKey && OWNED_ELSEWHERE.has(account.systemKey)) return { code: 'ACCOUNT_NOT_POSTABLE', message: AUTOMATIC_POSTINGS_ONLY };
  // A line on a VAT account is a payment to or refund from the tax authority, never VAT on VAT.
  if (isVatAccount(account.id) && vatRateBp !== 0) return { code: 'VAT_ON_SETTLEMENT', message: VAT_ON_SETTLEMENT };
  return null;
};

const dr = (accountId: string, cents: number): PostingLine => ({ accountId, debitCents: cents, creditCents: 0 });
const cr = (accountId: string, cents: number): PostingLine => ({ accountId, debitCents: 0, creditCents: cents });
/** Money in (positive) is debited to the money account and credited to `other`; money out the reverse. */
const moneyLines = (money: string, other: string, cents: number): PostingLine[] => (cents >= 0 ? [dr(money, cents), cr(other, cents)] : [dr(other, -cents), cr(money, -cents)]);
const debitMinusCredit = (lines: PostingLine[], accountId: string): number => lines.filter((l) => l.accountId === accountId).reduce((s, l) => s + l.debitCents - l.creditCents, 0);

/**
 * An account part's lines and VAT analysis. Money out to an expense (or any non-revenue account)
 * is a purchase: the net on the account, the input VAT on the VAT account. Money in to a revenue
 * account is other income with output VAT. Rate 0 posts no VAT and adds nothing to the return,
 * except on the VAT account, where it is a settlement with the tax authority.
 */
const accountLines = (money: string, account: Account, part: AccountPart): { lines: PostingLine[]; vat: VatMovement[] } => {
  const vatAccount = SYSTEM_ACCOUNT_IDS.vatPayable;
  if (isVatAccount(account.id)) {
    const lines = moneyLines(money, account.id, part.cents).map((l) => (l.accountId === account.id ? { ...l, vatSettlement: true } : l));
    return { lines, vat: [{ direction: 'settlement', category: null, rateBp: null, baseCents: 0, vatCents: debitMinusCredit(lines, account.id) }] };
  }
  const { netCents, vatCents } = splitGross(part.cents, part.vatRateBp);
  const lines = [...moneyLines(money, account.id, netCents), ...moneyLines(money, vatAccount, vatCents)].filter((l) => l.debitCents !== 0 || l.creditCents !== 0);
  if (part.vatRateBp === 0) return { lines, vat: [] };
  const base = debitMinusCredit(lines, account.id);
  const vat = debitMinusCredit(lines, vatAccount);
  const movement: VatMovement =
    account.type === 'revenue'
      ? { direction: 'output', category: 'S', rateBp: part.vatRateBp, baseCents: -base, vatCents: -vat }
      : { direction: 'input', category: 'S', rateBp: part.vatRateBp, baseCents: base, vatCents: vat };
  return { lines, vat: [movement] };
};

/** Merges lines of one account and side, debits first, so a posting reads as an accountant writes it. */
const merged = (lines: PostingLine[]): PostingLine[] => {
  const byKey = new Map<string, PostingLine>();
  for (const l of lines) {
    const key = `${l.accountId}|${l.debitCents > 0 ? 'dr' : 'cr'}|${l.vatSettlement ? 's' : ''}`;
    const prev = byKey.get(key);
    byKey.set(key, prev ? { ...prev, debitCents: prev.debitCents + l.debitCents, creditCents: prev.creditCents + l.creditCents } : { ...l });
  }
  const all = [...byKey.values()];
  return [...all.filter((l) => l.debitCents > 0), ...all.filter((l) => l.creditCents > 0)];
};

const missing = (what: string): Error => new Error(`postingsOf: ${what} is not in the context; check the reconciliation first`);

/**
 * The postings a checked reconciliation books, in the order of its parts, each balanced, dated on
 * the line's booking date. Throws on a part the context does not know (an unchecked reconciliation
 * is a programming error, not a user's).
 */
export const postingsOf = (line: StatementLine, parts: readonly ReconciliationPart[], ctx: Pick<ReconciliationContext, 'moneyAccountId' | 'moneyAccounts' | 'accounts'>): Posting[] => {
  const money = ctx.moneyAccounts.get(ctx.moneyAccountId)?.ledgerAccountId;
  if (!money) throw missing(`money account ${ctx.moneyAccountId}`);
  const date = line.bookingDate;
  const postings: Posting[] = [];
  for (const part of parts) {
    switch (part.kind) {
      case 'invoice':
        postings.push({ kind: 'posting', date, description: part.cents > 0 ? 'Bank payment received' : 'Refund paid by bank', lines: moneyLines(money, SYSTEM_ACCOUNT_IDS.receivables, part.cents) });
        break;
      case 'movement':
        break;
      // As a bill's payment from this account books it: Dr Accounts Payable, Cr the money account.
      case 'bill':
        postings.push({ kind: 'posting', date, description: 'Bill paid by bank', lines: moneyLines(money, SYSTEM_ACCOUNT_IDS.payables, part.cents) });
        break;
      // As an overpayment today: the credit is a credit on the client's receivable.
      case 'clientCredit':
        postings.push({ kind: 'posting', date, description: 'Client credit received by bank', lines: moneyLines(money, SYSTEM_ACCOUNT_IDS.receivables, part.cents) });
        break;
      case 'transfer': {
        const other = ctx.moneyAccounts.get(part.moneyAccountId)?.ledgerAccountId;
        if (!other) throw missing(`money account ${part.moneyAccountId}`);
        postings.push({ kind: 'posting', date, description: 'Transfer between money accounts', lines: moneyLines(money, other, part.cents) });
        break;
      }
      case 'account': {
        const account = ctx.accounts.get(part.accountCode);
        if (!account) throw missing(`account ${part.accountCode}`);
        const { lines, vat } = accountLines(money, account, part);
        const description = part.description.trim() || line.description.trim().slice(0, 1000) || account.name;
        postings.push(vat.length ? { kind: 'posting', date, description, lines: merged(lines), vat } : { kind: 'posting', date, description, lines: merged(lines) });
        break;
      }
      default: {
        const exhaustive: never = part;
        return exhaustive;
      }
    }
  }
  return postings;
};
