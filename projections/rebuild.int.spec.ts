import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS as A } from '../domain/accounting/accounts';
import { journalStreamId, type JournalEntryRecorded } from '../domain/journal/events';
import type { Position } from '../eventstore/event-store';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { testBackends, type TestDb } from '../test/db';
import { readCheckpoints } from './checkpoints';
import { ProjectionEngine } from './engine';
import { LEDGER_TABLES } from './ledger/migrations';
import { rebuildProjection, UnknownProjectionError } from './rebuild';
import { projections, reactors } from '../api/main/read-models';
import type { Projection } from './projection';
import { readSkips } from './skips';

const logger = pino({ level: 'silent' });
const RENT = 'a0000000-0000-4000-8000-000000005100';

describe.each(testBackends())('projection rebuild on $name', (backend) => {
  let testDb: TestDb;
  let store: PostgresEventStore;

  beforeEach(async () => {
    testDb = await backend.create();
    store = new PostgresEventStore(testDb.db);
  });
  afterEach(() => testDb?.destroy());

  const record = async (n: number): Promise<Position> => {
    let last: Position = '';
    for (let i = 0; i < n; i++) {
      const entryId = randomUUID();
      const cents = 100 * (i + 1);
      const data: JournalEntryRecorded['data'] = {
        entryId,
        actor: 'test',
        at: '2026-05-01T10:00:00.000Z',
        date: `2026-05-${String((i % 28) + 1).padStart(2, '0')}`,
        description: `entry ${i}`,
        lines: [
          { accountId: RENT, debitCents: cents, creditCents: 0 },
          { accountId: A.bank, debitCents: 0, creditCents: cents },
        ],
      };
      last = (await store.append(journalStreamId(entryId), [{ type: 'JournalEntryRecorded', data, metadata: { actor: 'test', schemaVersion: 1 } }])).position;
    }
    return last;
  };

  const snapshot = async () => {
    const out: Record<string, string[]> = {};
    for (const table of LEDGER_TABLES) {
      const rows: Array<Record<string, unknown>> = await testDb.db(table).select('*');
      out[table] = rows.map(({ id: _id, ...rest }) => JSON.stringify(rest, Object.keys(rest).sort())).sort();
    }
    return out;
  };

  it('without a running engine (the CLI path) replays to the same read model and checkpoint', async () => {
    const last = await record(30);
    const engine = new ProjectionEngine({ db: testDb.db, store, logger, projections: projections(), reactors: reactors({ publicBaseUrl: 'http://localhost:3000' }) });
    engine.start();
    expect(await engine.waitFor(last, { timeoutMs: 20_000 })).toBe(true);
    await engine.stop();
    const live = await snapshot();
    expect(live.ledger_entries).toHaveLength(30);

    const result = await rebuildProjection({ db: testDb.db, store, logger, projections: projections() }, 'ledger');
    expect(result.caughtUp).toBe(true);
    expect(await snapshot()).toEqual(live);
    const [checkpoint] = await readCheckpoints(testDb.db, ['ledger']);
    expect(store.comparePositions(checkpoint!.position ?? undefined, last)).toBeGreaterThanOrEqual(0);
    expect(Number(checkpoint!.events_processed)).toBe(30);
  });

  it('with the live engine and appends during the rebuild, ends equal to a clean replay', async () => {
    await record(20);
    const engine = new ProjectionEngine({ db: testDb.db, store, logger, projections: projections(), reactors: reactors({ publicBaseUrl: 'http://localhost:3000' }) });
    engine.start();
    const [result, last] = await Promise.all([rebuildProjection({ db: testDb.db, store, logger, engine, projections: projections() }, 'ledger'), record(10)]);
    expect(result.caughtUp).toBe(true);
    expect(await engine.waitFor(last, { timeoutMs: 20_000 })).toBe(true);
    await engine.stop();
    const afterConcurrent = await snapshot();
    expect(afterConcurrent.ledger_entries).toHaveLength(30);
    await rebuildProjection({ db: testDb.db, store, logger, projections: projections() }, 'ledger');
    expect(await snapshot()).toEqual(afterConcurrent);
  });

  it('passes over what it cannot fold, records it afresh, and knows the events an operator has annulled', async () => {
    await testDb.db.schema.createTable('test_charges', (t) => {
      t.text('id').primary();
      t.bigInteger('cents').notNullable();
    });
    const charges: Projection = {
      name: 'test_charges',
      eventTypes: ['Charged'],
      tables: ['test_charges'],
      apply: async (trx, events) => {
        for (const e of events) {
          const d = e.data as { amountCents: number; poison?: boolean };
          if (d.poison) throw new Error('cannot fold this one');
          await trx('test_charges').insert({ id: e.eventId, cents: d.amountCents });
        }
      },
    };
    const charge = (data: Record<string, unknown>, annuls?: string[]) => ({ type: 'Charged', data, metadata: { actor: 'test', schemaVersion: 1, ...(annuls ? { annuls } : {}) } });
    await store.append('charge-1', [charge({ amountCents: 100 }), charge({ amountCents: 200, poison: true }), charge({ amountCents: 1e22 }), charge({ amountCents: 300 })]);
    const [, poison, inexact] = await store.readStream('charge-1');
    // Readers see a commit once every older transaction on the server has ended (other schemas' too).
    await expect.poll(async () => (await store.readAll({ eventTypes: ['Charged'] })).events.length, { timeout: 10_000 }).toBe(4);
    const deps = { db: testDb.db, store, logger, projections: [charges] };
    const first = await rebuildProjection(deps, 'test_charges');
    expect(first.caughtUp).toBe(true);
    expect((await testDb.db('test_charges').orderBy('cents')).map((r) => Number(r.cents))).toEqual([100, 300]);
    const skipped = await readSkips(testDb.db, { names: ['test_charges'] });
    expect(skipped.map((k) => [k.eventId, k.error, k.resolvedBy]).sort()).toEqual(
      [
        [poison!.eventId, 'cannot fold this one', null],
        [inexact!.eventId, 'Amounts beyond exact arithmetic: amountCents = 1e+22', null],
      ].sort(),
    );
    const [checkpoint] = await readCheckpoints(testDb.db, ['test_charges']);
    expect(Number(checkpoint!.events_processed)).toBe(2);

    // The operator's corrective event names what it annuls; the next replay records those as resolved.
    await store.append('charge-1', [charge({ amountCents: 0 }, [poison!.eventId, inexact!.eventId])]);
    await expect.poll(async () => (await store.readAll({ eventTypes: ['Charged'] })).events.length, { timeout: 10_000 }).toBe(5);
    await rebuildProjection(deps, 'test_charges');
    expect((await readSkips(testDb.db, { names: ['test_charges'] })).map((k) => k.resolvedBy)).toEqual([expect.any(String), expect.any(String)]);
    expect(await readSkips(testDb.db, { names: ['test_charges'], unresolvedOnly: true })).toEqual([]);
  });

  it('refuses a name that is not a projection', async () => {
    await expect(rebuildProjection({ db: testDb.db, store, logger, projections: projections() }, 'invoice_mail')).rejects.toBeInstanceOf(UnknownProjectionError);
    await expect(rebuildProjection({ db: testDb.db, store, logger, projections: projections() }, 'nope')).rejects.toBeInstanceOf(UnknownProjectionError);
  });
});
