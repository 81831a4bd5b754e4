import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { CheckoutProviderError } from './checkout-gateway';
import { createStripeClient } from './stripe-client';
import { StripeCheckoutGateway } from './stripe-gateway';

const INVOICE = '6f1c1b2e-8d1a-4c55-9a57-3a0f5a7e2b11';

describe('StripeCheckoutGateway against a fake Stripe API over HTTP', () => {
  let fake: FakeStripe;
  let gateway: StripeCheckoutGateway;

  beforeAll(async () => {
    fake = await startFakeStripe();
    gateway = new StripeCheckoutGateway(createStripeClient('sk_test_gateway', { apiBase: fake.url, maxNetworkRetries: 0 }), 'whsec_x');
  });
  afterAll(() => fake?.close());

  const request = (key: string) => ({
    invoiceId: INVOICE,
    invoiceNumber: 'INV-2026-0042',
    amountCents: 123_456,
    currency: 'EUR',
    customerEmail: 'client@example.com',
    successUrl: `http://localhost:3000/pay-invoice/${INVOICE}?payment=success&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `http://localhost:3000/pay-invoice/${INVOICE}?payment=cancelled`,
    idempotencyKey: key,
  });

  it('creates a payment-mode session in euros for the invoice, with an idempotency key', async () => {
    const created = await gateway.createSession(request('key-1'));
    expect(created.id).toMatch(/^cs_test_/);
    expect(created.url).toContain(created.id);
    const call = fake.requests.at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v1/checkout/sessions');
    expect(call.headers.authorization).toBe('Bearer sk_test_gateway');
    expect(call.headers['idempotency-key']).toBe('key-1');
    expect(call.params).toMatchObject({
      mode: 'payment',
      currency: 'eur',
      client_reference_id: INVOICE,
      metadata: { invoice_id: INVOICE, invoice_number: 'INV-2026-0042' },
      customer_email: 'client@example.com',
      success_url: request('').successUrl,
      cancel_url: request('').cancelUrl,
      line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: '123456', product_data: { name: 'Invoice INV-2026-0042' } } }],
    });
  });

  it('answers a repeated idempotency key with the same session', async () => {
    const a = await gateway.createSession(request('key-2'));
    const b = await gateway.createSession(request('key-2'));
    expect(b.id).toBe(a.id);
  });

  it('reads a session back as a snapshot, paid once Stripe completes it', async () => {
    const created = await gateway.createSession(request('key-3'));
    expect(await gateway.retrieveSession(created.id)).toMatchObject({ paymentStatus: 'unpaid', paymentIntentId: null, invoiceId: INVOICE });
    const done = fake.complete(created.id);
    expect(await gateway.retrieveSession(created.id)).toEqual({
      id: created.id,
      paymentStatus: 'paid',
      paymentIntentId: done.payment_intent,
      amountTotalCents: 123_456,
      currency: 'eur',
      invoiceId: INVOICE,
    });
    expect(await gateway.retrieveSession('cs_test_unknown')).toBeUndefined();
  });

  it('turns a refusal into a CheckoutProviderError', async () => {
    fake.failNextRequest(400, 'Invalid currency');
    await expect(gateway.createSession(request('key-4'))).rejects.toBeInstanceOf(CheckoutProviderError);
  });
});
