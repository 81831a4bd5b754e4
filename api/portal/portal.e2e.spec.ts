import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin, createInvoice } from '../../test/billing-fixtures';
import { testBackends } from '../../test/db';
import { startTestServer, type TestServer } from '../../test/server';

describe.each(testBackends())('portal my-account on $name', (backend) => {
  let server: TestServer;
  let alice: Awaited<ReturnType<typeof createClientWithLogin>>;
  let bob: Awaited<ReturnType<typeof createClientWithLogin>>;

  beforeAll(async () => {
    server = await startTestServer(backend);
    alice = await createClientWithLogin(server.runtime.deps, 'Alice Holdings');
    bob = await createClientWithLogin(server.runtime.deps, 'Bob Trading');
    await createInvoice(server.runtime.deps, alice.id, 100, '2026-10-01', '2026-10-15');
    await createInvoice(server.runtime.deps, alice.id, 200.5, '2026-11-01', '2026-11-15');
    await createInvoice(server.runtime.deps, bob.id, 300, '2026-11-02', '2026-11-16');
  });
  afterAll(() => server?.close());

  it("answers the logged-in client's own account only, invoices newest first", async () => {
    const c = server.client();
    await c.login(alice.username, alice.password);
    const res = await c.get('/api/portal/my-account/');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const account = res.body[0];
    expect(account).toMatchObject({ name: 'Alice Holdings', email: alice.email, phone: '+357 99 123456', address: '1 Test Street, Nicosia', subscriptions: [] });
    expect(account.invoices.map((i: { date: string }) => i.date)).toEqual(['2026-11-01', '2026-10-01']);
    expect(account.currency).toBe('EUR');
    expect(account.invoices[0]).toEqual({
      id: expect.any(String),
      invoice_number: expect.any(String),
      date: '2026-11-01',
      due_date: '2026-11-15',
      total_amount: 200.5,
      open_amount: 200.5,
      paid_amount: 0,
      paid: false,
      cancelled: false,
      // Not sent yet: a draft has no payment reference (payment-reference.e2e.spec.ts covers issued ones).
      payment_reference: null,
      currency: 'EUR',
      card_payment: true,
    });
    expect(JSON.stringify(account)).not.toContain('Bob');
  });

  it('shows subscriptions with product, status and billing dates', async () => {
    const admin = server.client();
    await admin.login();
    const once = (await admin.post('/api/products/', { name: 'Workshop', price: 500, billing_cycle: 'one_time' })).body;
    const sub = (await admin.post('/api/subscriptions/', { client: alice.id, product: once.id, start_date: '2026-03-01' })).body;
    const c = server.client();
    await c.login(alice.username, alice.password);
    const before = (await c.get('/api/portal/my-account/')).body[0].subscriptions;
    expect(before).toEqual([
      { id: sub.id, product: { name: 'Workshop', billing_cycle: 'one_time', price: 500 }, status: 'active', start_date: '2026-03-01', next_billing_date: '2026-03-01', invoiced_until: null },
    ]);
    expect((await admin.post(`/api/subscriptions/${sub.id}/create-invoice/`)).status).toBeLessThan(300);
    const after = (await c.get('/api/portal/my-account/')).body[0].subscriptions[0];
    expect(after.invoiced_until).not.toBeNull();
    expect(JSON.stringify((await c.get('/api/portal/my-account/')).body)).not.toContain('Bob');
  });

  it("shows what the client paid beyond its invoices as its credit balance", async () => {
    const carol = await createClientWithLogin(server.runtime.deps, 'Carol Overpaid');
    await createInvoice(server.runtime.deps, carol.id, 300, '2026-11-02', '2026-11-16');
    const c = server.client();
    await c.login(carol.username, carol.password);
    expect((await c.get('/api/portal/my-account/')).body[0].credit_balance).toBe(0);
    const admin = server.client();
    await admin.login();
    const invoice = (await c.get('/api/portal/my-account/')).body[0].invoices[0];
    await admin.post(`/api/invoices/${invoice.id}/send/`);
    expect((await admin.post(`/api/invoices/${invoice.id}/payments/`, { amount: 345.5, date: '2026-11-10', method: 'bank_transfer' })).status).toBe(201);
    expect((await c.get('/api/portal/my-account/')).body[0]).toMatchObject({ credit_balance: 45.5 });
    const gql = await c.graphql('{ myAccount { creditBalance } }');
    expect(gql.body.data.myAccount.creditBalance).toBe(45.5);
  });

  it('answers 401 anonymously and 403 to a superuser (who has no client)', async () => {
    expect((await server.client().get('/api/portal/my-account/')).status).toBe(401);
    const admin = server.client();
    await admin.login();
    expect((await admin.get('/api/portal/my-account/')).status).toBe(403);
  });

  it('offers the same through GraphQL', async () => {
    const c = server.client();
    await c.login(bob.username, bob.password);
    const res = await c.graphql('{ myAccount { name email invoices { invoiceNumber totalAmount paid dueDate } subscriptions { id } } }');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.myAccount).toMatchObject({ name: 'Bob Trading', email: bob.email, subscriptions: [] });
    expect(res.body.data.myAccount.invoices).toEqual([{ invoiceNumber: expect.any(String), totalAmount: 300, paid: false, dueDate: '2026-11-16' }]);
    const admin = server.client();
    await admin.login();
    expect((await admin.graphql('{ myAccount { name } }')).body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
