/**
 * Report latency over pre-aggregated balances versus a naive SUM over raw journal lines.
 *
 *   npm run bench:reports            # PGlite always; real PostgreSQL too with DATABASE_URL or TEST_DATABASE_URL
 *   BENCH_LINES=200000 npm run bench:reports
 *
 * Loads the read-model tables directly with bulk SQL (generate_series) in a dedicated schema that
 * is dropped afterwards, then times the real ReportService (and aged payables over BENCH_BILLS
 * bills, 100,000, through the bills service). Prints `name: value unit` lines;
 * PGlite figures are prefixed `pglite_`. Never fails on time.
 */
// The API's modules carry GraphQL decorators, which need the metadata API loaded first.
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { AccountService } from '../api/accounting/account.service';
import { ReportService } from '../api/accounting/report.service';
import { createDb } from '../api/platform/db/knex';
import { migrate } from '../api/main/migrate';
import { addDays, dayOf, yearEnd, yearStart } from '../domain/shared/dates';
import { incomeStatement, type Totals } from '../domain/accounting/reports';
import { SYSTEM_ACCOUNT_IDS } from '../domain/accounting/accounts';
import { fillReceivablesFromLines } from '../projections/ledger/receivables/writer';
import { chooseAgingPath } from '../projections/ledger/receivables/queries';
import { BillService } from '../api/purchases/bill.service';
import type { AppDeps } from '../api/platform/deps';

const YEARS = 5;
const ACCOUNTS = 60;
const ITERATIONS = 25;

const print = (prefix: string, name: string, value: number | string, unit: string) => {
  process.stdout.write(`${prefix}${name}: ${typeof value === 'number' ? Number(value.toFixed(3)) : value} ${unit}\n`);
};

const p50 = async (fn: () => Promise<unknown>): Promise<number> => {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
};

/** Extra accounts so the chart has 60, spread over every type with a valid cash-flow class. */
const addAccounts = async (db: Knex) => {
  const existing = Number((await db('accounts').count({ n: '*' }).first())?.n ?? 0);
  const kinds: Array<[string, string, string]> = [
    ['asset', 'operating', '16'],
    ['asset', 'investing', '17'],
    ['liability', 'operating', '26'],
    ['liability', 'financing', '27'],
    ['equity', 'financing', '36'],
    ['revenue', 'operating', '46'],
    ['expense', 'operating', '56'],
  ];
  const rows = Array.from({ length: ACCOUNTS - existing }, (_, i) => {
    const [type, cls, prefix] = kinds[i % kinds.length]!;
    return { id: db.raw('gen_random_uuid()'), code: `${prefix}${String(i).padStart(2, '0')}`, account_name: `Bench ${type} ${i}`, type, cash_flow_class: cls };
  });
  if (rows.length) await db('accounts').insert(rows);
};

const load = async (db: Knex, lines: number, firstDay: string, days: number) => {
  const entries = Math.floor(lines / 2);
  await addAccounts(db);
  await db.raw('create temp table bench_accounts as select (row_number() over (order by code) - 1)::int as idx, id from accounts');
  await db.raw(
    `insert into ledger_entries (entry_id, source_type, source_id, status, date, description, version, created_at, created_by, updated_at, updated_by)
     select md5(i::text)::uuid, 'manual', md5(i::text), 'active', ?::date + (i % ?), 'bench', 1, now(), 'bench', now(), 'bench'
     from generate_series(1, ?) i`,
    [firstDay, days, entries],
  );
  // Two lines per entry on different accounts (6i+1 is never a multiple of 60), deterministic amounts.
  await db.raw(
    `insert into ledger_lines (entry_id, entry_version, kind, line_no, date, account_id, debit_cents, credit_cents, description, event_id, recorded_at)
     select md5(g.i::text)::uuid, 1, 'posting', s.side, g.d, a.id,
            case when s.side = 0 then g.amount else 0 end, case when s.side = 1 then g.amount else 0 end, 'bench', 'bench', now()
     from (select i, ?::date + (i % ?) as d, (i::bigint * 7919 % 100000 + 1) as amount from generate_series(1, ?) i) g
     cross join (values (0), (1)) s(side)
     join bench_accounts a on a.idx = case when s.side = 0 then g.i % ? else (g.i * 7 + 1) % ? end`,
    [firstDay, days, entries, ACCOUNTS, ACCOUNTS],
  );
  await db.raw(
    `insert into ledger_balances_daily (day, account_id, debit_cents, credit_cents)
     select date, account_id, sum(debit_cents), sum(credit_cents) from ledger_lines group by date, account_id order by date, account_id`,
  );
  // Ordered by period like the live projection writes them (days arrive roughly in order).
  await db.raw(
    `insert into ledger_balances_monthly (month, account_id, debit_cents, credit_cents)
     select date_trunc('month', day)::date, account_id, sum(debit_cents), sum(credit_cents) from ledger_balances_daily group by 1, 2 order by 1, 2`,
  );
  await db.raw(
    `insert into ledger_balances_yearly (year, account_id, debit_cents, credit_cents)
     select date_trunc('year', month)::date, account_id, sum(debit_cents), sum(credit_cents) from ledger_balances_monthly group by 1, 2 order by 1, 2`,
  );
  await db.raw('analyze');
  return Number((await db('ledger_lines').count({ n: '*' }).first())?.n ?? 0);
};

