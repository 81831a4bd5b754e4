import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createProduct, createSubscription } from '../invoicing/test/fixtures';
import { generatedInvoiceId } from './recurring';

/**
 * Issue 37, item 3: recurring generation writes through the command handler, so a period whose
 * invoice date is in a locked period is refused exactly as POST /api/invoices/ refuses that date:
 * the run reports it (reason and message), writes nothing of it (no event, no number), holds the
 * subscription's later periods back, issues everything else, and issues it once the period reopens.
 */
describe.each(testBackends())('recurring generation under the period lock on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let clientId: string;
  let monthly: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
    clientId = (await createClient(admin, { name: 'Locked Periods Ltd' })).id;
    monthly = (await createProduct(admin, { name: 'Monitoring monthly', price: 100, billing_cycle: 'monthly', vat_rate: 19 })).id;
  });
  afterAll(() => server?.close());

  const invoicesOf = async (subscription: string) =>
    ((await admin.get(`/api/invoices/?client=${clientId}`)).body as { subscription: string; period_start: string; date: string; invoice_number: string }[])
      .filter((i) => i.subscription === subscription)
      .sort((a, b) => a.period_start.localeCompare(b.period_start));

  it('refuses a period dated in the locked period as POST /api/invoices/ does, writes nothing of it, and issues it once the period reopens', async () => {
    // Due on 2026-03-15: 2025-12-01, 2026-01-01, 2026-02-01 and 2026-03-01; the first is in the locked year.
    const behind = await createSubscription(admin, { client: clientId, product: monthly, start_date: '2025-12-01' });
    // Due: 2026-01-10, 2026-02-10, 2026-03-10, all open.
    const open = await createSubscription(admin, { client: clientId, product: monthly, start_date: '2026-01-10' });
    expect((await admin.put('/api/accounting/lock/', { locked_through: '2025-12-31' })).status).toBe(200);

    // What a person is told for an invoice on that day.
    const byHand = await admin.post('/api/invoices/', { client: clientId, date: '2025-12-01', due_date: '2025-12-15', paid: false, items: [{ description: 'Monitoring', quantity: 1, unit_price: 100, vat_rate: 19 }] });
    expect(byHand.status).toBe(400);
    expect(byHand.body).toMatchObject({ message: 'The books are locked up to 2025-12-31.', reason: 'BOOKS_LOCKED', params: { date: '2025-12-31' } });

    const run = await admin.post('/api/billing/generate-invoices/');
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toMatchObject({ created: 3, skipped: 0, subscriptions: 2 });
    expect(run.body.refused).toEqual([
      { subscription: behind.id, period_start: '2025-12-01', period_end: '2025-12-31', date: '2025-12-01', reason: byHand.body.reason, message: byHand.body.message },
    ]);
    expect((await invoicesOf(open.id)).map((i) => i.period_start)).toEqual(['2026-01-10', '2026-02-10', '2026-03-10']);
    // Nothing half-written: the refused period has no stream and no number, and its later periods waited for it.
    expect(await invoicesOf(behind.id)).toEqual([]);
    const refusedId = generatedInvoiceId(behind.id, '2025-12-01');
    expect(await server.runtime.deps.eventStore.readStream(`invoice-${refusedId}`)).toEqual([]);
    expect(await server.testDb.db('document_numbers').where({ document_id: refusedId })).toEqual([]);
    expect(await server.testDb.db('document_number_sequences').where({ series: 'invoice', year: 2025 })).toEqual([]);
    expect((await admin.get(`/api/subscriptions/${behind.id}/`)).body).toMatchObject({ invoiced_until: null, next_billing_date: '2025-12-01' });

    // The scheduler's run, whose reports of what happened are otherwise deferred past the lock, is refused too; so is GraphQL's.
    const scheduled = await server.runtime.services.billing.recurring.run({ actor: 'scheduler' });
    expect(scheduled).toMatchObject({ created: 0, refused: [{ subscriptionId: behind.id, periodStart: '2025-12-01', reason: 'BOOKS_LOCKED' }] });
    const gql = await admin.graphql('mutation { generateRecurringInvoices { created skipped refused { subscriptionId periodStart periodEnd date reason message } } }');
    expect(gql.body.data.generateRecurringInvoices).toEqual({
      created: 0,
      skipped: 0,
      refused: [{ subscriptionId: behind.id, periodStart: '2025-12-01', periodEnd: '2025-12-31', date: '2025-12-01', reason: 'BOOKS_LOCKED', message: byHand.body.message }],
    });
    // The on-demand invoice of that period answers what POST /api/invoices/ answers.
    const onDemand = await admin.post(`/api/subscriptions/${behind.id}/create-invoice/`);
    expect(onDemand.status).toBe(400);
    expect(onDemand.body).toEqual(byHand.body);
    expect(await invoicesOf(behind.id)).toEqual([]);

    // Reopened: the next run issues the period and those that waited for it, in order.
    expect((await admin.put('/api/accounting/lock/', { locked_through: null })).status).toBe(200);
    const after = await admin.post('/api/billing/generate-invoices/');
    expect(after.body).toMatchObject({ created: 4, refused: [] });
    const issued = await invoicesOf(behind.id);
    expect(issued.map((i) => [i.period_start, i.date])).toEqual([
      ['2025-12-01', '2025-12-01'],
      ['2026-01-01', '2026-01-01'],
      ['2026-02-01', '2026-02-01'],
      ['2026-03-01', '2026-03-01'],
    ]);
    expect(issued[0]!.invoice_number).toBe('2025-000001');
    expect((await admin.get(`/api/subscriptions/${behind.id}/`)).body).toMatchObject({ invoiced_until: '2026-03-31', next_billing_date: '2026-04-01' });
  });
});
