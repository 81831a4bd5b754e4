import type { CreditFx, DisputeFx, DocumentRate, PaymentFx } from '../currency/rate';
import type { DocumentParties, VatCategory } from './vat';

/**
 * Invoice events: the contract between billing (writes), accounting postings and read models.
 * Amounts are integer cents of the invoice's currency: euros, or the currency its `fx` names (then the
 * ledger posts them in euros at its rate). Dates are 'YYYY-MM-DD'. Stream: `invoice-<invoiceId>`.
 * Change a shape only with a new schema version and an upcaster (`upcasters.ts`); the types here
 * are the current shape, which every event read from the store has.
 */

/**
 * The schema version invoice events are written with (their metadata's schemaVersion).
 * 1: as first written; lines and InvoiceIssued written before e-invoices lack a VAT category and
 *    parties. 2: every line names its VAT category and InvoiceIssued its parties (null before they
 *    were kept); `upcasters.ts` brings version 1 there.
 */
export const INVOICE_SCHEMA_VERSION = 2;

export interface InvoiceLine {
  description: string;
  /** Up to 3 decimals, as a string-free number (e.g. 1, 2.5). */
  quantity: number;
  unitPriceCents: number;
  /** VAT rate in basis points: 1900 = 19%. */
  vatRateBp: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
  /** Since schema version 2; the upcaster gives an older line S above 0 % and Z at 0 %. */
  vatCategory: VatCategory;
  /** Exempt (E) and reverse-charge (AE) lines say why no VAT is charged. */
  exemptionReason?: string;
  /** The catalogue product sold (absent on lines written without one, and before products were kept on lines). */
  productId?: string;
}

/**
 * A line as a row kept outside the event store may hold it: a read model not rebuilt since the
 * upcaster, or a reactor's folded state, can have lines without a category (`categoryOf` reads them).
 */
export type KeptInvoiceLine = Omit<InvoiceLine, 'vatCategory'> & { vatCategory?: VatCategory };

export interface InvoiceTotals {
  netCents: number;
  vatCents: number;
  grossCents: number;
}

export interface BillingPeriod {
  subscriptionId: string;
  /** Inclusive start and exclusive end of the billed period. */
  start: string;
  end: string;
}

export type InvoiceIssued = {
  type: 'InvoiceIssued';
  data: {
    invoiceId: string;
    invoiceNumber: string;
    clientId: string;
    date: string;
    dueDate: string;
    lines: InvoiceLine[];
    totals: InvoiceTotals;
    period: BillingPeriod | null;
    /** Seller and buyer as they were when it was written; null on invoices written before they were kept (schema version 1). */
    parties: DocumentParties | null;
    /** Optional (added with currencies): the invoice's currency and the rate of its date. Absent: euros. */
    fx?: DocumentRate;
  };
};

export type InvoiceEdited = {
  type: 'InvoiceEdited';
  data: {
    invoiceId: string;
    invoiceNumber: string;
    clientId: string;
    date: string;
    dueDate: string;
    lines: InvoiceLine[];
    /** Totals after the edit; postings reverse the previous totals and post these. */
    totals: InvoiceTotals;
    previousTotals: InvoiceTotals;
    previousDate: string;
    /** Optional (added for accounting): the billed period, so postings pick the revenue account. */
    period?: BillingPeriod | null;
    /** Seller and buyer as they now stand on the invoice; absent, it keeps the ones it had (an issued invoice that has none: written before they were kept). */
    parties?: DocumentParties;
    /** Optional (added with currencies): the currency and rate after the edit, and before it (the reversal's). Absent: euros. */
    fx?: DocumentRate;
    previousFx?: DocumentRate;
  };
};

/** The account a document asks to be paid into (BT-84, BT-86); '' where the company had none. */
export interface PayeeAccount {
  iban: string;
  bic: string;
}

export type InvoiceSent = {
  type: 'InvoiceSent';
  data: {
    invoiceId: string;
    to: string;
    sentAt: string;
    /** The pay link the message carries (PUBLIC_BASE_URL/pay-invoice/<id>). Optional: added after v1 shipped. */
    payUrl?: string;
    /**
     * The bank account the invoice was issued with, on the send that issued it: every later copy
     * prints it. Optional: sends before it was kept, and later sends of an issued invoice, lack it.
     */
    payee?: PayeeAccount;
  };
};

/**
 * How money arrived. `stripe` is a card payment through Stripe's checkout, `card` one recorded by
 * hand (both settle through Stripe clearing); `manual` is the spec's one-click mark as paid (a bank
 * transfer), kept as written by earlier versions. `credit` is the client's credit balance applied from
 * another of its invoices (see CreditTransferred): no money moves, it settles through Client Credit
 * Transfers.
 */
export type PaymentMethod = 'stripe' | 'card' | 'bank' | 'manual' | 'cash' | 'other' | 'credit';

