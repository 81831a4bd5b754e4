/**
 * Bank statement import: lines per second for a generated 10,000-line camt.053 (about 15 MB,
 * test/camt053-sample.ts) through StatementService.import, as the REST upload runs it after
 * multer: the file's size and format checked, then read slice by slice while one transaction writes
 * each slice's new lines, and the statement row once the file is proved. Then the same file again,
 * which must add nothing.
 *
 *   npm run bench:bank      # PGlite always; real PostgreSQL too with DATABASE_URL or TEST_DATABASE_URL
 *   BENCH_LINES=20000 npm run bench:bank
 *
 * Each of 3 timed runs (after one to warm up) starts from an account without lines; the median is
 * printed. Prints `statement_import_lines_per_s`, `statement_reimport_ms` and
 * `statement_reimport_lines_added` (0).
 *
 * Then matching against BENCH_OPEN_INVOICES open invoices (100,000; 20,000 on PGlite): BENCH_AUTO
 * (1,000) of them issued and sent through the services, the rest written straight into the invoice
 * list the matching reads (bulk SQL: they are candidates to search, never paid). A statement of
 * BENCH_AUTO lines, each paying one real invoice by its RF reference, is imported with
 * auto-reconciliation, four times (4 × BENCH_AUTO real invoices), the first to warm up: `auto_reconcile_ms_p50`, the median
 * import of all a statement's lines (each a payment on the invoice and the line's own event, through
 * the write path, and the wait for the read models), `auto_reconciled_lines` (all of a statement's)
 * and `auto_reconcile_wrong_matches` (0 over all four: each line's payment is on the invoice it named). Then
 * `suggestions_ms_p50` over 21 lines of another statement naming invoice numbers. PGlite figures are
 * prefixed `pglite_`. Never fails on time.
 */
// The API's modules carry GraphQL decorators, which need the metadata API loaded first.
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { StatementService } from '../api/bank/statement.service';
import { migrate } from '../api/main/migrate';
import { projections as readModels, reactors } from '../api/main/read-models';
import { createServices } from '../api/main/services';
import { loadConfig } from '../api/platform/config';
import { createDb } from '../api/platform/db/knex';
import { defaultRateLimits, type AppDeps } from '../api/platform/deps';
import { Metrics } from '../api/platform/http/metrics';
import { invoiceCreditorReference } from '../domain/bank/creditor-reference';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { ProjectionEngine } from '../projections/engine';
import { camt053Sample } from '../test/camt053-sample';
import { figure, median } from './support';
import { writeMt940 } from '../api/bank/mt940-writer';

const LINES = Number(process.env.BENCH_LINES ?? 10_000);
const RUNS = 3;
const IBAN = 'GR1601101250000000012300695';

const bench = async (prefix: string, db: Knex) => {
  await migrate(db);
  const account = (await db('money_accounts').where({ is_default: true }).first('id')) as { id: string };
  await db('money_accounts').where({ id: account.id }).update({ iban: IBAN });
  const service = new StatementService({ db, clock: () => new Date() });
  const sample = camt053Sample(LINES);
  const file = { bytes: Buffer.from(sample.xml, 'utf8'), name: 'bench.xml' };
  const actor = randomUUID();
  const empty = async () => {
    await db('bank_statement_lines').where({ money_account_id: account.id }).delete();
    await db('bank_statements').where({ money_account_id: account.id }).delete();
  };
  const times: number[] = [];
  for (let run = 0; run <= RUNS; run += 1) {
    await empty();
    const start = performance.now();
    const result = await service.import(account.id, file, actor);
    const ms = performance.now() - start;
    if (result.lines_added !== sample.lines) throw new Error(`added ${result.lines_added} lines of ${sample.lines}`);
    if (run > 0) times.push(ms);
  }
  figure(prefix, 'statement_import_lines_per_s', Math.round(sample.lines / (median(times) / 1000)), 'lines/s');
  const start = performance.now();
  const again = await service.import(account.id, file, actor);
  figure(prefix, 'statement_reimport_ms', Math.round(performance.now() - start), 'ms');
  figure(prefix, 'statement_reimport_lines_added', again.lines_added, 'lines');
  await matching(prefix, db, prefix ? PGLITE_OPEN : OPEN);
};

const OPEN = Number(process.env.BENCH_OPEN_INVOICES ?? 100_000);
const PGLITE_OPEN = Number(process.env.BENCH_PGLITE_OPEN_INVOICES ?? 20_000);
const AUTO = Number(process.env.BENCH_AUTO ?? 1000);
/** Statements imported with auto-reconciliation: the first warms up (as the import's first run does), the others are timed. */
const AUTO_RUNS = 4;
const TODAY = '2026-03-20';

/** An MT940 statement of IBAN's account with the lines given (cents; money in positive). */
const mt940 = (id: string, from: string, lines: Array<{ day: string; cents: number; ref: string; text: string }>): string => writeMt940({ id, iban: IBAN, opening: { day: from, cents: 0 }, closingDay: TODAY, lines });

