import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewEvent, ReadAllPage, RecordedEvent } from '../event-store';
import { createDb } from '../../api/platform/db/knex';
import { testBackends, type TestDb } from '../../test/db';
import { schemaChannel } from './listen';
import { PostgresEventStore } from './postgres-event-store';

const postgres = testBackends().find((b) => b.name === 'postgres');
const ev = (n: number): NewEvent => ({ type: 'Gap', data: { n }, metadata: { actor: 'test', schemaVersion: 1 } });
const numbers = (events: RecordedEvent[]) => events.map((e) => (e.data as { n: number }).n);
/** The next page the store reads for its subscribers, read after this call (so after every append already answered). */
const nextRead = (store: PostgresEventStore): Promise<ReadAllPage> =>
  new Promise((resolve) => {
    const read = store.readAll;
    store.readAll = async (options) => {
      delete (store as { readAll?: unknown }).readAll;
      const page = await read.call(store, options);
      resolve(page);
      return page;
    };
  });

/** Needs two connections, so real PostgreSQL only (PGlite runs one transaction at a time). */
describe.runIf(postgres)('PostgreSQL event store gap safety', () => {
  let testDb: TestDb;
  let store: PostgresEventStore;
  beforeEach(async () => {
    testDb = await postgres!.create();
    store = new PostgresEventStore(testDb.db, { pollMs: 50 });
  });
  afterEach(async () => {
    await store.close();
    await testDb.destroy();
  });

  it('does not let readers pass an append whose transaction commits after later ones', async () => {
    const seen: RecordedEvent[] = [];
    const sub = store.subscribeToAll({ onEvents: async (events) => void seen.push(...events) });
    await store.append('gap-0', [ev(0)]);
    await expect.poll(() => seen.length, { timeout: 30_000 }).toBe(1);

    const held = await testDb.db.transaction();
    const heldStore = new PostgresEventStore(held as never);
    await heldStore.append('gap-held', [ev(1)]);
    for (let n = 2; n <= 5; n++) await store.append(`gap-${n}`, [ev(n)]);

    // Committed later-numbered events stay invisible while the older append is open: the
    // subscriber's first read after they committed finds none of them ...
    expect((await nextRead(store)).events).toEqual([]);
    expect(numbers(seen)).toEqual([0]);
    expect(numbers((await store.readAll({ after: seen[0]!.position })).events)).toEqual([]);
    // ... whereas a naive reader ordered by global position alone has already passed it.
    const naive = await testDb.db('events').where('global_position', '>', 1).orderBy('global_position').select('data');
    expect(naive.map((r) => r.data.n)).toEqual([2, 3, 4, 5]);

    await held.commit();
    await expect.poll(() => seen.length, { timeout: 30_000 }).toBe(6);
    await sub.stop();
    expect(numbers(seen)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(numbers((await store.readAll()).events)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('pages on the whole (transaction, position) key when appends interleave', async () => {
    const t1 = await testDb.db.transaction();
    const t2 = await testDb.db.transaction();
    const s1 = new PostgresEventStore(t1 as never);
    const s2 = new PostgresEventStore(t2 as never);
    await s1.append('inter-1', [ev(1), ev(2)]);
    await s2.append('inter-2', [ev(3), ev(4)]);
    await s1.append('inter-1', [ev(5), ev(6)]);
    await t2.commit();
    await t1.commit();
    // Visible once no older write transaction anywhere in the cluster is still open.
    await expect.poll(async () => (await store.readAll()).events.length, { timeout: 30_000 }).toBe(6);
    const positions = await testDb.db('events').orderBy('global_position').select('global_position', 'data');
    expect(positions.map((r) => r.data.n)).toEqual([1, 2, 3, 4, 5, 6]);

    // The read order is by transaction: 1 2 5 6 then 3 4. Paging one event at a time must see each once.
    const paged: RecordedEvent[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await store.readAll({ after, limit: 1 });
      paged.push(...page.events);
      if (!page.hasMore) break;
      after = page.lastPosition;
    }
    expect(numbers(paged)).toEqual([1, 2, 5, 6, 3, 4]);
  });

  it('wakes a live subscriber of another process by NOTIFY, without waiting for its poll', async () => {
    const other = await createDb({ databaseUrl: testDb.databaseUrl!, schema: testDb.schema! });
    const listener = new PostgresEventStore(other, { pollMs: 60_000 });
    const seen: RecordedEvent[] = [];
    const sub = listener.subscribeToAll({ onEvents: async (events) => void seen.push(...events) });
    try {
      // Its LISTEN is in place (a notification sent before it would be lost, and the poll is a minute away).
      const listen = `listen "${await schemaChannel(other, 'eventstore')}"`;
      const listening = async () => Number((await testDb.db.raw(`select count(*) as n from pg_stat_activity where state = 'idle' and query = ?`, [listen])).rows[0].n);
      await expect.poll(listening, { timeout: 30_000, interval: 20 }).toBe(1);
      const started = Date.now();
      await store.append('notify-1', [ev(1)]);
      await expect.poll(() => seen.length, { timeout: 5000, interval: 10 }).toBe(1);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await sub.stop();
      await listener.close();
      await other.destroy();
    }
  });
});
