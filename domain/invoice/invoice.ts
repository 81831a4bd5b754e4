import type { BillingPeriod, InvoiceEvent, InvoiceLine, InvoiceTotals, PayeeAccount, PaymentMethod } from './events';
import type { CreditFx, DisputeFx, DocumentRate, PaymentFx } from '../currency/rate';
import { toEuroCents, type OpenAmount } from '../currency/conversion';
import { BOOKS_CURRENCY } from '../currency/currencies';
import { isReverseCharge, type DocumentParties } from './vat';

export interface InvoicePayment {
  paymentId: string;
  amountCents: number;
  date: string;
  method: PaymentMethod;
  /** The money account's ledger account it went into, when it was recorded with one. */
  cashAccountId?: string;
  /** What it recovered of a write-off, when it did. */
  recoveredCents?: number;
  /** On an invoice in another currency: the payment's rate, its euros and the booked euros it cleared. */
  fx?: PaymentFx;
}

export interface InvoiceRefund {
  refundId: string;
  paymentId: string;
  amountCents: number;
  /** The gateway reported it failed: the money came back, it no longer counts. */
  failed: boolean;
  /** On an invoice in another currency: its rate, its euros and the booked euros it put back on the receivable. */
  fx?: PaymentFx;
}

export interface InvoiceDispute {
  disputeId: string;
  paymentId: string;
  amountCents: number;
  status: 'open' | 'won' | 'lost';
  /** An invoice in another currency: the dispute's euros (withdrawn; on a loss, the booked euros owed again). */
  fx?: DisputeFx;
}

export interface CreditNoteRef {
  creditNoteId: string;
  creditNoteNumber: string;
  date: string;
  totals: InvoiceTotals;
  lines: InvoiceLine[];
  /** On an invoice in another currency: the booked euros it took off the receivable. */
  fx?: CreditFx;
}

export interface InvoiceData {
  invoiceId: string;
  invoiceNumber: string;
  clientId: string;
  date: string;
  dueDate: string;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  period: BillingPeriod | null;
  sent: boolean;
  payments: InvoicePayment[];
  paidCents: number;
  creditNotes: CreditNoteRef[];
  creditedCents: number;
  /** Seller and buyer as written with the invoice; null for invoices written before they were kept. */
  parties: DocumentParties | null;
  refunds: InvoiceRefund[];
  disputes: InvoiceDispute[];
  /** Gateway balance transactions whose fee is already recorded. */
  feeIds: string[];
  /** Credit transfers out of this invoice already recorded (optional: states folded before they existed lack it). */
  transferIds?: string[];
  /** Of those, in another currency: the booked euros each put back on the receivable (what the receiving payment receives). */
  transferredEuros?: Record<string, number>;
  /** Its open amount written off as a bad debt (optional: states folded before write-offs existed lack it). */
  writtenOff?: { date: string; amountCents: number; reason: string; fx?: CreditFx };
  /** What payments after the write-off recovered of it. */
  recoveredCents?: number;
  /** Payments removed as recorded in error (optional: states folded before removals existed lack it); their ids stay taken. */
  removedPaymentIds?: string[];
  /** The bank account the send that issued it named; absent for drafts and invoices issued before it was kept. */
  payee?: PayeeAccount;
  /** An invoice in another currency than the euro: that currency and the rate of its date. */
  fx?: DocumentRate;
}

export type InvoiceState =
  | { status: 'empty' }
  | ({ status: 'issued' } & InvoiceData)
  | ({ status: 'voided'; voidedOn: string } & InvoiceData);

export const initialState = (): InvoiceState => ({ status: 'empty' });

/** What decides whether an invoice is paid; read models keep these three numbers per invoice. */
export interface Settlement {
  paidCents: number;
  grossCents: number;
  paymentCount: number;
  /** Credit notes reduce what is owed. */
  creditedCents: number;
  /** Written off as a bad debt and not recovered since: no longer open (absent: none). */
  writtenOffCents?: number;
}

/** Paid once payments cover what is owed after credit notes (a zero invoice counts as paid once marked). */
export const isPaid = (s: Settlement): boolean => s.paymentCount > 0 && s.paidCents >= s.grossCents - s.creditedCents;

/** Cancelled once credit notes cover the whole invoice. */
export const isCancelled = (s: Pick<Settlement, 'grossCents' | 'creditedCents'>): boolean => s.creditedCents > 0 && s.creditedCents >= s.grossCents;