const matching = async (prefix: string, db: Knex, open: number) => {
  const logger = pino({ level: 'silent' });
  const eventStore = new PostgresEventStore(db);
  const projections = new ProjectionEngine({ db, store: eventStore, logger, projections: readModels(), reactors: reactors({ publicBaseUrl: 'http://localhost:3000' }) });
  const deps: AppDeps = {
    config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', RECURRING_SCHEDULE: 'false', DATA_DIR: `/tmp/bench-bank-${randomBytes(4).toString('hex')}` }),
    db,
    logger,
    clock: () => new Date(`${TODAY}T10:00:00Z`),
    limits: defaultRateLimits,
    eventStore,
    projections,
    metrics: new Metrics(),
  };
  projections.start();
  try {
    const services = createServices(deps);
    const account = (await db('money_accounts').where({ is_default: true }).first('id')) as { id: string };
    const c = deps.config.company;
    await db('company_settings').insert({ id: 1, name: c.name, address: c.address, phone: c.phone, email: c.email, registration_number: c.registrationNumber, vat_number: c.vatNumber, jurisdiction: c.jurisdiction, country: c.country }).onConflict('id').ignore();
    const client = randomUUID();
    await db('clients').insert({ id: client, name: 'Bench Holdings Ltd', email: 'bench@example.com', country: 'CY' });
    const real: Array<{ id: string; number: string; cents: number }> = [];
    for (let i = 0; i < AUTO * AUTO_RUNS; i += 1) {
      const cents = 10_000 + i;
      const invoice = await services.billing.invoices.create({ clientId: client, date: '2026-03-01', dueDate: '2026-03-31', lines: [{ description: 'Licence', quantityMilli: 1000, unitPriceCents: cents, vatRateBp: 0 }] }, 'bench');
      await services.billing.invoices.send(invoice.id, 'bench');
      real.push({ id: invoice.id, number: invoice.invoice_number, cents });
    }
    // The rest: open invoices of many clients, as the list read model holds them.
    await db.raw(
      `insert into clients (id, name, email, country) select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'Client ' || g, 'c' || g || '@example.com', 'CY' from generate_series(1, 2000) g`,
    );
    await db.raw(
      `insert into invoice_list (id, client_id, invoice_number, date, due_date, paid, sent, net_cents, vat_cents, gross_cents, paid_cents, items, revision, issued_at)
       select gen_random_uuid(), ('00000000-0000-4000-8000-' || lpad((1 + g % 2000)::text, 12, '0'))::uuid, '2025-' || lpad(g::text, 6, '0'),
              '2025-06-01', '2025-07-01', false, true, 5000 + g % 9000, 0, 5000 + g % 9000, 0, '[]'::jsonb, 1, now()
         from generate_series(1, ?) g`,
      [Math.max(0, open - AUTO * AUTO_RUNS)],
    );
    // A book of this size has its statistics (autovacuum keeps them): the planner then uses the indexes.
    await db.raw('analyze invoice_list, clients');
    // Each run a statement of its own, paying its own AUTO invoices.
    const autoTimes: number[] = [];
    let reconciledLines = 0;
    let mismatched = 0;
    const byId = new Map(real.map((r) => [r.id, r]));
    for (let run = 0; run < AUTO_RUNS; run += 1) {
      const paying = real.slice(run * AUTO, (run + 1) * AUTO);
      const statement = mt940(`AUTO${run}`, '2026-03-01', paying.map((r, i) => ({ day: '2026-03-10', cents: r.cents, ref: `AUTO-${run}-${i}`, text: `Payment ${invoiceCreditorReference(r.number)}` })));
      const start = performance.now();
      const result = await services.bank.statements.import(account.id, { bytes: Buffer.from(statement, 'utf8'), name: `auto-${run}.sta` }, 'bench');
      if (run > 0) autoTimes.push(performance.now() - start);
      reconciledLines += result.auto_reconciled;
      const reconciled = (await db('bank_line_reconciliations as r').join('bank_statement_lines as l', 'l.id', 'r.line_id').where('l.statement_id', result.statement!.id).select('l.description', 'r.parts')) as Array<{ description: string; parts: unknown }>;
      for (const row of reconciled) {
        const parts = (typeof row.parts === 'string' ? JSON.parse(row.parts) : row.parts) as Array<{ kind: string; invoiceId?: string }>;
        const invoice = byId.get(parts[0]?.invoiceId ?? '');
        if (!invoice || !row.description.includes(invoiceCreditorReference(invoice.number)!)) mismatched += 1;
      }
    }
    figure(prefix, 'auto_reconcile_ms_p50', Math.round(median(autoTimes)), 'ms');
    figure(prefix, 'auto_reconciled_lines', reconciledLines / AUTO_RUNS, 'lines');
    figure(prefix, 'auto_reconcile_wrong_matches', mismatched, 'lines');

    // Suggestions: lines naming invoice numbers of the noise, looked up one at a time.
    const named = Array.from({ length: 21 }, (_, i) => ({ day: '2026-03-15', cents: 5000 + ((i * 37) % 9000), ref: `SUG-${i}`, text: `Invoice 2025-${String(1 + i * 37).padStart(6, '0')}` }));
    const second = await services.bank.statements.import(account.id, { bytes: Buffer.from(mt940('SUG', '2026-03-11', named), 'utf8'), name: 'sug.sta' }, 'bench');
    const lines = (await db('bank_statement_lines').where({ statement_id: second.statement!.id }).select('id')) as Array<{ id: string }>;
    const times: number[] = [];
    for (const line of lines) {
      const t0 = performance.now();
      await services.bank.reconciliations.suggestions(account.id, line.id);
      times.push(performance.now() - t0);
    }
    figure(prefix, 'suggestions_ms_p50', Math.round(median(times)), 'ms');
  } finally {
    await projections.stop();
  }
};

const main = async () => {
  const lite = await createDb({});
  try {
    await bench('pglite_', lite);
  } finally {
    await lite.destroy();
  }
  const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) return;
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const pg = await createDb({ databaseUrl: url, schema, poolMax: 10 });
  try {
    await bench('', pg);
  } finally {
    await pg.raw('drop schema if exists ?? cascade', [schema]);
    await pg.destroy();
  }
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
