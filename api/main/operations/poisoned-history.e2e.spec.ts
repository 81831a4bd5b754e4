import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceStreamId, type InvoiceIssued } from '../../../domain/invoice/events';
import { lineAmounts } from '../../../domain/shared/money';
import { readSkips } from '../../../projections/skips';
import { testBackends } from '../../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { adminOf, createClient, createInvoice } from '../../invoicing/test/fixtures';
import { writePathOf } from '../../write/write-path';
import { projections } from '../read-models';
import { repairImpossibleDocuments } from './repair';

type GqlBody = { data: Record<string, any> | null; errors?: Array<{ message: string }> };

/**
 * The penetration test's poisoned history, as the code before the bounds wrote it: an invoice of
 * 1,000 × 99,999,999,999.99 (totals beyond exact arithmetic), and a larger one beyond even
 * PostgreSQL's bigint (which put read models into a failed state). Lists and reports must still
 * answer with the events reported, and the documented operator step must clear it.
 */
describe.each(testBackends())('poisoned history on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let clientId: string;
  let exactId: string;
  const poison: { id: string; eventId: string }[] = [];
  const gql = async (query: string) => (await admin.graphql(query)).body as GqlBody;

  /** Appends an InvoiceIssued straight into the store, with the amounts the old code computed. */
  const appendOldInvoice = async (number: string, quantityMilli: number, unitPriceCents: number) => {
    const invoiceId = randomUUID();
    const amounts = lineAmounts(quantityMilli, unitPriceCents, 1900);
    const data: InvoiceIssued['data'] = {
      invoiceId,
      invoiceNumber: number,
      clientId,
      date: '2026-03-02',
      dueDate: '2026-03-16',
      lines: [{ description: 'Impossible', quantity: quantityMilli / 1000, unitPriceCents, vatRateBp: 1900, ...amounts, vatCategory: 'S' }],
      totals: amounts,
      period: null,
      parties: null,
    };
    const { position } = await server.runtime.deps.eventStore.append(invoiceStreamId(invoiceId), [{ type: 'InvoiceIssued', data, metadata: { actor: 'system', schemaVersion: 1 } }], { expectedRevision: 'no_stream' });
    const [event] = await server.runtime.deps.eventStore.readStream(invoiceStreamId(invoiceId));
    poison.push({ id: invoiceId, eventId: event!.eventId });
    return position;
  };

  const statusByName = async () => {
    const body = await gql('{ projectionStatus { name state skipped skippedResolved skippedEvents { eventId streamId eventType error } } }');
    return new Map((body.data!.projectionStatus as { name: string; state: string; skipped: number; skippedResolved: number; skippedEvents: { eventId: string; error: string }[] }[]).map((s) => [s.name, s]));
  };

  const everyListAndReportAnswers = async () => {
    for (const path of [
      '/api/invoices/',
      '/api/journal-entries/',
      '/api/credit-notes/',
      '/api/reports/aged-receivables/',
      '/api/reports/balance-sheet/?as_of=2026-12-31',
      '/api/reports/income-statement/?from=2026-01-01&to=2026-12-31',
      '/api/reports/trial-balance/export/?as_of=2026-12-31&format=xlsx',
      '/api/accounting/journal-export/?from=2026-01-01&to=2026-12-31',
      `/api/clients/${clientId}/statement/?from=2026-01-01&to=2026-12-31`,
    ]) {
      expect((await admin.get(path)).status, path).toBe(200);
    }
    const overview = await gql('{ adminOverview(recentPayments: 5) { receivables unpaidCount } monthlyTrends { month invoiced } agedReceivables { totals { current } } }');
    expect(overview.errors).toBeUndefined();
    return overview.data!.adminOverview as { receivables: number; unpaidCount: number };
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
    clientId = (await createClient(admin)).id;
    exactId = (await createInvoice(admin, { client: clientId, date: '2026-03-01', due_date: '2026-03-15', items: [{ description: 'Work', quantity: 1, unit_price: 100, vat_rate: 19 }] })).id;
    expect((await admin.post(`/api/invoices/${exactId}/send/`)).status).toBe(200);
    await appendOldInvoice('2026-000901', 1_000_000, 9_999_999_999_999);
    const last = await appendOldInvoice('2026-000902', 1_000_000_000, 1_000_000_000_000);
    expect(await server.runtime.deps.projections.waitFor(last, { timeoutMs: 20_000, includeReactors: true })).toBe(true);
  });
  afterAll(() => server?.close());

  it('lists and reports still answer; the impossible invoices are left out and reported, never folded', async () => {
    const overview = await everyListAndReportAnswers();
    expect(overview).toEqual({ receivables: 119, unpaidCount: 1 });
    const list = (await admin.get('/api/invoices/')).body as { id: string }[];
    expect(list.map((i) => i.id)).toEqual([exactId]);
    const status = await statusByName();
    for (const name of ['invoice_list', 'public_invoices', 'ledger']) expect(status.get(name), name).toMatchObject({ state: 'running', skipped: 2, skippedResolved: 0 });
    // Every handler that reads InvoiceIssued passed over exactly those two, and nothing else.
    for (const [name, s] of status) {
      expect(s.state, name).not.toBe('failed');
      if (s.skipped === 0) continue;
      expect(s.skippedEvents.map((e) => e.eventId).sort(), name).toEqual(poison.map((p) => p.eventId).sort());
      expect(s.skippedEvents[0]!.error, name).toMatch(/^Amounts beyond exact arithmetic: /);
    }
    // The trial balance holds only the exact invoice: Dr receivables 119.00.
    const tb = await admin.get('/api/reports/balance-sheet/?as_of=2026-12-31');
    expect(JSON.stringify(tb.body)).not.toMatch(/e\+/);
  });

  it('the operator step annuls them with a corrective event, rebuilds, and leaves nothing unresolved; a second run does nothing', async () => {
    const deps = server.runtime.deps;
    const repair = () => repairImpossibleDocuments({ db: deps.db, store: deps.eventStore, logger: deps.logger, engine: deps.projections, projections: projections(), commands: writePathOf(deps).commands });
    const result = await repair();
    expect(result.annulled.map((a) => a.invoiceId).sort()).toEqual(poison.map((p) => p.id).sort());
    expect(result.annulled.flatMap((a) => a.annuls).sort()).toEqual(poison.map((p) => p.eventId).sort());
    expect(result).toMatchObject({ unrepairable: [], unresolved: 0 });
    expect(result.rebuilt.every((r) => r.caughtUp)).toBe(true);

    const status = await statusByName();
    for (const name of ['invoice_list', 'public_invoices', 'ledger']) expect(status.get(name), name).toMatchObject({ skipped: 0, skippedResolved: 2, skippedEvents: [] });
    for (const [name, s] of status) expect(s.skipped, name).toBe(0);
    expect(await readSkips(deps.db, { unresolvedOnly: true })).toEqual([]);
    // The annulment is in the invoice's history; the invoice reads as gone, the exact one as before.
    const [first] = poison;
    const history = (await admin.get(`/api/invoices/${first!.id}/history/`)).body as { type: string; data: unknown }[];
    expect(history.map((h) => h.type)).toEqual(['InvoiceIssued', 'InvoiceVoided']);
    expect(JSON.stringify(history[1]!.data)).toContain('annulled');
    expect((await admin.get(`/api/invoices/${first!.id}/`)).status).toBe(404);
    expect(await everyListAndReportAnswers()).toEqual({ receivables: 119, unpaidCount: 1 });

    const again = await repair();
    expect(again.annulled).toEqual([]);
    expect(again.unresolved).toBe(0);
  });
});
