/**
 * Event store and projection throughput, ours beside emmett's PostgreSQL store and plain INSERTs on
 * the same server, in interleaved rounds (BENCH_ROUNDS, default 15 on PostgreSQL, 5 on PGlite)
 * so the ratios are comparable.
 *
 *   npm run bench:eventstore     # real PostgreSQL with DATABASE_URL or TEST_DATABASE_URL, else PGlite
 *   BENCH_REBUILD_EVENTS=50000 npm run bench:eventstore
 *   BENCH_SINGLE_EVENTS=9000 BENCH_BATCH_EVENTS=30000 BENCH_ROUNDS=5 BENCH_VERBOSE=1 ...  # a quick look, per-round figures on stderr
 *
 * Works in a dedicated schema (dropped afterwards). Prints `name: value unit` lines; on PGlite the
 * names are prefixed `pglite_` and the counts are smaller (printed too). Never fails on time.
 */
// The API's modules carry GraphQL decorators, which need the metadata API loaded first.
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { createDb } from '../api/platform/db/knex';
import { migrate } from '../api/main/migrate';
import type { NewEvent } from '../eventstore/event-store';
import { eventStoreMigrations } from '../eventstore/postgres/migrations';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { projectionMigrations } from '../projections/migrations';
import { rebuildProjection } from '../projections/rebuild';
import { openEmmett, type Contender } from './eventstore-emmett';
import { ledgerBenchProjection, ledgerBenchTables } from './eventstore-projection';
import { median } from './support';

const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
const prefix = url ? '' : 'pglite_';
const int = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const counts = url
  ? { single: int('BENCH_SINGLE_EVENTS', 45_000), batch: int('BENCH_BATCH_EVENTS', 150_000), rebuild: int('BENCH_REBUILD_EVENTS', 200_000) }
  : { single: int('BENCH_PGLITE_SINGLE_EVENTS', 5_000), batch: int('BENCH_PGLITE_BATCH_EVENTS', 20_000), rebuild: int('BENCH_PGLITE_REBUILD_EVENTS', 20_000) };
const WRITERS = 8;
const WARMUP = url ? 1000 : 100;

export const print = (name: string, value: number, unit: string, decimals = 1) => process.stdout.write(`${prefix}${name}: ${Number(value.toFixed(decimals))} ${unit}\n`);

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

// Fifteen rounds on PostgreSQL: one round's ratio swings by a third or more on a shared machine.
const ROUNDS = Math.max(1, int('BENCH_ROUNDS', url ? 15 : 5));

/** Ours: the product's PostgreSQL event store (gap-safe positions, expected revisions, metadata). */
const openOurs = (db: Knex): Contender & { store: PostgresEventStore } => {
  const store = new PostgresEventStore(db);
  const revisions = new Map<string, number>();
  return {
    name: 'ours',
    store,
    writers: WRITERS,
    append: async (stream, from, count) => {
      const events = Array.from({ length: count }, (_, j) => posted(from + j));
      const r = await store.append(stream, events, { expectedRevision: revisions.get(stream) ?? 'no_stream' });
      revisions.set(stream, r.nextExpectedRevision);
    },
    close: () => store.close(),
  };
};

/**
 * The physical limit: plain INSERTs into a table of the events table's shape (same columns,
 * keys and index), one statement per append, with no revision check and no stream table.
 */
const openRawInsert = async (db: Knex): Promise<Contender> => {
  await db.raw(`create table raw_events (
    global_position bigint generated always as identity primary key,
    transaction_id xid8 not null default pg_current_xact_id(),
    event_id uuid not null unique,
    stream_id text not null,
    stream_revision bigint not null,
    type text not null,
    data jsonb not null,
    metadata jsonb not null,
    unique (stream_id, stream_revision))`);
  await db.raw('create index raw_events_read_order on raw_events (transaction_id, global_position)');
  const revisions = new Map<string, number>();
  return {
    name: 'raw_insert',
    writers: WRITERS,
    append: async (stream, from, count) => {
      const first = revisions.get(stream) ?? 0;
      revisions.set(stream, first + count);
      const rows = Array.from({ length: count }, (_, j) => {
        const e = posted(from + j);
        return { event_id: randomUUID(), stream_id: stream, stream_revision: first + j, type: e.type, data: JSON.stringify(e.data), metadata: JSON.stringify(e.metadata) };
      });
      await db('raw_events').insert(rows);
    },
    close: async () => undefined,
  };
};

/** Appends `total` events in `size`-event appends over the contender's writers; returns events per second. */
const appendRate = async (c: Contender, label: string, total: number, size: number, streamsPerWriter: number): Promise<number> => {
  const appends = Math.ceil(total / size);
  const seconds = await concurrently(c.writers, appends, (w, i) => c.append(`${label}-${w}-${i % streamsPerWriter}`, i * size, size));
  return (appends * size) / seconds;
};

