/**
 * Event store and projection throughput, ours beside emmett's PostgreSQL store on the same database.
 *
 *   npm run bench:eventstore     # real PostgreSQL with DATABASE_URL or TEST_DATABASE_URL, else PGlite
 *   BENCH_REBUILD_EVENTS=50000 npm run bench:eventstore
 *
 * Works in a dedicated schema (dropped afterwards). Prints `name: value unit` lines; on PGlite the
 * names are prefixed `pglite_` and the counts are smaller (printed too). Never fails on time.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { createDb } from '../api/db/knex';
import { migrate } from '../api/db/migrate';
import type { NewEvent } from '../eventstore/event-store';
import { eventStoreMigrations } from '../eventstore/postgres/migrations';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { projectionMigrations } from '../projections/migrations';
import { rebuildProjection } from '../projections/rebuild';
import { benchEmmett } from './eventstore-emmett';
import { ledgerBenchProjection, ledgerBenchTables } from './eventstore-projection';

const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
const prefix = url ? '' : 'pglite_';
const int = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const counts = url
  ? { single: int('BENCH_SINGLE_EVENTS', 20_000), batch: int('BENCH_BATCH_EVENTS', 100_000), rebuild: int('BENCH_REBUILD_EVENTS', 200_000) }
  : { single: int('BENCH_PGLITE_SINGLE_EVENTS', 5_000), batch: int('BENCH_PGLITE_BATCH_EVENTS', 20_000), rebuild: int('BENCH_PGLITE_REBUILD_EVENTS', 20_000) };
const WRITERS = 8;
const WARMUP = url ? 1000 : 100;

export const print = (name: string, value: number, unit: string) => process.stdout.write(`${prefix}${name}: ${Number(value.toFixed(1))} ${unit}\n`);

export const posted = (i: number): NewEvent => ({
  type: 'EntryPosted',
  data: { account: `acct-${i % 500}`, amountCents: (i % 9973) - 4000, description: `Invoice INV-${i}`, date: '2026-11-22' },
  metadata: { actor: 'bench', schemaVersion: 1, correlationId: randomUUID() },
});

/** Runs `total` units of work split over `writers` concurrent loops; returns seconds taken. */
export const concurrently = async (writers: number, total: number, work: (writer: number, i: number) => Promise<void>): Promise<number> => {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = w; i < total; i += writers) await work(w, i);
    }),
  );
  return (performance.now() - started) / 1000;
};

const ours = async (db: Knex) => {
  const store = new PostgresEventStore(db);
  const revisions = new Map<string, number>();
  const append = async (stream: string, events: NewEvent[]) => {
    const r = await store.append(stream, events, { expectedRevision: revisions.get(stream) ?? 'no_stream' });
    revisions.set(stream, r.nextExpectedRevision);
  };
  // Warm up connections and JIT first, as the emmett run below gets them warm after ours.
  await concurrently(WRITERS, WARMUP, (w, i) => append(`warm-${w}-${i % 50}`, [posted(i)]));
  const single = await concurrently(WRITERS, counts.single, (w, i) => append(`single-${w}-${i % 50}`, [posted(i)]));
  print('append_events_per_s', counts.single / single, 'events/s');
  const batches = counts.batch / 100;
  const batch = await concurrently(WRITERS, batches, (w, i) => append(`batch-${w}-${i % 20}`, Array.from({ length: 100 }, (_, j) => posted(i * 100 + j))));
  print('append_batch_events_per_s', counts.batch / batch, 'events/s');

  const started = performance.now();
  let read = 0;
  let after: string | undefined;
  for (;;) {
    const page = await store.readAll({ after, limit: 1000 });
    read += page.events.length;
    if (!page.hasMore) break;
    after = page.lastPosition;
  }
  print('read_all_events_per_s', read / ((performance.now() - started) / 1000), 'events/s');
  print('read_all_events', read, 'events');

  // Top up to the rebuild size with 100-event appends, then replay the two-table projection from 0.
  const missing = Math.max(0, counts.rebuild - read);
  await concurrently(WRITERS, Math.ceil(missing / 100), (w, i) => append(`fill-${w}-${i % 20}`, Array.from({ length: 100 }, (_, j) => posted(i * 100 + j))));
  await ledgerBenchTables(db);
  const total = read + Math.ceil(missing / 100) * 100;
  const logger = pino({ level: 'warn' });
  const result = await rebuildProjection(
    { db, store, logger, projections: [ledgerBenchProjection], batchSize: 2000 },
    ledgerBenchProjection.name,
    { timeoutMs: 3_600_000 },
  );
  const lines = Number((await db('bench_ledger_lines').count('* as n'))[0]!.n);
  if (!result.caughtUp || lines !== total) throw new Error(`rebuild did not finish: ${lines} of ${total} lines`);
  print('projection_rebuild_events_per_s', total / (result.durationMs / 1000), 'events/s');
  print('projection_rebuild_events', total, 'events');
  await store.close();
};

const main = async () => {
  const schema = `bench_es_${randomBytes(4).toString('hex')}`;
  const db = await createDb(url ? { databaseUrl: url, schema, poolMax: 12 } : {});
  try {
    await migrate(db, [...eventStoreMigrations, ...projectionMigrations]);
    await ours(db);
    await benchEmmett(url, schema, { single: counts.single, batch: counts.batch, writers: WRITERS, warmup: WARMUP });
  } finally {
    if (url) await db.raw('drop schema if exists ?? cascade', [schema]);
    await db.destroy();
  }
};

await main();
