import { describe, expect, it } from 'vitest';
import { stripeWebhooks } from './stripe-client';
import { actionOf, verifyWebhook } from './webhook';

const SECRET = 'whsec_unit_test_secret';

const sessionEvent = (type: string, paymentStatus: string) =>
  JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type,
    data: {
      object: {
        id: 'cs_test_1',
        object: 'checkout.session',
        payment_status: paymentStatus,
        payment_intent: 'pi_1',
        amount_total: 5000,
        currency: 'eur',
        client_reference_id: 'ref-invoice',
        metadata: { invoice_id: 'meta-invoice' },
      },
    },
  });

const signed = (payload: string, secret = SECRET) => stripeWebhooks.generateTestHeaderString({ payload, secret });

describe('verifyWebhook', () => {
  it('accepts an event signed with the secret over the exact bytes', () => {
    const payload = sessionEvent('checkout.session.completed', 'paid');
    expect(verifyWebhook(Buffer.from(payload), signed(payload), SECRET).type).toBe('checkout.session.completed');
  });

  it('refuses another secret, a changed body, a missing header or body', () => {
    const payload = sessionEvent('checkout.session.completed', 'paid');
    expect(() => verifyWebhook(Buffer.from(payload), signed(payload, 'whsec_other'), SECRET)).toThrow('Invalid webhook signature.');
    expect(() => verifyWebhook(Buffer.from(payload.replace('5000', '1')), signed(payload), SECRET)).toThrow('Invalid webhook signature.');
    expect(() => verifyWebhook(Buffer.from(payload), undefined, SECRET)).toThrow('Invalid webhook signature.');
    expect(() => verifyWebhook(undefined, signed(payload), SECRET)).toThrow('Invalid webhook signature.');
  });

  it('refuses a signature older than the tolerance (a replay of an old delivery)', () => {
    const payload = sessionEvent('checkout.session.completed', 'paid');
    const old = stripeWebhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => verifyWebhook(Buffer.from(payload), old, SECRET)).toThrow('Invalid webhook signature.');
  });
});

describe('actionOf', () => {
  const event = (type: string, status: string) => JSON.parse(sessionEvent(type, status));

  it('settles completed and async-succeeded sessions, preferring the metadata invoice id', () => {
    expect(actionOf(event('checkout.session.completed', 'paid'))).toEqual({
      kind: 'settle',
      session: { id: 'cs_test_1', paymentStatus: 'paid', paymentIntentId: 'pi_1', amountTotalCents: 5000, currency: 'eur', invoiceId: 'meta-invoice' },
    });
    expect(actionOf(event('checkout.session.async_payment_succeeded', 'paid')).kind).toBe('settle');
  });

  it('reports an async failure and ignores other event types', () => {
    expect(actionOf(event('checkout.session.async_payment_failed', 'unpaid')).kind).toBe('failed');
    expect(actionOf(event('payment_intent.created', 'unpaid')).kind).toBe('ignore');
  });
});
