/**
 * A bill: an invoice the company received. A draft until posted; a posted bill is a document of
 * record (only payments follow). Pure decide and evolve, as the invoice's.
 */
import { ConflictError, NotFoundError, ValidationError, type FieldErrors } from '../shared/errors';
import { AMOUNT_TOO_LARGE, formatAmount, lineAmounts, MAX_AMOUNT_CENTS } from '../shared/money';
import { BOOKS_CURRENCY, CLIENT_CURRENCY_INVALID, isClientCurrency } from '../currency/currencies';
import { settle, toEuroCents } from '../currency/conversion';
import type { DocumentRate, PaymentFx } from '../currency/rate';
import { VAT_CATEGORIES, type VatCategory } from '../invoice/vat';
import type { BillContent, BillEvent, BillLine, BillPaymentRecorded, BillTotals } from './events';
import { applyStatedVat, type StatedVatRow } from './stated-vat';

export interface BillLineInput {
  description: string;
  accountId: string;
  quantityMilli: number;
  unitPriceCents: number;
  vatRateBp: number;
  /** Absent: S above 0 %, Z at 0 %. */
  vatCategory?: string;
}

/** Totals a document states (an e-invoice's, or typed from paper): each given one must equal the lines'. */
export interface StatedTotals {
  netCents?: number;
  vatCents?: number;
  grossCents?: number;
}

export interface BillInput {
  supplierId: string;
  supplierInvoiceNumber: string;
  date: string;
  dueDate: string;
  lines: BillLineInput[];
  stated?: StatedTotals;
  /** The document's own VAT per category and rate (an e-invoice's breakdown): kept as the bill's, see stated-vat.ts. */
  statedVat?: StatedVatRow[];
  /** Lines may be negative (an imported document's discount lines and allowances); the total may not. */
  signedLines?: boolean;
  /** A supplier credit note, and the bill it corrects. */
  documentType?: 'credit_note';
  creditedBillId?: string | null;
  /** The currency the bill's amounts are in (absent: EUR): the euro or one the ECB publishes a rate for. */
  currency?: string;
}

/** A rate a payment or a posting uses: the day's, or the last before it (units of the bill's currency per euro). */
export interface DayRate {
  rate: string;
  rateDate: string;
}

export type BillCommand =
  | { type: 'DraftBill'; data: BillInput & { billId: string } }
  | { type: 'EditBill'; data: BillInput }
  /** `rate`: a bill in another currency's, of its date (the last before it with one). */
  | { type: 'PostBill'; data?: { rate?: DocumentRate } }
  | { type: 'DeleteBill' }
  /** `rate`: a bill in another currency's, of the payment's day. */
  | { type: 'RecordBillPayment'; data: { paymentId: string; amountCents: number; date: string; cashAccountId: string; reference: string | null; rate?: DayRate } }
  | { type: 'RemoveBillPayment'; data: { paymentId: string; reason: 'statement_line_unreconciled' } };

/** A payment as the bill keeps it: what its event recorded. */
export type BillPayment = Omit<BillPaymentRecorded['data'], 'billId'>;

export type BillState =
  | { status: 'empty' }
  | { status: 'deleted'; billId: string }
  | ({ status: 'draft' | 'posted'; billId: string; payments: BillPayment[]; paidCents: number; fx?: DocumentRate } & BillContent);

export const initialBillState = (): BillState => ({ status: 'empty' });

const INVALID = 'Please correct the errors below.';
export const BILL_NOT_FOUND = 'Bill not found.';
export const BILL_POSTED_IMMUTABLE = 'This bill has been posted; correct it with a supplier credit note.';
export const BILL_NOT_POSTED = 'A payment can be recorded only on a posted bill: post it first.';
export const BILL_EMPTY = 'A bill needs at least one line.';
export const DUE_BEFORE_DATE = 'The due date cannot be before the bill date.';
export const TOTAL_NEGATIVE = "A bill's total cannot be below 0: a document that credits the company is a supplier credit note.";
export const UNKNOWN_VAT_CATEGORY = 'Choose a VAT category: S, Z, E or AE.';
export const AE_NEEDS_RATE = 'A reverse-charge (AE) line needs the VAT rate you self-assess.';
export const ZERO_CATEGORY_RATE = 'A zero-rated (Z) or exempt (E) line carries a VAT rate of 0 %.';
export const STANDARD_NEEDS_RATE = 'A standard-rated (S) line needs a VAT rate above 0 %.';
export const QUANTITY_POSITIVE = 'Enter a quantity above 0.';
export const PRICE_NOT_NEGATIVE = 'Enter a unit price of 0 or more.';
export const PAYMENT_POSITIVE = 'Enter a payment above 0.';
export const PAYMENT_BEFORE_BILL = 'A payment cannot be dated before the bill.';
export const BILL_PAYMENT_NOT_FOUND = 'This payment is not on the bill.';
export const BILL_RATE_CHANGED = "The bill's currency changed while it was being posted: post it again.";
export const PAYMENT_RATE_CHANGED = "The bill's currency changed while the payment was being recorded: record it again.";
const money = (cents: number, currency = BOOKS_CURRENCY): string => formatAmount(cents, currency, 'en');
export const statedMismatch = (lines: number, stated: number, currency?: string): string => `The lines add up to ${money(lines, currency)}, not the stated ${money(stated, currency)}.`;
export const paymentAboveOpen = (open: number, currency?: string): string => `This payment is more than the ${money(open, currency)} still open on the bill.`;