export type PaymentRecorded = {
  type: 'PaymentRecorded';
  data: {
    invoiceId: string;
    /** Deterministic from its source (Stripe payment intent, or a manual mark) so retries dedupe. */
    paymentId: string;
    amountCents: number;
    date: string;
    method: PaymentMethod;
    reference: string | null;
    /**
     * Optional (added with payment alerts): a gateway payment that arrived for an invoice already
     * cancelled by credit notes or deleted. It is recorded all the same (the money is ours to hold
     * or give back), becomes the client's credit balance and raises an alert for the admin.
     */
    unexpected?: { reason: 'cancelled' | 'deleted'; invoiceNumber: string; clientId: string };
    /** Optional (added with credit transfers): set on a `credit` payment, the transfer it completes. */
    transferId?: string;
    /**
     * Optional (added with write-offs): the part of a payment on a written-off invoice that recovers
     * the amount written off (posted Cr Bad Debts instead of Cr Accounts Receivable). Still paid.
     */
    recoveredCents?: number;
    /**
     * Optional (added with money accounts): the ledger account of the money account it was deposited
     * to. Without it, the method decides (`cashAccountFor`), as for every payment recorded before.
     */
    cashAccountId?: string;
    /** Optional (added with currencies): on an invoice in another currency, the payment's rate and its euros. */
    fx?: PaymentFx;
  };
};

/**
 * The invoice leaves the books: `deleted` (a draft removed), `voided`, or `annulled` (added with
 * amount bounds): an operator's repair of a document whose amounts no number holds exactly, written
 * before the bounds existed; it reverses what the ledger had of the invoice (`totals`, exact, on its
 * `originalDate`), and its metadata's `annuls` lists the events it makes void.
 */
export type InvoiceVoided = {
  type: 'InvoiceVoided';
  data: {
    invoiceId: string;
    reason: 'deleted' | 'voided' | 'annulled';
    date: string;
    totals: InvoiceTotals;
    originalDate: string;
    /** Optional (added for accounting): the billed period, so postings pick the revenue account. */
    period?: BillingPeriod | null;
    /** Optional (added with currencies): the currency and rate the invoice was posted at. Absent: euros. */
    fx?: DocumentRate;
  };
};

/**
 * A credit note against the invoice (its own gap-free number series). Kept in the invoice's
 * stream, so the remaining creditable amount is checked against the invoice's own revision.
 */
export type InvoiceCredited = {
  type: 'InvoiceCredited';
  data: {
    invoiceId: string;
    creditNoteId: string;
    creditNoteNumber: string;
    /** The referenced invoice as it was when credited (a credit note names number and date). */
    invoiceNumber: string;
    invoiceDate: string;
    clientId: string;
    date: string;
    reason: string;
    lines: InvoiceLine[];
    totals: InvoiceTotals;
    /** True when it credits everything still creditable: the invoice is then cancelled. */
    full: boolean;
    period: BillingPeriod | null;
    /** Optional (added with e-invoices): the invoice's parties, which the credit note repeats. */
    parties?: DocumentParties;
    /**
     * Optional (added with currencies): on an invoice in another currency, its currency and rate (the
     * credit note's amounts are in that currency, converted at the invoice's rate) and the booked
     * euros it takes off the receivable. Absent: euros.
     */
    fx?: CreditFx;
  };
};

/**
 * Money going back to the client: through the gateway for card payments (Stripe's Refund API,
 * or reported by its webhooks), paid out by hand for the other methods. It reduces the invoice's
 * paid amount (or the client's credit balance when the invoice was overpaid or credited).
 */
export type PaymentRefunded = {
  type: 'PaymentRefunded';
  data: {
    invoiceId: string;
    paymentId: string;
    /** Deterministic from its source (the gateway's refund id, or the request) so retries dedupe. */
    refundId: string;
    amountCents: number;
    date: string;
    /** The refunded payment's method: decides the account the money leaves from. */
    method: PaymentMethod;
    /** Optional: the refunded payment's money account (its ledger account), which then decides instead. */
    cashAccountId?: string;
    reason: string;
    /** The gateway's refund id, or what the user typed. */
    reference: string | null;
    /**
     * Optional (added with currencies): on an invoice in another currency, the refund's rate and the
     * euros the money is worth at it (`receivedCents`), and the booked euros it puts back on the
     * receivable (`relievedCents`); the difference is realised.
     */
    fx?: PaymentFx;
  };
};

/** A gateway refund that failed after it was recorded (Stripe's refund.updated, status failed or canceled): the money came back. */
export type RefundFailed = {
  type: 'RefundFailed';
  /** `fx`: the failed refund's, whose posting is reversed as it was. */
  data: { invoiceId: string; paymentId: string; refundId: string; amountCents: number; date: string; method: PaymentMethod; cashAccountId?: string; fx?: PaymentFx };
};

/** A card payment disputed by the cardholder: Stripe withdraws the amount while the dispute is open. */
export type PaymentDisputed = {
  type: 'PaymentDisputed';
  /** `fx` (an invoice in another currency): the euros the gateway withdrew. */
  data: { invoiceId: string; paymentId: string; disputeId: string; amountCents: number; date: string; reason: string | null; fx?: DisputeFx };
};

