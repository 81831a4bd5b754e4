import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDb } from '../../test/db';
import { invoiceListMigrations } from './migrations';

const ISSUED = invoiceListMigrations.find((m) => m.name === '202611280310_fix18_projection_invoice_list_issued')!;

describe.each(testBackends())('invoice list issued column on $name', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await backend.create();
  });
  afterAll(() => testDb?.destroy());

  it('rows written before it are issued when sent, paid, or with any payment ever recorded (a full refund included)', async () => {
    const { db } = testDb;
    await ISSUED.down!(db);
    const row = (fields: { sent?: boolean; paid_cents?: number }) => ({
      id: randomUUID(), client_id: randomUUID(), invoice_number: `N-${randomUUID().slice(0, 8)}`, date: '2026-11-01', due_date: '2026-11-15', paid: false, sent: false,
      net_cents: 100, vat_cents: 0, gross_cents: 100, paid_cents: 0, items: '[]', revision: 0, issued_at: new Date(), ...fields,
    });
    const [draft, sent, partly, refunded] = [row({}), row({ sent: true }), row({ paid_cents: 40 }), row({})];
    await db('invoice_list').insert([draft, sent, partly, refunded]);
    await db('invoice_payments').insert({ payment_id: randomUUID(), invoice_id: refunded.id, amount_cents: 100, refunded_cents: 100, date: '2026-11-02', method: 'stripe', actor: 'stripe', recorded_at: new Date() });
    await ISSUED.up(db);
    const rows = await db('invoice_list').whereIn('id', [draft.id, sent.id, partly.id, refunded.id]).select('id', 'issued');
    const issued = new Map(rows.map((r: { id: string; issued: boolean }) => [r.id, r.issued]));
    expect([draft, sent, partly, refunded].map((r) => issued.get(r.id))).toEqual([false, true, true, true]);
  });
});