/** What of a write-off payments have not recovered yet (0 when nothing was written off). */
export const unrecoveredCents = (s: Pick<InvoiceData, 'writtenOff' | 'recoveredCents'>): number => Math.max(0, (s.writtenOff?.amountCents ?? 0) - (s.recoveredCents ?? 0));

/**
 * The part of a payment of `amountCents` that recovers a written-off amount: a payment on a
 * written-off invoice recovers first, up to what is still written off; the rest settles as usual.
 */
export const recoveryOf = (s: Pick<InvoiceData, 'writtenOff' | 'recoveredCents'>, amountCents: number): number => Math.min(Math.max(0, amountCents), unrecoveredCents(s));

export const settlementOf = (s: InvoiceData): Settlement => ({
  paidCents: s.paidCents,
  grossCents: s.totals.grossCents,
  paymentCount: s.payments.length,
  creditedCents: s.creditedCents,
  writtenOffCents: unrecoveredCents(s),
});

/**
 * An invoice is issued (an accounting document that is never rewritten) once it has been sent or
 * has any payment; before that it is a draft.
 */
export const isIssued = (s: InvoiceData): boolean => s.sent || s.payments.length > 0;

/** Reverse charge as the invoice was written: from its parties, or (invoices written before they were kept) from its lines. */
export const reverseChargeOf = (s: Pick<InvoiceData, 'parties' | 'lines'>): boolean =>
  s.parties ? isReverseCharge(s.parties) : s.lines.some((l) => l.vatCategory === 'AE');

/**
 * What was paid or credited beyond the invoice (an overpayment, a credit note after payment): it
 * belongs to the client as credit balance.
 */
export const excessCents = (s: Pick<Settlement, 'grossCents' | 'paidCents' | 'creditedCents' | 'writtenOffCents'>): number =>
  Math.max(0, s.paidCents + s.creditedCents + (s.writtenOffCents ?? 0) - s.grossCents);

/**
 * What of this invoice is the client's to apply elsewhere: its excess, or everything still paid on
 * a deleted (voided) invoice, which owes nothing.
 */
export const availableCreditCents = (s: InvoiceState): number => {
  if (s.status === 'empty') return 0;
  if (s.status === 'voided') return Math.max(0, s.paidCents);
  return excessCents(settlementOf(s));
};

/**
 * What is open of a foreign invoice in the books' euros, as booked: its gross at its rate less the
 * booked euros its payments and credit notes cleared, plus those its refunds put back (negative:
 * the client's credit balance). Undefined for an invoice in euros.
 */
export const carryingCents = (s: Pick<InvoiceData, 'fx' | 'totals' | 'payments' | 'creditNotes' | 'refunds' | 'transferredEuros' | 'disputes' | 'writtenOff'>): number | undefined => {
  if (!s.fx) return undefined;
  const sum = <T>(items: readonly T[], cents: (item: T) => number | undefined) => items.reduce((total, item) => total + (cents(item) ?? 0), 0);
  return (
    toEuroCents(s.totals.grossCents, s.fx.rate) -
    sum(s.payments, (p) => p.fx?.relievedCents) -
    sum(s.creditNotes, (n) => n.fx?.relievedCents) +
    sum(s.refunds, (r) => (r.failed ? 0 : r.fx?.relievedCents)) +
    sum(s.disputes, (d) => (d.status === 'lost' ? d.fx?.relievedCents : 0)) -
    (s.writtenOff?.fx?.relievedCents ?? 0) +
    sum(Object.values(s.transferredEuros ?? {}), (cents) => cents)
  );
};

/**
 * A foreign invoice's receivable, signed: what the client owes in the invoice's currency (negative:
 * their credit balance) and its booked euros; what is written off and not recovered is no longer
 * on it. Undefined for an invoice in euros.
 */
export const foreignOpen = (s: InvoiceData): OpenAmount | undefined => {
  const carrying = carryingCents(s);
  return carrying === undefined ? undefined : { amount: s.totals.grossCents - s.creditedCents - s.paidCents - unrecoveredCents(s), carryingCents: carrying };
};

/** The currency an invoice's amounts are in: its own other currency, else the books' euros (also for no invoice yet). */
export const currencyOf = (s: InvoiceState): string => (s.status !== 'empty' && s.fx?.currency) || BOOKS_CURRENCY;

/** What credit notes may still credit. */
export const creditableCents = (s: InvoiceData): number => Math.max(0, s.totals.grossCents - s.creditedCents);

