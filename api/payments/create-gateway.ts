import type { Knex } from 'knex';
import type { Config } from '../platform/config';
import type { CheckoutGateway } from './checkout-gateway';
import { SimulatedCheckoutGateway } from './simulated-gateway';
import { createStripeClient } from './stripe-client';
import { StripeCheckoutGateway } from './stripe-gateway';

/** Real Stripe when STRIPE_SECRET_KEY is set; otherwise the simulated checkout (config.ts forbids that in production). */
export const createCheckoutGateway = (config: Config, db: Knex, clock: () => Date): CheckoutGateway =>
  config.stripe
    ? new StripeCheckoutGateway(createStripeClient(config.stripe.secretKey, { apiBase: config.stripe.apiBase }), config.stripe.webhookSecret)
    : new SimulatedCheckoutGateway(db, clock);
