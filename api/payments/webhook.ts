import type Stripe from 'stripe';
import { ValidationError } from '../../domain/shared/errors';
import {
  disputeSnapshotOf,
  idOf,
  payoutSnapshotOf,
  refundSnapshotOf,
  snapshotOf,
  type CheckoutSessionSnapshot,
  type DisputeSnapshot,
  type PayoutSnapshot,
  type RefundSnapshot,
} from './checkout-gateway';
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
  /** A charge whose balance transaction (and so its fee) may now be known. */
  | { kind: 'charge'; paymentIntentId: string }
  /** charge.refunded: the refunds of the charge are listed from the gateway. */
  | { kind: 'refunds'; paymentIntentId: string }
  | { kind: 'refund'; refund: RefundSnapshot }
  | { kind: 'dispute'; dispute: DisputeSnapshot }
  | { kind: 'payout'; payout: PayoutSnapshot }
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
    case 'charge.succeeded':
    case 'charge.updated': {
      const intent = idOf(event.data.object.payment_intent);
      return intent ? { kind: 'charge', paymentIntentId: intent } : { kind: 'ignore' };
    }
    case 'charge.refunded': {
      const intent = idOf(event.data.object.payment_intent);
      return intent ? { kind: 'refunds', paymentIntentId: intent } : { kind: 'ignore' };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated':
      return { kind: 'refund', refund: refundSnapshotOf(event.data.object) };
    case 'charge.dispute.created':
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated':
      return { kind: 'dispute', dispute: disputeSnapshotOf(event.data.object) };
    case 'payout.paid':
    case 'payout.failed':
      return { kind: 'payout', payout: payoutSnapshotOf(event.data.object) };
    default:
      // Stripe sends many event types to one endpoint; the rest are not ours to act on.
      return { kind: 'ignore' };
  }
};