/** The currency a bill as typed is in: its code in capitals, EUR when it names none. */
export const inputCurrency = (input: Pick<BillInput, 'currency'>): string => (input.currency ?? BOOKS_CURRENCY).trim().toUpperCase();

const category = (line: BillLineInput): VatCategory | string => (line.vatCategory === undefined ? (line.vatRateBp > 0 ? 'S' : 'Z') : line.vatCategory.trim().toUpperCase());

/** The problem with one line's VAT, or null. */
const vatProblem = (cat: string, rateBp: number): string | null => {
  if (!(VAT_CATEGORIES as readonly string[]).includes(cat)) return UNKNOWN_VAT_CATEGORY;
  if ((cat === 'Z' || cat === 'E') && rateBp !== 0) return ZERO_CATEGORY_RATE;
  if (cat === 'S' && rateBp <= 0) return STANDARD_NEEDS_RATE;
  if (cat === 'AE' && rateBp <= 0) return AE_NEEDS_RATE;
  return null;
};

export const billTotals = (lines: readonly BillLine[]): BillTotals => {
  let netCents = 0;
  let vatCents = 0;
  let selfAssessedVatCents = 0;
  for (const l of lines) {
    netCents += l.netCents;
    if (l.vatCategory === 'AE') selfAssessedVatCents += l.vatCents;
    else vatCents += l.vatCents;
  }
  return { netCents, vatCents, selfAssessedVatCents, grossCents: netCents + vatCents };
};

/**
 * A bill's content from what was typed or imported: each line's amounts (net = quantity × price,
 * VAT = net × rate, half up, as invoices), the totals, and every problem by field (`lines.2.vatCategory`,
 * `dueDate`, `netAmount`…). Throws a ValidationError naming them all, or answers the content.
 */
export const buildBill = (input: BillInput): BillContent => {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const currency = inputCurrency(input);
  if (!isClientCurrency(currency)) add('currency', CLIENT_CURRENCY_INVALID);
  if (input.dueDate < input.date) add('dueDate', DUE_BEFORE_DATE);
  if (input.lines.length === 0) add('lines', BILL_EMPTY);
  const reckoned: BillLine[] = input.lines.map((l, i) => {
    const cat = category(l);
    const problem = vatProblem(cat, l.vatRateBp);
    if (problem) add(`lines.${i}.${problem === UNKNOWN_VAT_CATEGORY ? 'vatCategory' : 'vatRateBp'}`, problem);
    if (!(l.quantityMilli > 0)) add(`lines.${i}.quantityMilli`, QUANTITY_POSITIVE);
    if (l.unitPriceCents < 0 && !input.signedLines) add(`lines.${i}.unitPriceCents`, PRICE_NOT_NEGATIVE);
    const { netCents, vatCents } = lineAmounts(l.quantityMilli, l.unitPriceCents, l.vatRateBp);
    if (Math.abs(netCents) > MAX_AMOUNT_CENTS) add(`lines.${i}.unitPriceCents`, AMOUNT_TOO_LARGE);
    return { description: l.description, accountId: l.accountId, quantity: l.quantityMilli / 1000, unitPriceCents: l.unitPriceCents, vatRateBp: l.vatRateBp, vatCategory: cat as VatCategory, netCents, vatCents };
  });
  let lines = reckoned;
  if (input.statedVat) {
    const kept = applyStatedVat(reckoned, input.statedVat);
    lines = kept.lines;
    for (const problem of kept.problems) add('vatAmount', problem);
  }
  const totals = billTotals(lines);
  if (totals.grossCents > MAX_AMOUNT_CENTS) add('lines', AMOUNT_TOO_LARGE);
  if (totals.grossCents < 0) add('totalAmount', TOTAL_NEGATIVE);
  const stated = input.stated ?? {};
  const compare = (field: string, computed: number, given: number | undefined) => given !== undefined && given !== computed && add(field, statedMismatch(computed, given, currency));
  compare('netAmount', totals.netCents, stated.netCents);
  compare('vatAmount', totals.vatCents, stated.vatCents);
  compare('totalAmount', totals.grossCents, stated.grossCents);
  if (Object.keys(errors).length) throw new ValidationError(INVALID, errors);
  const credit = input.documentType === 'credit_note' ? { documentType: 'credit_note' as const, creditedBillId: input.creditedBillId ?? null } : {};
  const foreign = currency === BOOKS_CURRENCY ? {} : { currency };
  return { supplierId: input.supplierId, supplierInvoiceNumber: input.supplierInvoiceNumber.trim(), date: input.date, dueDate: input.dueDate, lines, totals, ...credit, ...foreign };
};

