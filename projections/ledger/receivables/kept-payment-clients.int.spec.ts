import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDb } from '../../../test/db';
import { ledgerMigrations } from '../migrations';

const KEPT = ledgerMigrations.find((m) => m.name === '202611280300_fix18_kept_payment_receivable_clients')!;

describe.each(testBackends())('receivable rows of deleted invoices with kept payments on $name', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await backend.create();
  });
  afterAll(() => testDb?.destroy());

  it('rows written before the client was kept take it from the payment kept for the deleted invoice', async () => {
    const { db } = testDb;
    await KEPT.down!(db);
    const [kept, voidedUnpaid, live, client, other] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await db('receivable_balances').insert([
      { invoice_id: kept, balance_cents: -3_000, client_id: null, due_date: null },
      { invoice_id: voidedUnpaid, balance_cents: 0, client_id: null, due_date: null },
      { invoice_id: live, balance_cents: 5_000, client_id: other, due_date: '2026-11-30' },
    ]);
    const payment = (invoiceId: string, reason: string | null, clientId: string | null) => ({
      payment_id: randomUUID(), invoice_id: invoiceId, amount_cents: 3_000, date: '2026-11-20', method: 'stripe', actor: 'stripe', recorded_at: new Date(),
      unexpected_reason: reason, invoice_number: '2026-000042', client_id: clientId,
    });
    await db('invoice_payments').insert([payment(kept, 'deleted', client), payment(live, null, null)]);
    await KEPT.up(db);
    const rows = await db('receivable_balances').whereIn('invoice_id', [kept, voidedUnpaid, live]).select('invoice_id', 'client_id');
    const clientOf = new Map(rows.map((r: { invoice_id: string; client_id: string | null }) => [r.invoice_id, r.client_id]));
    expect([clientOf.get(kept), clientOf.get(voidedUnpaid), clientOf.get(live)]).toEqual([client, null, other]);
  });
});
