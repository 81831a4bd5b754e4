import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import {
  snapshotOf,
  type CheckoutGateway,
  type CheckoutSessionRequest,
  type CheckoutSessionSnapshot,
  type CreatedCheckoutSession,
} from './checkout-gateway';
import { stripeWebhooks } from './stripe-client';

interface SessionRow {
  id: string;
  invoice_id: string;
  invoice_number: string;
  amount_cents: number;
  currency: string;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete';
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
}

export interface SimulatedSessionView {
  id: string;
  invoiceNumber: string;
  amountCents: number;
  status: 'open' | 'complete';
  cancelUrl: string;
}

/** A signed webhook delivery, exactly as Stripe would POST it. */
export interface SignedDelivery {
  payload: string;
  signature: string;
  successUrl: string;
}

const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;
// Ids from a URL go to the database only in the shape `token('cs_sim_')` makes (a NUL byte would fail the query).
const SESSION_ID = /^cs_sim_[A-Za-z0-9_-]{1,64}$/;

/** The Stripe Checkout Session object for a row: what the webhook and retrieve answer. */
const sessionObject = (row: SessionRow) => ({
  id: row.id,
  object: 'checkout.session',
  mode: 'payment',
  status: row.status,
  payment_status: row.payment_status,
  payment_intent: row.payment_intent,
  amount_total: row.amount_cents,
  currency: row.currency,
  customer_email: row.customer_email,
  client_reference_id: row.invoice_id,
  metadata: { invoice_id: row.invoice_id, invoice_number: row.invoice_number },
});

/**
 * The built-in checkout for running without Stripe keys (development, demos, `npm start`). Its
 * sessions live in a table; paying one produces a `checkout.session.completed` event signed with
 * a per-process secret and handed to the same webhook handler Stripe's deliveries go through.
 */
export class SimulatedCheckoutGateway implements CheckoutGateway {
  readonly kind = 'simulated' as const;
  readonly webhookSecret = token('whsec_simulated_');

  constructor(private readonly db: Knex) {}

  async createSession(request: CheckoutSessionRequest): Promise<CreatedCheckoutSession> {
    // Same idempotency-key semantics as Stripe: a repeated request answers the first session.
    await this.db('simulated_checkout_sessions')
      .insert({
        id: token('cs_sim_'),
        idempotency_key: request.idempotencyKey,
        invoice_id: request.invoiceId,
        invoice_number: request.invoiceNumber,
        amount_cents: request.amountCents,
        currency: 'eur',
        customer_email: request.customerEmail ?? null,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      })
      .onConflict('idempotency_key')
      .ignore();
    const row = await this.db('simulated_checkout_sessions').where({ idempotency_key: request.idempotencyKey }).first('id');
    // This server serves the page: at the origin the customer returns to, so one origin throughout.
    return { id: row.id, url: `${new URL(request.successUrl).origin}/simulated-checkout/${encodeURIComponent(row.id)}` };
  }

  async retrieveSession(sessionId: string): Promise<CheckoutSessionSnapshot | undefined> {
    const row = await this.find(sessionId);
    return row && snapshotOf(sessionObject(row));
  }

  async view(sessionId: string): Promise<SimulatedSessionView | undefined> {
    const row = await this.find(sessionId);
    return (
      row && { id: row.id, invoiceNumber: row.invoice_number, amountCents: row.amount_cents, status: row.status, cancelUrl: row.cancel_url }
    );
  }

  /** Marks the session paid (once) and returns the signed completion event to deliver. */
  async pay(sessionId: string): Promise<SignedDelivery | undefined> {
    if (!SESSION_ID.test(sessionId)) return undefined;
    await this.db('simulated_checkout_sessions')
      .where({ id: sessionId, status: 'open' })
      .update({ status: 'complete', payment_status: 'paid', payment_intent: token('pi_sim_') });
    const row = await this.find(sessionId);
    if (!row) return undefined;
    const payload = JSON.stringify({
      id: token('evt_sim_'),
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: sessionObject(row) },
    });
    const signature = stripeWebhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
    return { payload, signature, successUrl: row.success_url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(row.id)) };
  }

  private async find(sessionId: string): Promise<SessionRow | undefined> {
    if (!SESSION_ID.test(sessionId)) return undefined;
    return this.db('simulated_checkout_sessions').where({ id: sessionId }).first();
  }
}
