import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { createClientWithLogin, createInvoice } from '../../test/billing-fixtures';
import { testBackends } from '../../test/db';
import { deliverStripeEvent, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { startTestServer, type TestServer } from '../../test/server';
import { startSmtpServer } from '../../test/smtp';
import { paymentEventId } from '../invoicing/invoice-stream';
import { paymentIdOf } from './payment.service';
import { stripeWebhooks } from './stripe-client';

const WEBHOOK_SECRET = 'whsec_e2e_test_secret';

describe.each(testBackends())('Stripe payments over HTTP on $name', (backend) => {
  let server: TestServer;
  let fake: FakeStripe;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let alice: Awaited<ReturnType<typeof createClientWithLogin>>;
  let bob: Awaited<ReturnType<typeof createClientWithLogin>>;

  beforeAll(async () => {
    fake = await startFakeStripe();
    smtp = await startSmtpServer();
    server = await startTestServer(backend, {
      env: { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url, SMTP_URL: smtp.url },
      limits: { publicFormsPerIp: 1000 },
    });
    alice = await createClientWithLogin(server.runtime.deps, 'Alice Holdings');
    bob = await createClientWithLogin(server.runtime.deps, 'Bob Trading');
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
    await smtp?.close();
  });

  const checkout = (invoiceId: string, body: object = {}) => server.client().agent.post(`/api/invoices/${invoiceId}/create-checkout-session/`).send(body);

  const deliver = (type: string, session: object) => deliverStripeEvent(server.client(), WEBHOOK_SECRET, type, session);

  const receivablesCredits = async (invoiceId: string) =>
    server.testDb
      .db('ledger_lines as l')
      .join('ledger_entries as e', 'e.entry_id', 'l.entry_id')
      .where({ 'e.invoice_id': invoiceId, 'l.account_id': SYSTEM_ACCOUNT_IDS.receivables })
      .where('l.credit_cents', '>', 0)
      .select('l.credit_cents');

  const publicInvoice = async (id: string) => (await server.client().get(`/api/public/invoices/${id}/`)).body;
  const paymentsOf = (id: string) => server.testDb.db('invoice_payments').where({ invoice_id: id });

  it('treats a €0 invoice alike on the pay page and at checkout: nothing to pay, no session', async () => {
    const invoice = await createInvoice(server.runtime.deps, alice.id, 0);
    expect(await publicInvoice(invoice.id)).toMatchObject({ paid: false, open_amount: 0 });
    const before = fake.requests.length;
    const res = await checkout(invoice.id);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'This invoice has nothing to pay.' });
    expect(fake.requests.length).toBe(before);
  });

  it('creates a Checkout Session for the open amount, anonymously through the pay link', async () => {
    const invoice = await createInvoice(server.runtime.deps, alice.id, 1234.5);
    const res = await checkout(invoice.id);
    expect(res.status).toBe(200);
    expect(res.body.sessionId).toMatch(/^cs_test_/);
    expect(res.body.url).toContain(res.body.sessionId);
    const call = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(call.headers['idempotency-key']).toMatch(/^[0-9a-f]{64}$/);
    expect(call.params).toMatchObject({
      mode: 'payment',
      currency: 'eur',
      client_reference_id: invoice.id,
      metadata: { invoice_id: invoice.id, invoice_number: invoice.invoice_number },
      line_items: [{ price_data: { unit_amount: '123450', currency: 'eur' } }],
      success_url: `${server.url}/pay-invoice/${invoice.id}?payment=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${server.url}/pay-invoice/${invoice.id}?payment=cancelled`,
    });
    // A double click reuses the same session; another return page is another session.
    expect((await checkout(invoice.id)).body.sessionId).toBe(res.body.sessionId);
    expect((await checkout(invoice.id, { return_to: '/portal' })).body.sessionId).not.toBe(res.body.sessionId);
  });

  it('charges the open amount of a partly paid and credited invoice, and a new session once it changes', async () => {
    const admin = server.client();
    await admin.login();
    const invoice = await createInvoice(server.runtime.deps, alice.id, 1190);
    expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
    expect((await admin.post(`/api/invoices/${invoice.id}/payments/`, { amount: '400', date: '2026-11-03', method: 'bank_transfer' })).status).toBe(201);
    let sessionId = '';
    const chargedNow = async () => {
      const res = await checkout(invoice.id);
      expect(res.status).toBe(200);
      sessionId = res.body.sessionId;
      return fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.params;
    };
    expect((await chargedNow()).line_items).toMatchObject([{ price_data: { unit_amount: '79000', currency: 'eur' } }]);
    const cn = await admin.post(`/api/invoices/${invoice.id}/credit-notes/`, { reason: 'Discount', date: '2026-11-04', items: [{ description: 'Discount', unit_price: 90.5, vat_rate: 0 }] });
    expect(cn.status).toBe(201);
    expect((await admin.get(`/api/invoices/${invoice.id}/`)).body.open_amount).toBe(699.5);
    expect((await chargedNow()).line_items).toMatchObject([{ price_data: { unit_amount: '69950', currency: 'eur' } }]);
    // What the session charged is what the webhook records: nothing is left open.
    const session = fake.complete(sessionId);
    expect(session.amount_total).toBe(69950);
    expect((await deliver('checkout.session.completed', session)).body.outcome).toBe('recorded');
    expect((await admin.get(`/api/invoices/${invoice.id}/`)).body).toMatchObject({ paid: true, open_amount: 0 });
  });

  it('returns to a known page only, and refuses other pages', async () => {
    const invoice = await createInvoice(server.runtime.deps, alice.id, 10);
    const res = await checkout(invoice.id, { return_to: '/portal/dashboard' });
    expect(res.status).toBe(200);
    expect(fake.requests.at(-1)!.params.cancel_url).toBe(`${server.url}/portal/dashboard?payment=cancelled`);
    const bad = await checkout(invoice.id, { return_to: 'https://evil.example/' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.return_to).toBeDefined();
  });

  it('lets a client user pay its own invoices only, and answers 404 for unknown ids', async () => {
    const own = await createInvoice(server.runtime.deps, alice.id, 20);
    const other = await createInvoice(server.runtime.deps, bob.id, 30);
    const c = server.client();
    await c.login(alice.username, alice.password);
    expect((await c.post(`/api/invoices/${own.id}/create-checkout-session/`, { return_to: '/portal' })).status).toBe(200);
    const refused = await c.post(`/api/invoices/${other.id}/create-checkout-session/`, {});
    expect(refused.status).toBe(404);
    expect((await checkout('6f1c1b2e-8d1a-4c55-9a57-3a0f5a7e2b11')).status).toBe(404);
    expect((await checkout('not-a-uuid')).status).toBe(404);
    const gql = await c.graphql('mutation($id: ID!) { createCheckoutSession(invoiceId: $id, returnTo: "/portal") { sessionId url } }', { id: other.id });
    expect(gql.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('answers 503 with the spec message when Stripe refuses to create the session', async () => {
    const invoice = await createInvoice(server.runtime.deps, alice.id, 40);
    fake.failNextRequest(400, 'Your account cannot currently make live charges.');
    const res = await checkout(invoice.id);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'Failed to create Stripe checkout session.' });
  });

  it('records a paid session once, however often and concurrently it is delivered, with one ledger credit and one e-mail', async () => {
    const invoice = await createInvoice(server.runtime.deps, alice.id, 250);
    const { sessionId } = (await checkout(invoice.id)).body;
    const session = fake.complete(sessionId);
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver('checkout.session.completed', session)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const payments = await paymentsOf(invoice.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amount_cents: 25_000, method: 'stripe', reference: session.payment_intent, actor: 'stripe' });
    expect(await receivablesCredits(invoice.id)).toEqual([{ credit_cents: 25_000 }]);
    expect((await publicInvoice(invoice.id)).paid).toBe(true);
    // One event in the invoice stream, whose id derives from the Stripe payment intent.
    const stream = await server.runtime.deps.eventStore.readStream(`invoice-${invoice.id}`);
    const recorded = stream.filter((e) => e.type === 'PaymentRecorded');
    expect(recorded.map((e) => e.eventId)).toEqual([paymentEventId(paymentIdOf({
          id: sessionId,
          paymentStatus: 'paid',
          paymentIntentId: session.payment_intent,
          amountTotalCents: 25_000,
          currency: 'eur',
          invoiceId: invoice.id,
        }))]);

    const admin = server.client();
    await admin.login();
    const gql = await admin.graphql('query($id: ID!) { invoice(id: $id) { paid payments { amount amountCents method reference recordedBy } } }', { id: invoice.id });
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.invoice).toEqual({
      paid: true,
      payments: [{ amount: 250, amountCents: 25_000, method: 'stripe', reference: session.payment_intent, recordedBy: 'stripe' }],
    });

    // An already paid invoice is not charged again.
    expect((await checkout(invoice.id)).body).toEqual({ message: 'This invoice has already been paid.' });

    // Every reactor has seen the invoice's last event (not the store's head, which can stop short of
    // it on a PostgreSQL server other files share), and the mail it queued has gone out.
    const last = (await server.runtime.deps.eventStore.readStream(`invoice-${invoice.id}`)).at(-1)!;
    expect(await server.runtime.deps.projections.waitFor(last.position, { includeReactors: true })).toBe(true);
    await server.runtime.mail.drain();
    const mails = smtp.received.filter((m) => m.to.includes(alice.email) && m.raw.includes(invoice.invoice_number) && /Payment received/.test(m.raw));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toMatch(/250,00/);
  });

  it('rejects a bad signature and records nothing', async () => {
    const invoice = await createInvoice(server.runtime.deps, alice.id, 60);
    const { sessionId } = (await checkout(invoice.id)).body;
    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'checkout.session.completed', data: { object: fake.complete(sessionId) } });
    const forged = await server
      .client()
      .agent.post('/api/stripe/webhook/')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', stripeWebhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }))
      .send(payload);
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ message: 'Invalid webhook signature.' });
    const unsigned = await server.client().agent.post('/api/stripe/webhook/').set('Content-Type', 'application/json').send(payload);
    expect(unsigned.status).toBe(400);
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
  });

  it('handles asynchronous methods: completed-unpaid waits, success records once, in any order', async () => {
    const a = await createInvoice(server.runtime.deps, alice.id, 70);
    const sa = fake.complete((await checkout(a.id)).body.sessionId, 'unpaid');
    expect((await deliver('checkout.session.completed', sa)).status).toBe(200);
    expect(await paymentsOf(a.id)).toHaveLength(0);
    sa.payment_status = 'paid';
    expect((await deliver('checkout.session.async_payment_succeeded', sa)).status).toBe(200);
    expect(await paymentsOf(a.id)).toHaveLength(1);

    // Out of order: the success arrives first, then a late completed(paid) for the same payment.
    const b = await createInvoice(server.runtime.deps, alice.id, 80);
    const sb = fake.complete((await checkout(b.id)).body.sessionId, 'paid');
    await deliver('checkout.session.async_payment_succeeded', sb);
    await deliver('checkout.session.completed', sb);
    expect(await paymentsOf(b.id)).toHaveLength(1);
    expect(await receivablesCredits(b.id)).toEqual([{ credit_cents: 8_000 }]);

    const c = await createInvoice(server.runtime.deps, alice.id, 90);
    const sc = fake.complete((await checkout(c.id)).body.sessionId, 'unpaid');
    expect((await deliver('checkout.session.async_payment_failed', sc)).status).toBe(200);
    expect(await paymentsOf(c.id)).toHaveLength(0);
    expect((await publicInvoice(c.id)).paid).toBe(false);
  });

  it('acknowledges a paid session for an unknown invoice without recording anything', async () => {
    const res = await deliver('checkout.session.completed', {
      id: 'cs_test_orphan',
      object: 'checkout.session',
      payment_status: 'paid',
      payment_intent: 'pi_orphan',
      amount_total: 1000,
      currency: 'eur',
      client_reference_id: '0b5e3a44-1111-4c55-9a57-3a0f5a7e2b11',
      metadata: { invoice_id: '0b5e3a44-1111-4c55-9a57-3a0f5a7e2b11' },
    });
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('unknown_invoice');
    expect(await server.testDb.db('invoice_payments').where({ reference: 'pi_orphan' })).toHaveLength(0);
  });

  it('reconciles on return from checkout by asking Stripe, never trusting the redirect', async () => {
    const invoice = await createInvoice(server.runtime.deps, alice.id, 15);
    const { sessionId } = (await checkout(invoice.id)).body;
    const open = await server.client().agent.post('/api/payments/reconcile/').send({ session_id: sessionId });
    expect(open.body).toEqual({ invoice_id: invoice.id, paid: false });
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    const session = fake.complete(sessionId);
    const done = await server.client().agent.post('/api/payments/reconcile/').send({ session_id: sessionId });
    expect(done.body).toEqual({ invoice_id: invoice.id, paid: true });
    // The webhook arriving afterwards records nothing more.
    await deliver('checkout.session.completed', session);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect((await server.client().agent.post('/api/payments/reconcile/').send({ session_id: 'cs_test_nope' })).status).toBe(404);
  });
});