/** Microseconds that some task waited for a CPU, since boot (Linux pressure stall information). */
const cpuStallMicros = (): number | undefined => {
  try {
    const some = /^some .*total=(\d+)$/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return some ? Number(some[1]) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Events per second of each contender over one round of `legs` legs each: the contenders run in
 * `order`, then in reverse, and so on, each leg with an equal share of `total`, so a load that
 * rises or falls during the round falls on all of them alike. A contender's legs go on appending
 * to the same streams, so how many appends start a stream does not depend on the number of legs.
 */
const mirroredRound = async (order: Contender[], label: string, total: number, size: number, streamsPerWriter: number, legs: number) => {
  const spent = new Map<string, { appends: number; seconds: number }>();
  const perLeg = Math.ceil(total / size / legs);
  const sequence = Array.from({ length: legs }, (_, leg) => (leg % 2 ? [...order].reverse() : order)).flat();
  for (const c of sequence) {
    const done = spent.get(c.name) ?? { appends: 0, seconds: 0 };
    const seconds = await concurrently(c.writers, perLeg, (w, leg) => {
      const i = done.appends + leg;
      return c.append(`${label}-${w}-${i % streamsPerWriter}`, i * size, size);
    });
    spent.set(c.name, { appends: done.appends + perLeg, seconds: done.seconds + seconds });
  }
  return new Map([...spent].map(([name, { appends, seconds }]) => [name, (appends * size) / seconds]));
};

/**
 * Single and batch appends of the contenders in ROUNDS mirrored rounds, each starting with a
 * different contender. Prints each one's median and the median of the per-round ratios.
 */
const appendRounds = async (contenders: Contender[]) => {
  const rates = new Map<string, { single: number[]; batch: number[] }>(contenders.map((c) => [c.name, { single: [], batch: [] }]));
  const single = Math.max(100, Math.floor(counts.single / ROUNDS));
  const batch = Math.max(1000, Math.floor(counts.batch / ROUNDS / 100) * 100);
  for (const c of contenders) await appendRate(c, `warm`, WARMUP, 1, 50);
  const load: number[] = [];
  const stalledBefore = cpuStallMicros();
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    load.push(loadavg()[0]!);
    const order = contenders.map((_, i) => contenders[(i + round) % contenders.length]!);
    // Single appends take well under a second per leg, so they alternate more often.
    for (const [name, rate] of await mirroredRound(order, `single-r${round}`, single, 1, 50, 4)) rates.get(name)!.single.push(rate);
    for (const [name, rate] of await mirroredRound(order, `batch-r${round}`, batch, 100, 20, 2)) rates.get(name)!.batch.push(rate);
  }
  const stalled = stalledBefore === undefined ? undefined : (cpuStallMicros()! - stalledBefore) / 1000 / (performance.now() - started);
  const of = (name: string) => rates.get(name)!;
  if (process.env.BENCH_VERBOSE) process.stderr.write(`per-round events/s: ${JSON.stringify([...rates].map(([name, r]) => [name, r.single.map(Math.round), r.batch.map(Math.round)]))}\n`);
  const ratio = (a: number[], b: number[]) => median(a.map((v, i) => v / b[i]!));
  print('append_rounds', ROUNDS, 'rounds');
  // What else ran meanwhile: the ratios shift with it (group commit gains most on a busy machine).
  print('append_rounds_load_avg', median(load), 'load', 2);
  if (stalled !== undefined) print('append_rounds_cpu_stalled', 100 * stalled, '%');
  print('append_events_per_s', median(of('ours').single), 'events/s');
  print('emmett_append_events_per_s', median(of('emmett').single), 'events/s');
  print('raw_insert_events_per_s', median(of('raw_insert').single), 'events/s');
  print('append_vs_emmett_ratio', ratio(of('ours').single, of('emmett').single), 'x', 2);
  print('append_vs_raw_insert_ratio', ratio(of('ours').single, of('raw_insert').single), 'x', 2);
  print('append_batch_events_per_s', median(of('ours').batch), 'events/s');
  print('emmett_append_batch_events_per_s', median(of('emmett').batch), 'events/s');
  print('raw_insert_batch_events_per_s', median(of('raw_insert').batch), 'events/s');
  print('append_batch_vs_emmett_ratio', ratio(of('ours').batch, of('emmett').batch), 'x', 2);
  print('append_batch_vs_raw_insert_ratio', ratio(of('ours').batch, of('raw_insert').batch), 'x', 2);
};

/** Reads everything back, then replays a two-table projection over `counts.rebuild` events. */
const readAndRebuild = async (db: Knex, ours: ReturnType<typeof openOurs>, emmett: Contender) => {
  const store = ours.store;
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
  const emmettStarted = performance.now();
  const emmettRead = await emmett.readAll!();
  print('emmett_read_all_events_per_s', emmettRead / ((performance.now() - emmettStarted) / 1000), 'events/s');

  // Top up to the rebuild size with 100-event appends, then replay the two-table projection from 0.
  const missing = Math.max(0, counts.rebuild - read);
  await appendRate(ours, 'fill', missing, 100, 20);
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
};

const main = async () => {
  const schema = `bench_es_${randomBytes(4).toString('hex')}`;
  const db = await createDb(url ? { databaseUrl: url, schema, poolMax: 12 } : {});
  try {
    await migrate(db, [...eventStoreMigrations, ...projectionMigrations]);
    const ours = openOurs(db);
    const emmett = await openEmmett(url, WRITERS);
    try {
      await appendRounds([ours, emmett, await openRawInsert(db)]);
      await readAndRebuild(db, ours, emmett);
    } finally {
      await emmett.close();
      await ours.close();
    }
  } finally {
    if (url) await db.raw('drop schema if exists ?? cascade', [schema]);
    await db.destroy();
  }
};

await main();
