import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin, createInvoice } from '../../test/billing-fixtures';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { InvoiceService } from '../invoicing/invoice.service';

const LOCKED_DAY = '2025-12-31';

describe.each(testBackends())('aged receivables as of a locked day on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let clientId: string;
  const aged = async (asOf: string) => {
    const res = await admin.get(`/api/reports/aged-receivables/?as_of=${asOf}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const graphqlAged = async (asOf: string) =>
    (await admin.graphql('query($asOf: String) { agedReceivables(asOf: $asOf) { net totals { current days1to30 days31to60 over90 } clients { clientName buckets { current days31to60 } } } }', { asOf })).body.data.agedReceivables;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T12:00:00Z') });
    admin = server.client();
    await admin.login();
    clientId = (await createClientWithLogin(server.runtime.deps, 'Slow Payer Ltd')).id;
  });
  afterAll(() => server?.close());

  it('stay the same after a due date moves, a draft is deleted or the year is closed; later days follow the change', async () => {
    // Issued in November, due on 30 November: on 31 December it is 31 days late.
    const issued = await createInvoice(server.runtime.deps, clientId, 1000, '2025-11-01', '2025-11-30');
    await new InvoiceService(server.runtime.deps).send(issued.id, 'test');
    // A draft of December, never sent, due on 10 December.
    const draft = await createInvoice(server.runtime.deps, clientId, 200, '2025-12-01', '2025-12-10');
    const before = await aged(LOCKED_DAY);
    const client = (r: { clients: Array<{ client_id: string }> }) => r.clients.find((c) => c.client_id === clientId);
    expect(client(before)).toMatchObject({ current: 0, days_1_30: 200, days_31_60: 1000, total: 1200 });
    const beforeGraphql = await graphqlAged(LOCKED_DAY);

    expect((await admin.post('/api/accounting/year-end-close/', { fiscal_year: 2025 })).status).toBe(200);
    // A payment plan: the due date moves to the end of March (the whole representation PUT back).
    const read = (await admin.get(`/api/invoices/${issued.id}/`)).body;
    const back = { ...read, client: read.client.id, version: undefined };
    const moved = await admin.put(`/api/invoices/${issued.id}/`, { ...back, due_date: '2026-03-31' });
    expect(moved.status).toBe(200);
    expect((await admin.delete(`/api/invoices/${draft.id}/`)).status).toBe(204);

    expect(await aged(LOCKED_DAY)).toEqual(before);
    expect(await graphqlAged(LOCKED_DAY)).toEqual(beforeGraphql);
    // From the first open day the invoice ages by its new due date, and the deleted draft is gone.
    expect(client(await aged('2026-01-01'))).toMatchObject({ current: 1000, days_1_30: 0, days_31_60: 0, total: 1000 });
    expect(client(await aged('2026-03-15'))).toMatchObject({ current: 1000, total: 1000 });
    expect(client(await aged('2026-04-30'))).toMatchObject({ current: 0, days_1_30: 1000 });

    // Moved again while the year stays closed: the locked day still does not change.
    const again = await admin.put(`/api/invoices/${issued.id}/`, { ...back, due_date: '2026-02-15' });
    expect(again.status).toBe(200);
    expect(await aged(LOCKED_DAY)).toEqual(before);
    expect(client(await aged('2026-03-15'))).toMatchObject({ current: 0, days_1_30: 1000 });

    // Reopening unlocks the year: corrections there may change its figures again, and the report follows the terms now.
    expect((await admin.post('/api/accounting/year-end-reopen/', { fiscal_year: 2025, reason: 'Payment plan agreed in December' })).status).toBe(200);
    expect((await admin.put(`/api/invoices/${issued.id}/`, { ...back, due_date: '2026-02-16' })).status).toBe(200);
    expect(client(await aged(LOCKED_DAY))).toMatchObject({ current: 1000, days_31_60: 0 });
  });
});
