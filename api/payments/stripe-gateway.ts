import type Stripe from 'stripe';
import {
  CheckoutProviderError,
  snapshotOf,
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
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          currency: 'eur',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: request.amountCents,
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
}
