import type Stripe from 'stripe';
import { ValidationError } from '../../domain/shared/errors';
import { snapshotOf, type CheckoutSessionSnapshot } from './checkout-gateway';
import { stripeWebhooks } from './stripe-client';

export const INVALID_SIGNATURE = 'Invalid webhook signature.';

/** Checks the Stripe-Signature header against the exact bytes received; throws a 400 when it does not match. */
export const verifyWebhook = (rawBody: Buffer | undefined, signature: string | undefined, secret: string): Stripe.Event => {
  if (!rawBody || !signature) throw new ValidationError(INVALID_SIGNATURE);
  try {
    return stripeWebhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new ValidationError(INVALID_SIGNATURE);
  }
};

/** What a verified event asks of us. */
export type WebhookAction =
  | { kind: 'settle'; session: CheckoutSessionSnapshot }
  | { kind: 'failed'; session: CheckoutSessionSnapshot }
  | { kind: 'ignore' };

export const actionOf = (event: Stripe.Event): WebhookAction => {
  switch (event.type) {
    // A completed session may still be awaiting an asynchronous method (SEPA, bank transfer):
    // settle() records only sessions whose payment_status is paid.
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return { kind: 'settle', session: snapshotOf(event.data.object) };
    case 'checkout.session.async_payment_failed':
      return { kind: 'failed', session: snapshotOf(event.data.object) };
    default:
      // Stripe sends many event types to one endpoint; the rest are not ours to act on.
      return { kind: 'ignore' };
  }
};
