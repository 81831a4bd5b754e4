import { minorUnits } from '../../domain/currency/currencies';
/**
 * The port between payments and a hosted checkout: real Stripe (stripe-gateway.ts) or the
 * built-in simulated checkout used when no Stripe keys are configured (simulated-gateway.ts).
 * Both are verified by the same webhook code: the simulated one signs its events locally.
 */
export interface CheckoutSessionRequest {
  invoiceId: string;
  invoiceNumber: string;
  /** What to charge, in hundredths of `currency` (as invoices keep every currency). */
  amountCents: number;
  /** ISO 4217, the invoice's currency (EUR, or its client's other one). */
  currency: string;
  customerEmail?: string;
  /** Absolute URLs; the success URL contains the literal `{CHECKOUT_SESSION_ID}` placeholder. */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface CreatedCheckoutSession {
  id: string;
  url: string;
}

export type SessionPaymentStatus = 'paid' | 'unpaid' | 'no_payment_required';

/** What payments needs to know about a session, whichever gateway it came from. */
export interface CheckoutSessionSnapshot {
  id: string;
  paymentStatus: SessionPaymentStatus;
  paymentIntentId: string | null;
  amountTotalCents: number | null;
  currency: string | null;
  /** From metadata.invoice_id, else client_reference_id. */
  invoiceId: string | null;
}

/** The charge behind a card payment, and what the gateway kept of it (its balance transaction's fee). */
export interface ChargeSnapshot {
  paymentIntentId: string;
  chargeId: string;
  /** When the customer paid: the charge's creation (what the payment is dated by, however late it is reported). */
  paidAt: Date;
  /** Null until the gateway has settled the charge into a balance transaction. */
  balanceTransactionId: string | null;
  feeCents: number | null;
  /**
   * What the charge put on the balance as the gateway settled it, in cents of `settledCurrency` (the
   * account's own): for a charge in another currency, the euros it was converted to. Null with the fee.
   */
  settledCents: number | null;
  settledCurrency: string | null;
  /** From the payment intent's metadata.invoice_id (set at checkout). */
  invoiceId: string | null;
}

export type RefundStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

export interface RefundSnapshot {
  id: string;
  paymentIntentId: string | null;
  amountCents: number;
  /** The currency it refunds (the charge's, upper case). */
  currency: string;
  status: RefundStatus;
  /** 'YYYY-MM-DD' (UTC) of its creation. */
  date: string;
  reason: string | null;
  /** The euros it took off the balance (its balance transaction, when the answer expanded it and it is in euros); else null. */
  euroCents: number | null;
}

export interface RefundRequest {
  paymentIntentId: string;
  /** In hundredths of `currency`, the payment's. */
  amountCents: number;
  currency: string;
  reason: string;
  idempotencyKey: string;
}

/** A balance transaction a payout settles; `paymentIntentId` for a charge's (its fee is the payment's). */
export interface PayoutTransaction {
  id: string;
  type: string;
  feeCents: number;
  paymentIntentId: string | null;
  /** 'YYYY-MM-DD' it was created (the charge's day for a charge's fee). */
  date: string;
}

export interface CheckoutGateway {
  readonly kind: 'stripe' | 'simulated';
  /** Secret that signs webhook events; undefined when Stripe is configured without one. */
  readonly webhookSecret: string | undefined;
  createSession(request: CheckoutSessionRequest): Promise<CreatedCheckoutSession>;
  /** undefined when the gateway does not know the session. */
  retrieveSession(sessionId: string): Promise<CheckoutSessionSnapshot | undefined>;
  /** undefined when the gateway does not know the payment intent or it has no charge yet. */
  chargeOf(paymentIntentId: string): Promise<ChargeSnapshot | undefined>;
  /** Refunds (part of) a card payment; the idempotency key makes a retried request the same refund. */
  refund(request: RefundRequest): Promise<RefundSnapshot>;
  refundsOf(paymentIntentId: string): Promise<RefundSnapshot[]>;
  payoutTransactions(payoutId: string): Promise<PayoutTransaction[]>;
}

/**
 * Stripe counts an amount in the currency's smallest unit, and a zero-decimal currency (the yen, the
 * won) in whole units; invoices keep every currency in hundredths. ISK stays in hundredths (Stripe
 * asks it so for compatibility), though only whole krónur can be charged.
 */
const STRIPE_WHOLE_UNITS = new Set(['JPY', 'KRW']);

/** An amount in hundredths of `currency` as Stripe counts it; undefined when Stripe cannot charge it (a fraction of a yen). */
export const gatewayAmount = (hundredths: number, currency: string): number | undefined => {
  if (minorUnits(currency) === 0 && hundredths % 100 !== 0) return undefined;
  return STRIPE_WHOLE_UNITS.has(currency) ? hundredths / 100 : hundredths;
};

/** An amount Stripe reports in `currency` (lower or upper case) back in hundredths. */
export const hundredthsOf = (amount: number, currency: string): number => (STRIPE_WHOLE_UNITS.has(currency.toUpperCase()) ? amount * 100 : amount);

/** 'YYYY-MM-DD' (UTC) of a Unix timestamp in seconds, as Stripe's objects carry them. */
export const dayOfUnix = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 10);

