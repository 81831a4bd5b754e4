import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../../../domain/shared/errors';
import type { EventStore, NewEvent, RecordedEvent } from '../../../eventstore/event-store';
import { EventStoreDbEventStore } from '../../../eventstore/eventstoredb/eventstoredb-event-store';
import { PostgresEventStore } from '../../../eventstore/postgres/postgres-event-store';
import type { Knex } from 'knex';
import { createDb } from '../../platform/db/knex';
import { testBackends, type TestDb } from '../../../test/db';
import { EventStoreDbTestServer } from '../../../test/eventstoredb-test-server';
import { DocumentNumbers, type NumberedAppend } from './document-numbers';

const silent = pino({ level: 'silent' });

const issued = (number: string): NewEvent[] => [{ eventId: randomUUID(), type: 'DocumentIssued', data: { number }, metadata: { actor: 'test', schemaVersion: 1 } }];

const newDocument = (year: number, extra: Partial<NumberedAppend> = {}): NumberedAppend => {
  const documentId = randomUUID();
  return { documentId, streamId: `doc-${documentId}`, expectedRevision: 'no_stream', request: { series: 'invoice', year }, build: issued, ...extra };
};

/**
 * The matching events in read order, once `count` of them are visible: a reader sees an event only
 * when every older transaction on the server has ended, which another test's may not have yet.
 */
