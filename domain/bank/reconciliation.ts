import { TOO_LONG, type FieldErrors } from '../shared/errors';
import { MAX_AMOUNT_CENTS } from '../shared/money';
import { textProblem } from '../shared/text';
import { fillWording } from '../shared/wording';
import { ACCOUNT_INACTIVE, accountRefusal, NO_SUCH_ACCOUNT, VAT_RATE_RANGE } from './reconciliation-postings';
import type { ReconciliationContext, ReconciliationError, ReconciliationErrorCode, ReconciliationPart } from './reconciliation-parts';
import type { StatementLine } from './statement';

export { postingsOf, splitGross } from './reconciliation-postings';
export type * from './reconciliation-parts';

/**
 * The reconciliation of one statement line as a value: what the line's money was. Every part is in
 * the line's terms, signed as the bank sees the account (money in positive), and the parts add up
 * to the line exactly, so a reconciled line explains every cent of itself.
 */

export const MAX_PARTS = 200;
export const MAX_PART_DESCRIPTION = 1000;

/**
 * The refusals of a reconciliation, in the words clients recognise them by. Those with `{name}` in
 * them carry a value (amounts in euros with two decimals, signed as the line, except a bill's open
 * amount, which is what it owes): see ../shared/wording.
 */
export const NO_PARTS = 'Say what the line was: at least one invoice, bill, movement, account, transfer or credit.';
export const TOO_MANY_PARTS = 'A line is reconciled in at most {max} parts.';
export const PART_AMOUNT_INVALID = 'Enter a whole number of cents of at most 1,000,000,000.00.';
export const PART_ZERO = 'A part cannot be 0.00.';
export const SUM_MISMATCH = 'The parts add up to {sum}; the line is {line}.';
export const INVOICE_NOT_OPEN = 'This invoice is not open or does not exist.';
export const INVOICE_DIRECTION = 'An invoice part goes the way of the line: a payment into the account, a refund out of it.';
export const OVER_OPEN_AMOUNT = "The invoice has {open} open; the rest can become the client's credit.";
export const OVER_REFUNDABLE = 'At most {refundable} can be refunded on this invoice.';
export const MOVEMENT_UNKNOWN = 'This money movement does not exist in this money account.';
export const MOVEMENT_RECONCILED = 'This money movement is already reconciled with another statement line.';
export const MOVEMENT_WHOLE = 'This money movement is {amount}; it is matched whole.';
export const MOVEMENT_TWICE = 'This money movement is already a part of this line.';
export const TRANSFER_TO_ITSELF = 'A transfer goes to another money account, not to this one.';
export const MONEY_ACCOUNT_UNKNOWN = 'This money account does not exist.';
export const TRANSFER_DIRECTION = 'A transfer part goes the way of the line.';
export const CLIENT_UNKNOWN = 'This client does not exist.';
export const CREDIT_DIRECTION = "Only money received can become a client's credit balance.";
export const BILL_UNKNOWN = 'This bill does not exist.';
export const BILL_NOT_POSTED = 'This bill is a draft: post it before paying it.';
export const BILL_DIRECTION = 'A bill is paid with money out of the account.';
export const OVER_BILL_OPEN = 'The bill has {open} open.';
/** A refund on an invoice is recorded on its payment (a movement), not by the line. */
export const REFUND_AS_MOVEMENT = 'Record the refund on the invoice’s payment first, then match the line with it as a movement.';
/** A client's credit goes with a payment of one of its invoices on the same line. */
export const CREDIT_WITH_INVOICE = 'A client’s credit is recorded with a payment of one of its invoices: add an invoice of this client to the line.';

const euros = (cents: number): string => (cents / 100).toFixed(2);

