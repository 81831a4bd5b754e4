import type Stripe from 'stripe';
import {
  CheckoutProviderError,
  dayOfUnix,
  gatewayAmount,
  idOf,
  refundSnapshotOf,
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

/** Hosted checkout on Stripe: one Checkout Session in payment mode per pay attempt. */
export class StripeCheckoutGateway implements CheckoutGateway {
  readonly kind = 'stripe' as const;

  constructor(
    private readonly stripe: Stripe,
    readonly webhookSecret: string | undefined,
  ) {}

  async createSession(request: CheckoutSessionRequest): Promise<CreatedCheckoutSession> {
    const metadata = { invoice_id: request.invoiceId, invoice_number: request.invoiceNumber };
    const amount = gatewayAmount(request.amountCents, request.currency);
    if (amount === undefined) throw new CheckoutProviderError(`Stripe charges whole units of ${request.currency}.`);
    const currency = request.currency.toLowerCase();
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          currency,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency,
                unit_amount: amount,
                product_data: { name: `Invoice ${request.invoiceNumber}` },
              },
            },
          ],
          client_reference_id: request.invoiceId,
          metadata,
          // The payment intent carries the invoice too, so it is identifiable in Stripe's dashboard.
          payment_intent_data: { metadata, description: `Invoice ${request.invoiceNumber}` },
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new CheckoutProviderError('Stripe returned a session without a URL.');
      return { id: session.id, url: session.url };
    } catch (err) {
      if (err instanceof CheckoutProviderError) throw err;
      throw new CheckoutProviderError('Stripe refused to create the checkout session.', err);
    }
  }

  async retrieveSession(sessionId: string): Promise<CheckoutSessionSnapshot | undefined> {
    try {
      return snapshotOf(await this.stripe.checkout.sessions.retrieve(sessionId));
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return undefined;
      throw new CheckoutProviderError('Could not read the checkout session from Stripe.', err);
    }
  }

  async chargeOf(paymentIntentId: string): Promise<ChargeSnapshot | undefined> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge.balance_transaction'] });
      const charge = intent.latest_charge;
      if (!charge || typeof charge === 'string') return undefined;
      const txn = charge.balance_transaction;
      return {
        paymentIntentId: intent.id,
        chargeId: charge.id,
        paidAt: new Date(charge.created * 1000),
        balanceTransactionId: typeof txn === 'string' ? txn : (txn?.id ?? null),
        feeCents: txn && typeof txn !== 'string' ? txn.fee : null,
        settledCents: txn && typeof txn !== 'string' ? txn.amount : null,
        settledCurrency: txn && typeof txn !== 'string' ? txn.currency.toUpperCase() : null,
        invoiceId: intent.metadata?.invoice_id || null,
      };
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return undefined;
      throw new CheckoutProviderError('Could not read the payment from Stripe.', err);
    }
  }

  async refund(request: RefundRequest): Promise<RefundSnapshot> {
    const amount = gatewayAmount(request.amountCents, request.currency);
    if (amount === undefined) throw new CheckoutProviderError(`Stripe refunds whole units of ${request.currency}.`);
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: request.paymentIntentId, amount, metadata: { reason: request.reason.slice(0, 500) }, expand: ['balance_transaction'] },
        { idempotencyKey: request.idempotencyKey },
      );
      return refundSnapshotOf(refund);
    } catch (err) {
      throw new CheckoutProviderError('Stripe refused the refund.', err);
    }
  }

  async refundsOf(paymentIntentId: string): Promise<RefundSnapshot[]> {
    try {
      const out: RefundSnapshot[] = [];
      // With their balance transactions: what each took off the euro balance.
      for await (const refund of this.stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100, expand: ['data.balance_transaction'] })) out.push(refundSnapshotOf(refund));
      return out;
    } catch (err) {
      throw new CheckoutProviderError('Could not list the refunds from Stripe.', err);
    }
  }

  async payoutTransactions(payoutId: string): Promise<PayoutTransaction[]> {
    try {
      const out: PayoutTransaction[] = [];
      for await (const txn of this.stripe.balanceTransactions.list({ payout: payoutId, limit: 100, expand: ['data.source'] })) {
        const source = txn.source;
        // Charges, refunds and disputes all name the payment intent they belong to.
        const intent = source && typeof source !== 'string' && 'payment_intent' in source ? (source.payment_intent as string | { id: string } | null) : null;
        out.push({ id: txn.id, type: txn.type, feeCents: txn.fee, paymentIntentId: idOf(intent), date: dayOfUnix(txn.created) });
      }
      return out;
    } catch (err) {
      throw new CheckoutProviderError('Could not list the payout from Stripe.', err);
    }
  }
}
