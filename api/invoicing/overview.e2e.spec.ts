import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceService } from './invoice.service';
import { createClientWithLogin, createInvoice } from '../../test/billing-fixtures';
import { testBackends } from '../../test/db';
import { startTestServer, type TestServer } from '../../test/server';

const OVERVIEW = `{ adminOverview(recentPayments: 5) { today receivables unpaidCount overdueCount overdueAmount revenueMonth revenueYear
  recentPayments { invoiceNumber clientName amount method } } }`;

describe.each(testBackends())('admin overview over GraphQL on $name', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-11-20T10:00:00Z') });
    const deps = server.runtime.deps;
    const acme = await createClientWithLogin(deps, 'Acme Overview');
    await createInvoice(deps, acme.id, 100, '2026-11-01', '2026-11-10'); // overdue
    await createInvoice(deps, acme.id, 250.5, '2026-11-15', '2026-12-01'); // open, not due
    const paid = await createInvoice(deps, acme.id, 40, '2026-03-01', '2026-03-15');
    await new InvoiceService(deps).markAsPaid(paid.id, 'test');
    await createInvoice(deps, acme.id, 999, '2025-12-30', '2026-01-10'); // last year, overdue
  });
  afterAll(() => server?.close());

  it('sums receivables, overdue and revenue from the read models and lists the latest payment', async () => {
    const admin = server.client();
    await admin.login();
    const res = await admin.graphql(OVERVIEW);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.adminOverview).toEqual({
      today: '2026-11-20',
      receivables: 1349.5,
      unpaidCount: 3,
      overdueCount: 2,
      overdueAmount: 1099,
      revenueMonth: 350.5,
      revenueYear: 390.5,
      recentPayments: [{ invoiceNumber: expect.any(String), clientName: 'Acme Overview', amount: 40, method: expect.any(String) }],
    });
  });

  it('gives the last twelve months of invoicing, money received and cash at each month end', async () => {
    const admin = server.client();
    await admin.login();
    const res = await admin.graphql('{ monthlyTrends { month invoiced collected cashBalance } }');
    expect(res.body.errors).toBeUndefined();
    const trends = res.body.data.monthlyTrends as { month: string; invoiced: number; collected: number; cashBalance: number }[];
    expect(trends.map((m) => m.month)).toEqual(['2025-12-01', ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`)]);
    const at = (month: string) => trends.find((m) => m.month === month)!;
    expect(at('2025-12-01')).toEqual({ month: '2025-12-01', invoiced: 999, collected: 0, cashBalance: 0 });
    expect(at('2026-03-01')).toMatchObject({ invoiced: 40, collected: 0, cashBalance: 0 });
    // Marked as paid on the clock's day: received in November, and in the bank at its end.
    expect(at('2026-11-01')).toEqual({ month: '2026-11-01', invoiced: 350.5, collected: 40, cashBalance: 40 });
    expect(trends.reduce((sum, m) => sum + m.invoiced, 0)).toBe(1389.5);
  });

  it('is for superusers only', async () => {
    const anonymous = await server.client().graphql(OVERVIEW);
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