const REFUND_STATUSES: RefundStatus[] = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'];

interface RefundLike {
  id: string;
  amount: number;
  currency?: string | null;
  balance_transaction?: string | { amount: number; currency: string } | null;
  status: string | null;
  created: number;
  payment_intent: string | { id: string } | null;
  reason?: string | null;
  metadata?: Record<string, string> | null;
}

/** The id of an expandable Stripe field: a bare id, or the expanded object's. */
export const idOf = (v: string | { id: string } | null | undefined): string | null => (typeof v === 'string' ? v : (v?.id ?? null));

/** Normalises a Refund object (API answer or webhook) to a snapshot. */
export const refundSnapshotOf = (r: RefundLike): RefundSnapshot => ({
  id: r.id,
  paymentIntentId: idOf(r.payment_intent),
  amountCents: hundredthsOf(r.amount, r.currency ?? 'eur'),
  currency: (r.currency ?? 'eur').toUpperCase(),
  euroCents: r.balance_transaction && typeof r.balance_transaction !== 'string' && r.balance_transaction.currency.toLowerCase() === 'eur' ? Math.abs(r.balance_transaction.amount) : null,
  status: REFUND_STATUSES.includes(r.status as RefundStatus) ? (r.status as RefundStatus) : 'pending',
  date: dayOfUnix(r.created),
  reason: r.metadata?.reason || r.reason || null,
});

/** A refund that took (or is taking) money off the balance; failed and canceled ones gave it back. */
export const refundHolds = (status: RefundStatus): boolean => status !== 'failed' && status !== 'canceled';

export interface DisputeSnapshot {
  id: string;
  paymentIntentId: string | null;
  amountCents: number;
  /** won / lost once closed; anything else while open. */
  status: string;
  reason: string | null;
  date: string;
  /** The dispute's balance transactions' fees (Stripe's dispute fee, or its return). */
  fees: { id: string; feeCents: number }[];
  /**
   * What its balance transactions moved in euros (the account's settlement currency): the disputed
   * amount withdrawn, and given back when won; null when they are not in euros (or not reported).
   */
  withdrawnEuroCents: number | null;
  returnedEuroCents: number | null;
}

interface DisputeLike {
  id: string;
  amount: number;
  status: string;
  reason?: string | null;
  created: number;
  payment_intent: string | { id: string } | null;
  balance_transactions?: { id: string; fee: number; amount?: number; currency?: string }[];
}

/** The euros a dispute's balance transactions withdrew (negative amounts) or gave back (positive ones); null unless all are euros. */
const disputeEuros = (d: DisputeLike): Pick<DisputeSnapshot, 'withdrawnEuroCents' | 'returnedEuroCents'> => {
  const moves = d.balance_transactions ?? [];
  if (moves.length === 0 || moves.some((b) => typeof b.amount !== 'number' || (b.currency ?? '').toLowerCase() !== 'eur')) return { withdrawnEuroCents: null, returnedEuroCents: null };
  const withdrawn = moves.filter((b) => b.amount! < 0).reduce((sum, b) => sum - b.amount!, 0);
  const returned = moves.filter((b) => b.amount! > 0).reduce((sum, b) => sum + b.amount!, 0);
  return { withdrawnEuroCents: withdrawn > 0 ? withdrawn : null, returnedEuroCents: returned > 0 ? returned : null };
};

export const disputeSnapshotOf = (d: DisputeLike): DisputeSnapshot => ({
  id: d.id,
  paymentIntentId: idOf(d.payment_intent),
  amountCents: d.amount,
  status: d.status,
  reason: d.reason ?? null,
  date: dayOfUnix(d.created),
  fees: (d.balance_transactions ?? []).map((b) => ({ id: b.id, feeCents: b.fee })),
  ...disputeEuros(d),
});

export interface PayoutSnapshot {
  id: string;
  amountCents: number;
  /** The day it reaches the bank. */
  date: string;
  status: string;
}

export const payoutSnapshotOf = (p: { id: string; amount: number; arrival_date: number; status: string }): PayoutSnapshot => ({
  id: p.id,
  amountCents: p.amount,
  date: dayOfUnix(p.arrival_date),
  status: p.status,
});

/** Raised by a gateway when the provider refuses or cannot be reached. */
export class CheckoutProviderError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'CheckoutProviderError';
  }
}

interface SessionLike {
  id: string;
  payment_status: string;
  payment_intent: string | { id: string } | null;
  amount_total: number | null;
  currency: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string> | null;
}

const paymentStatusOf = (s: string): SessionPaymentStatus =>
  s === 'paid' || s === 'no_payment_required' ? s : 'unpaid';

/** Normalises a Checkout Session object (from the API or a webhook event) to a snapshot. */
export const snapshotOf = (session: SessionLike): CheckoutSessionSnapshot => ({
  id: session.id,
  paymentStatus: paymentStatusOf(session.payment_status),
  paymentIntentId: idOf(session.payment_intent),
  amountTotalCents: session.amount_total === null ? null : hundredthsOf(session.amount_total, session.currency ?? 'eur'),
  currency: session.currency,
  invoiceId: session.metadata?.invoice_id || session.client_reference_id || null,
});
