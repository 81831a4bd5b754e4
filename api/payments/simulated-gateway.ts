import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import {
  CheckoutProviderError,
  dayOfUnix,
  snapshotOf,
  type ChargeSnapshot,
  type PayoutTransaction,
  type RefundRequest,
  type RefundSnapshot,
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

/** Stripe's standard fee for European cards: 1.5 % + €0.25, rounded half up to the cent. */
export const simulatedFeeCents = (amountCents: number): number => Math.floor((amountCents * 15 + 500) / 1000) + 25;

/** Stripe's dispute fee in the euro area. */
export const SIMULATED_DISPUTE_FEE_CENTS = 2000;

const unix = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);

interface BalanceRow {
  id: string;
  type: 'charge' | 'refund' | 'dispute';
  payment_intent: string;
  invoice_id: string | null;
  amount_cents: string | number;
  fee_cents: string | number;
  refund_id: string | null;
  reason: string | null;
  payout_id: string | null;
  created_at: Date | string;
}

const refundOf = (row: BalanceRow): RefundSnapshot => ({
  id: row.refund_id!,
  paymentIntentId: row.payment_intent,
  amountCents: -Number(row.amount_cents),
  // The simulated checkout charges euros only.
  currency: 'EUR',
  euroCents: -Number(row.amount_cents),
  status: 'succeeded',
  date: dayOfUnix(unix(row.created_at)),
  reason: row.reason,
});

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

  /** `clock`: the simulated card network's time, the app's own (when a charge is made). */
  constructor(
    private readonly db: Knex,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async createSession(request: CheckoutSessionRequest): Promise<CreatedCheckoutSession> {
    // The simulated balance is in euros and converts nothing (the payment service does not ask it to).
    if (request.currency !== 'EUR') throw new CheckoutProviderError(`The simulated checkout charges euros, not ${request.currency}.`);
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
    // The charge lands on the simulated balance with its fee, once however often Pay is pressed.
    if (row.payment_intent) {
      await this.db('simulated_balance_transactions')
        .insert({ id: `txn_${row.payment_intent}`, type: 'charge', payment_intent: row.payment_intent, invoice_id: row.invoice_id, amount_cents: row.amount_cents, fee_cents: simulatedFeeCents(Number(row.amount_cents)), created_at: this.clock() })
        .onConflict('id')
        .ignore();
    }
    const { payload, signature } = this.signed('checkout.session.completed', sessionObject(row));
    return { payload, signature, successUrl: row.success_url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(row.id)) };
  }

  async chargeOf(paymentIntentId: string): Promise<ChargeSnapshot | undefined> {
    const row: BalanceRow | undefined = await this.db('simulated_balance_transactions').where({ payment_intent: paymentIntentId, type: 'charge' }).first();
    return row && { paymentIntentId, chargeId: `ch_${paymentIntentId}`, paidAt: new Date(row.created_at), balanceTransactionId: row.id, feeCents: Number(row.fee_cents), settledCents: Number(row.amount_cents), settledCurrency: 'EUR', invoiceId: row.invoice_id };
  }

  /** Refunds off the simulated balance, as Stripe does: never more than the charge has left. */
  async refund(request: RefundRequest): Promise<RefundSnapshot> {
    return this.db.transaction(async (trx) => {
      const again: BalanceRow | undefined = await trx('simulated_balance_transactions').where({ idempotency_key: request.idempotencyKey }).first();
      if (again) return refundOf(again);
      const charge: BalanceRow | undefined = await trx('simulated_balance_transactions').where({ payment_intent: request.paymentIntentId, type: 'charge' }).forUpdate().first();
      if (!charge) throw new CheckoutProviderError(`No such payment_intent: '${request.paymentIntentId}'`);
      const refunded = await trx('simulated_balance_transactions').where({ payment_intent: request.paymentIntentId, type: 'refund' }).sum({ s: 'amount_cents' }).first();
      const left = Number(charge.amount_cents) + Number(refunded?.s ?? 0);
      if (request.amountCents > left) throw new CheckoutProviderError(`Refund amount (${request.amountCents}) is greater than unrefunded amount on charge (${left})`);
      const refundId = token('re_sim_');
      const row = { id: `txn_${refundId}`, type: 'refund', payment_intent: request.paymentIntentId, invoice_id: charge.invoice_id, amount_cents: -request.amountCents, fee_cents: 0, refund_id: refundId, idempotency_key: request.idempotencyKey, reason: request.reason };
      await trx('simulated_balance_transactions').insert(row);
      return refundOf({ ...row, type: 'refund', payout_id: null, created_at: new Date() });
    });
  }

  async refundsOf(paymentIntentId: string): Promise<RefundSnapshot[]> {
    const rows: BalanceRow[] = await this.db('simulated_balance_transactions').where({ payment_intent: paymentIntentId, type: 'refund' }).orderBy('created_at');
    return rows.map(refundOf);
  }

  async payoutTransactions(payoutId: string): Promise<PayoutTransaction[]> {
    const rows: BalanceRow[] = await this.db('simulated_balance_transactions').where({ payout_id: payoutId }).orderBy('created_at');
    return rows.map((r) => ({ id: r.id, type: r.type, feeCents: Number(r.fee_cents), paymentIntentId: r.type === 'charge' ? r.payment_intent : null, date: dayOfUnix(unix(r.created_at)) }));
  }

  /**
   * Pays the whole simulated balance out to the bank (as Stripe's automatic daily payouts do) and
   * returns the signed `payout.paid` event to deliver; undefined when nothing is waiting.
   */
  async payOut(arrivalDate: string): Promise<Omit<SignedDelivery, 'successUrl'> | undefined> {
    const payout = await this.db.transaction(async (trx) => {
      const pending: BalanceRow[] = await trx('simulated_balance_transactions').whereNull('payout_id').forUpdate();
      if (pending.length === 0) return undefined;
      const amount = pending.reduce((sum, r) => sum + Number(r.amount_cents) - Number(r.fee_cents), 0);
      const id = token('po_sim_');
      await trx('simulated_payouts').insert({ id, amount_cents: amount, arrival_date: arrivalDate });
      await trx('simulated_balance_transactions').whereIn('id', pending.map((r) => r.id)).update({ payout_id: id });
      return { id, amount };
    });
    if (!payout) return undefined;
    return this.signed('payout.paid', { id: payout.id, object: 'payout', amount: payout.amount, currency: 'eur', status: 'paid', arrival_date: unix(`${arrivalDate}T00:00:00Z`) });
  }

  /**
   * A cardholder disputes a simulated card payment (and, with `outcome`, the bank decides it): the
   * amount and Stripe's dispute fee leave the balance, a won dispute brings the amount back. Returns
   * the signed `charge.dispute.created` / `charge.dispute.closed` events to deliver. For soaks and
   * demos; a real dispute only ever comes from Stripe.
   */
  async dispute(paymentIntentId: string, outcome?: 'won' | 'lost'): Promise<Omit<SignedDelivery, 'successUrl'>[]> {
    const charge: BalanceRow | undefined = await this.db('simulated_balance_transactions').where({ payment_intent: paymentIntentId, type: 'charge' }).first();
    if (!charge) throw new CheckoutProviderError(`No such payment_intent: '${paymentIntentId}'`);
    const disputeId = token('dp_sim_');
    const amount = Number(charge.amount_cents);
    const withdrawn = { id: `txn_${disputeId}`, type: 'dispute', payment_intent: paymentIntentId, invoice_id: charge.invoice_id, amount_cents: -amount, fee_cents: SIMULATED_DISPUTE_FEE_CENTS, refund_id: null, reason: 'fraudulent' };
    await this.db('simulated_balance_transactions').insert(withdrawn);
    if (outcome === 'won') {
      await this.db('simulated_balance_transactions').insert({ ...withdrawn, id: `txn_${disputeId}_won`, amount_cents: amount, fee_cents: 0 });
    }
    const object = (status: string) => ({
      id: disputeId,
      object: 'dispute',
      amount,
      currency: 'eur',
      payment_intent: paymentIntentId,
      reason: 'fraudulent',
      status,
      created: Math.floor(Date.now() / 1000),
      balance_transactions: [{ id: withdrawn.id, fee: SIMULATED_DISPUTE_FEE_CENTS }],
    });
    return [this.signed('charge.dispute.created', object('needs_response')), ...(outcome ? [this.signed('charge.dispute.closed', object(outcome))] : [])];
  }

  /** What the simulated balance holds that no payout has settled yet (charges less fees and refunds), in cents. */
  async pendingBalanceCents(): Promise<number> {
    const row = await this.db('simulated_balance_transactions').whereNull('payout_id').select(this.db.raw('coalesce(sum(amount_cents - fee_cents), 0) as s')).first();
    return Number(row?.s ?? 0);
  }

  /** A Stripe event of `type` about `object`, signed with this process's secret, as Stripe would POST it. */
  private signed(type: string, object: object): Omit<SignedDelivery, 'successUrl'> {
    const payload = JSON.stringify({ id: token('evt_sim_'), object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
    return { payload, signature: stripeWebhooks.generateTestHeaderString({ payload, secret: this.webhookSecret }) };
  }

  private async find(sessionId: string): Promise<SessionRow | undefined> {
    if (!SESSION_ID.test(sessionId)) return undefined;
    return this.db('simulated_checkout_sessions').where({ id: sessionId }).first();
  }
}