const readAllOf = async (store: EventStore, count: number, match: (e: RecordedEvent) => boolean): Promise<RecordedEvent[]> => {
  for (const deadline = Date.now() + 15_000; ; ) {
    const read: RecordedEvent[] = [];
    for (let after: string | undefined, more = true; more; ) {
      const page = await store.readAll({ after, limit: 1000 });
      read.push(...page.events.filter(match));
      [after, more] = [page.lastPosition, page.hasMore];
    }
    if (read.length >= count || Date.now() > deadline) return read;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const rows = (db: TestDb['db'], year: number) =>
  db('document_numbers').where({ year }).orderBy('number').select('number', 'document_id', 'status');

describe.each(testBackends())('document numbers appended in one transaction on $name', (backend) => {
  let t: TestDb;
  let store: PostgresEventStore;
  let numbers: DocumentNumbers;
  beforeAll(async () => {
    t = await backend.create();
    store = new PostgresEventStore(t.db);
    numbers = new DocumentNumbers(t.db, store, silent);
  });
  afterAll(async () => {
    await store?.close();
    await t?.destroy();
  });

  it('numbers 1..N under concurrency, each number in exactly one stream', async () => {
    const docs = Array.from({ length: 30 }, () => newDocument(2081));
    await Promise.all(docs.map((d) => numbers.append([d])));
    const taken = await rows(t.db, 2081);
    expect(taken.map((r) => r.number)).toEqual(Array.from({ length: 30 }, (_, i) => `2081-${String(i + 1).padStart(6, '0')}`));
    for (const r of taken) {
      expect(r.status).toBe('issued');
      expect((await store.readStream(`doc-${r.document_id}`)).map((e) => e.data)).toEqual([{ number: r.number }]);
    }
  });

  it('numbers a burst in one group commit in arrival order, read in that order, and refusals in it leave no hole', async () => {
    const existing = newDocument(2088);
    await numbers.append([existing]);
    const refusedBuild = new Error('refused');
    const docs = Array.from({ length: 30 }, (_, i) =>
      i === 7
        ? newDocument(2088, { build: () => { throw refusedBuild; } })
        : i === 13
          ? newDocument(2088, { streamId: existing.streamId })
          : i === 20
            ? newDocument(2088, { request: { series: 'invoice', typed: '2088-000001' } })
            : newDocument(2088),
    );
    const settled = await Promise.allSettled(docs.map((d) => numbers.append([d])));
    expect(settled[7]).toEqual({ status: 'rejected', reason: refusedBuild });
    expect(settled[13]).toMatchObject({ status: 'rejected', reason: { name: 'StreamConflictError' } });
    expect(settled[20]).toMatchObject({ status: 'rejected', reason: expect.any(ConflictError) });
    const granted = settled.flatMap((s) => (s.status === 'fulfilled' ? s.value.numbers : []));
    const expected = Array.from({ length: 27 }, (_, i) => `2088-${String(i + 2).padStart(6, '0')}`);
    // In the order the requests came, and in the order a reader of the store meets their events.
    expect(granted).toEqual(expected);
    const ids = new Set(docs.map((d) => d.streamId).filter((id) => id !== existing.streamId));
    const read = await readAllOf(store, expected.length, (e) => ids.has(e.streamId));
    expect(read.map((e) => (e.data as { number: string }).number)).toEqual(expected);
    expect((await rows(t.db, 2088)).map((r) => r.number)).toEqual(['2088-000001', ...expected]);
  });

  it('leaves no number behind when the append or the build fails', async () => {
    const first = newDocument(2082);
    await numbers.append([first]);
    await expect(numbers.append([newDocument(2082, { streamId: first.streamId })])).rejects.toThrow(/Concurrency conflict/);
    await expect(numbers.append([newDocument(2082, { build: () => { throw new Error('refused'); } })])).rejects.toThrow('refused');
    await numbers.append([newDocument(2082)]);
    expect((await rows(t.db, 2082)).map((r) => r.number)).toEqual(['2082-000001', '2082-000002']);
  });

  it('starts a batch of new streams in one step, and takes no number when one of them exists', async () => {
    const batch = Array.from({ length: 5 }, () => newDocument(2087));
    const { numbers: taken } = await numbers.append(batch);
    expect(taken).toEqual(batch.map((_, i) => `2087-00000${i + 1}`));
    for (const [i, d] of batch.entries()) expect((await store.readStream(d.streamId)).map((e) => e.data)).toEqual([{ number: taken[i] }]);
    const clash = [newDocument(2087), newDocument(2087, { streamId: batch[2]!.streamId }), newDocument(2087)];
    await expect(numbers.append(clash)).rejects.toThrow(/Concurrency conflict/);
    expect(await rows(t.db, 2087)).toHaveLength(5);
    expect((await store.readStream(clash[0]!.streamId))).toEqual([]);
  });

  it('refuses a typed number in use, skips it in the sequence and frees the old number on a rename', async () => {
    const typed = newDocument(2083, { request: { series: 'invoice', typed: '2083-000002' } });
    await numbers.append([typed]);
    await expect(numbers.append([newDocument(2083, { request: { series: 'invoice', typed: '2083-000002' } })])).rejects.toBeInstanceOf(ConflictError);
    const [a, b] = [newDocument(2083), newDocument(2083)];
    await numbers.append([a, b]);
    expect((await t.db('document_numbers').whereIn('document_id', [a.documentId, b.documentId]).orderBy('number')).map((r) => r.number)).toEqual(['2083-000001', '2083-000003']);
    await numbers.append([{ ...typed, expectedRevision: 0, request: { series: 'invoice', typed: 'RENAMED-2083' } }]);
    expect((await t.db('document_numbers').where({ document_id: typed.documentId })).map((r) => r.number)).toEqual(['RENAMED-2083']);
  });
});

const postgresOnly = testBackends().filter((b) => b.name === 'postgres');

describe.skipIf(postgresOnly.length === 0).each(postgresOnly)('document numbers taken by several processes at once on $name', (backend) => {
  let t: TestDb;
  const processes: { db: Knex; store: PostgresEventStore; numbers: DocumentNumbers }[] = [];
  beforeAll(async () => {
    t = await backend.create();
    // Each "process" has its own pool and its own group commit, as app instances on one database do.
    for (let i = 0; i < 6; i++) {
      const db = await createDb({ databaseUrl: t.databaseUrl!, schema: t.schema!, poolMax: 2 });
      const store = new PostgresEventStore(db);
      processes.push({ db, store, numbers: new DocumentNumbers(db, store, silent) });
    }
  });
  afterAll(async () => {
    for (const p of processes) {
      await p.store.close();
      await p.db.destroy();
    }
    await t?.destroy();
  });

  it('gives later numbers to later transactions: readers meet the documents in number order', async () => {
    // Thirty fresh years (a counter's first number is where row locks alone fail to order), each
    // numbered by requests in every process at once, so that their transactions queue.
    const years = Array.from({ length: 30 }, (_, i) => 2100 + i);
    const docs = new Map<string, number>();
    for (const year of years) {
      await Promise.all(
        processes.flatMap((p) =>
          Array.from({ length: 4 }, async () => {
            const doc = newDocument(year);
            docs.set(doc.streamId, year);
            await p.numbers.append([doc]);
          }),
        ),
      );
    }
    const read = await readAllOf(processes[0]!.store, docs.size, (e) => docs.has(e.streamId));
    for (const year of years) {
      const numbers = read.filter((e) => docs.get(e.streamId) === year).map((e) => (e.data as { number: string }).number);
      expect(numbers).toEqual(Array.from({ length: 4 * processes.length }, (_, i) => `${year}-${String(i + 1).padStart(6, '0')}`));
    }
  });
});

describe.each(testBackends())('document numbers reserved before an EventStoreDB append, registry on $name', (backend) => {
  const server = new EventStoreDbTestServer();
  let t: TestDb;
  let esdb: EventStore;
  let failNext = false;
  let numbers: DocumentNumbers;
  beforeAll(async () => {
    t = await backend.create();
    esdb = EventStoreDbEventStore.connect(await server.start());
    // The store as the app sees it, except that an append can be made to die before it is sent.
    const flaky: EventStore = Object.assign(Object.create(esdb) as EventStore, {
      append: (...args: Parameters<EventStore['append']>) => {
        if (!failNext) return esdb.append(...args);
        failNext = false;
        return Promise.reject(new Error('connection lost'));
      },
      transaction: undefined,
    });
    numbers = new DocumentNumbers(t.db, flaky, silent);
  });
  afterAll(async () => {
    await esdb?.close();
    await server.stop();
    await t?.destroy();
  });

  it('issues reserved numbers in order', async () => {
    const docs = [newDocument(2084), newDocument(2084)];
    await numbers.append(docs);
    expect(await rows(t.db, 2084)).toEqual(docs.map((d, i) => ({ number: `2084-00000${i + 1}`, document_id: d.documentId, status: 'issued' })));
  });

  it('completes a reservation whose process died before the append, with the same events', async () => {
    const doc = newDocument(2085);
    failNext = true;
    await expect(numbers.append([doc])).rejects.toThrow('connection lost');
    expect((await rows(t.db, 2085)).map((r) => r.status)).toEqual(['reserved']);
    expect(await numbers.recover(60_000)).toEqual({ completed: 0, released: 0 });
    expect(await numbers.recover(0, new Date(Date.now() + 1000))).toEqual({ completed: 1, released: 0 });
    expect(await rows(t.db, 2085)).toEqual([{ number: '2085-000001', document_id: doc.documentId, status: 'issued' }]);
    expect((await esdb.readStream(doc.streamId)).map((e) => e.data)).toEqual([{ number: '2085-000001' }]);
  });

  it('gives the last number back when the stream refuses the append, and voids one that later numbers follow', async () => {
    const first = newDocument(2086);
    await numbers.append([first]);
    await expect(numbers.append([newDocument(2086, { streamId: first.streamId })])).rejects.toThrow();
    await numbers.append([newDocument(2086)]);
    expect((await rows(t.db, 2086)).map((r) => [r.number, r.status])).toEqual([['2086-000001', 'issued'], ['2086-000002', 'issued']]);

    // A reservation that died, then another document numbered after it, then the stream was taken.
    const stranded = newDocument(2086, { streamId: first.streamId });
    failNext = true;
    await expect(numbers.append([stranded])).rejects.toThrow('connection lost');
    await numbers.append([newDocument(2086)]);
    expect(await numbers.recover(0, new Date(Date.now() + 1000))).toEqual({ completed: 0, released: 1 });
    expect((await rows(t.db, 2086)).map((r) => [r.number, r.status])).toEqual([
      ['2086-000001', 'issued'],
      ['2086-000002', 'issued'],
      ['2086-000003', 'void'],
      ['2086-000004', 'issued'],
    ]);
  });
});
