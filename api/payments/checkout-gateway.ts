/**
 * The port between payments and a hosted checkout: real Stripe (stripe-gateway.ts) or the
 * built-in simulated checkout used when no Stripe keys are configured (simulated-gateway.ts).
 * Both are verified by the same webhook code: the simulated one signs its events locally.
 */
export interface CheckoutSessionRequest {
  invoiceId: string;
  invoiceNumber: string;
  amountCents: number;
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

export interface CheckoutGateway {
  readonly kind: 'stripe' | 'simulated';
  /** Secret that signs webhook events; undefined when Stripe is configured without one. */
  readonly webhookSecret: string | undefined;
  createSession(request: CheckoutSessionRequest): Promise<CreatedCheckoutSession>;
  /** undefined when the gateway does not know the session. */
  retrieveSession(sessionId: string): Promise<CheckoutSessionSnapshot | undefined>;
}

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
  paymentIntentId: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
  amountTotalCents: session.amount_total,
  currency: session.currency,
  invoiceId: session.metadata?.invoice_id || session.client_reference_id || null,
});