type LiveBill = Extract<BillState, { status: 'draft' | 'posted' }>;

export const openCentsOf = (s: LiveBill): number => s.totals.grossCents - s.paidCents;

/** The currency a bill's amounts are in. */
export const billCurrencyOf = (s: Pick<BillContent, 'currency'>): string => s.currency ?? BOOKS_CURRENCY;

/** A posted bill's gross in euros as booked: converted at its rate (the payable's posting), or itself in euros. */
export const bookedGrossCents = (s: Pick<LiveBill, 'totals' | 'fx'>): number => (s.fx ? toEuroCents(s.totals.grossCents, s.fx.rate) : s.totals.grossCents);

/** What is open of a bill in euros as booked: its booked gross less the booked euros its payments cleared. */
export const carryingCentsOf = (s: LiveBill): number => bookedGrossCents(s) - bookedPaidCents(s);

/** The booked euros a payment cleared: in another currency its `fx`'s, else its amount. */
export const bookedPaymentCents = (p: BillPayment): number => (p.fx ? p.fx.relievedCents : p.amountCents);

/** The booked euros a bill's payments cleared. */
export const bookedPaidCents = (s: Pick<LiveBill, 'payments'>): number => s.payments.reduce((sum, p) => sum + bookedPaymentCents(p), 0);

/**
 * The rate a bill is posted at: none in euros; in another currency the one given, which must be of
 * the bill's currency. The caller looks the currency up in the list, which may not show an edit made
 * a moment ago: no rate, or one of another currency, is then a conflict to try again.
 */
const postingRate = (s: LiveBill, rate: DocumentRate | undefined): DocumentRate | undefined => {
  if (s.currency === undefined) return undefined;
  if (!rate || rate.currency !== s.currency) throw new ConflictError(BILL_RATE_CHANGED);
  return rate;
};

/** A payment of a bill in another currency: worth its day's euros, clearing its share of the booked euros. */
const paymentFx = (s: LiveBill, amountCents: number, rate: DayRate | undefined): PaymentFx | undefined => {
  if (!s.fx) return undefined;
  if (!rate) throw new ConflictError(PAYMENT_RATE_CHANGED);
  const settled = settle({ amount: openCentsOf(s), carryingCents: carryingCentsOf(s) }, amountCents, rate.rate);
  return { currency: s.fx.currency, rate: rate.rate, rateDate: rate.rateDate, bookedRate: s.fx.rate, receivedCents: settled.receivedCents, relievedCents: settled.relievedCents };
};

/** Draft, posted and partly paid or paid, as a list shows it. */
export const billStatusOf = (s: BillState): 'draft' | 'open' | 'partly_paid' | 'paid' | 'deleted' | null => {
  if (s.status === 'empty') return null;
  if (s.status === 'deleted' || s.status === 'draft') return s.status;
  if (s.paidCents >= s.totals.grossCents) return 'paid';
  return s.paidCents > 0 ? 'partly_paid' : 'open';
};

const live = (s: BillState): LiveBill => {
  if (s.status !== 'draft' && s.status !== 'posted') throw new NotFoundError(BILL_NOT_FOUND);
  return s;
};

