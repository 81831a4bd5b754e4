import Stripe from 'stripe';

export interface StripeClientOptions {
  /** Another API endpoint (a local fake in tests, stripe-mock in development), e.g. http://127.0.0.1:12111. */
  apiBase?: string;
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

/**
 * The one place that constructs the Stripe SDK client. Retries are safe because every write we
 * make carries an idempotency key.
 */
export const createStripeClient = (secretKey: string, options: StripeClientOptions = {}): Stripe => {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
};

/** Webhook verification and test signing need no API key; these are the SDK's static helpers. */
export const stripeWebhooks = Stripe.webhooks;