/** The checks of one part that need only the part and the context. */
const partErrors = (part: ReconciliationPart, lineCents: number, ctx: ReconciliationContext): Array<[string, ReconciliationErrorCode, string]> => {
  const out: Array<[string, ReconciliationErrorCode, string]> = [];
  // A part of 0 is refused as such, not also as going the wrong way.
  const sameDirection = part.cents === 0 || Math.sign(part.cents) === Math.sign(lineCents);
  switch (part.kind) {
    case 'invoice':
      if (!ctx.invoices.has(part.invoiceId)) out.push(['invoiceId', 'INVOICE_UNKNOWN', INVOICE_NOT_OPEN]);
      if (!sameDirection) out.push(['cents', 'WRONG_DIRECTION', INVOICE_DIRECTION]);
      return out;
    case 'movement': {
      const movement = ctx.movements.get(part.movementId);
      if (!movement) out.push(['movementId', 'MOVEMENT_UNKNOWN', MOVEMENT_UNKNOWN]);
      else if (movement.reconciled) out.push(['movementId', 'MOVEMENT_RECONCILED', MOVEMENT_RECONCILED]);
      // A movement is one posting already made: it is matched whole, never in pieces.
      else if (movement.amountCents !== part.cents) out.push(['cents', 'MOVEMENT_AMOUNT', fillWording(MOVEMENT_WHOLE, { amount: euros(movement.amountCents) })]);
      return out;
    }
    case 'account': {
      const account = ctx.accounts.get(part.accountCode);
      if (!account) out.push(['accountCode', 'ACCOUNT_UNKNOWN', NO_SUCH_ACCOUNT]);
      else if (!account.active) out.push(['accountCode', 'ACCOUNT_INACTIVE', ACCOUNT_INACTIVE]);
      else {
        const refusal = accountRefusal(account, part.vatRateBp);
        if (refusal) out.push(['accountCode', refusal.code, refusal.message]);
      }
      if (!Number.isInteger(part.vatRateBp) || part.vatRateBp < 0 || part.vatRateBp > 10_000) out.push(['vatRateBp', 'VAT_RATE_INVALID', VAT_RATE_RANGE]);
      const problem = textProblem(part.description, 'single');
      if (problem) out.push(['description', 'DESCRIPTION_INVALID', problem]);
      else if (part.description.length > MAX_PART_DESCRIPTION) out.push(['description', 'DESCRIPTION_INVALID', fillWording(TOO_LONG, { max: MAX_PART_DESCRIPTION })]);
      return out;
    }
    case 'transfer':
      if (part.moneyAccountId === ctx.moneyAccountId) out.push(['moneyAccountId', 'TRANSFER_TO_ITSELF', TRANSFER_TO_ITSELF]);
      else if (!ctx.moneyAccounts.has(part.moneyAccountId)) out.push(['moneyAccountId', 'MONEY_ACCOUNT_UNKNOWN', MONEY_ACCOUNT_UNKNOWN]);
      if (!sameDirection) out.push(['cents', 'WRONG_DIRECTION', TRANSFER_DIRECTION]);
      return out;
    case 'clientCredit':
      if (!ctx.clientIds.has(part.clientId)) out.push(['clientId', 'CLIENT_UNKNOWN', CLIENT_UNKNOWN]);
      if (part.cents < 0 || lineCents < 0) out.push(['cents', 'WRONG_DIRECTION', CREDIT_DIRECTION]);
      return out;
    case 'bill': {
      const bill = ctx.bills.get(part.billId);
      if (!bill) out.push(['billId', 'BILL_UNKNOWN', BILL_UNKNOWN]);
      else if (!bill.posted) out.push(['billId', 'BILL_NOT_POSTED', BILL_NOT_POSTED]);
      if (part.cents > 0 || lineCents > 0) out.push(['cents', 'WRONG_DIRECTION', BILL_DIRECTION]);
      return out;
    }
    default: {
      const exhaustive: never = part;
      return exhaustive;
    }
  }
};

