import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDb } from '../../test/db';
import { openCentsOf, openCentsSql } from './invoice.queries';

/** gross, credited, paid, written off, recovered (cents) and what the invoice still owes. */
const CASES: [string, number, number, number, number, number, number][] = [
  ['unpaid', 10_000, 0, 0, 0, 0, 10_000],
  ['part paid', 10_000, 0, 2_550, 0, 0, 7_450],
  ['paid and part credited', 10_000, 3_000, 7_000, 0, 0, 0],
  ['overpaid (credit balance, nothing owed)', 10_000, 0, 12_500, 0, 0, 0],
  ['credited beyond what was left', 10_000, 6_000, 6_000, 0, 0, 0],
  ['written off', 10_000, 0, 4_000, 6_000, 0, 0],
  ['written off, part recovered', 10_000, 0, 6_500, 6_000, 2_500, 0],
  ['written off, recovered, then refunded', 10_000, 0, 1_000, 6_000, 6_000, 9_000],
  ['written off, part recovered, then refunded', 10_000, 0, 4_000, 6_000, 2_000, 2_000],
  ['paid, then refunded after a write-off (owed again)', 10_000, 0, 0, 6_000, 0, 4_000],
];

describe.each(testBackends())('the open amount in SQL (openCentsSql) on $name', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await backend.create();
  });
  afterAll(() => testDb?.destroy());

  it('is what the invoice list answers as open_amount (openCentsOf, the domain rule) for every settlement', async () => {
    const db = testDb.db;
    const clientId = randomUUID();
    const rows = CASES.map(([name, gross, credited, paid, writtenOff, recovered], i) => ({
      id: randomUUID(),
      client_id: clientId,
      invoice_number: `OPEN-${i}-${name.length}`,
      date: '2026-04-01',
      due_date: '2026-04-30',
      paid: false,
      sent: true,
      issued: true,
      net_cents: gross,
      vat_cents: 0,
      gross_cents: gross,
      paid_cents: paid,
      credited_cents: credited,
      cancelled: false,
      written_off_cents: writtenOff,
      recovered_cents: recovered,
      written_off_on: writtenOff > 0 ? '2026-04-20' : null,
      items: JSON.stringify([]),
      revision: 0,
      issued_at: new Date('2026-04-01T10:00:00Z'),
    }));
    await db('invoice_list').insert(rows);
    const answered: { id: string; open_cents: string | number }[] = await db('invoice_list as i').where('i.client_id', clientId).select('i.id', db.raw(`${openCentsSql('i')} as open_cents`));
    const byId = new Map(answered.map((r) => [r.id, Number(r.open_cents)]));
    const got = CASES.map((c, i) => [c[0], byId.get(rows[i]!.id), openCentsOf(rows[i]!)]);
    expect(got).toEqual(CASES.map((c) => [c[0], c[6], c[6]]));
    // Unaliased, as the overview sums it.
    const total = await db('invoice_list').where({ client_id: clientId }).first(db.raw(`sum(${openCentsSql()}) as cents`));
    expect(Number(total.cents)).toBe(CASES.reduce((sum, c) => sum + c[6], 0));
  });
});
