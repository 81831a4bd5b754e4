import { AMOUNT_TOO_LARGE, lineAmounts, MAX_AMOUNT_CENTS, sumAmounts } from '../shared/money';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import type { BillingPeriod, InvoiceEvent, InvoiceLine, PayeeAccount, PaymentMethod, PaymentRemovalReason } from './events';
import { collectibleCents, creditableCents, foreignOpen, isCancelled, isIssued, isPaid, openCents, recoveryOf, reverseChargeOf, settlementOf, unrecoveredCents, type InvoiceData, type InvoiceState } from './invoice';
import { decideMoneyMovement, PAYMENT_NOT_FOUND, type MoneyMovementCommand } from './money-movements';
import { decideLineVat, isReverseCharge, type DocumentParties, type VatCategory } from './vat';
import { assertCreditsCharged, vatRemainders } from './credit-vat';
import { assertWithinBounds } from './amount-bounds';
import type { CreditFx, DocumentRate, PaymentFx } from '../currency/rate';
import { relief, shareOf, toEuroCents } from '../currency/conversion';

/** A line as entered: quantity in thousandths, price in cents, VAT in basis points. */
export interface LineInput {
  description: string;
  quantityMilli: number;
  unitPriceCents: number;
  vatRateBp: number;
  /** Absent: decided from the rate and the parties (S, Z, or AE under reverse charge). */
  vatCategory?: VatCategory;
  /** Why an exempt line is exempt (e.g. the article of the Directive). */
  exemptionReason?: string;
  /** The catalogue product the line sells, when it sells one (a subscription's, or chosen on the line). */
  productId?: string;
}

export interface InvoiceFields {
  invoiceNumber: string;
  clientId: string;
  date: string;
  dueDate: string;
}

/**
 * The rate of a payment's day, for a payment of an invoice in another currency; `receivedCents`, the
 * euros a gateway reports it converted the money to (then the rate is what that comes to).
 */
export type PaymentRate = Pick<DocumentRate, 'rate' | 'rateDate'> & { receivedCents?: number };

export type IssueInvoice = {
  type: 'IssueInvoice';
  /**
   * `parties`: the company and the client as they are now; they decide reverse charge and are kept
   * with the invoice. `fx`: the client's currency other than the euro, and the rate of the invoice's date.
   */
  data: InvoiceFields & { invoiceId: string; lines: LineInput[]; period: BillingPeriod | null; parties: DocumentParties; fx?: DocumentRate };
};
/** `lines` undefined keeps the current lines; `parties` replace the stored ones only while it is a draft; `fx` as on IssueInvoice, for the (new) date. */
export type EditInvoice = { type: 'EditInvoice'; data: InvoiceFields & { lines?: LineInput[]; parties: DocumentParties; fx?: DocumentRate } };
/** `payee`: the company's default bank account now, kept by the send that issues the invoice. */
export type SendInvoice = { type: 'SendInvoice'; data: { to: string; sentAt: string; payUrl?: string; payee: PayeeAccount } };
export type RecordPayment = {
  type: 'RecordPayment';
  /** `transferId`: the credit transfer a `credit` payment completes. */
  data: { paymentId: string; amountCents: number; date: string; method: PaymentMethod; reference: string | null; transferId?: string; cashAccountId?: string };
  /** The rate of the payment's day: required for an invoice in another currency. */
  rate?: PaymentRate;
  /**
   * Recorded by hand rather than reported by a gateway: refused on a draft, a cancelled invoice or
   * before the invoice date. (Money a gateway already took is never refused for those reasons.)
   */
  byHand?: boolean;
};
/** Records the open amount as a manual payment unless already paid (so a second mark is harmless). */
export type MarkInvoicePaid = { type: 'MarkInvoicePaid'; data: { paymentId: string; date: string; cashAccountId?: string }; rate?: PaymentRate };
export type VoidInvoice = { type: 'VoidInvoice'; data: { reason: 'deleted' | 'voided'; date: string } };
/** `lines` undefined credits everything still creditable (and so cancels the invoice). */
export type CreditInvoice = {
  type: 'CreditInvoice';
  data: { creditNoteId: string; creditNoteNumber: string; date: string; reason: string; lines?: LineInput[] };
};