/**
 * Whether `parts` may reconcile `line`: they add up to it exactly, each is a whole number of cents
 * other than 0, invoices get at most what is open (refunds at most what was paid), a movement is
 * matched whole and once, accounts exist and take postings, posted bills are paid (money out) at
 * most what they have open. An account part may go against the
 * line (a charge the bank deducted from a payment); every other part goes the line's way.
 * Empty when it may.
 */
export const checkReconciliation = (line: StatementLine, parts: readonly ReconciliationPart[], ctx: ReconciliationContext): ReconciliationError[] => {
  const errors: ReconciliationError[] = [];
  const add = (field: string, code: ReconciliationErrorCode, message: string) => errors.push({ field, code, message });
  if (parts.length === 0) add('parts', 'NO_PARTS', NO_PARTS);
  if (parts.length > MAX_PARTS) add('parts', 'TOO_MANY_PARTS', fillWording(TOO_MANY_PARTS, { max: MAX_PARTS }));
  if (errors.length) return errors;
  let sum = 0;
  let exact = true;
  const perInvoice = new Map<string, number>();
  const perBill = new Map<string, number>();
  const movementsSeen = new Set<string>();
  parts.forEach((part, i) => {
    const at = `parts.${i}`;
    if (!Number.isSafeInteger(part.cents) || Math.abs(part.cents) > MAX_AMOUNT_CENTS) {
      add(`${at}.cents`, 'AMOUNT_INVALID', PART_AMOUNT_INVALID);
      exact = false;
      return;
    }
    if (part.cents === 0) add(`${at}.cents`, 'AMOUNT_ZERO', PART_ZERO);
    sum += part.cents;
    for (const [field, code, message] of partErrors(part, line.amountCents, ctx)) add(`${at}.${field}`, code, message);
    if (part.kind === 'invoice') perInvoice.set(part.invoiceId, (perInvoice.get(part.invoiceId) ?? 0) + part.cents);
    if (part.kind === 'bill') perBill.set(part.billId, (perBill.get(part.billId) ?? 0) - part.cents);
    if (part.kind === 'movement') {
      if (movementsSeen.has(part.movementId)) add(`${at}.movementId`, 'MOVEMENT_TWICE', MOVEMENT_TWICE);
      movementsSeen.add(part.movementId);
    }
  });
  // Several parts may pay one invoice; together they get at most what it has open.
  for (const [invoiceId, cents] of perInvoice) {
    const invoice = ctx.invoices.get(invoiceId);
    if (!invoice) continue;
    const field = `parts.${parts.findIndex((p) => p.kind === 'invoice' && p.invoiceId === invoiceId)}.cents`;
    if (cents > invoice.openCents) add(field, 'OVER_OPEN_AMOUNT', fillWording(OVER_OPEN_AMOUNT, { open: euros(invoice.openCents) }));
    if (-cents > invoice.refundableCents) add(field, 'OVER_REFUNDABLE', fillWording(OVER_REFUNDABLE, { refundable: euros(invoice.refundableCents) }));
  }
  // A bill's parts together pay at most what it has open (parts are negative: money out).
  for (const [billId, cents] of perBill) {
    const bill = ctx.bills.get(billId);
    if (!bill?.posted || cents <= bill.openCents) continue;
    add(`parts.${parts.findIndex((p) => p.kind === 'bill' && p.billId === billId)}.cents`, 'OVER_BILL_OPEN', fillWording(OVER_BILL_OPEN, { open: euros(bill.openCents) }));
  }
  if (exact && sum !== line.amountCents) add('parts', 'SUM_MISMATCH', fillWording(SUM_MISMATCH, { sum: euros(sum), line: euros(line.amountCents) }));
  return errors;
};

/** The refusals as field errors (messages by field), for the one error hierarchy. */
export const toFieldErrors = (errors: readonly ReconciliationError[]): FieldErrors => {
  const out: FieldErrors = {};
  for (const e of errors) (out[e.field] ??= []).push(e.message);
  return out;
};
