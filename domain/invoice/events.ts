import type { DocumentParties, VatCategory } from './vat';

/**
 * Invoice events: the contract between billing (writes), accounting postings and read models.
 * Amounts are integer cents (EUR). Dates are 'YYYY-MM-DD'. Stream: `invoice-<invoiceId>`.
 * Change a shape only with a new schema version and an upcaster.
 */

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
  /** Optional (added with e-invoices): absent on older lines, which are S above 0 % and Z at 0 %. */
  vatCategory?: VatCategory;
  /** Exempt (E) and reverse-charge (AE) lines say why no VAT is charged. */
  exemptionReason?: string;
}

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
    /** Optional (added with e-invoices): seller and buyer as they were when it was written. */
    parties?: DocumentParties;
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
    /** Optional (added with e-invoices): seller and buyer as they were when it was written. */
    parties?: DocumentParties;
  };
};

export type InvoiceSent = {
  type: 'InvoiceSent';
  data: {
    invoiceId: string;
    to: string;
    sentAt: string;
    /** The pay link the message carries (PUBLIC_BASE_URL/pay-invoice/<id>). Optional: added after v1 shipped. */
    payUrl?: string;
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
  };
};

export type InvoiceVoided = {
  type: 'InvoiceVoided';
  data: {
    invoiceId: string;
    reason: 'deleted' | 'voided';
    date: string;
    totals: InvoiceTotals;
    originalDate: string;
    /** Optional (added for accounting): the billed period, so postings pick the revenue account. */
    period?: BillingPeriod | null;
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
    reason: string;
    /** The gateway's refund id, or what the user typed. */
    reference: string | null;
  };
};

/** A gateway refund that failed after it was recorded (Stripe's refund.updated, status failed or canceled): the money came back. */
export type RefundFailed = {
  type: 'RefundFailed';
  data: { invoiceId: string; paymentId: string; refundId: string; amountCents: number; date: string; method: PaymentMethod };
};

/** A card payment disputed by the cardholder: Stripe withdraws the amount while the dispute is open. */
export type PaymentDisputed = {
  type: 'PaymentDisputed';
  data: { invoiceId: string; paymentId: string; disputeId: string; amountCents: number; date: string; reason: string | null };
};

/** Won: the amount comes back to the Stripe balance. Lost: it is gone, and the invoice is owed again. */
export type DisputeClosed = {
  type: 'DisputeClosed';
  data: { invoiceId: string; paymentId: string; disputeId: string; amountCents: number; date: string; outcome: 'won' | 'lost' };
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
  };
};

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
  | CreditTransferred;
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
];

/** The events of a money movement after the payment itself (they change what was paid, or post only). */
export const PAYMENT_MOVEMENT_TYPES = ['PaymentRefunded', 'RefundFailed', 'PaymentDisputed', 'DisputeClosed', 'GatewayFeeCharged', 'CreditTransferred'] as const;

export const invoiceStreamId = (invoiceId: string): string => `invoice-${invoiceId}`;
