import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDb } from '../../test/db';
import { StreamConflictError, type AppendResult, type ExpectedRevision, type NewEvent, type ReadAllPage, type RecordedEvent } from '../event-store';
import { parsePgPosition } from './positions';
import { PostgresEventStore } from './postgres-event-store';

const ev = (n: number, eventId?: string): NewEvent => ({
  type: 'Grouped',
  data: { n },
  metadata: { actor: 'test', schemaVersion: 1, correlationId: `corr-${n}` },
  ...(eventId ? { eventId } : {}),
});
const tag = () => randomUUID().slice(0, 8);
const txOf = (r: AppendResult) => parsePgPosition(r.position).tx;
const settle = <T>(p: Promise<T>): Promise<T | Error> => p.catch((err: Error) => err);

/**
 * Appends made in the same turn of the event loop, outside a transaction, are committed as one
 * group (one statement, one transaction): these tests start them together and check each one
 * still gets exactly what an append of its own would.
 */
describe.each(testBackends())('PostgreSQL event store group commit on $name', (backend) => {
  let testDb: TestDb;
  let store: PostgresEventStore;
  beforeAll(async () => {
    testDb = await backend.create();
    store = new PostgresEventStore(testDb.db, { pollMs: 50 });
  });
  afterAll(async () => {
    await store.close();
    await testDb.destroy();
  });

  it('checks each expected revision in a group and fails only the appends whose check fails', async () => {
    const t = tag();
    const s = (name: string) => `${name}-${t}`;
    await store.append(s('old1'), [ev(0), ev(1)]);
    for (const name of ['old0', 'exists', 'exact', 'stale', 'ahead']) await store.append(s(name), [ev(0)]);
    await store.append(s('stale'), [ev(1)]);

    const cases: [string, ExpectedRevision, number][] = [
      ['new-any', 'any', 1],
      ['old1', 'any', 1],
      ['new', 'no_stream', 2],
      ['old0', 'no_stream', 1],
      ['exists', 'stream_exists', 1],
      ['missing', 'stream_exists', 1],
      ['exact', 0, 2],
      ['stale', 0, 1],
      ['ahead', 3, 1],
    ];
    const results = await Promise.all(
      cases.map(([name, expectedRevision, count], i) =>
        settle(store.append(s(name), Array.from({ length: count }, (_, j) => ev(100 * i + j)), { expectedRevision })),
      ),
    );
    const by = Object.fromEntries(cases.map(([name], i) => [name, results[i]!]));
    const written = ['new-any', 'old1', 'new', 'exists', 'exact'].map((name) => by[name] as AppendResult);
    expect(written.map((r) => r.nextExpectedRevision)).toEqual([0, 2, 1, 1, 2]);
    // One group: everything written shares one transaction.
    expect(new Set(written.map(txOf)).size).toBe(1);

    const conflicts = ['old0', 'missing', 'stale', 'ahead'].map((name) => by[name] as StreamConflictError);
    for (const c of conflicts) expect(c).toBeInstanceOf(StreamConflictError);
    expect(conflicts.map((c) => [c.streamId, c.expected, c.actual])).toEqual([
      [s('old0'), 'no_stream', 0],
      [s('missing'), 'stream_exists', 'no_stream'],
      [s('stale'), 0, 1],
      [s('ahead'), 3, 0],
    ]);
    // The conflicting appends wrote nothing; the others wrote exactly their events, metadata included.
    expect(await Promise.all(['old0', 'missing', 'stale', 'ahead'].map(async (name) => (await store.readStream(s(name))).length))).toEqual([1, 0, 2, 1]);
    const exact = await store.readStream(s('exact'));
    expect(exact.map((e) => [e.streamRevision, e.data, e.metadata.correlationId])).toEqual([
      [0, { n: 0 }, 'corr-0'],
      [1, { n: 600 }, 'corr-600'],
      [2, { n: 601 }, 'corr-601'],
    ]);
  });

  it('writes a group in the order of its appends and returns each append its own last position', async () => {
    const t = tag();
    const head = await store.headPosition();
    const sizes = [1, 3, 2, 1, 1, 2, 1, 3];
    const results = await Promise.all(
      sizes.map((size, i) => store.append(`order-${i}-${t}`, Array.from({ length: size }, (_, j) => ev(10 * i + j)), { expectedRevision: 'no_stream' })),
    );
    expect(new Set(results.map(txOf)).size).toBe(1);
    for (let i = 1; i < results.length; i++) expect(store.comparePositions(results[i - 1]!.position, results[i]!.position)).toBeLessThan(0);
    for (const [i, r] of results.entries()) {
      const events = await store.readStream(`order-${i}-${t}`);
      expect(r.nextExpectedRevision).toBe(sizes[i]! - 1);
      expect(events.at(-1)!.position).toBe(r.position);
    }
    const all: RecordedEvent[] = [];
    await expect
      .poll(async () => {
        all.splice(0, all.length, ...(await store.readAll({ after: head })).events.filter((e) => e.streamId.endsWith(t)));
        return all.length;
      }, { timeout: 30_000, interval: 20 })
      .toBe(14);
    expect(all.map((e) => (e.data as { n: number }).n)).toEqual(sizes.flatMap((size, i) => Array.from({ length: size }, (_, j) => 10 * i + j)));
  });

  it('answers a retried append in a group with its first result while the rest of the group commits', async () => {
    const t = tag();
    const batch = [ev(1, randomUUID()), ev(2, randomUUID())];
    const first = await store.append(`retry-${t}`, batch, { expectedRevision: 'no_stream' });
    await store.append(`taken-${t}`, [ev(0)]);
    const [again, other, conflict] = await Promise.all([
      settle(store.append(`retry-${t}`, batch, { expectedRevision: 'no_stream' })),
      settle(store.append(`other-${t}`, [ev(3)], { expectedRevision: 'no_stream' })),
      settle(store.append(`taken-${t}`, [ev(4)], { expectedRevision: 'no_stream' })),
    ]);
    expect(again).toEqual(first);
    expect((other as AppendResult).nextExpectedRevision).toBe(0);
    expect(conflict).toBeInstanceOf(StreamConflictError);
    expect((await store.readStream(`retry-${t}`)).map((e) => e.eventId)).toEqual(batch.map((e) => e.eventId));
    expect((await store.readStream(`taken-${t}`)).length).toBe(1);
  });

  it('gives each of one stream\'s appends made together its own revision and position', async () => {
    const s = `same-${tag()}`;
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => store.append(s, [ev(i)], { expectedRevision: 'any' })));
    expect(results.map((r) => r.nextExpectedRevision).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    const events = await store.readStream(s);
    expect(events.map((e) => e.streamRevision)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const r of results) expect(events[r.nextExpectedRevision]!.position).toBe(r.position);
  });
});