/** Won: the amount comes back to the Stripe balance. Lost: it is gone, and the invoice is owed again. */
export type DisputeClosed = {
  type: 'DisputeClosed';
  /** `fx` (an invoice in another currency): the euros withdrawn, and those given back (won) or the booked euros owed again (lost). */
  data: { invoiceId: string; paymentId: string; disputeId: string; amountCents: number; date: string; outcome: 'won' | 'lost'; fx?: DisputeFx };
};

/** What the gateway kept of a payment (a card payment's fee, a dispute's fee): one per balance transaction. */
export type GatewayFeeCharged = {
  type: 'GatewayFeeCharged';
  data: { invoiceId: string; paymentId: string; feeId: string; amountCents: number; date: string; kind: 'payment' | 'dispute' };
};

/**
 * Credit balance of this invoice (an overpayment, a credit note after payment, a payment kept for a
 * deleted invoice) applied to another open invoice of the same client. It takes the amount off this
 * invoice's paid amount; the other invoice then records it as a `credit` payment with the same
 * `transferId`. The two appends are two streams: a sweep completes any transfer whose second half
 * is missing after a crash, and postings pass through Client Credit Transfers, which nets to zero.
 */
export type CreditTransferred = {
  type: 'CreditTransferred';
  data: {
    invoiceId: string;
    transferId: string;
    /** The request that applied the credit (one request may draw on several invoices): a retry finds it. */
    applicationId: string;
    toInvoiceId: string;
    toInvoiceNumber: string;
    clientId: string;
    amountCents: number;
    date: string;
    /**
     * Optional (added with currencies): credit of an invoice in another currency leaves at its booked
     * euros (`relievedCents`, put back on its receivable), which the receiving invoice's `credit`
     * payment then receives; `rate` is this invoice's. Absent: euros.
     */
    fx?: CreditFx;
  };
};

/**
 * The invoice's open amount written off as uncollectible (a bad debt): Dr Bad Debts, Cr Accounts
 * Receivable on `date`. The client still owes it in law: money that arrives later is a recovery
 * (PaymentRecorded's `recoveredCents`). Who wrote it off is the event's actor.
 */
export type InvoiceWrittenOff = {
  type: 'InvoiceWrittenOff';
  /** `fx` (an invoice in another currency): its rate, and the booked euros written off (all the receivable carried). */
  data: { invoiceId: string; invoiceNumber: string; clientId: string; date: string; reason: string; amountCents: number; fx?: CreditFx };
};

/**
 * A payment taken back out of the books because it was recorded in error (added with bank
 * reconciliation: undoing a statement line's reconciliation removes the payments it recorded). The
 * invoice is owed again as if the payment had never been; the ledger reverses the payment's own
 * entry on the payment's date. Carries what the payment posted so the reversal needs nothing else.
 */
export type PaymentRemoved = {
  type: 'PaymentRemoved';
  data: {
    invoiceId: string;
    paymentId: string;
    amountCents: number;
    /** The payment's date: its entry is reversed on the day it was posted. */
    date: string;
    method: PaymentMethod;
    cashAccountId?: string;
    /** What the payment had recovered of a write-off (posted back to Bad Debts). */
    recoveredCents?: number;
    /** The payment's rate and euros, on an invoice in another currency. */
    fx?: PaymentFx;
    reason: PaymentRemovalReason;
  };
};

/** Why a payment was removed: its statement line's reconciliation was undone (the only way today). */
export type PaymentRemovalReason = 'statement_line_unreconciled';

export type InvoiceEvent =
  | InvoiceIssued
  | InvoiceEdited
  | InvoiceSent
  | PaymentRecorded
  | InvoiceVoided
  | InvoiceCredited
  | PaymentRefunded
  | RefundFailed
  | PaymentDisputed
  | DisputeClosed
  | GatewayFeeCharged
  | CreditTransferred
  | InvoiceWrittenOff
  | PaymentRemoved;
export type InvoiceEventType = InvoiceEvent['type'];

export const INVOICE_EVENT_TYPES: InvoiceEventType[] = [
  'InvoiceIssued',
  'InvoiceEdited',
  'InvoiceSent',
  'PaymentRecorded',
  'InvoiceVoided',
  'InvoiceCredited',
  'PaymentRefunded',
  'RefundFailed',
  'PaymentDisputed',
  'DisputeClosed',
  'GatewayFeeCharged',
  'CreditTransferred',
  'InvoiceWrittenOff',
  'PaymentRemoved',
];

/** The events of a money movement after the payment itself (they change what was paid, or post only). */
export const PAYMENT_MOVEMENT_TYPES = ['PaymentRefunded', 'RefundFailed', 'PaymentDisputed', 'DisputeClosed', 'GatewayFeeCharged', 'CreditTransferred'] as const;

export const invoiceStreamId = (invoiceId: string): string => `invoice-${invoiceId}`;