/** Takes a payment recorded in error back out of the books (a statement line's reconciliation undone). */
export type RemovePayment = { type: 'RemovePayment'; data: { paymentId: string; reason: PaymentRemovalReason } };

/** Writes the open amount off as a bad debt (the superuser's decision, with a reason). */
export type WriteOffInvoice = { type: 'WriteOffInvoice'; data: { date: string; reason: string } };

export type InvoiceCommand = IssueInvoice | EditInvoice | SendInvoice | RecordPayment | MarkInvoicePaid | VoidInvoice | CreditInvoice | WriteOffInvoice | RemovePayment | MoneyMovementCommand;

export const ISSUED_IMMUTABLE = 'This invoice has been issued; correct it with a credit note.';
export const CANCELLED = 'This invoice has been cancelled.';
export const DRAFT_NOT_CREDITABLE = 'Only an issued (sent or paid) invoice can be credited; edit or delete the draft instead.';
export const PAYMENT_ON_DELETED = 'This invoice was deleted and cannot take payments.';
export const INVOICE_NOT_FOUND = 'Invoice not found.';
export const PAYMENT_BEFORE_INVOICE = 'A payment cannot be dated before its invoice.';
export const PAYMENT_ON_DRAFT = 'A payment can be recorded only on an issued invoice: send it (or mark it as paid) first.';
export const NOTHING_TO_CREDIT = 'This invoice has nothing left to credit.';
export const WRITTEN_OFF = 'This invoice has been written off as a bad debt.';
export const WRITE_OFF_DRAFT = 'Only an issued (sent or paid) invoice can be written off; edit or delete the draft instead.';
export const WRITE_OFF_PAID = 'This invoice is paid: there is nothing to write off.';
export const NOTHING_TO_WRITE_OFF = 'This invoice has nothing open to write off.';
export const REMOVE_GATEWAY_PAYMENT = 'Money a card payment took settles through Stripe: refund it instead.';
export const REMOVE_CREDIT_PAYMENT = 'This is credit applied from another invoice, not money received: it cannot be removed here.';
export const REMOVE_MOVED_PAYMENT = 'Money of this payment was refunded, disputed or charged a fee: undo that first, or refund what is left.';
export const REMOVE_APPLIED_CREDIT = 'Part of this payment was applied as credit to another invoice: reverse that first.';
/** A payment of a foreign invoice above what is open (the excess would be credit in that currency). */
export const overpaidInCurrency = (currency: string, openCents: number): string =>
  `A payment of an invoice in ${currency} can be at most what is open (${(openCents / 100).toFixed(2)} ${currency}).`;
const NO_PAYMENT_RATE = 'A payment of an invoice in another currency needs the rate of its day.';

/**
 * A payment of a foreign invoice: the euros the money is worth at the payment's rate (or as the
 * gateway converted it) and the booked euros it clears (the difference is realised). By hand at most
 * what the client owes; money a gateway took beyond it is the client's credit, at the invoice's rate.
 * On a written-off invoice the part that recovers the bad debt comes first: its share of the euros
 * goes back to Bad Debts, and only the rest clears the receivable.
 */
