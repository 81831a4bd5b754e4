import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewEvent } from '../eventstore/event-store';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { testBackends, type TestDb } from '../test/db';
import { ProjectionEngine } from './engine';
import type { Projection } from './projection';
import { rebuildProjection } from './rebuild';

const logger = pino({ level: 'silent' });
const ev = (account: string, amount: number): NewEvent => ({ type: 'Booked', data: { account, amount }, metadata: { actor: 't', schemaVersion: 1 } });

let failOn: number | undefined;
/** Balances per account plus a line per event: two read-model tables. */
const balances: Projection = {
  name: 'test_balances',
  eventTypes: ['Booked'],
  tables: ['test_balances', 'test_lines'],
  apply: async (trx, events) => {
    for (const e of events) {
      const { account, amount } = e.data as { account: string; amount: number };
      if (amount === failOn) throw new Error(`cannot book ${amount}`);
      await trx('test_balances')
        .insert({ account, balance: amount })
        .onConflict('account')
        .merge({ balance: trx.raw('test_balances.balance + ?', [amount]) });
      await trx('test_lines').insert({ event_id: e.eventId, account, amount });
    }
  },
};

const snapshot = async (db: Knex) => ({
  balances: (await db('test_balances').orderBy('account')).map((r) => [r.account, Number(r.balance)]),
  lines: (await db('test_lines').orderBy('event_id')).map((r) => [r.event_id, r.account, Number(r.amount)]),
});

describe.each(testBackends())('projection rebuild on $name', (backend) => {
  let testDb: TestDb;
  let store: PostgresEventStore;
  let live: ProjectionEngine;
  beforeEach(async () => {
    failOn = undefined;
    testDb = await backend.create();
    await testDb.db.schema.createTable('test_balances', (t) => {
      t.text('account').primary();
      t.bigInteger('balance').notNullable();
    });
    await testDb.db.schema.createTable('test_lines', (t) => {
      t.uuid('event_id').primary();
      t.text('account').notNullable();
      t.bigInteger('amount').notNullable();
    });
    store = new PostgresEventStore(testDb.db, { pollMs: 100 });
    live = new ProjectionEngine({ db: testDb.db, store, logger, projections: [balances], reactors: [], batchSize: 50 });
    live.start();
  });
  afterEach(async () => {
    await live.stop();
    await store.close();
    await testDb.destroy();
  });

  // The head is what committed before any still-open write transaction (a runner's batch, say), so
  // tests wait for the position their own last append returned.
  const appendMany = async (n: number, offset = 0): Promise<string> => {
    let last = '';
    for (let i = 0; i < n; i += 10) {
      last = (await store.append(`ledger-${(i / 10) % 7}`, Array.from({ length: 10 }, (_, j) => ev(`acct-${(offset + i + j) % 13}`, offset + i + j + 1)))).position;
    }
    return last;
  };

  it('replays from position 0 through the running engine and ends identical to the live read models', async () => {
    const last = await appendMany(300);
    expect(await live.waitFor(last, { timeoutMs: 20_000 })).toBe(true);
    const before = await snapshot(testDb.db);
    expect(before.lines.length).toBe(300);
    await testDb.db('test_balances').update({ balance: -1 });
    const result = await rebuildProjection({ db: testDb.db, store, logger, engine: live, projections: [balances] }, 'test_balances', { timeoutMs: 20_000 });
    expect(result.caughtUp).toBe(true);
    expect(await snapshot(testDb.db)).toEqual(before);
    const [status] = await live.status();
    expect(status).toMatchObject({ eventsProcessed: 300, lag: 0, position: last });
  });

  it('rebuilds from another engine (the CLI) while the server keeps running and appending', async () => {
    await appendMany(200);
    const more = appendMany(100, 200);
    const result = await rebuildProjection({ db: testDb.db, store, logger, projections: [balances], batchSize: 40 }, 'test_balances', { timeoutMs: 20_000 });
    const last = await more;
    expect(result.caughtUp).toBe(true);
    expect(await live.waitFor(last, { timeoutMs: 20_000 })).toBe(true);
    const { lines, balances: rows } = await snapshot(testDb.db);
    expect(lines.length).toBe(300);
    const expected = new Map<string, number>();
    for (let i = 0; i < 300; i++) expected.set(`acct-${i % 13}`, (expected.get(`acct-${i % 13}`) ?? 0) + i + 1);
    expect(rows).toEqual([...expected.entries()].sort(([a], [b]) => a.localeCompare(b)));
  });

  it('restarts a projection that had stopped on a failing event', async () => {
    failOn = 5;
    await appendMany(20);
    await expect.poll(async () => (await live.status())[0]!.state, { timeout: 10_000 }).toBe('failed');
    failOn = undefined;
    const result = await rebuildProjection({ db: testDb.db, store, logger, engine: live, projections: [balances] }, 'test_balances', { timeoutMs: 20_000 });
    expect(result.caughtUp).toBe(true);
    expect((await snapshot(testDb.db)).lines.length).toBe(20);
    expect((await live.status())[0]).toMatchObject({ state: 'running', lastError: undefined });
  });

  it('refuses an unknown projection', async () => {
    await expect(rebuildProjection({ db: testDb.db, store, logger, projections: [balances] }, 'nope')).rejects.toThrow(/No projection is named "nope"/);
  });
});