/**
 * N invoices over the last year for 500 clients, each posted to Accounts Receivable (an entry
 * naming its invoice), two in five with a payment entry crediting it: what aged receivables reads.
 */
const loadReceivables = async (db: Knex, invoices: number, today: string) => {
  const ar = SYSTEM_ACCOUNT_IDS.receivables;
  await db.raw(`insert into clients (id, name, email) select md5('client' || c)::uuid, 'Client ' || c, 'c' || c || '@bench.example' from generate_series(1, 500) c`);
  await db.raw(
    `insert into invoice_list (id, client_id, invoice_number, date, due_date, paid, sent, net_cents, vat_cents, gross_cents, paid_cents, items, revision, issued_at)
     select md5('inv' || i)::uuid, md5('client' || (i % 500 + 1))::uuid, 'B-' || i, ?::date - (i % 365), ?::date - (i % 365) + 14, false, true,
            (i * 7919 % 100000 + 100), 0, (i * 7919 % 100000 + 100), 0, '[]'::jsonb, 1, now()
     from generate_series(1, ?) i`,
    [today, today, invoices],
  );
  await db.raw(
    `insert into ledger_entries (entry_id, source_type, source_id, invoice_id, status, date, description, version, created_at, created_by, updated_at, updated_by)
     select md5('inv-entry' || i)::uuid, 'invoice', md5('inv' || i), md5('inv' || i)::uuid::text, 'active', ?::date - (i % 365), 'bench', 1, now(), 'bench', now(), 'bench'
     from generate_series(1, ?) i
     union all
     select md5('pay-entry' || i)::uuid, 'payment', md5('pay' || i), md5('inv' || i)::uuid::text, 'active', ?::date - (i % 365) + 5, 'bench', 1, now(), 'bench', now(), 'bench'
     from generate_series(1, ?) i where i % 5 < 2`,
    [today, invoices, today, invoices],
  );
  await db.raw(
    `insert into ledger_lines (entry_id, entry_version, kind, line_no, date, account_id, debit_cents, credit_cents, description, event_id, recorded_at)
     select md5('inv-entry' || i)::uuid, 1, 'posting', 0, ?::date - (i % 365), ?::uuid, (i * 7919 % 100000 + 100), 0, 'bench', 'bench', now()
     from generate_series(1, ?) i
     union all
     select md5('pay-entry' || i)::uuid, 1, 'posting', 0, ?::date - (i % 365) + 5, ?::uuid, 0, (i * 7919 % 100000 + 100) / (1 + i % 2), 'bench', 'bench', now()
     from generate_series(1, ?) i where i % 5 < 2`,
    [today, ar, invoices, today, ar, invoices],
  );
  // What the ledger projection writes beside those lines.
  await fillReceivablesFromLines(db);
  await db.raw('analyze');
};

/** The same income statement, summed over the raw lines of the period. */
const naiveIncomeStatement = async (db: Knex, accounts: AccountService, from: string, to: string) => {
  const result = await db.raw(
    'select account_id, sum(debit_cents)::bigint as d, sum(credit_cents)::bigint as c from ledger_lines where date between ? and ? group by account_id',
    [from, to],
  );
  const totals = new Map<string, Totals>((result.rows as Array<{ account_id: string; d: number; c: number }>).map((r) => [r.account_id, { debitCents: Number(r.d), creditCents: Number(r.c) }]));
  return incomeStatement(await accounts.list({ includeInactive: true }), totals);
};