const paymentFx = (s: InvoiceData, amountCents: number, rate: PaymentRate | undefined, byHand: boolean): { fx: PaymentFx } | Record<string, never> => {
  const open = foreignOpen(s);
  if (!s.fx || !open) return {};
  if (!rate) throw new ValidationError(NO_PAYMENT_RATE);
  const owed = collectibleCents(s);
  if (byHand && amountCents > owed) throw new ValidationError(overpaidInCurrency(s.fx.currency, owed), { amountCents: [overpaidInCurrency(s.fx.currency, owed)] });
  const receivedCents = rate.receivedCents ?? toEuroCents(amountCents, rate.rate);
  const recovered = recoveryOf(s, amountCents);
  const recoveredEuroCents = recovered > 0 ? shareOf(receivedCents, recovered, amountCents) : 0;
  const rest = amountCents - recovered;
  const relievedCents = rest > 0 ? relief(open, rest, s.fx.rate) : 0;
  return { fx: { currency: s.fx.currency, rate: rate.rate, rateDate: rate.rateDate, bookedRate: s.fx.rate, receivedCents, relievedCents, ...(recoveredEuroCents > 0 ? { recoveredEuroCents } : {}) } };
};

/**
 * A credit note of a foreign invoice: at the invoice's rate (its VAT in euros as the invoice had
 * it), taking its share of the booked euros off the receivable, or all that is left when it credits
 * exactly what is open; beyond what is open (a paid invoice) it is the client's credit balance.
 */
const creditFx = (s: InvoiceData, grossCents: number): { fx: CreditFx } | Record<string, never> => {
  const open = foreignOpen(s);
  if (!s.fx || !open) return {};
  return { fx: { ...s.fx, relievedCents: relief(open, grossCents, s.fx.rate) } };
};

/** Two rates the same (absent: euros). */
const sameRate = (a: DocumentRate | undefined, b: DocumentRate | undefined): boolean => a?.currency === b?.currency && a?.rate === b?.rate && a?.rateDate === b?.rateDate;

export const overCredit = (creditableCents: number): string =>
  `A credit note cannot exceed what remains creditable on the invoice (${(creditableCents / 100).toFixed(2)}).`;

/** Lines with their VAT decided (category, rate) and their amounts rounded half-up per line. */
export const buildLines = (inputs: LineInput[], reverseCharge: boolean): InvoiceLine[] =>
  inputs.map((l) => {
    const vat = decideLineVat(l, reverseCharge);
    return {
      description: l.description,
      quantity: l.quantityMilli / 1000,
      unitPriceCents: l.unitPriceCents,
      vatRateBp: vat.vatRateBp,
      ...lineAmounts(l.quantityMilli, l.unitPriceCents, vat.vatRateBp),
      vatCategory: vat.vatCategory,
      ...(vat.exemptionReason ? { exemptionReason: vat.exemptionReason } : {}),
      ...(l.productId ? { productId: l.productId } : {}),
    };
  });

/**
 * The same content: lines that mean the same (description, quantity, unit price, VAT rate and
 * category, exemption reason, product) in the same order. Compared field by field, never as serialised
 * objects: a stored line comes back with its keys in the database's order. Amounts follow from
 * these fields.
 */
const sameLines = (a: readonly InvoiceLine[], b: readonly InvoiceLine[]): boolean =>
  a.length === b.length &&
  a.every((l, i) => {
    const m = b[i]!;
    return (
      l.description.trim() === m.description.trim() &&
      Math.round(l.quantity * 1000) === Math.round(m.quantity * 1000) &&
      l.unitPriceCents === m.unitPriceCents &&
      l.vatRateBp === m.vatRateBp &&
      l.vatCategory === m.vatCategory &&
      (l.exemptionReason?.trim() || null) === (m.exemptionReason?.trim() || null) &&
      (l.productId ?? null) === (m.productId ?? null)
    );
  });

const totalsOf = (lines: InvoiceLine[]) => sumAmounts(lines);

const assertDates = (f: InvoiceFields): void => {
  if (f.dueDate < f.date) {
    throw new ValidationError('Please correct the errors below.', { dueDate: ['The due date cannot be before the invoice date.'] });
  }
};

const live = (state: InvoiceState): InvoiceData & { status: 'issued' } => {
  if (state.status !== 'issued') throw new NotFoundError(INVOICE_NOT_FOUND);
  return state;
};

