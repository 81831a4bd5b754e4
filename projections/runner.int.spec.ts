import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent, RecordedEvent } from '../eventstore/event-store';
import { EventStoreDbEventStore } from '../eventstore/eventstoredb/eventstoredb-event-store';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { testBackends, type TestBackend, type TestDb } from '../test/db';
import { EventStoreDbTestServer } from '../test/eventstoredb-test-server';
import { ProjectionEngine } from './engine';
import type { Projection, Reactor } from './projection';

const logger = pino({ level: 'silent' });
const ev = (type: string, data: Record<string, unknown>): NewEvent => ({ type, data, metadata: { actor: 'test', schemaVersion: 1 } });

/** A read model counting amounts per account, failing on an event marked `poison`. */
const totals: Projection = {
  name: 'test_totals',
  eventTypes: ['Credited', 'Debited'],
  tables: ['test_totals'],
  apply: async (trx, events) => {
    for (const e of events) {
      const data = e.data as { account: string; amount: number; poison?: boolean };
      if (data.poison) throw new Error('poisoned event');
      const delta = e.type === 'Credited' ? data.amount : -data.amount;
      await trx('test_totals')
        .insert({ account: data.account, total: delta, events: 1 })
        .onConflict('account')
        .merge({ total: trx.raw('test_totals.total + ?', [delta]), events: trx.raw('test_totals.events + 1') });
    }
  },
};

const mailer: Reactor = {
  name: 'test_mailer',
  eventTypes: ['Credited'],
  handle: async (trx, events: RecordedEvent[]) => {
    for (const e of events) await trx('test_outbox').insert({ event_id: e.eventId });
  },
};

const createTables = async (db: Knex) => {
  await db.schema.createTable('test_totals', (t) => {
    t.text('account').primary();
    t.bigInteger('total').notNullable();
    t.integer('events').notNullable();
  });
  // The primary key makes a doubled side effect fail loudly instead of passing unnoticed.
  await db.schema.createTable('test_outbox', (t) => t.uuid('event_id').primary());
};

interface Events {
  store: EventStore;
  close: () => Promise<void>;
}
const pgEvents = async (db: Knex): Promise<Events> => {
  const store = new PostgresEventStore(db, { pollMs: 200 });
  return { store, close: () => store.close() };
};
/** A fresh in-process EventStoreDB per test, so every test starts from an empty log. */
const esdbEvents = async (): Promise<Events> => {
  const server = new EventStoreDbTestServer();
  const store = EventStoreDbEventStore.connect(await server.start());
  return { store, close: async () => (await store.close(), await server.stop()) };
};
const cases: { label: string; backend: TestBackend; open: (db: Knex) => Promise<Events> }[] = [
  ...testBackends().map((backend) => ({ label: `${backend.name} events`, backend, open: pgEvents })),
  { label: 'EventStoreDB events, PGlite read models', backend: testBackends()[0]!, open: esdbEvents },
];

