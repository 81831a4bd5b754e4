import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDb } from '../../test/db';
import { PostgresEventStore } from '../../eventstore/postgres/postgres-event-store';
import { withUpcasters } from '../../eventstore/upcasting';
import { INVOICE_SCHEMA_VERSION, invoiceStreamId } from '../../domain/invoice/events';
import { decodeInvoiceEvent, foldInvoiceStream } from '../../domain/invoice/stream';
import { invoiceModel } from '../invoicing/invoice-stream';
import { upcasters } from './upcasters';

const invoiceId = '7a1f0c2e-3b4d-4e5f-8a6b-7c8d9e0f1a2b';
const oldLines = [
  { description: 'Plan', quantity: 1, unitPriceCents: 10000, vatRateBp: 1900, netCents: 10000, vatCents: 1900, grossCents: 11900 },
  { description: 'Export papers', quantity: 1, unitPriceCents: 1000, vatRateBp: 0, netCents: 1000, vatCents: 0, grossCents: 1000 },
];
const totals = { netCents: 11000, vatCents: 1900, grossCents: 12900 };

describe.each(testBackends())('invoice events of schema version 1 read through the product upcasters on $name', (backend) => {
  let testDb: TestDb;
  let raw: PostgresEventStore;
  beforeAll(async () => {
    testDb = await backend.create();
    raw = new PostgresEventStore(testDb.db, { pollMs: 100 });
    // As a release before e-invoices stored it: no parties, no VAT categories, schema version 1.
    await testDb.db('streams').insert({ stream_id: invoiceStreamId(invoiceId), revision: 0 });
    await testDb.db('events').insert({
      event_id: '11111111-1111-4111-8111-111111111111',
      stream_id: invoiceStreamId(invoiceId),
      stream_revision: 0,
      type: 'InvoiceIssued',
      data: JSON.stringify({ invoiceId, invoiceNumber: '2025-000001', clientId: 'c1', date: '2025-03-01', dueDate: '2025-03-31', lines: oldLines, totals, period: null }),
      metadata: JSON.stringify({ actor: 'legacy', schemaVersion: 1, recordedAt: '2025-03-01T00:00:00.000Z' }),
    });
  });
  afterAll(async () => {
    await raw.close();
    await testDb.destroy();
  });

  it('hands the old event back in the current shape, and a new one as written, without rewriting the store', async () => {
    const store = withUpcasters(raw, upcasters());
    const sent = invoiceModel.toNew({ type: 'InvoiceSent', data: { invoiceId, to: 'a@b.test', sentAt: '2025-03-02T00:00:00.000Z' } }, 'u1');
    await store.append(invoiceStreamId(invoiceId), [sent], { expectedRevision: 0 });

    const read = await store.readStream(invoiceStreamId(invoiceId));
    expect(read.map((e) => e.metadata.schemaVersion)).toEqual([INVOICE_SCHEMA_VERSION, INVOICE_SCHEMA_VERSION]);
    expect(decodeInvoiceEvent(read[0]!)).toMatchObject({
      type: 'InvoiceIssued',
      data: { parties: null, lines: [{ vatCategory: 'S', vatRateBp: 1900 }, { vatCategory: 'Z', vatRateBp: 0 }] },
    });
    expect(read[1]!.data).toEqual(sent.data);
    expect(foldInvoiceStream(read)).toMatchObject({ status: 'issued', sent: true, parties: null, lines: [{ vatCategory: 'S' }, { vatCategory: 'Z' }] });

    await expect.poll(async () => (await store.readAll()).events.length, { timeout: 30_000 }).toBe(2);
    expect((await store.readAll()).events.map((e) => e.data)).toEqual(read.map((e) => e.data));
    // Stored as written: upcasting happens on every read, never in the table.
    const [stored] = await raw.readStream(invoiceStreamId(invoiceId));
    expect(stored!.metadata.schemaVersion).toBe(1);
    expect(stored!.data).not.toHaveProperty('parties');
  });
});
