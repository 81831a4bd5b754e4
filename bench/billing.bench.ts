/**
 * Recurring invoice generation throughput, then credit notes per second on the generated invoices,
 * then the p50 of importing a 20-line e-invoice as a bill (without and with the EN 16931 rules);
 * first the p50 render times of one 20-line invoice as UBL and as PDF (bench/document-render.ts).
 *
 *   npm run bench:billing      # PGlite always; real PostgreSQL too with DATABASE_URL or TEST_DATABASE_URL
 *   BENCH_SUBSCRIPTIONS=10000 BENCH_PGLITE_SUBSCRIPTIONS=2000 npm run bench:billing
 *
 * Loads N active monthly subscriptions due today with bulk SQL (in a dedicated schema on
 * PostgreSQL, dropped afterwards), then times the real RecurringInvoicing.run: numbering plus one
 * no_stream append per invoice. Then times the read models catching up, and runs generation a
 * second time, which must create nothing. Prints `name: value unit` lines; PGlite figures are
 * prefixed `pglite_`. Never fails on time.
 */
// The API's modules carry GraphQL decorators, which need the metadata API loaded first.
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { createBillingServices } from '../api/main/billing.services';
import { loadConfig } from '../api/platform/config';
import { createDb } from '../api/platform/db/knex';
import { migrate } from '../api/main/migrate';
import { defaultRateLimits, type AppDeps } from '../api/platform/deps';
import { Metrics } from '../api/platform/http/metrics';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { ProjectionEngine } from '../projections/engine';
import { projections as readModels, reactors } from '../api/main/read-models';
import { measurePdfRender, measureUblRender, twentyLineInvoice } from './document-render';
import { renderUbl } from '../api/invoicing/einvoice/ubl';
import { BillService, SupplierService } from '../api/purchases';
import { BillImportService } from '../api/purchases/bill-import';
import { En16931Rules } from '../api/platform/en16931/rules';

const TODAY = '2026-03-01';

const print = (prefix: string, name: string, value: number, unit: string) => {
  process.stdout.write(`${prefix}${name}: ${Number(value.toFixed(3))} ${unit}\n`);
};

const load = async (db: Knex, subscriptions: number) => {
  const clientId = randomUUID();
  const productId = randomUUID();
  const c = loadConfig({ NODE_ENV: 'test' }).company;
  await db('company_settings').insert({ id: 1, name: c.name, address: c.address, phone: c.phone, email: c.email, registration_number: c.registrationNumber, vat_number: c.vatNumber, jurisdiction: c.jurisdiction, country: c.country });
  await db('clients').insert({ id: clientId, name: 'Bench client', email: 'bench@example.com', country: 'CY' });
  await db('products').insert({ id: productId, name: 'Professional (monthly)', price_cents: 200000, billing_cycle: 'monthly', vat_rate_bp: 1900 });
  await db.raw(
    `insert into subscriptions (id, client_id, product_id, start_date, status, auto_generate_invoices)
     select gen_random_uuid(), ?, ?, ?::date, 'active', true from generate_series(1, ?)`,
    [clientId, productId, TODAY, subscriptions],
  );
};

const bench = async (prefix: string, db: Knex, subscriptions: number) => {
  await migrate(db);
  await load(db, subscriptions);
  const logger = pino({ level: 'silent' });
  const eventStore = new PostgresEventStore(db);
  const projections = new ProjectionEngine({ db, store: eventStore, logger, projections: readModels(), reactors: reactors({ publicBaseUrl: 'http://localhost:3000' }) });
  const deps: AppDeps = {
    config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', RECURRING_SCHEDULE: 'false' }),
    db,
    logger,
    clock: () => new Date(`${TODAY}T08:00:00Z`),
    limits: defaultRateLimits,
    eventStore,
    projections,
    metrics: new Metrics(),
  };
  const billing = createBillingServices(deps);
  // Running alongside generation would bill the projections' work to it; their catch-up is timed apart.
  try {
    print(prefix, 'recurring_generation_subscriptions', subscriptions, 'subscriptions');
    const t0 = performance.now();
    const first = await billing.recurring.run({ today: TODAY, actor: 'bench', waitForReadModels: false });
    const seconds = (performance.now() - t0) / 1000;
    print(prefix, 'recurring_generation_invoices_per_s', first.created / seconds, 'invoices/s');
    print(prefix, 'recurring_generation_created', first.created, 'invoices');
    const head = await eventStore.headPosition();
    const t1 = performance.now();
    projections.start();
    const caughtUp = await projections.waitFor(head, { timeoutMs: 600_000 });
    print(prefix, 'recurring_read_models_catch_up', (performance.now() - t1) / 1000, caughtUp ? 's' : 's (timed out)');
    const second = await billing.recurring.run({ today: TODAY, actor: 'bench' });
    print(prefix, 'recurring_second_run_created', second.created, 'invoices');
    const numbers = await db('invoice_list').count({ n: '*' }).countDistinct({ d: 'invoice_number' }).first();
    print(prefix, 'recurring_invoice_numbers_duplicated', Number(numbers?.n ?? 0) - Number(numbers?.d ?? 0), 'numbers');
    await benchCreditNotes(prefix, db, billing);
    await benchUblImport(prefix, deps);
  } finally {
    await projections.stop();
    await eventStore.close();
  }
};

