import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin, createInvoice } from '../../test/billing-fixtures';
import { testBackends } from '../../test/db';
import { startTestServer, type TestServer } from '../../test/server';

describe.each(testBackends())('simulated checkout without Stripe keys on $name', (backend) => {
  let server: TestServer;
  let client: Awaited<ReturnType<typeof createClientWithLogin>>;

  beforeAll(async () => {
    server = await startTestServer(backend, { limits: { publicFormsPerIp: 1000 } });
    client = await createClientWithLogin(server.runtime.deps, 'Carol Shipping');
  });
  afterAll(() => server?.close());

  const session = async (invoiceId: string, returnTo?: string) => {
    const res = await server.client().agent.post(`/api/invoices/${invoiceId}/create-checkout-session/`).send(returnTo ? { return_to: returnTo } : {});
    expect(res.status).toBe(200);
    return res.body as { sessionId: string; url: string };
  };

  it('serves a clearly labelled page and records the payment through the signed webhook path', async () => {
    const invoice = await createInvoice(server.runtime.deps, client.id, 99.99);
    const { sessionId, url } = await session(invoice.id);
    expect(url).toBe(`${server.url}/simulated-checkout/${sessionId}`);

    const page = await server.client().get(new URL(url).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Simulated checkout');
    expect(page.text).toContain('no real card is charged');
    expect(page.text).toContain(invoice.invoice_number);
    expect(page.text).toContain('99,99');
    expect(page.text).toContain('noindex');

    const paid = await server.client().agent.post(`/simulated-checkout/${sessionId}/pay`).redirects(0);
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`${server.url}/pay-invoice/${invoice.id}?payment=success&session_id=${sessionId}`);
    const payments = await server.testDb.db('invoice_payments').where({ invoice_id: invoice.id });
    expect(payments).toMatchObject([{ amount_cents: 9_999, method: 'stripe', actor: 'stripe' }]);
    expect((await server.client().get(`/api/public/invoices/${invoice.id}/`)).body.paid).toBe(true);

    // Paying twice (back button, double submit) and reconciling record nothing more.
    await server.client().agent.post(`/simulated-checkout/${sessionId}/pay`).redirects(0);
    expect((await server.client().agent.post('/api/payments/reconcile/').send({ session_id: sessionId })).body).toEqual({ invoice_id: invoice.id, paid: true });
    expect(await server.testDb.db('invoice_payments').where({ invoice_id: invoice.id })).toHaveLength(1);
    expect((await server.client().get(new URL(url).pathname)).text).toContain('already complete');
  });

  it('cancels back to the page it came from and records nothing', async () => {
    const invoice = await createInvoice(server.runtime.deps, client.id, 10);
    const { sessionId } = await session(invoice.id, '/portal/dashboard');
    const cancelled = await server.client().agent.post(`/simulated-checkout/${sessionId}/cancel`).redirects(0);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.location).toBe(`${server.url}/portal/dashboard?payment=cancelled`);
    expect(await server.testDb.db('invoice_payments').where({ invoice_id: invoice.id })).toHaveLength(0);
    expect((await server.client().agent.post('/api/payments/reconcile/').send({ session_id: sessionId })).body.paid).toBe(false);
  });

  it('answers 404 for an unknown simulated session', async () => {
    expect((await server.client().get('/simulated-checkout/cs_sim_unknown')).status).toBe(404);
    expect((await server.client().agent.post('/simulated-checkout/cs_sim_unknown/pay')).status).toBe(404);
  });

  it('refuses webhooks signed with anything but its own per-process secret', async () => {
    const res = await server.client().agent.post('/api/stripe/webhook/').set('Content-Type', 'application/json').set('Stripe-Signature', 't=1,v1=abc').send('{}');
    expect(res.status).toBe(400);
  });

  it('rate-limits anonymous checkout calls per IP', async () => {
    const limited = await startTestServer(backend, { limits: { publicFormsPerIp: 2 } });
    try {
      const invoice = await createInvoice(limited.runtime.deps, (await createClientWithLogin(limited.runtime.deps, 'Dan')).id, 5);
      const call = () => limited.client().agent.post(`/api/invoices/${invoice.id}/create-checkout-session/`).send({});
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