const run = async (db: Knex, prefix: string, lines: number) => {
  await migrate(db);
  const today = dayOf(new Date());
  const days = YEARS * 365 + 1;
  const firstDay = addDays(today, -(days - 1));
  const t = performance.now();
  const loaded = await load(db, lines, firstDay, days);
  print(prefix, 'journal_lines', loaded, 'lines');
  print(prefix, 'accounts', ACCOUNTS, 'accounts');
  print(prefix, 'load_s', (performance.now() - t) / 1000, 's');

  const accounts = new AccountService(db);
  const reports = new ReportService(db, accounts, () => new Date());
  const period = { from: yearStart(today), to: yearEnd(today) };
  const fast = await reports.incomeStatement({});
  const naive = await naiveIncomeStatement(db, accounts, period.from, period.to);
  if (fast.netIncomeCents !== naive.netIncomeCents || fast.totalRevenueCents !== naive.totalRevenueCents) {
    throw new Error(`pre-aggregated and naive income statements differ: ${fast.netIncomeCents} vs ${naive.netIncomeCents}`);
  }
  const bs = await reports.balanceSheet({});
  if (bs.totalAssetsCents !== bs.totalLiabilitiesAndEquityCents) throw new Error('balance sheet does not balance');

  const income = await p50(() => reports.incomeStatement({}));
  print(prefix, 'income_statement_ms_p50', income, 'ms');
  print(prefix, 'balance_sheet_ms_p50', await p50(() => reports.balanceSheet({})), 'ms');
  print(prefix, 'cash_flow_ms_p50', await p50(() => reports.cashFlow({})), 'ms');
  print(prefix, 'trial_balance_ms_p50', await p50(() => reports.trialBalance({})), 'ms');
  // Issue 19: a fiscal year in twelve monthly columns (one round trip), and a balance sheet beside the one a year earlier.
  const columns = await reports.incomeStatementColumns({ step: 'month' });
  const byMonth = columns.columns.reduce((sum, c) => sum + c.netIncomeCents, 0);
  if (byMonth !== fast.netIncomeCents) throw new Error(`twelve monthly columns add up to ${byMonth}, the year to ${fast.netIncomeCents}`);
  print(prefix, 'income_statement_12_columns_ms_p50', await p50(() => reports.incomeStatementColumns({ step: 'month' })), 'ms');
  const compared = await reports.balanceSheet({}, undefined, 'previous_year');
  if (compared.comparison!.totalAssetsCents !== compared.comparison!.totalLiabilitiesAndEquityCents) throw new Error('the compared balance sheet does not balance');
  print(prefix, 'balance_sheet_comparative_ms_p50', await p50(() => reports.balanceSheet({}, undefined, 'previous_year')), 'ms');
  const naiveMs = await p50(() => naiveIncomeStatement(db, accounts, period.from, period.to));
  print(prefix, 'naive_income_statement_ms_p50', naiveMs, 'ms');
  print(prefix, 'income_statement_speedup_vs_naive', naiveMs / income, 'x');

  // The VAT return reads the ledger's per-day VAT summary: one movement per loaded entry, spread
  // over output and input and six categories and rates, summed per day as the projection writes it.
  await db.raw(
    `insert into vat_movements_daily (day, direction, category, rate_bp, base_cents, vat_cents)
     select ?::date + (i % ?), case when i % 3 = 0 then 'input' else 'output' end, c.category, c.rate_bp,
            sum(i::bigint * 7919 % 100000 + 1), sum((i::bigint * 7919 % 100000 + 1) * c.rate_bp / 10000)
     from generate_series(1, ?) i
     join (values (0, 'S', 2400), (1, 'S', 1300), (2, 'S', 600), (3, 'Z', 0), (4, 'E', 0), (5, 'AE', 0)) c(k, category, rate_bp) on c.k = i % 6
     group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    [firstDay, days, Math.floor(lines / 2)],
  );
  await db.raw('analyze vat_movements_daily');
  const vat = await reports.vatReturn({});
  const [sums] = (
    await db.raw(
      `select coalesce(sum(vat_cents) filter (where direction = 'output'), 0) - coalesce(sum(vat_cents) filter (where direction = 'input'), 0) as net
       from vat_movements_daily where day between ? and ?`,
      [period.from, period.to],
    )
  ).rows as Array<{ net: string }>;
  if (vat.netVatCents !== Number(sums!.net)) throw new Error(`the VAT return nets ${vat.netVatCents}, the summary's output − input ${sums!.net}`);
  print(prefix, 'vat_return_rows', vat.rows.length, 'rows');
  print(prefix, 'vat_return_ms_p50', await p50(() => reports.vatReturn({})), 'ms');

  const invoices = Number(process.env.BENCH_RECEIVABLE_INVOICES ?? 100_000);
  await loadReceivables(db, invoices, today);
  // Issue 18: today (the open groups less the few later changes) and a day 200 days back (the
  // changes summed up to it), each checked first against the loaded lines' Accounts Receivable balance.
  const past = addDays(today, -200);
  for (const asOf of [today, past]) {
    const aged = await reports.agedReceivables({ asOf });
    const ar = await db.raw('select coalesce(sum(debit_cents - credit_cents), 0)::bigint as cents from ledger_lines where account_id = ? and date <= ?', [SYSTEM_ACCOUNT_IDS.receivables, asOf]);
    const arCents = Number(ar.rows[0].cents);
    if (aged.totals.netCents !== arCents) throw new Error(`aged receivables as of ${asOf} net to ${aged.totals.netCents}, Accounts Receivable is ${arCents}`);
    if (asOf === today) {
      print(prefix, 'aged_receivables_invoices', invoices, 'invoices');
      print(prefix, 'aged_receivables_clients', aged.clients.length, 'clients');
    }
  }
  print(prefix, 'aged_receivables_path', await chooseAgingPath(db, today), 'path');
  print(prefix, 'aged_receivables_ms_p50', await p50(() => reports.agedReceivables({})), 'ms');
  print(prefix, 'aged_receivables_past_path', await chooseAgingPath(db, past), 'path');
  print(prefix, 'aged_receivables_past_ms_p50', await p50(() => reports.agedReceivables({ asOf: past })), 'ms');

  // Issue 39: aged payables over BENCH_BILLS posted bills of 2,000 suppliers (two in five part paid),
  // written straight into the bills read model the report reads; checked against the same sum in SQL.
  const bills = Number(process.env.BENCH_BILLS ?? 100_000);
  await loadBills(db, bills, today);
  const payables = new BillService({ db, clock: () => new Date(`${today}T12:00:00Z`) } as AppDeps);
  const agedPayables = await payables.agedPayables({ asOf: today });
  const [open] = (await db.raw(
    `select coalesce(sum(gross_cents - paid_cents), 0)::bigint as cents from bill_list where status = 'posted' and date <= ?`,
    [today],
  )).rows as Array<{ cents: string }>;
  const billed = agedPayables.clients.filter((c) => c.clientId !== null).reduce((sum, c) => sum + c.owedCents, 0);
  if (billed !== Number(open!.cents)) throw new Error(`aged payables owe ${billed} on bills, the bills' open amounts are ${open!.cents}`);
  print(prefix, 'aged_payables_bills', bills, 'bills');
  print(prefix, 'aged_payables_suppliers', agedPayables.clients.length, 'suppliers');
  print(prefix, 'aged_payables_ms_p50', await p50(() => payables.agedPayables({})), 'ms');
};

/** Posted bills in the bills read model, dated over the last two years, two in five part paid (a payment in its list). */
const loadBills = async (db: Knex, bills: number, today: string) => {
  await db.raw(
    `insert into suppliers (id, name, vat_number, vat_key, country)
     select ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, 'Supplier ' || g, '', '', 'CY' from generate_series(1, 2000) g`,
  );
  await db.raw(
    `insert into bill_list (id, supplier_id, supplier_invoice_number, date, due_date, status, net_cents, vat_cents, self_assessed_vat_cents, gross_cents, paid_cents, last_payment_date, lines, payments, revision, updated_at)
     select gen_random_uuid(), ('00000000-0000-4000-9000-' || lpad((1 + g % 2000)::text, 12, '0'))::uuid, 'B-' || g,
            ?::date - (g % 730), ?::date - (g % 730) + 30, 'posted', 10000 + g % 9000, 2400, 0, 12400 + g % 9000,
            case when g % 5 < 2 then 5000 else 0 end, case when g % 5 < 2 then least(?::date - (g % 730) + 10, ?::date) end, '[]'::jsonb,
            case when g % 5 < 2 then jsonb_build_array(jsonb_build_object('paymentId', gen_random_uuid(), 'amountCents', 5000, 'date', least(?::date - (g % 730) + 10, ?::date)::text, 'cashAccountId', ?::text, 'reference', null)) else '[]'::jsonb end,
            2, now()
       from generate_series(1, ?) g`,
    [today, today, today, today, today, today, SYSTEM_ACCOUNT_IDS.bank, bills],
  );
  await db.raw('analyze bill_list, suppliers');
};

const main = async () => {
  const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  const pgLines = Number(process.env.BENCH_LINES ?? 1_000_000);
  const pgliteLines = Number(process.env.BENCH_PGLITE_LINES ?? Math.min(pgLines, 200_000));
  if (url) {
    const schema = `bench_reports_${randomBytes(4).toString('hex')}`;
    const db = await createDb({ databaseUrl: url, schema, poolMax: 4 });
    try {
      await run(db, '', pgLines);
    } finally {
      await db.raw('drop schema if exists ?? cascade', [schema]);
      await db.destroy();
    }
  } else {
    process.stdout.write('# no DATABASE_URL or TEST_DATABASE_URL: PostgreSQL figures skipped\n');
  }
  const lite = await createDb({});
  try {
    await run(lite, 'pglite_', pgliteLines);
  } finally {
    await lite.destroy();
  }
};

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
