import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOf, createClient, createInvoice } from '../../api/invoicing/test/fixtures';
import { testBackends } from '../../test/db';
import { EventStoreDbTestServer } from '../../test/eventstoredb-test-server';
import { startTestServer, type TestServer } from '../../test/server';

/** EVENTSTORE_URL set: events go to EventStoreDB and the read models in PostgreSQL follow them. */
describe('the product with EVENTSTORE_URL', () => {
  const esdb = new EventStoreDbTestServer();
  let server: TestServer;
  beforeAll(async () => {
    const url = await esdb.start();
    server = await startTestServer(testBackends()[0]!, { env: { EVENTSTORE_URL: url } });
  });
  afterAll(async () => {
    await server?.close();
    await esdb.stop();
  });

  it('appends invoice events to EventStoreDB and serves the projected list right after the command', async () => {
    expect(server.runtime.deps.eventStore.kind).toBe('eventstoredb');
    const admin = await adminOf(server);
    const client = await createClient(admin);
    const invoice = await createInvoice(admin, {
      client: client.id,
      date: '2026-03-01',
      due_date: '2026-03-15',
      items: [{ description: 'Audit', quantity: 1, unit_price: 1000, vat_rate: 19 }],
    });
    const list = await admin.get('/api/invoices/');
    expect(list.body.map((i: { id: string }) => i.id)).toContain(invoice.id);
    const { events } = await server.runtime.deps.eventStore.readAll();
    const issued = events.filter((e) => (e.data as { invoiceId?: string }).invoiceId === invoice.id);
    expect(issued.length).toBeGreaterThan(0);
    expect(issued[0]!.position).toMatch(/^\d{20}\/\d{20}$/);
  });
});