const issue = (cmd: IssueInvoice, state: InvoiceState): InvoiceEvent[] => {
  if (state.status !== 'empty') throw new ValidationError('This invoice already exists.');
  assertDates(cmd.data);
  const { invoiceId, invoiceNumber, clientId, date, dueDate, period, parties } = cmd.data;
  const lines = buildLines(cmd.data.lines, isReverseCharge(parties));
  assertWithinBounds('invoice', cmd.data.lines, lines, totalsOf(lines));
  const fx = cmd.data.fx ? { fx: cmd.data.fx } : {};
  return [{ type: 'InvoiceIssued', data: { invoiceId, invoiceNumber, clientId, date, dueDate, lines, totals: totalsOf(lines), period, parties, ...fx } }];
};

const edit = (cmd: EditInvoice, state: InvoiceState): InvoiceEvent[] => {
  const s = live(state);
  const d = cmd.data;
  const issued = isIssued(s);
  // A draft follows the client and company as they are now; an issued invoice keeps what it said.
  const parties = issued ? s.parties : d.parties;
  const reverseCharge = issued || !parties ? reverseChargeOf(s) : isReverseCharge(parties);
  const asked = d.lines && buildLines(d.lines, reverseCharge);
  // Lines sent back unchanged (a whole representation PUT back) keep the stored ones exactly.
  const lines = asked && !sameLines(asked, s.lines) ? asked : s.lines;
  // An issued invoice keeps its rate; a draft takes the one of its (new) date and client.
  const fx = issued ? s.fx : d.fx;
  const content = d.invoiceNumber !== s.invoiceNumber || d.clientId !== s.clientId || d.date !== s.date || lines !== s.lines || !sameRate(fx, s.fx);
  if (!content && d.dueDate === s.dueDate) return [];
  // An issued invoice is a document of record: only its due date may still move.
  if (content && issued) throw new ConflictError(ISSUED_IMMUTABLE);
  if (isCancelled(settlementOf(s))) throw new ConflictError(CANCELLED);
  assertDates(d);
  if (d.lines && lines !== s.lines) assertWithinBounds('invoice', d.lines, lines, totalsOf(lines));
  return [
    {
      type: 'InvoiceEdited',
      data: {
        invoiceId: s.invoiceId,
        invoiceNumber: d.invoiceNumber,
        clientId: d.clientId,
        date: d.date,
        dueDate: d.dueDate,
        lines,
        totals: totalsOf(lines),
        previousTotals: s.totals,
        previousDate: s.date,
        ...(parties ? { parties } : {}),
        ...(fx ? { fx } : {}),
        ...(s.fx ? { previousFx: s.fx } : {}),
      },
    },
  ];
};

/**
 * The part of every VAT category and rate not yet credited, as one line each (amounts exact, not
 * recomputed).
 */
const remainderLines = (s: InvoiceData): InvoiceLine[] => {
  type Rest = { vatRateBp: number; vatCategory: VatCategory; exemptionReason?: string; netCents: number; vatCents: number };
  const rest = new Map<string, Rest>();
  const add = (l: InvoiceLine, sign: 1 | -1) => {
    const vatCategory = l.vatCategory;
    const key = `${vatCategory}|${l.vatRateBp}`;
    const r = rest.get(key) ?? { vatRateBp: l.vatRateBp, vatCategory, ...(l.exemptionReason ? { exemptionReason: l.exemptionReason } : {}), netCents: 0, vatCents: 0 };
    rest.set(key, { ...r, netCents: r.netCents + sign * l.netCents, vatCents: r.vatCents + sign * l.vatCents });
  };
  s.lines.forEach((l) => add(l, 1));
  s.creditNotes.forEach((n) => n.lines.forEach((l) => add(l, -1)));
  return [...rest.values()]
    .filter((r) => r.netCents > 0 || r.vatCents > 0)
    .map(({ netCents, vatCents, ...vat }) => ({
      description: `Balance of invoice ${s.invoiceNumber}`,
      quantity: 1,
      unitPriceCents: netCents,
      netCents,
      vatCents,
      grossCents: netCents + vatCents,
      ...vat,
    }));
};