describe.each(cases)('projection runner with $label', ({ backend, open }) => {
  let testDb: TestDb;
  let events: Events;
  let store: EventStore;
  const engines: ProjectionEngine[] = [];
  const engine = (projections: Projection[] = [totals], reactors: Reactor[] = [mailer], batchSize = 7, crossProcess?: 'announce' | 'listen') => {
    const e = new ProjectionEngine({ db: testDb.db, store, logger, projections, reactors, batchSize, crossProcess });
    engines.push(e);
    return e;
  };

  beforeEach(async () => {
    testDb = await backend.create();
    await createTables(testDb.db);
    events = await open(testDb.db);
    store = events.store;
  });
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((e) => e.stop()));
    await events.close();
    await testDb.destroy();
  });

  it('catches up on existing events, then follows live appends, with read-your-writes', async () => {
    for (let i = 0; i < 20; i++) await store.append(`acct-${i % 3}`, [ev('Credited', { account: `a${i % 3}`, amount: 10 })]);
    const e = engine();
    e.start();
    const last = await store.append('acct-0', [ev('Debited', { account: 'a0', amount: 5 }), ev('Noise', {})]);
    expect(await e.waitFor(last.position, { timeoutMs: 10_000 })).toBe(true);
    const rows = await testDb.db('test_totals').orderBy('account');
    expect(rows.map((r) => [r.account, Number(r.total), r.events])).toEqual([
      ['a0', 65, 8],
      ['a1', 70, 7],
      ['a2', 60, 6],
    ]);
    const live = await store.append('acct-9', [ev('Credited', { account: 'a9', amount: 1 })]);
    expect(await e.waitFor(live.position, { timeoutMs: 10_000, includeReactors: true })).toBe(true);
    expect(await testDb.db('test_totals').where({ account: 'a9' }).first()).toMatchObject({ events: 1 });
    expect((await testDb.db('test_outbox')).length).toBe(21);
    const status = await e.status();
    expect(status.map((s) => [s.name, s.kind, s.state, s.lag, s.eventsProcessed])).toEqual([
      ['test_totals', 'projection', 'running', 0, 22],
      ['test_mailer', 'reactor', 'running', 0, 21],
    ]);
    expect(status[0]!.position).toBe(live.position);
  });

  it("commits a projection's batches without waiting for their WAL flush, and a reactor's durably", async () => {
    const modes: Record<string, string[]> = { projection: [], reactor: [] };
    const mode = async (trx: Knex.Transaction) => String((await trx.raw("select current_setting('synchronous_commit') as m")).rows[0].m);
    const watched: Projection = { ...totals, apply: async (trx, evs) => (modes.projection!.push(await mode(trx)), totals.apply(trx, evs)) };
    const durable: Reactor = { ...mailer, handle: async (trx, evs) => (modes.reactor!.push(await mode(trx)), mailer.handle(trx, evs)) };
    const e = engine([watched], [durable]);
    e.start();
    const last = await store.append('acct-mode', [ev('Credited', { account: 'm', amount: 1 })]);
    expect(await e.waitFor(last.position, { timeoutMs: 10_000, includeReactors: true })).toBe(true);
    expect(new Set(modes.projection)).toEqual(new Set(['off']));
    expect(new Set(modes.reactor)).toEqual(new Set(['on']));
    // The setting is the batch's own: the connection goes back to the pool as it was.
    expect(String((await testDb.db.raw("select current_setting('synchronous_commit') as m")).rows[0].m)).toBe('on');
  });

  it('runs each event once across restarts and two engines on one database', async () => {
    const a = engine();
    const b = engine();
    a.start();
    b.start();
    const appends = [];
    for (let i = 0; i < 30; i++) appends.push(store.append(`acct-${i}`, [ev('Credited', { account: 'x', amount: 1 }), ev('Credited', { account: 'x', amount: 2 })]));
    const positions = (await Promise.all(appends)).map((r) => r.position);
    await a.stop();
    const latest = positions.reduce((x, y) => (store.comparePositions(x, y) >= 0 ? x : y));
    expect(await b.waitFor(latest, { timeoutMs: 15_000, includeReactors: true })).toBe(true);
    await b.stop();
    const c = engine();
    c.start();
    const last = await store.append('acct-last', [ev('Credited', { account: 'x', amount: 100 })]);
    expect(await c.waitFor(last.position, { timeoutMs: 15_000, includeReactors: true })).toBe(true);
    expect(await testDb.db('test_totals').where({ account: 'x' }).first()).toMatchObject({ events: 61 });
    expect(Number((await testDb.db('test_totals').where({ account: 'x' }).first()).total)).toBe(190);
    expect((await testDb.db('test_outbox')).length).toBe(61);
  });

  it('passes over an event its projection cannot fold, reports it, and applies every later one', async () => {
    const e = engine();
    e.start();
    const good = await store.append('acct-1', [ev('Credited', { account: 'p', amount: 1 }), ev('Credited', { account: 'p', amount: 2 })]);
    const bad = await store.append('acct-1', [ev('Credited', { account: 'p', amount: 3, poison: true }), ev('Credited', { account: 'p', amount: 4 })]);
    // Read-your-writes still holds: the batch with the bad event is committed past it.
    expect(await e.waitFor(bad.position, { timeoutMs: 10_000, includeReactors: true })).toBe(true);
    expect(store.comparePositions(good.position, bad.position)).toBeLessThan(0);
    const row = await testDb.db('test_totals').where({ account: 'p' }).first();
    expect([row.events, Number(row.total)]).toEqual([3, 7]);
    const [projection, reactor] = await e.status();
    const poisoned = (await store.readStream('acct-1'))[2]!;
    expect(projection).toMatchObject({ state: 'running', lag: 0, position: bad.position, skipped: 1, skippedResolved: 0, eventsProcessed: 3 });
    expect(projection!.skippedEvents).toEqual([
      expect.objectContaining({ name: 'test_totals', eventId: poisoned.eventId, position: poisoned.position, streamId: 'acct-1', eventType: 'Credited', error: 'poisoned event', resolvedBy: null }),
    ]);
    // The reactor, which folds it fine, is not affected.
    expect(reactor).toMatchObject({ state: 'running', skipped: 0 });
    expect(await testDb.db('test_outbox')).toHaveLength(4);
  });

  it('never folds an amount beyond exact arithmetic: the event is reported instead, in every handler', async () => {
    const cents: Projection = {
      name: 'test_cents',
      eventTypes: ['Charged'],
      tables: ['test_totals'],
      apply: async (trx, events) => {
        for (const ev of events) await trx('test_totals').insert({ account: ev.eventId, total: (ev.data as { totals: { grossCents: number } }).totals.grossCents, events: 1 });
      },
    };
    const e = engine([cents], []);
    e.start();
    const exact = await store.append('doc-1', [ev('Charged', { totals: { grossCents: 9_007_199_254_740_991 } })]);
    const inexact = await store.append('doc-2', [ev('Charged', { totals: { grossCents: 11_899_999_999_998_810_000 } }), ev('Charged', { totals: { grossCents: 100 } })]);
    expect(await e.waitFor(inexact.position, { timeoutMs: 10_000 })).toBe(true);
    expect((await testDb.db('test_totals').select('total')).map((r) => Number(r.total)).sort((a, b) => a - b)).toEqual([100, 9_007_199_254_740_991]);
    const [status] = await e.status();
    expect(status).toMatchObject({ skipped: 1, eventsProcessed: 2 });
    expect(status!.skippedEvents[0]!.error).toBe('Amounts beyond exact arithmetic: totals.grossCents = 11899999999998810000');
    expect(status!.skippedEvents[0]!.streamId).toBe('doc-2');
    expect(store.comparePositions(exact.position, status!.skippedEvents[0]!.position)).toBeLessThan(0);
  });

  it('lets a process without runners (ROLE=web) wait on a worker, including past events no projection reads', async () => {
    const worker = engine();
    worker.start();
    const web = engine();
    const relevant = await store.append('acct-1', [ev('Credited', { account: 'w', amount: 1 })]);
    expect(await web.waitFor(relevant.position, { timeoutMs: 10_000 })).toBe(true);
    expect(await testDb.db('test_totals').where({ account: 'w' }).first()).toMatchObject({ events: 1 });
    const noise = await store.append('noise-1', [ev('Noise', {})]);
    expect(await web.waitFor(noise.position, { timeoutMs: 10_000 })).toBe(true);
    await worker.stop();
    const pending = await store.append('acct-2', [ev('Credited', { account: 'w', amount: 1 })]);
    expect(await web.waitFor(pending.position, { timeoutMs: 300 })).toBe(false);
  });

  it.runIf(backend.name === 'postgres')("lets a web process hear a worker's progress instead of reading checkpoints, filtered-out events included", async () => {
    const worker = engine([totals], [mailer], 7, 'announce');
    worker.start();
    const web = engine([totals], [mailer], 7, 'listen');
    await web.listen();
    const first = await store.append('acct-1', [ev('Credited', { account: 'h', amount: 1 })]);
    expect(await worker.waitFor(first.position, { timeoutMs: 10_000, includeReactors: true })).toBe(true);
    // From here on the web engine should not need the checkpoints table at all.
    const checkpointReads: string[] = [];
    const count = (q: { sql: string }) => {
      if (/from "projection_checkpoints"/.test(q.sql)) checkpointReads.push(q.sql);
    };
    testDb.db.on('query', count);
    try {
      const relevant = await store.append('acct-1', [ev('Credited', { account: 'h', amount: 2 })]);
      expect(await web.waitFor(relevant.position, { timeoutMs: 10_000, includeReactors: true })).toBe(true);
      expect(await testDb.db('test_totals').where({ account: 'h' }).first()).toMatchObject({ events: 2 });
      expect(await testDb.db('test_outbox')).toHaveLength(2);
      const noise = await store.append('noise-1', [ev('Noise', {})]);
      expect(await web.waitFor(noise.position, { timeoutMs: 10_000, includeReactors: true })).toBe(true);
      expect(checkpointReads).toEqual([]);
    } finally {
      testDb.db.off('query', count);
    }
    // No worker, nothing announced: the web engine still gives up at its deadline.
    await worker.stop();
    const pending = await store.append('acct-2', [ev('Credited', { account: 'h', amount: 1 })]);
    expect(await web.waitFor(pending.position, { timeoutMs: 300 })).toBe(false);
  });

  it('waitFor returns false on timeout without throwing', async () => {
    const e = engine();
    const appended = await store.append('acct-1', [ev('Credited', { account: 'q', amount: 1 })]);
    const started = Date.now();
    expect(await e.waitFor(appended.position, { timeoutMs: 150 })).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    e.start();
    expect(await e.waitFor(appended.position, { timeoutMs: 10_000 })).toBe(true);
  });
});
