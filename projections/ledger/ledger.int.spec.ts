import fc from 'fast-check';
import type { Knex } from 'knex';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountService } from '../../api/accounting/account.service';
import { ReportService } from '../../api/accounting/report.service';
import { effectsOf, foldEffects, totalsInRange as pureTotals } from '../../domain/accounting/balances';
import { addDays, yearStart } from '../../domain/shared/dates';
import { DEFAULT_CHART, SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { vatReturn } from '../../domain/accounting/vat-return';
import { ecSalesAmounts, ecSalesList } from '../../domain/tax/ec-sales-list';
import { totalsInRange } from './balances/queries';
import { comparisonAsOf, comparisonPeriod } from '../../domain/accounting/comparison';
import { balanceSheet, cashFlow, incomeStatement, trialBalance } from '../../domain/accounting/reports';
import type { Position } from '../../eventstore/event-store';
import { PostgresEventStore } from '../../eventstore/postgres/postgres-event-store';
import { dayArb, historyArb, recordedEvents } from '../../test/accounting/history';
import { testBackends, type TestDb } from '../../test/db';
import { resetCheckpoint } from '../checkpoints';
import { ProjectionEngine } from '../engine';
import { ledgerProjection } from './ledger.projection';
import { LEDGER_TABLES } from './migrations';
import { agedSums } from './receivables/queries';
import { NO_INVOICE } from './receivables/writer';
import { AGING_EDGES } from '../../domain/accounting/aging';
import { receivableGroupSteps, termsOf } from '../../domain/accounting/receivable-terms';

const clear = async (db: Knex) => {
  for (const t of LEDGER_TABLES) await db(t).delete();
};

/** All four reports as of / over the given days, from the read models through the service. */
const reportsFromDb = async (reports: ReportService, days: string[]) => {
  const out = [];
  for (const day of days) {
    const period = { from: yearStart(day), to: day };
    const is = await reports.incomeStatement(period, undefined, 'previous_year');
    const bs = await reports.balanceSheet({ asOf: day }, undefined, 'previous_period');
    const cf = await reports.cashFlow(period);
    const tb = await reports.trialBalance({ asOf: day });
    out.push({ is, bs, cf, tb });
  }
  return out;
};

describe.each(testBackends())('ledger projection on $name', (backend) => {
  let testDb: TestDb;
  let reports: ReportService;

  beforeAll(async () => {
    testDb = await backend.create();
    reports = new ReportService(testDb.db, new AccountService(testDb.db), () => new Date('2026-06-30T00:00:00Z'));
  });
  afterAll(() => testDb?.destroy());

  it('matches the pure model on random histories applied in random batches', async () => {
    await fc.assert(
      fc.asyncProperty(historyArb(40), fc.array(fc.integer({ min: 1, max: 15 }), { minLength: 1, maxLength: 10 }), fc.array(dayArb, { minLength: 1, maxLength: 3 }), async (history, cuts, days) => {
        await clear(testDb.db);
        const events = recordedEvents(history);
        const projection = ledgerProjection();
        for (let i = 0, c = 0; i < events.length; c += 1) {
          const size = cuts[c % cuts.length]!;
          await testDb.db.transaction((trx) => projection.apply(trx, events.slice(i, i + size)));
          i += size;
        }
        const daily = foldEffects(effectsOf(history.map((h) => h.event)));
        const fromDb = await reportsFromDb(reports, days);
        // The credit inside Accounts Receivable as of a day (shown apart as a liability), from the pure model.
        const groupSteps = receivableGroupSteps(history.map((h) => h.event));
        const receivables = (day: string) => ({
          accountId: SYSTEM_ACCOUNT_IDS.receivables,
          creditCents: -groupSteps.filter((s) => s.date <= day).reduce((sum, s) => sum + s.creditCents, 0),
        });
        days.forEach((day, i) => {
          const period = pureTotals(daily, yearStart(day), day);
          const cumulative = pureTotals(daily, undefined, day);
          const { is, bs, cf, tb } = fromDb[i]!;
          expect(is).toMatchObject(incomeStatement(DEFAULT_CHART, period));
          const lastYear = comparisonPeriod({ from: yearStart(day), to: day }, 'previous_year');
          expect(is.comparison).toMatchObject({ ...incomeStatement(DEFAULT_CHART, pureTotals(daily, lastYear.from, lastYear.to)), period: lastYear });
          expect(bs).toMatchObject(balanceSheet(DEFAULT_CHART, cumulative, period, receivables(day)));
          const monthBefore = comparisonAsOf(day, 'previous_period');
          expect(bs.comparison).toMatchObject({
            ...balanceSheet(DEFAULT_CHART, pureTotals(daily, undefined, monthBefore), pureTotals(daily, yearStart(monthBefore), monthBefore), receivables(monthBefore)),
            asOf: monthBefore,
          });
          expect(cf).toMatchObject(cashFlow(DEFAULT_CHART, period, pureTotals(daily, undefined, addDays(yearStart(day), -1))));
          expect(tb).toMatchObject(trialBalance(DEFAULT_CHART, cumulative));
          expect(bs.totalAssetsCents).toBe(bs.totalLiabilitiesAndEquityCents);
          expect(tb.totalDebitCents).toBe(tb.totalCreditCents);
          expect(cf.netCashFlowCents).toBe(cf.cashChangeCents);
        });
        const sums = await testDb.db('ledger_lines').sum({ d: 'debit_cents', c: 'credit_cents' }).first();
        expect(Number(sums?.d ?? 0)).toBe(Number(sums?.c ?? 0));
      }),
      { numRuns: backend.name === 'pglite' ? 60 : 100 },
    );
  });

  it('keeps the per-(client, due date) owed and credit sums equal to the pure model (postings, terms over time under the lock), as of any day, on both paths', async () => {
    const sumsOf = (rows: Array<{ client_id: string | null; due_date: string | null; open: number; credit: number }>) => {
      const out = new Map<string, { open: number; credit: number }>();
      for (const r of rows) {
        const key = `${r.client_id}|${r.due_date}`;
        const sum = out.get(key) ?? { open: 0, credit: 0 };
        sum.open += r.open;
        sum.credit += r.credit;
        out.set(key, sum);
      }
      return [...out].filter(([, v]) => v.open !== 0 || v.credit !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
    };
    await fc.assert(
      fc.asyncProperty(historyArb(40), fc.array(fc.integer({ min: 1, max: 15 }), { minLength: 1, maxLength: 10 }), fc.array(dayArb, { minLength: 1, maxLength: 4 }), async (history, cuts, days) => {
        await clear(testDb.db);
        const events = recordedEvents(history);
        const projection = ledgerProjection();
        for (let i = 0, c = 0; i < events.length; c += 1) {
          const size = cuts[c % cuts.length]!;
          await testDb.db.transaction((trx) => projection.apply(trx, events.slice(i, i + size)));
          i += size;
        }
        // From scratch: each invoice's Accounts Receivable lines from the pure postings, in the groups of its terms over time.
        const steps = receivableGroupSteps(history.map((h) => h.event));
        const agedFromScratch = (day: string) =>
          sumsOf(steps.filter((s) => s.date <= day).map((s) => ({ client_id: s.clientId, due_date: s.dueDate, open: s.openCents, credit: s.creditCents })));
        // Each invoice's receivable row keeps its terms now.
        const terms = await testDb.db('receivable_balances').whereNot('invoice_id', NO_INVOICE).select('invoice_id', 'client_id', 'due_date');
        const latest = new Map<string, { clientId: string | null; dueDate: string | null }>();
        for (const { event } of history) {
          const t = termsOf(event);
          if (t) latest.set(t.invoiceId, t.terms);
        }
        expect(new Map(terms.map((r) => [r.invoice_id, { clientId: r.client_id, dueDate: r.due_date }]))).toEqual(latest);
        const dueChanges = await testDb.db('receivable_due_changes').select('*');
        expect(dueChanges.filter((r) => r.open_cents === 0 && r.credit_cents === 0)).toEqual([]);
        for (const day of [...days, '9999-12-31']) {
          const summed = dueChanges.filter((r) => r.date <= day).map((r) => ({ ...r, open: r.open_cents, credit: r.credit_cents }));
          expect({ day, sums: sumsOf(summed) }).toEqual({ day, sums: agedFromScratch(day) });
          const sorted = (rows: Array<{ client_id: string | null; bucket: string; cents: number | string }>) => rows.map((r) => `${r.client_id}|${r.bucket}|${Number(r.cents)}`).sort();
          const recent = await agedSums(testDb.db, day, AGING_EDGES, 'over90', 'recent');
          expect({ day, rows: sorted(recent) }).toEqual({ day, rows: sorted(await agedSums(testDb.db, day, AGING_EDGES, 'over90', 'full')) });
          // The database choosing the path in the same query (both gated) gives them too.
          expect({ day, rows: sorted(await agedSums(testDb.db, day, AGING_EDGES, 'over90')) }).toEqual({ day, rows: sorted(recent) });
        }
        // The totals now: every group that owes or holds credit, and no other.
        const now = (await testDb.db('receivable_due_balances').select('*')).map((r) => ({ ...r, open: r.open_cents, credit: r.credit_cents }));
        expect(sumsOf(now)).toEqual(agedFromScratch('9999-12-31'));
        expect(now.length).toBe(sumsOf(now).length);
      }),
      { numRuns: backend.name === 'pglite' ? 40 : 80 },
    );
  });

  it('keeps the VAT return equal to the pure model, and net VAT equal to the VAT account movement other than settlements', async () => {
    await fc.assert(
      fc.asyncProperty(historyArb(40), fc.integer({ min: 1, max: 15 }), dayArb, fc.nat(800), async (history, size, from, length) => {
        await clear(testDb.db);
        const events = recordedEvents(history);
        const projection = ledgerProjection();
        for (let i = 0; i < events.length; i += size) await testDb.db.transaction((trx) => projection.apply(trx, events.slice(i, i + size)));
        const to = addDays(from, length);
        const fromDb = await reports.vatReturn({ from, to });
        const effects = effectsOf(history.map((h) => h.event));
        expect(fromDb).toMatchObject({ ...vatReturn(effects.flatMap((e) => e.postings.filter((p) => p.date >= from && p.date <= to).flatMap((p) => p.vat ?? []))), period: { from, to } });
        // The VAT account's movement as the balances read model has it (the trial balance's source).
        const vat = (await totalsInRange(testDb.db, from, to)).get(SYSTEM_ACCOUNT_IDS.vatPayable) ?? { debitCents: 0, creditCents: 0 };
        expect(fromDb.netVatCents).toBe(vat.creditCents - vat.debitCents + fromDb.settlementsCents);
        // The EC Sales List: per buyer as the pure model has it, and in total the return's reverse-charge sales.
        const list = await reports.ecSalesList({ from, to });
        expect(list).toMatchObject({ ...ecSalesList(ecSalesAmounts(effects.flatMap((e) => e.postings.filter((p) => p.date >= from && p.date <= to).flatMap((p) => p.vat ?? [])))), period: { from, to } });
        expect(list.totalCents).toBe(fromDb.rows.filter((r) => r.category === 'AE').reduce((sum, r) => sum + r.outputBaseCents, 0));
      }),
      { numRuns: backend.name === 'pglite' ? 40 : 80 },
    );
  });

  it('rebuilds from the event store into identical read models and reports', async () => {
    await clear(testDb.db);
    const store = new PostgresEventStore(testDb.db);
    const history = fc.sample(historyArb(400, 300), { numRuns: 1, seed: 42 })[0]!;
    expect(history.length).toBeGreaterThan(100);
    const logger = pino({ level: 'silent' });
    /**
     * Live: the engine runs while events arrive one append at a time; rebuild: catch-up in batches.
     * Both wait for the last append's position, not the store's head: on a PostgreSQL server that
     * other test files share, the head stops short of events committed after the oldest transaction
     * still open anywhere on it, so the live read models would be compared before they were complete.
     */
    let last: Position | undefined;
    const run = async (append: boolean) => {
      const engine = new ProjectionEngine({ db: testDb.db, store, logger, projections: [ledgerProjection()], reactors: [], batchSize: 37 });
      engine.start();
      if (append) {
        for (const h of history) {
          last = (await store.append(h.streamId, [{ type: h.event.type, data: h.event.data, metadata: { actor: 'prop', schemaVersion: 1 } }])).position;
        }
      }
      expect(await engine.waitFor(last, { timeoutMs: 30_000 })).toBe(true);
      await engine.stop();
    };
    const snapshot = async () => ({
      daily: await testDb.db('ledger_balances_daily').select('*').orderBy(['day', 'account_id']),
      monthly: await testDb.db('ledger_balances_monthly').select('*').orderBy(['month', 'account_id']),
      yearly: await testDb.db('ledger_balances_yearly').select('*').orderBy(['year', 'account_id']),
      entries: await testDb.db('ledger_entries').select('entry_id', 'status', 'date', 'version', 'description').orderBy('entry_id'),
      lines: await testDb.db('ledger_lines').count({ n: '*' }).first(),
      receivableChanges: await testDb.db('receivable_changes').select('*').orderBy(['invoice_id', 'date']),
      receivableBalances: await testDb.db('receivable_balances').select('*').orderBy('invoice_id'),
      receivableDueChanges: await testDb.db('receivable_due_changes').select('*').orderBy(['date', 'client_id', 'due_date']),
      receivableDueBalances: await testDb.db('receivable_due_balances').select('*').orderBy(['client_id', 'due_date']),
      receivableTermSpans: await testDb.db('receivable_term_spans').select('*').orderBy(['invoice_id', 'from_date']),
      vat: await testDb.db('vat_movements_daily').select('*').orderBy(['day', 'direction', 'category', 'rate_bp']),
      ecSales: await testDb.db('ec_sales_daily').select('*').orderBy(['day', 'country', 'vat_number']),
      reports: await reportsFromDb(reports, ['2023-06-30', '2024-12-31', '2025-02-28', '2026-12-31']),
    });
    await run(true);
    const live = await snapshot();
    expect(live.daily.length).toBeGreaterThan(0);
    expect(live.receivableBalances.length).toBeGreaterThan(0);
    await testDb.db.transaction(async (trx) => {
      for (const t of LEDGER_TABLES) await trx(t).delete();
      await resetCheckpoint(trx, 'ledger');
    });
    await run(false);
    expect(await snapshot()).toEqual(live);
  });
});
