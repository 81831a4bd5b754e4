import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InvalidAppendError,
  StreamConflictError,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from './event-store';

export interface ContractStore {
  store: EventStore;
  destroy: () => Promise<void>;
}

/**
 * The behaviour every EventStore adapter must have. Each test works in its own streams and event
 * types and reads after the head it found, so the suite also runs against a shared real server.
 */
export const eventStoreContract = (name: string, create: () => Promise<ContractStore>): void => {
  describe(`EventStore contract: ${name}`, () => {
    let ctx: ContractStore;
    let store: EventStore;
    beforeAll(async () => {
      ctx = await create();
      store = ctx.store;
    });
    afterAll(() => ctx?.destroy());

    const tag = () => randomUUID().replace(/-/g, '').slice(0, 12);
    const ev = (type: string, data: unknown = {}, extra: Partial<NewEvent> = {}): NewEvent => ({
      type,
      data,
      metadata: { actor: 'contract', schemaVersion: 1, correlationId: 'corr-1' },
      ...extra,
    });
    const readAllOf = async (types: string[], after?: Position, limit = 97): Promise<RecordedEvent[]> => {
      const out: RecordedEvent[] = [];
      for (;;) {
        const page = await store.readAll({ after, eventTypes: types, limit });
        out.push(...page.events);
        if (!page.hasMore) return out;
        after = page.lastPosition;
      }
    };
    const conflict = async (p: Promise<unknown>): Promise<StreamConflictError> => {
      const err = await p.then(() => undefined, (e: unknown) => e);
      expect(err).toBeInstanceOf(StreamConflictError);
      return err as StreamConflictError;
    };
    // On PostgreSQL an append is readable once every older write transaction in the cluster has
    // ended (that is what keeps readers from skipping it), so reads wait for it to become visible.
    const untilVisible = async (position: Position) => {
      await expect.poll(async () => store.comparePositions(await store.headPosition(), position) >= 0, { timeout: 30_000, interval: 20 }).toBe(true);
    };
    const latest = (positions: Position[]) => positions.reduce((a, b) => (store.comparePositions(a, b) >= 0 ? a : b));
    const expectOrdered = (events: RecordedEvent[]) => {
      for (let i = 1; i < events.length; i++) expect(store.comparePositions(events[i - 1]!.position, events[i]!.position)).toBeLessThan(0);
    };

    it('appends and reads a stream with revisions, ids and metadata', async () => {
      const s = `order-${tag()}`;
      const id = randomUUID();
      const first = await store.append(s, [ev('Opened', { n: 1 }, { eventId: id })], { expectedRevision: 'no_stream' });
      expect(first.nextExpectedRevision).toBe(0);
      const second = await store.append(s, [ev('Changed', { n: 2 }), ev('Changed', { n: 3 })], { expectedRevision: 0 });
      expect(second.nextExpectedRevision).toBe(2);
      expect(store.comparePositions(first.position, second.position)).toBeLessThan(0);
      const events = await store.readStream(s);
      expect(events.map((e) => [e.type, e.streamRevision, e.data])).toEqual([
        ['Opened', 0, { n: 1 }],
        ['Changed', 1, { n: 2 }],
        ['Changed', 2, { n: 3 }],
      ]);
      expect(events[0]!.eventId).toBe(id);
      expect(events[0]!.streamId).toBe(s);
      expect(events[0]!.metadata).toMatchObject({ actor: 'contract', schemaVersion: 1, correlationId: 'corr-1' });
      expect(Number.isNaN(Date.parse(events[0]!.metadata.recordedAt))).toBe(false);
      expect(events[2]!.position).toBe(second.position);
      expect((await store.readStream(s, { fromRevision: 1, limit: 1 })).map((e) => e.streamRevision)).toEqual([1]);
      expect(await store.readStream(`missing-${tag()}`)).toEqual([]);
    });

    it('reads several streams at once, each as readStream reads it, in the order asked', async () => {
      const [a, b, missing] = [`many-a-${tag()}`, `many-b-${tag()}`, `missing-${tag()}`];
      await store.append(a, [ev('Opened', { n: 1 }), ev('Changed', { n: 2 })], { expectedRevision: 'no_stream' });
      await store.append(b, [ev('Opened', { n: 3 })], { expectedRevision: 'no_stream' });
      await store.append(a, [ev('Changed', { n: 4 })], { expectedRevision: 1 });
      const read = await store.readStreams([b, missing, a, b]);
      expect(read.map((events) => events.map((e) => e.data))).toEqual([[{ n: 3 }], [], [{ n: 1 }, { n: 2 }, { n: 4 }], [{ n: 3 }]]);
      expect(read[2]).toEqual(await store.readStream(a));
      expect(await store.readStreams([])).toEqual([]);
    });

    it('refuses a readAll page size that is not a positive integer', async () => {
      for (const limit of [0, -1, 2.5, Number.NaN]) await expect(store.readAll({ limit })).rejects.toThrow(RangeError);
      await expect(store.readAll({ limit: 1 })).resolves.toMatchObject({ hasMore: expect.any(Boolean) });
    });

    it('raises a typed conflict for each expected-revision mode', async () => {
      const s = `acct-${tag()}`;
      const missing = await conflict(store.append(s, [ev('X')], { expectedRevision: 'stream_exists' }));
      expect([missing.streamId, missing.expected, missing.actual]).toEqual([s, 'stream_exists', 'no_stream']);
      const exactMissing = await conflict(store.append(s, [ev('X')], { expectedRevision: 0 }));
      expect(exactMissing.actual).toBe('no_stream');
      await store.append(s, [ev('X'), ev('X')], { expectedRevision: 'no_stream' });
      const exists = await conflict(store.append(s, [ev('X')], { expectedRevision: 'no_stream' }));
      expect([exists.expected, exists.actual]).toEqual(['no_stream', 1]);
      const stale = await conflict(store.append(s, [ev('X')], { expectedRevision: 0 }));
      expect([stale.expected, stale.actual]).toEqual([0, 1]);
      const ahead = await conflict(store.append(s, [ev('X')], { expectedRevision: 5 }));
      expect(ahead.actual).toBe(1);
      expect((await store.append(s, [ev('X')], { expectedRevision: 'stream_exists' })).nextExpectedRevision).toBe(2);
      expect((await store.append(s, [ev('X')], { expectedRevision: 2 })).nextExpectedRevision).toBe(3);
      expect((await store.append(s, [ev('X')], { expectedRevision: 'any' })).nextExpectedRevision).toBe(4);
      expect((await store.append(`new-${tag()}`, [ev('X')], { expectedRevision: 'any' })).nextExpectedRevision).toBe(0);
      expect((await store.readStream(s)).length).toBe(5);
    });

    // EventStoreDB promises idempotency for a repeated write under no_stream or an exact revision
    // (the events sit where the expected revision says), not under `any`: this asks no more.
    it('treats a retried append with the same event ids under a definite expected revision as done', async () => {
      const s = `retry-${tag()}`;
      const batch = [ev('Paid', { a: 1 }, { eventId: randomUUID() }), ev('Paid', { a: 2 }, { eventId: randomUUID() })];
      const first = await store.append(s, batch, { expectedRevision: 'no_stream' });
      const again = await store.append(s, batch, { expectedRevision: 'no_stream' });
      expect(again).toEqual(first);
      expect((await store.readStream(s)).map((e) => e.eventId)).toEqual(batch.map((e) => e.eventId));
      const next = [ev('Paid', { a: 4 }, { eventId: randomUUID() })];
      const exact = await store.append(s, next, { expectedRevision: 1 });
      expect(await store.append(s, next, { expectedRevision: 1 })).toEqual(exact);
      await store.append(s, [ev('Paid', { a: 3 })], { expectedRevision: 2 });
      expect(await store.append(s, batch, { expectedRevision: 'no_stream' })).toEqual(first);
      expect((await store.readStream(s)).length).toBe(4);
    });

    it('lets exactly one of 100 concurrent appenders win each revision', async () => {
      const s = `race-${tag()}`;
      await store.append(s, [ev('Started')], { expectedRevision: 'no_stream' });
      const sameRevision = await Promise.allSettled(
        Array.from({ length: 100 }, (_, i) => store.append(s, [ev('Raced', { i })], { expectedRevision: 0 })),
      );
      expect(sameRevision.filter((r) => r.status === 'fulfilled').length).toBe(1);
      expect(sameRevision.filter((r) => r.status === 'rejected' && r.reason instanceof StreamConflictError).length).toBe(99);

      // 100 writers each retrying until their one event lands: no revision is taken twice, none lost.
      const won = await Promise.all(
        Array.from({ length: 100 }, async (_, writer) => {
          let current = (await store.readStream(s)).length - 1;
          for (let attempt = 0; ; attempt++) {
            try {
              return (await store.append(s, [ev('Raced', { writer })], { expectedRevision: current })).nextExpectedRevision;
            } catch (err) {
              if (!(err instanceof StreamConflictError) || attempt > 500) throw err;
              current = err.actual === 'no_stream' ? -1 : err.actual;
            }
          }
        }),
      );
      expect(new Set(won).size).toBe(100);
      const events = await store.readStream(s);
      expect(events.map((e) => e.streamRevision)).toEqual(Array.from({ length: 102 }, (_, i) => i));
      const writers = events.slice(2).map((e) => (e.data as { writer: number }).writer);
      expect(new Set(writers).size).toBe(100);
    }, 180_000);

    it('shows 8 concurrent writers of 100-event batches to a paged readAll and a subscription exactly once, in order', async () => {
      const t = `Batch${tag()}`;
      const start = await store.headPosition();
      const seen: RecordedEvent[] = [];
      const sub = store.subscribeToAll({
        after: start,
        eventTypes: [t],
        batchSize: 73,
        onEvents: async (events) => {
          seen.push(...events);
        },
      });
      const writers = 8;
      const batches = 5;
      const positions: Position[] = [];
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          for (let b = 0; b < batches; b++) {
            const events = Array.from({ length: 100 }, (_, i) => ev(t, { w, b, i }));
            positions.push((await store.append(`batch-${t}-${w}`, events, { expectedRevision: b === 0 ? 'no_stream' : b * 100 - 1 })).position);
          }
        }),
      );
      await untilVisible(latest(positions));
      const total = writers * batches * 100;
      const paged = await readAllOf([t], start, 89);
      expect(paged.length).toBe(total);
      expect(new Set(paged.map((e) => e.eventId)).size).toBe(total);
      expectOrdered(paged);
      await expect.poll(() => seen.length, { timeout: 30_000, interval: 50 }).toBe(total);
      await sub.stop();
      expect(seen.map((e) => e.eventId)).toEqual(paged.map((e) => e.eventId));
      for (let w = 0; w < writers; w++) {
        const mine = paged.filter((e) => (e.data as { w: number }).w === w).map((e) => e.streamRevision);
        expect(mine).toEqual(Array.from({ length: batches * 100 }, (_, i) => i));
      }
    }, 180_000);

    it('reads all in global order, filters types while paging on, and resumes from a stored position', async () => {
      const a = `Alpha${tag()}`;
      const b = `Beta${tag()}`;
      const start = await store.headPosition();
      const appended = [];
      for (let i = 0; i < 12; i++) appended.push(await store.append(`g-${a}-${i % 4}`, [ev(i % 3 === 0 ? b : a, { i })]));
      await untilVisible(appended[11]!.position);
      const all = await readAllOf([a, b], start, 5);
      expect(all.map((e) => (e.data as { i: number }).i)).toEqual(Array.from({ length: 12 }, (_, i) => i));
      expect(all.map((e) => e.position)).toEqual(appended.map((r) => r.position));
      const onlyB = await store.readAll({ after: start, eventTypes: [b] });
      expect(onlyB.events.map((e) => (e.data as { i: number }).i)).toEqual([0, 3, 6, 9]);
      expect(onlyB.hasMore).toBe(false);
      expect(store.comparePositions(onlyB.lastPosition, all[9]!.position)).toBeGreaterThanOrEqual(0);
      const stored = all[6]!.position;
      expect((await readAllOf([a, b], stored)).map((e) => (e.data as { i: number }).i)).toEqual([7, 8, 9, 10, 11]);
      const head = await store.headPosition();
      expect(store.comparePositions(head, all[11]!.position)).toBeGreaterThanOrEqual(0);
      expect(store.comparePositions(undefined, head)).toBeLessThan(0);
      expect(store.comparePositions(head, head)).toBe(0);
      const empty = await store.readAll({ after: head, eventTypes: [a] });
      expect(empty.events).toEqual([]);
      expect(store.comparePositions(empty.lastPosition, head)).toBeGreaterThanOrEqual(0);
    });

    it('catches up, then continues live, and resumes a subscription from a stored position', async () => {
      const t = `Live${tag()}`;
      const start = await store.headPosition();
      for (let i = 0; i < 5; i++) await store.append(`live-${t}`, [ev(t, { i })]);
      const seen: number[] = [];
      let lastSeen: Position | undefined;
      const sub = store.subscribeToAll({
        after: start,
        eventTypes: [t],
        batchSize: 2,
        onEvents: async (events, last) => {
          seen.push(...events.map((e) => (e.data as { i: number }).i));
          lastSeen = last;
        },
      });
      await expect.poll(() => seen.length, { timeout: 10_000, interval: 20 }).toBe(5);
      for (let i = 5; i < 8; i++) await store.append(`live-${t}`, [ev(t, { i })]);
      await expect.poll(() => seen.length, { timeout: 10_000, interval: 20 }).toBe(8);
      await sub.stop();
      await sub.done;
      expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      await store.append(`live-${t}`, [ev(t, { i: 8 })]);
      const resumed: number[] = [];
      const again = store.subscribeToAll({
        after: lastSeen,
        eventTypes: [t],
        onEvents: async (events) => {
          resumed.push(...events.map((e) => (e.data as { i: number }).i));
        },
      });
      await expect.poll(() => resumed.length, { timeout: 10_000, interval: 20 }).toBe(1);
      await again.stop();
      expect(resumed).toEqual([8]);
    });

    it('ends a subscription with the error its handler threw', async () => {
      const t = `Boom${tag()}`;
      const start = await store.headPosition();
      await store.append(`boom-${t}`, [ev(t)]);
      const sub = store.subscribeToAll({
        after: start,
        eventTypes: [t],
        onEvents: async () => {
          throw new Error('handler failed');
        },
      });
      await expect(sub.done).rejects.toThrow('handler failed');
    });

    it('stores large payloads and unicode unchanged', async () => {
      const s = `big-${tag()}`;
      const big = { blob: 'x'.repeat(900_000), list: Array.from({ length: 2000 }, (_, i) => ({ i, v: `v${i}` })) };
      const text = { greek: 'Τιμολόγιο', russian: 'Счёт-фактура', cjk: '請求書', emoji: '💶🧾✅', rtl: 'فاتورة', combining: 'e\u0301', '键': 'ключ', quote: '"\\\'' };
      await store.append(s, [ev('Big', big), ev('Text', text, { metadata: { actor: 'Ελένη 👩‍💼', schemaVersion: 1 } })]);
      const [readBig, readText] = await store.readStream(s);
      expect(readBig!.data).toEqual(big);
      expect(readText!.data).toEqual(text);
      expect(readText!.metadata.actor).toBe('Ελένη 👩‍💼');
    });

    it('rejects bad input with a clear error and writes nothing', async () => {
      const s = `bad-${tag()}`;
      const t = `Bad${tag()}`;
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      const cases: [string, () => Promise<unknown>, RegExp][] = [
        ['empty stream name', () => store.append('', [ev(t)]), /Invalid stream name/],
        ['stream name with spaces', () => store.append('has space', [ev(t)]), /Invalid stream name/],
        ['system stream name', () => store.append('$all', [ev(t)]), /Invalid stream name/],
        ['no type', () => store.append(s, [{ data: {}, metadata: { actor: 'a', schemaVersion: 1 } } as unknown as NewEvent]), /has no type/],
        ['bigint data', () => store.append(s, [ev(t), ev(t, { n: 1n })]), /bigint.*not JSON serialisable/],
        ['function data', () => store.append(s, [ev(t, { f: () => 1 })]), /function.*not JSON serialisable/],
        ['circular data', () => store.append(s, [ev(t, circular)]), /circular/],
        ['a Map', () => store.append(s, [ev(t, { m: new Map() })]), /Map.*not JSON serialisable/],
        ['NaN', () => store.append(s, [ev(t, { n: Number.NaN })]), /NaN/],
        ['no schema version', () => store.append(s, [{ type: t, data: {}, metadata: { actor: 'a' } } as unknown as NewEvent]), /schemaVersion/],
        ['no events', () => store.append(s, []), /at least one event/],
        ['eventId not a UUID', () => store.append(s, [ev(t, {}, { eventId: 'nope' })]), /UUID/],
        ['bad expected revision', () => store.append(s, [ev(t)], { expectedRevision: -1 }), /expected revision/],
      ];
      for (const [label, run, message] of cases) {
        const err = await run().then(() => undefined, (e: unknown) => e);
        expect(err, label).toBeInstanceOf(InvalidAppendError);
        expect((err as Error).message, label).toMatch(message);
      }
      expect(await store.readStream(s)).toEqual([]);
      const marker = await store.append(s, [ev(t)]);
      await untilVisible(marker.position);
      expect((await readAllOf([t])).map((e) => e.position)).toEqual([marker.position]);
    });
  });
};
