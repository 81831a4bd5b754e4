/**
 * Outgoing webhooks: what other systems can subscribe to, how each delivery is signed (as Stripe
 * signs its own: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`), and when a failed
 * delivery is tried again. Pure: the HTTP calls, the outbox and the clock live in api/integrations.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_EVENTS = [
  'invoice.issued',
  'invoice.paid',
  'invoice.overdue',
  'credit_note.issued',
  'payment.recorded',
  'payment.refunded',
  'client.created',
  'subscription.created',
  'subscription.cancelled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const isWebhookEvent = (value: string): value is WebhookEventType => (WEBHOOK_EVENTS as readonly string[]).includes(value);

/** The header a delivery's signature travels in. */
export const SIGNATURE_HEADER = 'Webhook-Signature';

/** The signature header's value for `body` sent at `timestamp` (unix seconds). */
export const signatureHeader = (secret: string, timestamp: number, body: string): string =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/**
 * Whether `header` signs `body` with `secret`, sent at most `toleranceSeconds` before `now` (unix
 * seconds): what a receiver checks (the README shows it in Node).
 */
export const verifySignature = (header: string, body: string, secret: string, now: number, toleranceSeconds = 300): boolean => {
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || !v1 || Math.abs(now - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureHeader(secret, t, body).split('v1=')[1]!, 'hex');
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** How long a delivery keeps being tried after its first failure: then it is given up and its endpoint disabled. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

const BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000, 3 * 60 * 60_000, 6 * 60 * 60_000];

/**
 * When to try again after the `attempt`-th failure (1-based) of a delivery that first failed at
 * `firstFailedAt`: 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, then every 6 h; null once three days
 * have passed since the first failure (give up).
 */
export const nextAttemptAt = (attempt: number, firstFailedAt: Date, now: Date): Date | null => {
  if (now.getTime() - firstFailedAt.getTime() >= GIVE_UP_AFTER_MS) return null;
  const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length) - 1]!;
  const next = new Date(now.getTime() + delay);
  // The last try falls on the deadline rather than after it.
  const deadline = new Date(firstFailedAt.getTime() + GIVE_UP_AFTER_MS);
  return next > deadline ? deadline : next;
};