const postgres = testBackends().find((b) => b.name === 'postgres');

/** Holding a stream's row lock from another connection holds back the group that contains it. */
describe.runIf(postgres)('PostgreSQL event store group commit across connections', () => {
  let testDb: TestDb;
  let store: PostgresEventStore;
  beforeAll(async () => {
    testDb = await postgres!.create();
    store = new PostgresEventStore(testDb.db, { pollMs: 50 });
  });
  afterAll(async () => {
    await store.close();
    await testDb.destroy();
  });

  const lockStream = async (streamId: string) => {
    const held = await testDb.db.transaction();
    await held.raw('select revision from streams where stream_id = ? for update', [streamId]);
    return held;
  };
  const committedCount = async (streamIds: string[]) =>
    Number((await testDb.db('events').whereIn('stream_id', streamIds).count('* as n'))[0]!.n);
  /** Resolves once a statement of another connection waits for a lock that `holder` holds. */
  const someoneWaitsFor = async (holder: Knex.Transaction) => {
    const { pid } = (await holder.raw('select pg_backend_pid() as pid')).rows[0];
    const waiting = async () => Number((await testDb.db.raw('select count(*) as n from pg_stat_activity where ? = any(pg_blocking_pids(pid))', [pid])).rows[0].n);
    await expect.poll(waiting, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);
  };
  /** The next page the store reads for its subscribers, read after this call (so after every append already answered). */
  const nextRead = (s: PostgresEventStore): Promise<ReadAllPage> =>
    new Promise((resolve) => {
      const read = s.readAll;
      s.readAll = async (options) => {
        delete (s as { readAll?: unknown }).readAll;
        const page = await read.call(s, options);
        resolve(page);
        return page;
      };
    });

  it('resolves the appends of a group only once the group has committed', async () => {
    const t = tag();
    await store.append(`blocked-${t}`, [ev(0)]);
    const held = await lockStream(`blocked-${t}`);
    const settled: string[] = [];
    const appends = [`blocked-${t}`, `free-${t}`].map((s) => store.append(s, [ev(1)]).then((r) => (settled.push(s), r)));

    // The group's statement waits for the held row, in its transaction: the free stream's append
    // waits with it (one transaction, checked below), and nothing of the group is committed yet.
    await someoneWaitsFor(held);
    expect(settled).toEqual([]);
    expect(await committedCount([`free-${t}`])).toBe(0);

    await held.commit();
    const [blocked, free] = await Promise.all(appends);
    expect(txOf(blocked!)).toBe(txOf(free!));
    // Read-your-writes: once an append has resolved, any connection reads its events.
    expect(await committedCount([`blocked-${t}`, `free-${t}`])).toBe(3);
  });

  it('does not let a reader pass a group held back while a later group commits', async () => {
    const t = tag();
    const start = await store.append(`held-${t}`, [ev(0)]);
    const seen: RecordedEvent[] = [];
    const sub = store.subscribeToAll({ after: start.position, onEvents: async (events) => void seen.push(...events.filter((e) => e.streamId.endsWith(t))) });
    try {
      const held = await lockStream(`held-${t}`);
      // 'any' on a new stream writes first, so the held-back group has its transaction id before it waits.
      const first = [store.append(`early-${t}`, [ev(1)]), store.append(`held-${t}`, [ev(2)], { expectedRevision: 0 })];
      await someoneWaitsFor(held);
      const later = await store.append(`later-${t}`, [ev(3)]);
      // The subscriber's first read after the later group committed finds none of these events.
      const page = await nextRead(store);
      expect(page.events.filter((e) => e.streamId.endsWith(t))).toEqual([]);
      expect(seen).toEqual([]);

      await held.commit();
      const [early] = await Promise.all(first);
      expect(store.comparePositions(early!.position, later.position)).toBeLessThan(0);
      await expect.poll(() => seen.length, { timeout: 30_000 }).toBe(3);
      expect(seen.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);
    } finally {
      await sub.stop();
    }
  });
});