export const decideBill = (command: BillCommand, state: BillState): BillEvent[] => {
  switch (command.type) {
    case 'DraftBill': {
      if (state.status !== 'empty') throw new ConflictError('This bill already exists.');
      const { billId, ...input } = command.data;
      return [{ type: 'BillDrafted', data: { billId, ...buildBill(input) } }];
    }
    case 'EditBill': {
      const s = live(state);
      if (s.status === 'posted') throw new ConflictError(BILL_POSTED_IMMUTABLE);
      return [{ type: 'BillEdited', data: { billId: s.billId, ...buildBill(command.data) } }];
    }
    case 'PostBill': {
      const s = live(state);
      if (s.status === 'posted') return [];
      const fx = postingRate(s, command.data?.rate);
      const { supplierId, supplierInvoiceNumber, date, dueDate, lines, totals } = s;
      const credit = s.documentType === 'credit_note' ? { documentType: s.documentType, creditedBillId: s.creditedBillId ?? null } : {};
      const foreign = fx ? { currency: fx.currency, fx } : {};
      return [{ type: 'BillPosted', data: { billId: s.billId, supplierId, supplierInvoiceNumber, date, dueDate, lines, totals, ...credit, ...foreign } }];
    }
    case 'DeleteBill': {
      const s = live(state);
      if (s.status === 'posted') throw new ConflictError(BILL_POSTED_IMMUTABLE);
      return [{ type: 'BillDeleted', data: { billId: s.billId } }];
    }
    case 'RecordBillPayment': {
      const s = live(state);
      if (s.status !== 'posted') throw new ConflictError(BILL_NOT_POSTED);
      const { rate, ...d } = command.data;
      if (s.payments.some((p) => p.paymentId === d.paymentId)) return [];
      if (!(d.amountCents > 0)) throw new ValidationError(INVALID, { amountCents: [PAYMENT_POSITIVE] });
      const open = openCentsOf(s);
      if (d.amountCents > open) throw new ValidationError(INVALID, { amountCents: [paymentAboveOpen(open, billCurrencyOf(s))] });
      if (d.date < s.date) throw new ValidationError(INVALID, { date: [PAYMENT_BEFORE_BILL] });
      const fx = paymentFx(s, d.amountCents, rate);
      return [{ type: 'BillPaymentRecorded', data: { billId: s.billId, ...d, ...(s.documentType === 'credit_note' ? { refund: true as const } : {}), ...(fx ? { fx } : {}) } }];
    }
    case 'RemoveBillPayment': {
      const s = live(state);
      const payment = s.payments.find((p) => p.paymentId === command.data.paymentId);
      if (!payment) throw new NotFoundError(BILL_PAYMENT_NOT_FOUND);
      const { paymentId, amountCents, date, cashAccountId } = payment;
      return [{ type: 'BillPaymentRemoved', data: { billId: s.billId, paymentId, amountCents, date, cashAccountId, reason: command.data.reason, ...(payment.refund ? { refund: true as const } : {}), ...(payment.fx ? { fx: payment.fx } : {}) } }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
};

export const evolveBill = (state: BillState, event: BillEvent): BillState => {
  switch (event.type) {
    case 'BillDrafted': {
      const { billId, ...content } = event.data;
      return { status: 'draft', billId, ...content, payments: [], paidCents: 0 };
    }
    case 'BillEdited':
    case 'BillPosted': {
      if (state.status !== 'draft' && state.status !== 'posted') return state;
      const { billId: _id, ...content } = event.data;
      // What the event says replaces what the bill said, a credit note's type and link and the currency included.
      const { documentType: _type, creditedBillId: _credited, currency: _currency, fx: _fx, ...kept } = state;
      return { ...kept, ...content, status: event.type === 'BillPosted' ? 'posted' : state.status };
    }
    case 'BillDeleted':
      return { status: 'deleted', billId: event.data.billId };
    case 'BillPaymentRecorded': {
      if (state.status !== 'posted') return state;
      const { billId: _id, ...payment } = event.data;
      return { ...state, payments: [...state.payments, payment], paidCents: state.paidCents + payment.amountCents };
    }
    case 'BillPaymentRemoved': {
      if (state.status !== 'posted' || !state.payments.some((p) => p.paymentId === event.data.paymentId)) return state;
      return { ...state, payments: state.payments.filter((p) => p.paymentId !== event.data.paymentId), paidCents: state.paidCents - event.data.amountCents };
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

export const foldBill = (events: readonly BillEvent[]): BillState => events.reduce(evolveBill, initialBillState());
