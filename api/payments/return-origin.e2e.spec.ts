import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin, createInvoice } from '../../test/billing-fixtures';
import { testBackends } from '../../test/db';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { startTestServer, type TestServer } from '../../test/server';

const backend = testBackends()[0]!;

// Issue 24 item 5: a visitor on 127.0.0.1 (or a LAN address) must come back from the checkout to
// the origin that holds their session, not to PUBLIC_BASE_URL's default http://localhost:PORT.
describe('checkout return URLs without PUBLIC_BASE_URL (development)', () => {
  let server: TestServer;
  let localhost: string;
  let client: Awaited<ReturnType<typeof createClientWithLogin>>;

  beforeAll(async () => {
    server = await startTestServer(backend, { limits: { publicFormsPerIp: 1000 } });
    // What loadConfig derives from PORT when PUBLIC_BASE_URL is unset (the harness would otherwise
    // point it at 127.0.0.1 and hide the difference).
    localhost = `http://localhost:${new URL(server.url).port}`;
    server.runtime.deps.config.publicBaseUrl = localhost;
    client = await createClientWithLogin(server.runtime.deps, 'Origin Trading');
  });
  afterAll(() => server?.close());

  const storedSession = (id: string) => server.testDb.db('simulated_checkout_sessions').where({ id }).first('success_url', 'cancel_url');

  it('sends an admin on 127.0.0.1 to a checkout that returns to 127.0.0.1, still logged in', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const invoice = await createInvoice(server.runtime.deps, client.id, 42);
    const admin = server.client();
    await admin.login();
    const res = await admin.post(`/api/invoices/${invoice.id}/create-checkout-session/`, { return_to: `/admin/clients/${client.id}` });
    expect(res.status).toBe(200);
    expect(res.body.url).toBe(`${server.url}/simulated-checkout/${res.body.sessionId}`);
    expect(await storedSession(res.body.sessionId)).toEqual({
      success_url: `${server.url}/admin/clients/${client.id}?payment=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${server.url}/admin/clients/${client.id}?payment=cancelled`,
    });

    const paid = await admin.agent.post(`/simulated-checkout/${res.body.sessionId}/pay`).redirects(0);
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.location);
    expect(back.origin).toBe(server.url);
    // The page it returns to is on the host that holds the session cookie: still logged in there.
    const jar = (admin.agent as unknown as { jar: { getCookie: (name: string, access: object) => unknown } }).jar;
    expect(jar.getCookie('sessionid', { domain: back.hostname, path: '/', secure: false, script: false })).toBeDefined();
    expect((await admin.get('/api/check-auth/')).body).toMatchObject({ isAuthenticated: true, user: { username: 'admin' } });
  });

  it('answers each origin with its own: localhost stays on localhost, the GraphQL mutation too', async () => {
    const invoice = await createInvoice(server.runtime.deps, client.id, 17);
    const viaLocalhost = await server.client().agent.post(`/api/invoices/${invoice.id}/create-checkout-session/`).set('Host', new URL(localhost).host).send({});
    expect(viaLocalhost.status).toBe(200);
    expect(viaLocalhost.body.url.startsWith(`${localhost}/simulated-checkout/`)).toBe(true);
    expect((await storedSession(viaLocalhost.body.sessionId))!.success_url.startsWith(`${localhost}/pay-invoice/${invoice.id}?`)).toBe(true);

    const admin = server.client();
    await admin.login();
    const gql = await admin.graphql('mutation($id: ID!) { createCheckoutSession(invoiceId: $id, returnTo: "/admin/invoices") { sessionId url } }', { id: invoice.id });
    expect(gql.body.errors).toBeUndefined();
    const session = gql.body.data.createCheckoutSession;
    expect(session.url.startsWith(`${server.url}/simulated-checkout/`)).toBe(true);
    expect((await storedSession(session.sessionId))!.cancel_url).toBe(`${server.url}/admin/invoices?payment=cancelled`);
  });

  it('ignores a Host that is no plain origin and falls back to the configured base', async () => {
    const invoice = await createInvoice(server.runtime.deps, client.id, 5);
    const res = await server.client().agent.post(`/api/invoices/${invoice.id}/create-checkout-session/`).set('Host', 'user@evil.example').send({});
    expect(res.status).toBe(200);
    expect((await storedSession(res.body.sessionId))!.success_url.startsWith(`${localhost}/pay-invoice/`)).toBe(true);
  });
});

describe('checkout return URLs with PUBLIC_BASE_URL, and in production', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake?.close());

  const successUrlsFor = async (env: Record<string, string>) => {
    const server = await startTestServer(backend, { env: { STRIPE_SECRET_KEY: 'sk_test_origin', STRIPE_API_BASE: fake.url, ...env }, limits: { publicFormsPerIp: 1000 } });
    try {
      const client = await createClientWithLogin(server.runtime.deps, 'Configured Base Ltd');
      const invoice = await createInvoice(server.runtime.deps, client.id, 12);
      const res = await server.client().agent.post(`/api/invoices/${invoice.id}/create-checkout-session/`).set('Host', 'lan-host.example:3000').send({});
      expect(res.status).toBe(200);
      const session = fake.sessions.get(res.body.sessionId)!;
      return { success: session.success_url, cancel: session.cancel_url, invoiceId: invoice.id };
    } finally {
      await server.close();
    }
  };

  it('keeps the configured PUBLIC_BASE_URL whatever Host the request carries', async () => {
    const urls = await successUrlsFor({ PUBLIC_BASE_URL: 'https://billing.example.com/' });
    expect(urls.success).toBe(`https://billing.example.com/pay-invoice/${urls.invoiceId}?payment=success&session_id={CHECKOUT_SESSION_ID}`);
    expect(urls.cancel).toBe(`https://billing.example.com/pay-invoice/${urls.invoiceId}?payment=cancelled`);
  });

  it('uses PUBLIC_BASE_URL in production, where it is required', async () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'origin-test-secret-0123456789abcdef', PUBLIC_BASE_URL: 'https://pay.example.com' };
    const urls = await successUrlsFor(production);
    expect(urls.success.startsWith(`https://pay.example.com/pay-invoice/${urls.invoiceId}?`)).toBe(true);
  });
});
