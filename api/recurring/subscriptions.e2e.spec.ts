import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { createDb } from '../platform/db/knex';
import { PostgresEventStore } from '../../eventstore/postgres/postgres-event-store';
import { createBillingServices } from '../main/billing.services';
import { adminOf, createClient, createProduct, createSubscription, userClient } from '../invoicing/test/fixtures';

let now = new Date('2026-03-15T10:00:00Z');

describe.each(testBackends())('subscriptions and recurring invoicing over HTTP on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let clientId: string;
  let monthly: string;
  let annual: string;
  let once: string;

  beforeAll(async () => {
    now = new Date('2026-03-15T10:00:00Z');
    server = await startTestServer(backend, { clock: () => now });
    admin = await adminOf(server);
    clientId = (await createClient(admin)).id;
    monthly = (await createProduct(admin, { name: 'Professional monthly', price: 2000, billing_cycle: 'monthly', vat_rate: 19 })).id;
    annual = (await createProduct(admin, { name: 'Professional annual', price: 20000, billing_cycle: 'annually', vat_rate: 19 })).id;
    once = (await createProduct(admin, { name: 'Onboarding', price: 500, billing_cycle: 'one_time', vat_rate: 19 })).id;
  });
  afterAll(() => server?.close());

  it('creates subscriptions with defaults and the spec read shape', async () => {
    const res = await admin.post('/api/subscriptions/', { client: clientId, product: monthly, start_date: '2026-05-31' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      client: { id: clientId, name: 'Acme Ltd' },
      product: { id: monthly, name: 'Professional monthly', billing_cycle: 'monthly', price: 2000 },
      start_date: '2026-05-31',
      status: 'active',
      auto_generate_invoices: true,
      invoiced_until: null,
      next_billing_date: '2026-05-31',
      invoice_status: 'Not invoiced',
    });
    const put = await admin.put(`/api/subscriptions/${res.body.id}/`, { client: clientId, product: monthly, start_date: '2026-05-31', status: 'cancelled', auto_generate_invoices: false });
    expect(put.body).toMatchObject({ status: 'cancelled', auto_generate_invoices: false, next_billing_date: null });
    expect((await admin.put(`/api/subscriptions/${res.body.id}/`, { client: clientId, product: monthly, start_date: '2026-05-31', version: 1 })).status).toBe(409);
    expect((await admin.delete(`/api/subscriptions/${res.body.id}/`)).status).toBe(204);
  });

  it("says 'Please select a client and a product.' when either is missing or unknown", async () => {
    const res = await admin.post('/api/subscriptions/', { start_date: '2026-03-01' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please select a client and a product.');
    expect(Object.keys(res.body.errors).sort()).toEqual(['client', 'product']);
    const unknown = await admin.post('/api/subscriptions/', { client: clientId, product: '00000000-0000-4000-8000-000000000000', start_date: '2026-03-01' });
    expect(unknown.body.message).toBe('Please select a client and a product.');
    const badDate = await admin.post('/api/subscriptions/', { client: clientId, product: monthly, start_date: '2026-13-01', status: 'paused' });
    expect(Object.keys(badDate.body.errors).sort()).toEqual(['start_date', 'status']);
  });

  it('generates every due period once, with month ends, annual and once-off rules', async () => {
    const m = await createSubscription(admin, { client: clientId, product: monthly, start_date: '2026-01-31' });
    const a = await createSubscription(admin, { client: clientId, product: annual, start_date: '2025-03-15' });
    const o = await createSubscription(admin, { client: clientId, product: once, start_date: '2026-02-10' });
    const off = await createSubscription(admin, { client: clientId, product: monthly, start_date: '2026-01-01', auto_generate_invoices: false });
    const run = await admin.post('/api/billing/generate-invoices/');
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ message: 'Invoice generation process started.', created: 5 });
    const invoices = (await admin.get(`/api/invoices/?client=${clientId}`)).body as { subscription: string; period_start: string; period_end: string; total_amount: number; items: { description: string; product: string | null }[] }[];
    // Each line names the product it sells (its myDATA classification follows it).
    expect(new Set(invoices.filter((i) => i.subscription === a.id).flatMap((i) => i.items.map((l) => l.product)))).toEqual(new Set([annual]));
    const periods = (id: string) => invoices.filter((i) => i.subscription === id).map((i) => `${i.period_start}..${i.period_end}`).sort();
    expect(periods(m.id)).toEqual(['2026-01-31..2026-02-27', '2026-02-28..2026-03-30']);
    expect(periods(a.id)).toEqual(['2025-03-15..2026-03-14', '2026-03-15..2027-03-14']);
    expect(periods(o.id)).toEqual(['2026-02-10..2026-02-10']);
    expect(periods(off.id)).toEqual([]);
    expect(invoices.find((i) => i.subscription === a.id)!.total_amount).toBe(23800);
    const subs = (await admin.get('/api/subscriptions/')).body as { id: string; invoiced_until: string; next_billing_date: string | null; invoice_status: string }[];
    const byId = new Map(subs.map((s) => [s.id, s]));
    expect(byId.get(m.id)).toMatchObject({ invoiced_until: '2026-03-30', next_billing_date: '2026-03-31', invoice_status: 'Invoiced' });
    expect(byId.get(a.id)).toMatchObject({ invoiced_until: '2027-03-14', next_billing_date: '2027-03-15', invoice_status: 'Invoiced' });
    expect(byId.get(o.id)).toMatchObject({ invoiced_until: '2026-02-10', next_billing_date: null, invoice_status: 'Invoiced' });
    expect(byId.get(off.id)).toMatchObject({ invoiced_until: null, invoice_status: 'Due' });
    const second = await admin.post('/api/billing/generate-invoices/');
    expect(second.body.created).toBe(0);

    now = new Date('2026-03-31T08:00:00Z');
    const next = await admin.post('/api/billing/generate-invoices/');
    expect(next.body.created).toBe(1);
    expect((await admin.get(`/api/subscriptions/${m.id}/`)).body.next_billing_date).toBe('2026-04-30');
    now = new Date('2026-03-15T10:00:00Z');
  });

  it('issues the next period on demand, and refuses a done once-off', async () => {
    const s = await createSubscription(admin, { client: clientId, product: monthly, start_date: '2026-04-10' });
    const res = await admin.post(`/api/subscriptions/${s.id}/create-invoice/`);
    expect(res.status).toBe(201);
    // billed ahead of its start, so dated today
    expect(res.body).toMatchObject({ subscription: s.id, period_start: '2026-04-10', period_end: '2026-05-09', date: '2026-03-15', total_amount: 2380 });
    const again = await admin.post(`/api/subscriptions/${s.id}/create-invoice/`);
    expect(again.body.period_start).toBe('2026-05-10');
    const o = await createSubscription(admin, { client: clientId, product: once, start_date: '2026-03-01' });
    expect((await admin.post(`/api/subscriptions/${o.id}/create-invoice/`)).status).toBe(201);
    const done = await admin.post(`/api/subscriptions/${o.id}/create-invoice/`);
    expect(done.status).toBe(400);
    expect(done.body.message).toBe('This once-off subscription has already been invoiced.');
    const deleted = await admin.delete(`/api/subscriptions/${o.id}/`);
    expect(deleted.status).toBe(400);
    expect((await admin.post('/api/subscriptions/00000000-0000-4000-8000-000000000000/create-invoice/')).status).toBe(404);
  });

  it('refuses to invoice a cancelled subscription, on REST and GraphQL, writing nothing', async () => {
    const s = await createSubscription(admin, { client: clientId, product: monthly, start_date: '2026-03-01', status: 'cancelled' });
    const before = (await admin.get('/api/invoices/')).body.length;
    const res = await admin.post(`/api/subscriptions/${s.id}/create-invoice/`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This subscription has been cancelled; it is no longer invoiced.');
    const gql = await admin.graphql('mutation($id: ID!) { createSubscriptionInvoice(id: $id) { id } }', { id: s.id });
    expect(gql.body.errors[0]).toMatchObject({ message: 'This subscription has been cancelled; it is no longer invoiced.', extensions: { code: 'CONFLICT', reason: 'SUBSCRIPTION_CANCELLED' } });
    expect((await admin.get('/api/invoices/')).body.length).toBe(before);
  });

  it('shows subscriptions and invoices newest first on the client page', async () => {
    const detail = await admin.get(`/api/clients/${clientId}/`);
    const dates = detail.body.invoices.map((i: { date: string }) => i.date);
    expect(dates.length).toBeGreaterThan(3);
    expect(dates).toEqual([...dates].sort().reverse());
    const starts = detail.body.subscriptions.map((s: { start_date: string }) => s.start_date);
    expect(starts).toEqual([...starts].sort().reverse());
  });

  it('never duplicates when two generations run at once', async () => {
    const client = await createClient(admin, { name: 'Race Ltd' });
    for (let i = 0; i < 20; i++) await createSubscription(admin, { client: client.id, product: monthly, start_date: '2026-01-15' });
    // On PostgreSQL the second generator has its own pool and event store, as another process would.
    const url = server.testDb.databaseUrl;
    const otherDb = url ? await createDb({ databaseUrl: url, schema: server.testDb.schema, poolMax: 4 }) : server.testDb.db;
    const otherStore = new PostgresEventStore(otherDb);
    const other = createBillingServices({ ...server.runtime.deps, db: otherDb, eventStore: otherStore });
    const results = await Promise.all([
      server.runtime.services.billing.recurring.run(),
      other.recurring.run(),
      admin.post('/api/billing/generate-invoices/').then((r) => r.body),
    ]);
    await otherStore.close();
    if (url) await otherDb.destroy();
    expect(results.reduce((n, r) => n + r.created, 0)).toBe(60);
    const invoices = (await admin.get(`/api/invoices/?client=${client.id}`)).body as { subscription: string; period_start: string; invoice_number: string }[];
    expect(invoices).toHaveLength(60);
    expect(new Set(invoices.map((i) => `${i.subscription}/${i.period_start}`)).size).toBe(60);
    expect(new Set(invoices.map((i) => i.invoice_number)).size).toBe(60);
  });

  it('guards subscription paths', async () => {
    const anon = server.client();
    const user = await userClient(server, 'sub-user');
    expect((await anon.get('/api/subscriptions/')).status).toBe(401);
    expect((await user.get('/api/subscriptions/')).status).toBe(403);
    expect((await user.post('/api/subscriptions/00000000-0000-4000-8000-000000000000/create-invoice/')).status).toBe(403);
    expect((await admin.get('/api/subscriptions/bad-id/')).status).toBe(404);
  });
});