/** What payments need of an invoice to charge it (card checkout, webhooks). */
export interface PayableInvoice {
  id: string;
  invoiceNumber: string;
  clientId: string;
  clientEmail: string | null;
  openCents: number;
  /** The currency `openCents` is in (ISO 4217). */
  currency: string;
  paid: boolean;
  /** Fully credited: no longer payable. */
  cancelled: boolean;
}

/** What a settlement still owes after payments, credit notes and a write-off not recovered; never negative. */
export const owedCents = (s: Pick<Settlement, 'grossCents' | 'creditedCents' | 'paidCents' | 'writtenOffCents'>): number =>
  Math.max(0, s.grossCents - s.creditedCents - s.paidCents - (s.writtenOffCents ?? 0));

/** What is still open (a receivable) after payments, credit notes and a write-off; never negative. */
export const openCents = (s: InvoiceData): number => owedCents(settlementOf(s));

/**
 * What the client still owes in law: a write-off takes it out of the receivables, not out of the
 * client's debt, so a card checkout may still collect it (and the payment is then a recovery).
 */
export const collectibleCents = (s: InvoiceData): number => openCents(s) + unrecoveredCents(s);

/**
 * The invoices a run of events continues rather than starts, once each in the order first met:
 * those whose first event here is not their issue. A fold kept beside the events (a reactor's
 * copy of each invoice) reads just these before the run; an issue starts from nothing, so a run of
 * thousands of new invoices (recurring generation) reads none.
 */
export const invoicesContinued = (events: readonly InvoiceEvent[]): string[] => {
  const first = new Map<string, boolean>();
  for (const e of events) if (!first.has(e.data.invoiceId)) first.set(e.data.invoiceId, e.type !== 'InvoiceIssued');
  return [...first].filter(([, continued]) => continued).map(([id]) => id);
};