/**
 * Credit notes through the one write path: each numbers its note in the CN series, appends to the
 * invoice's stream and waits for the read models, as the REST call does. Invoices are issued
 * (paid) first, untimed; CREDIT_CONCURRENCY callers credit them in part.
 */
const CREDIT_NOTES = Number(process.env.BENCH_CREDIT_NOTES ?? 300);
const CREDIT_CONCURRENCY = 8;

const benchCreditNotes = async (prefix: string, db: Knex, billing: ReturnType<typeof createBillingServices>) => {
  const ids: string[] = (await db('invoice_list').orderBy('invoice_number').limit(CREDIT_NOTES).pluck('id')) as string[];
  for (let i = 0; i < ids.length; i += CREDIT_CONCURRENCY) {
    await Promise.all(ids.slice(i, i + CREDIT_CONCURRENCY).map((id) => billing.invoices.markAsPaid(id, 'bench')));
  }
  const queue = [...ids];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CREDIT_CONCURRENCY }, async () => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        await billing.invoices.credit({ invoiceId: id, reason: 'Bench discount', lines: [{ description: 'Discount', quantityMilli: 1000, unitPriceCents: 10000, vatRateBp: 1900 }] }, 'bench');
      }
    }),
  );
  print(prefix, 'credit_notes_per_s', ids.length / ((performance.now() - t0) / 1000), 'credit notes/s');
  const notes = await db('credit_notes').count({ n: '*' }).countDistinct({ d: 'credit_note_number' }).first();
  print(prefix, 'credit_note_numbers_duplicated', Number(notes?.n ?? 0) - Number(notes?.d ?? 0), 'numbers');
};

/**
 * Importing a 20-line e-invoice (the one ubl_render times, as this product issues it) as a draft
 * bill through BillImportService, as the REST upload does: UTF-8 and structure read, the bill's
 * checks, the supplier found, the XML kept and the draft written with its read model. First
 * without the official EN 16931 rules (a checker that finds nothing), then with them in their
 * worker thread (ubl_import_with_rules_ms_p50). Each run a new invoice number; p50 after warm-up.
 */
const UBL_IMPORTS = Number(process.env.BENCH_UBL_IMPORTS ?? 30);

const benchUblImport = async (prefix: string, deps: AppDeps) => {
  const xml = renderUbl(twentyLineInvoice());
  const suppliers = new SupplierService(deps);
  const bills = new BillService(deps);
  const noRules = { check: async () => ({ fatal: [], warnings: [] }) };
  const rules = new En16931Rules();
  const withRules = new BillImportService(deps, suppliers, bills, bills.documents, rules);
  const plain = new BillImportService(deps, suppliers, bills, bills.documents, noRules);
  let n = 0;
  const once = async (service: BillImportService) => {
    n += 1;
    const file = Buffer.from(xml.replace('<cbc:ID>2026-000001</cbc:ID>', `<cbc:ID>BENCH-${n}</cbc:ID>`), 'utf8');
    const t0 = performance.now();
    await service.import({ buffer: file, originalname: 'bench.xml' }, 'bench');
    return performance.now() - t0;
  };
  const p50 = async (service: BillImportService, runs: number) => {
    for (let i = 0; i < 3; i++) await once(service);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await once(service));
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  };
  try {
    print(prefix, 'ubl_import_ms_p50', await p50(plain, UBL_IMPORTS), 'ms');
    print(prefix, 'ubl_import_with_rules_ms_p50', await p50(withRules, Math.min(UBL_IMPORTS, 10)), 'ms');
  } finally {
    await rules.close();
  }
};

const main = async () => {
  // The renderers touch no database: one figure each, under the plain name.
  print('', 'ubl_render_ms_p50', await measureUblRender(), 'ms');
  print('', 'pdf_render_ms_p50', await measurePdfRender(), 'ms');
  const pgliteCount = Number(process.env.BENCH_PGLITE_SUBSCRIPTIONS ?? 2000);
  const pgCount = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
  const lite = await createDb({});
  try {
    await bench('pglite_', lite, pgliteCount);
  } finally {
    await lite.destroy();
  }
  const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) return;
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const pg = await createDb({ databaseUrl: url, schema, poolMax: 20 });
  try {
    await bench('', pg, pgCount);
  } finally {
    await pg.raw('drop schema if exists ?? cascade', [schema]);
    await pg.destroy();
  }
};

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