const credit = (cmd: CreditInvoice, state: InvoiceState): InvoiceEvent[] => {
  const s = live(state);
  if (!isIssued(s)) throw new ValidationError(DRAFT_NOT_CREDITABLE);
  // Its receivable is already gone to Bad Debts: a credit note would take it off a second time.
  if (s.writtenOff) throw new ConflictError(WRITTEN_OFF);
  const remaining = creditableCents(s);
  if (remaining <= 0) throw new ValidationError(NOTHING_TO_CREDIT);
  const d = cmd.data;
  if (!d.reason.trim()) throw new ValidationError('Please correct the errors below.', { reason: ['This field may not be blank.'] });
  if (d.date < s.date) throw new ValidationError('Please correct the errors below.', { date: ['A credit note cannot be dated before its invoice.'] });
  const lines = d.lines ? buildLines(d.lines, reverseChargeOf(s)) : s.creditNotes.length === 0 ? s.lines : remainderLines(s);
  if (lines.length === 0) throw new ValidationError('Please correct the errors below.', { lines: ['Add at least one line to credit.'] });
  const totals = totalsOf(lines);
  if (d.lines) assertWithinBounds('credit note', d.lines, lines, totals);
  if (totals.grossCents <= 0) throw new ValidationError('Please correct the errors below.', { lines: ['A credit note must credit an amount greater than zero.'] });
  if (totals.grossCents > remaining) throw new ValidationError(overCredit(remaining), { lines: [overCredit(remaining)] });
  // Chosen lines credit only what the invoice charged, rate by rate (the remainder does by construction).
  if (d.lines) assertCreditsCharged(vatRemainders(s.lines, s.creditNotes.map((n) => n.lines)), lines);
  return [
    {
      type: 'InvoiceCredited',
      data: {
        invoiceId: s.invoiceId,
        creditNoteId: d.creditNoteId,
        creditNoteNumber: d.creditNoteNumber,
        invoiceNumber: s.invoiceNumber,
        invoiceDate: s.date,
        clientId: s.clientId,
        date: d.date,
        reason: d.reason.trim(),
        lines,
        totals,
        full: totals.grossCents === remaining,
        period: s.period,
        ...(s.parties ? { parties: s.parties } : {}),
        ...creditFx(s, totals.grossCents),
      },
    },
  ];
};

const recordPayment = (cmd: RecordPayment, state: InvoiceState): InvoiceEvent[] => {
  if (state.status === 'empty') throw new NotFoundError(INVOICE_NOT_FOUND);
  // Idempotent on paymentId: a retried webhook or double click records nothing new (nor brings back a removed payment).
  if (state.payments.some((p) => p.paymentId === cmd.data.paymentId) || state.removedPaymentIds?.includes(cmd.data.paymentId)) return [];
  if (state.status === 'voided' && cmd.byHand) throw new ValidationError(PAYMENT_ON_DELETED);
  if (!Number.isSafeInteger(cmd.data.amountCents) || cmd.data.amountCents <= 0) {
    throw new ValidationError('A payment amount must be a positive number of cents.', { amountCents: ['Enter an amount greater than zero.'] });
  }
  if (cmd.data.amountCents > MAX_AMOUNT_CENTS) throw new ValidationError(AMOUNT_TOO_LARGE, { amountCents: [AMOUNT_TOO_LARGE] });
  if (cmd.byHand) {
    if (!isIssued(state)) throw new ValidationError(PAYMENT_ON_DRAFT);
    if (isCancelled(settlementOf(state))) throw new ConflictError(CANCELLED);
    if (cmd.data.date < state.date) throw new ValidationError('Please correct the errors below.', { date: [PAYMENT_BEFORE_INVOICE] });
  }
  // Money a gateway already took is never refused: on a deleted or cancelled invoice it is kept as
  // the client's credit balance, and flagged so someone applies or refunds it.
  const reason: 'deleted' | 'cancelled' | null = state.status === 'voided' ? 'deleted' : isCancelled(settlementOf(state)) ? 'cancelled' : null;
  const unexpected = reason ? { unexpected: { reason, invoiceNumber: state.invoiceNumber, clientId: state.clientId } } : {};
  // Money arriving on a written-off invoice recovers the bad debt first (Cr Bad Debts), never lost.
  const recovered = recoveryOf(state, cmd.data.amountCents);
  const fx = paymentFx(state, cmd.data.amountCents, cmd.rate, cmd.byHand === true);
  return [{ type: 'PaymentRecorded', data: { invoiceId: state.invoiceId, ...cmd.data, ...unexpected, ...(recovered > 0 ? { recoveredCents: recovered } : {}), ...fx } }];
};

