import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { bucketOf } from '../../domain/accounting/aging';
import type { BillEvent } from '../../domain/bill/events';
import { toEuroCents } from '../../domain/currency/conversion';
import { billsProjection } from '../../projections/bills/bills';
import { payableSums } from '../../projections/bills/queries';
import { totalsInRange } from '../../projections/ledger/balances/queries';
import { ledgerProjection } from '../../projections/ledger/ledger.projection';
import { LEDGER_TABLES } from '../../projections/ledger/migrations';
import { billHistoryArb, dayArb, recordedEvents } from '../../test/accounting/history';
import { testBackends, type TestDb } from '../../test/db';
import type { AppDeps } from '../platform/deps';
import { BillService } from './bill.service';

/**
 * What each supplier is owed (credit notes: holds as credit) in euros as booked as of a day, per
 * aging bucket, from the events alone: posted documents dated on or before it (in another currency
 * their gross at their rate), less their payments dated on or before it that were not taken back (in
 * another currency the booked euros each cleared).
 */
const owedFromEvents = (events: BillEvent[], day: string): Map<string, number> => {
  const bills = new Map<string, { supplierId: string; date: string; dueDate: string; gross: number; credit: boolean; payments: Map<string, { date: string; cents: number }> }>();
  for (const e of events) {
    if (e.type === 'BillPosted') {
      const gross = e.data.fx ? toEuroCents(e.data.totals.grossCents, e.data.fx.rate) : e.data.totals.grossCents;
      bills.set(e.data.billId, { supplierId: e.data.supplierId, date: e.data.date, dueDate: e.data.dueDate, gross, credit: e.data.documentType === 'credit_note', payments: new Map() });
    }
    if (e.type === 'BillPaymentRecorded') bills.get(e.data.billId)!.payments.set(e.data.paymentId, { date: e.data.date, cents: e.data.fx ? e.data.fx.relievedCents : e.data.amountCents });
    if (e.type === 'BillPaymentRemoved') bills.get(e.data.billId)!.payments.delete(e.data.paymentId);
  }
  const out = new Map<string, number>();
  for (const b of bills.values()) {
    if (b.date > day) continue;
    const paid = [...b.payments.values()].filter((p) => p.date <= day).reduce((sum, p) => sum + p.cents, 0);
    const key = `${b.supplierId}|${b.credit ? 'credit' : bucketOf(b.dueDate, day)}`;
    out.set(key, (out.get(key) ?? 0) + (b.credit ? -1 : 1) * (b.gross - paid));
  }
  return new Map([...out].filter(([, cents]) => cents !== 0));
};

describe.each(testBackends())('aged payables on $name', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await backend.create();
  });
  afterAll(() => testDb?.destroy());

  it('owe, per supplier and bucket, what the bills, credit notes, payments, refunds and removed payments say (in euros as booked, some in other currencies), and total the Accounts Payable balance as of any day', async () => {
    await fc.assert(
      fc.asyncProperty(billHistoryArb(40), fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 }), fc.array(dayArb, { minLength: 1, maxLength: 4 }), async (history, cuts, days) => {
        for (const t of [...LEDGER_TABLES, 'bill_list']) await testDb.db(t).delete();
        const events = recordedEvents(history);
        const projections = [ledgerProjection(), billsProjection()];
        for (let i = 0, c = 0; i < events.length; c += 1) {
          const batch = events.slice(i, i + cuts[c % cuts.length]!);
          await testDb.db.transaction(async (trx) => {
            for (const p of projections) await p.apply(trx, batch);
          });
          i += batch.length;
        }
        const billEvents = history.map((h) => h.event as BillEvent);
        const bills = new BillService({ db: testDb.db, clock: () => new Date('2026-06-30T12:00:00Z') } as AppDeps);
        for (const day of [...days, '2027-12-31']) {
          const sums = await payableSums(testDb.db, day);
          const fromDb = new Map(sums.filter((r) => Number(r.cents) !== 0).map((r) => [`${r.supplier_id}|${r.bucket}`, Number(r.cents)]));
          expect({ day, owed: fromDb }).toEqual({ day, owed: owedFromEvents(billEvents, day) });
          // Nothing else posts to Accounts Payable here: the report names a supplier for every cent of it.
          const ap = (await totalsInRange(testDb.db, undefined, day, SYSTEM_ACCOUNT_IDS.payables)).get(SYSTEM_ACCOUNT_IDS.payables);
          const balance = ap ? ap.creditCents - ap.debitCents : 0;
          const report = await bills.agedPayables({ asOf: day });
          expect({ day, net: report.totals.netCents, unnamed: report.clients.filter((c) => c.clientId === null) }).toEqual({ day, net: balance, unnamed: [] });
        }
      }),
      { numRuns: backend.name === 'pglite' ? 30 : 60 },
    );
  });
});
