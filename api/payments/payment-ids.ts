import { v5 as uuidv5 } from 'uuid';

// Fixed namespace: the same Stripe payment always maps to the same payment id (and event id).
const PAYMENT_NAMESPACE = 'b3c9d0a4-6c1e-4f43-9a0e-5d8f2b7c1e90';

/** The invoice payment id of a gateway payment, from its payment intent (or, without one, its session). */
export const stripePaymentId = (paymentIntentOrSessionId: string): string => uuidv5(`stripe:${paymentIntentOrSessionId}`, PAYMENT_NAMESPACE);