const markPaid = (cmd: MarkInvoicePaid, state: InvoiceState): InvoiceEvent[] => {
  const s = live(state);
  if (isPaid(settlementOf(s))) return [];
  if (isCancelled(settlementOf(s))) throw new ConflictError(CANCELLED);
  // Paid in full after a write-off: what was written off comes back as a recovery.
  const recovered = unrecoveredCents(s);
  const deposited = cmd.data.cashAccountId ? { cashAccountId: cmd.data.cashAccountId } : {};
  const amountCents = openCents(s) + recovered;
  const data = { invoiceId: s.invoiceId, paymentId: cmd.data.paymentId, amountCents, date: cmd.data.date, method: 'manual' as const, reference: null, ...deposited, ...paymentFx(s, amountCents, cmd.rate, true) };
  return [{ type: 'PaymentRecorded', data: recovered > 0 ? { ...data, recoveredCents: recovered } : data }];
};

/**
 * A bad debt: the open amount at this moment leaves the receivables (Dr Bad Debts, Cr Accounts
 * Receivable). Only an issued invoice that still has something open, once; the write path refuses
 * a locked or out-of-range day.
 */
const writeOff = (cmd: WriteOffInvoice, state: InvoiceState): InvoiceEvent[] => {
  const s = live(state);
  if (!isIssued(s)) throw new ValidationError(WRITE_OFF_DRAFT);
  if (s.writtenOff) throw new ConflictError(WRITTEN_OFF);
  const settlement = settlementOf(s);
  if (isCancelled(settlement)) throw new ConflictError(CANCELLED);
  if (isPaid(settlement)) throw new ConflictError(WRITE_OFF_PAID);
  const amountCents = openCents(s);
  if (amountCents <= 0) throw new ValidationError(NOTHING_TO_WRITE_OFF);
  const reason = cmd.data.reason.trim();
  if (!reason) throw new ValidationError('Please correct the errors below.', { reason: ['This field may not be blank.'] });
  if (cmd.data.date < s.date) throw new ValidationError('Please correct the errors below.', { date: ['A write-off cannot be dated before its invoice.'] });
  // In another currency: all the booked euros the receivable carries go (all of what is open is written off).
  const open = foreignOpen(s);
  const fx = s.fx && open ? { fx: { ...s.fx, relievedCents: open.carryingCents } } : {};
  return [{ type: 'InvoiceWrittenOff', data: { invoiceId: s.invoiceId, invoiceNumber: s.invoiceNumber, clientId: s.clientId, date: cmd.data.date, reason, amountCents, ...fx } }];
};

/**
 * A payment of money that never was the invoice's (a bank line matched to the wrong invoice, then
 * unmatched): gone from the invoice as if never recorded, its entry reversed on its own date (the
 * write path refuses a locked day). Only money that came in by hand (not through a gateway, not
 * credit applied from another invoice) and that nothing has moved since: no refund, dispute or fee
 * on it, and none of it applied as credit elsewhere. Removing a removed payment decides nothing.
 */