export const evolve = (state: InvoiceState, event: InvoiceEvent): InvoiceState => {
  switch (event.type) {
    case 'InvoiceIssued': {
      const d = event.data;
      return {
        status: 'issued',
        invoiceId: d.invoiceId,
        invoiceNumber: d.invoiceNumber,
        clientId: d.clientId,
        date: d.date,
        dueDate: d.dueDate,
        lines: d.lines,
        totals: d.totals,
        period: d.period,
        sent: false,
        payments: [],
        paidCents: 0,
        creditNotes: [],
        creditedCents: 0,
        parties: d.parties,
        refunds: [],
        disputes: [],
        feeIds: [],
        ...(d.fx ? { fx: d.fx } : {}),
      };
    }
    case 'InvoiceEdited': {
      if (state.status === 'empty') return state;
      const d = event.data;
      const { fx: _previous, ...rest } = state;
      return { ...rest, invoiceNumber: d.invoiceNumber, clientId: d.clientId, date: d.date, dueDate: d.dueDate, lines: d.lines, totals: d.totals, parties: d.parties ?? state.parties, ...(d.fx ? { fx: d.fx } : {}) };
    }
    case 'InvoiceSent':
      if (state.status === 'empty') return state;
      return { ...state, sent: true, ...(event.data.payee && !state.payee ? { payee: event.data.payee } : {}) };
    case 'PaymentRecorded': {
      if (state.status === 'empty') return state;
      const d = event.data;
      const payment: InvoicePayment = {
        paymentId: d.paymentId,
        amountCents: d.amountCents,
        date: d.date,
        method: d.method,
        ...(d.cashAccountId ? { cashAccountId: d.cashAccountId } : {}),
        ...(d.recoveredCents ? { recoveredCents: d.recoveredCents } : {}),
        ...(d.fx ? { fx: d.fx } : {}),
      };
      const recovered = d.recoveredCents ? { recoveredCents: (state.recoveredCents ?? 0) + d.recoveredCents } : {};
      return { ...state, payments: [...state.payments, payment], paidCents: state.paidCents + paidDeltaOf(event), ...recovered };
    }
    case 'InvoiceVoided':
      return state.status === 'empty' ? state : { ...state, status: 'voided', voidedOn: event.data.date };
    case 'InvoiceCredited': {
      if (state.status === 'empty') return state;
      const d = event.data;
      const note: CreditNoteRef = { creditNoteId: d.creditNoteId, creditNoteNumber: d.creditNoteNumber, date: d.date, totals: d.totals, lines: d.lines, ...(d.fx ? { fx: d.fx } : {}) };
      return { ...state, creditNotes: [...state.creditNotes, note], creditedCents: state.creditedCents + d.totals.grossCents };
    }
    case 'PaymentRefunded': {
      if (state.status === 'empty') return state;
      const d = event.data;
      const refund: InvoiceRefund = { refundId: d.refundId, paymentId: d.paymentId, amountCents: d.amountCents, failed: false, ...(d.fx ? { fx: d.fx } : {}) };
      return { ...state, refunds: [...state.refunds, refund], paidCents: state.paidCents + paidDeltaOf(event) };
    }
    case 'RefundFailed': {
      if (state.status === 'empty') return state;
      const d = event.data;
      return { ...state, refunds: state.refunds.map((r) => (r.refundId === d.refundId ? { ...r, failed: true } : r)), paidCents: state.paidCents + paidDeltaOf(event) };
    }
    case 'PaymentDisputed': {
      if (state.status === 'empty') return state;
      const d = event.data;
      return { ...state, disputes: [...state.disputes, { disputeId: d.disputeId, paymentId: d.paymentId, amountCents: d.amountCents, status: 'open', ...(d.fx ? { fx: d.fx } : {}) }] };
    }
    case 'DisputeClosed': {
      if (state.status === 'empty') return state;
      const d = event.data;
      const disputes = state.disputes.map((x) => (x.disputeId === d.disputeId ? { ...x, status: d.outcome, ...(d.fx ? { fx: d.fx } : {}) } : x));
      return { ...state, disputes, paidCents: state.paidCents + paidDeltaOf(event) };
    }
    case 'GatewayFeeCharged':
      return state.status === 'empty' ? state : { ...state, feeIds: [...state.feeIds, event.data.feeId] };
    case 'CreditTransferred':
      if (state.status === 'empty') return state;
      return {
        ...state,
        transferIds: [...(state.transferIds ?? []), event.data.transferId],
        ...(event.data.fx ? { transferredEuros: { ...state.transferredEuros, [event.data.transferId]: event.data.fx.relievedCents } } : {}),
        paidCents: state.paidCents + paidDeltaOf(event),
      };
    case 'InvoiceWrittenOff': {
      if (state.status === 'empty') return state;
      const d = event.data;
      return { ...state, writtenOff: { date: d.date, amountCents: d.amountCents, reason: d.reason, ...(d.fx ? { fx: d.fx } : {}) }, recoveredCents: 0 };
    }
    case 'PaymentRemoved': {
      if (state.status === 'empty') return state;
      const d = event.data;
      const recovered = d.recoveredCents ? { recoveredCents: Math.max(0, (state.recoveredCents ?? 0) - d.recoveredCents) } : {};
      return {
        ...state,
        payments: state.payments.filter((p) => p.paymentId !== d.paymentId),
        paidCents: state.paidCents + paidDeltaOf(event),
        removedPaymentIds: [...(state.removedPaymentIds ?? []), d.paymentId],
        ...recovered,
      };
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

/**
 * What may still be refunded of a payment: its amount less refunds that did not fail and disputes
 * that are open or lost (that money is already out of our hands); nothing of applied credit.
 */
export const refundableCents = (s: Pick<InvoiceData, 'payments' | 'refunds' | 'disputes'>, paymentId: string): number => {
  const payment = s.payments.find((p) => p.paymentId === paymentId);
  // Credit applied from another invoice was never paid to this one: nothing to give back.
  if (!payment || payment.method === 'credit') return 0;
  const refunded = s.refunds.filter((r) => r.paymentId === paymentId && !r.failed).reduce((sum, r) => sum + r.amountCents, 0);
  const disputed = s.disputes.filter((d) => d.paymentId === paymentId && d.status !== 'won').reduce((sum, d) => sum + d.amountCents, 0);
  return Math.max(0, payment.amountCents - refunded - disputed);
};

/**
 * How an event changes the invoice's paid amount: payments add, refunds and removed payments take
 * back (a failed refund gives back), and a lost dispute is money given back as a refund is. The aggregate and the read
 * models (which keep only the sum) all follow this one rule.
 */
export const paidDeltaOf = (event: InvoiceEvent): number => {
  switch (event.type) {
    case 'PaymentRecorded':
      return event.data.amountCents;
    case 'PaymentRefunded':
      return -event.data.amountCents;
    case 'RefundFailed':
      return event.data.amountCents;
    case 'DisputeClosed':
      return event.data.outcome === 'lost' ? -event.data.amountCents : 0;
    case 'CreditTransferred':
    case 'PaymentRemoved':
      return -event.data.amountCents;
    default:
      return 0;
  }
};

export const foldInvoice = (events: InvoiceEvent[]): InvoiceState => events.reduce(evolve, initialState());
