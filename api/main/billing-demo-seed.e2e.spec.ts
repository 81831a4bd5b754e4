import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { seedBillingDemo } from './billing-demo-seed';
import { adminOf } from '../invoicing/test/fixtures';

describe.each(testBackends())('demo billing data on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(backend, { env: { SEED_DEMO: 'true' }, clock: () => new Date('2026-06-20T09:00:00Z') });
    admin = await adminOf(server);
  });
  afterAll(() => server?.close());

  it('loads clients, the pricing products, subscriptions and issued, sent and paid invoices over months', async () => {
    const products = (await admin.get('/api/products/')).body as { name: string; price: number; billing_cycle: string }[];
    expect(products).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ price: 2000, billing_cycle: 'monthly' }),
        expect.objectContaining({ price: 20000, billing_cycle: 'annually' }),
      ]),
    );
    expect((await admin.get('/api/clients/')).body.length).toBeGreaterThanOrEqual(5);
    const subs = (await admin.get('/api/subscriptions/')).body as { status: string; invoice_status: string }[];
    expect(subs.some((s) => s.status === 'cancelled')).toBe(true);
    expect(subs.filter((s) => s.status === 'active').every((s) => s.invoice_status === 'Invoiced')).toBe(true);
    const invoices = (await admin.get('/api/invoices/')).body as { date: string; paid: boolean; sent: boolean }[];
    expect(invoices.length).toBeGreaterThanOrEqual(12);
    expect(invoices.some((i) => i.paid)).toBe(true);
    expect(invoices.some((i) => !i.paid)).toBe(true);
    expect(invoices.some((i) => i.sent)).toBe(true);
    expect(new Set(invoices.map((i) => i.date.slice(0, 7))).size).toBeGreaterThanOrEqual(5);
  });

  it('gives the portal a client login and never seeds twice', async () => {
    const user = await server.testDb.db('users').where({ username: 'client' }).first();
    expect(user.client_id).toBeTruthy();
    const before = (await admin.get('/api/invoices/')).body.length;
    expect(await seedBillingDemo(server.runtime.deps, server.runtime.services.billing)).toBe(false);
    expect((await admin.get('/api/invoices/')).body.length).toBe(before);
  });
});