const removePayment = (cmd: RemovePayment, state: InvoiceState): InvoiceEvent[] => {
  if (state.status === 'empty') throw new NotFoundError(INVOICE_NOT_FOUND);
  const { paymentId } = cmd.data;
  if (state.removedPaymentIds?.includes(paymentId)) return [];
  const payment = state.payments.find((p) => p.paymentId === paymentId);
  if (!payment) throw new NotFoundError(PAYMENT_NOT_FOUND);
  if (payment.method === 'stripe' || payment.method === 'card') throw new ConflictError(REMOVE_GATEWAY_PAYMENT);
  if (payment.method === 'credit') throw new ConflictError(REMOVE_CREDIT_PAYMENT);
  const moved = state.refunds.some((r) => r.paymentId === paymentId) || state.disputes.some((d) => d.paymentId === paymentId);
  if (moved) throw new ConflictError(REMOVE_MOVED_PAYMENT);
  // Credit transferred out lowered the paid amount: what remains must still cover it without this payment.
  if (state.paidCents - payment.amountCents < 0) throw new ConflictError(REMOVE_APPLIED_CREDIT);
  const data = {
    invoiceId: state.invoiceId,
    paymentId,
    amountCents: payment.amountCents,
    date: payment.date,
    method: payment.method,
    ...(payment.cashAccountId ? { cashAccountId: payment.cashAccountId } : {}),
    ...(payment.recoveredCents ? { recoveredCents: payment.recoveredCents } : {}),
    ...(payment.fx ? { fx: payment.fx } : {}),
    reason: cmd.data.reason,
  };
  return [{ type: 'PaymentRemoved', data }];
};

export const decide = (command: InvoiceCommand, state: InvoiceState): InvoiceEvent[] => {
  switch (command.type) {
    case 'IssueInvoice':
      return issue(command, state);
    case 'EditInvoice':
      return edit(command, state);
    case 'SendInvoice': {
      const s = live(state);
      if (isCancelled(settlementOf(s))) throw new ConflictError(CANCELLED);
      const { payee, ...sent } = command.data;
      // Issued by this send: the account it asks to be paid into is part of the document from now on.
      return [{ type: 'InvoiceSent', data: { invoiceId: s.invoiceId, ...sent, ...(isIssued(s) ? {} : { payee }) } }];
    }
    case 'RecordPayment':
      return recordPayment(command, state);
    case 'MarkInvoicePaid':
      return markPaid(command, state);
    case 'CreditInvoice':
      return credit(command, state);
    case 'WriteOffInvoice':
      return writeOff(command, state);
    case 'RemovePayment':
      return removePayment(command, state);
    case 'VoidInvoice': {
      const s = live(state);
      // Only a draft can vanish; an issued invoice is cancelled by a credit note.
      if (isIssued(s)) throw new ConflictError(ISSUED_IMMUTABLE);
      const data = { invoiceId: s.invoiceId, reason: command.data.reason, date: command.data.date, totals: s.totals, originalDate: s.date, ...(s.fx ? { fx: s.fx } : {}) };
      return [{ type: 'InvoiceVoided', data }];
    }
    // A refund of a foreign invoice's payment is at its own day's rate (decided with the movement).
    case 'RefundPayment':
    case 'FailRefund':
      return decideMoneyMovement(command, state);
    // A gateway's fee is in euros, as the gateway reports it, whatever the payment's currency.
    case 'ChargeGatewayFee':
      return decideMoneyMovement(command, state);
    // Credit moves between invoices of one client, so of one currency (the client's, fixed once it has invoices).
    case 'TransferCredit':
      return decideMoneyMovement(command, state);
    // A dispute of a payment in another currency is in the euros the gateway moved (decided with the movement).
    case 'OpenDispute':
    case 'CloseDispute':
      return decideMoneyMovement(command, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
};
