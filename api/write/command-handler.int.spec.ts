import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '../../domain/shared/errors';
import type { RecordedEvent } from '../../eventstore/event-store';
import { PostgresEventStore } from '../../eventstore/postgres/postgres-event-store';
import { testBackends, type TestDb } from '../../test/db';
import { DocumentNumbers } from './numbering/document-numbers';
import { CommandHandler, MAX_ATTEMPTS, type StreamModel } from './command-handler';

type Tick = { type: 'Ticked'; data: { n: number } };

const tick = (n: number): Tick => ({ type: 'Ticked', data: { n } });

/** A counter stream: the smallest aggregate the handler can run. */
const counter: StreamModel<number, Tick> = {
  initialState: () => 0,
  evolve: (count) => count + 1,
  fromRecorded: (e: RecordedEvent) => ({ type: 'Ticked', data: e.data as { n: number } }),
  toNew: (e, actor) => ({ type: e.type, data: e.data, metadata: { actor, schemaVersion: 1 } }),
};

describe.each(testBackends())('the command handler on $name', (backend) => {
  let t: TestDb;
  let store: PostgresEventStore;
  let handler: CommandHandler;
  const waited: string[] = [];

  beforeAll(async () => {
    t = await backend.create();
    store = new PostgresEventStore(t.db);
    const numbers = new DocumentNumbers(t.db, store, pino({ level: 'silent' }));
    handler = new CommandHandler({ eventStore: store, numbers, waitFor: async (position) => waited.push(position) });
  });
  afterAll(async () => {
    await store?.close();
    await t?.destroy();
  });

  const rival = (streamId: string) => store.append(streamId, [{ type: 'Ticked', data: { n: -1 }, metadata: { actor: 'rival', schemaVersion: 1 } }]);

  it('appends at the loaded revision and waits for the read models', async () => {
    const streamId = `counter-${randomUUID()}`;
    const first = await handler.handle(counter, { streamId, actor: 'a', decide: ({ state }) => [tick(state)] });
    const second = await handler.handle(counter, { streamId, actor: 'a', decide: ({ state }) => [tick(state)] });
    expect((await store.readStream(streamId)).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }]);
    expect(second.state).toBe(2);
    expect(waited).toEqual(expect.arrayContaining([first.position, second.position]));
  });

  it('runs a command again on fresh state after a concurrent append', async () => {
    const streamId = `counter-${randomUUID()}`;
    let calls = 0;
    const handled = await handler.handle(counter, {
      streamId,
      actor: 'a',
      decide: async ({ state }) => {
        if (calls++ === 0) await rival(streamId);
        return [tick(state)];
      },
    });
    expect(calls).toBe(2);
    expect((await store.readStream(streamId)).map((e) => e.data)).toEqual([{ n: -1 }, { n: 1 }]);
    expect(handled.state).toBe(2);
  });

  it('gives up with a 409 after a bounded number of attempts, having written nothing of its own', async () => {
    const streamId = `counter-${randomUUID()}`;
    let calls = 0;
    const attempt = handler.handle(counter, {
      streamId,
      actor: 'a',
      decide: async ({ state }) => {
        calls++;
        await rival(streamId);
        return [tick(state)];
      },
    });
    await expect(attempt).rejects.toBeInstanceOf(ConflictError);
    expect(calls).toBe(MAX_ATTEMPTS);
    expect((await store.readStream(streamId)).every((e) => e.metadata.actor === 'rival')).toBe(true);
  });

  it('answers 409 at once when the caller edited another revision', async () => {
    const streamId = `counter-${randomUUID()}`;
    await rival(streamId);
    await rival(streamId);
    let calls = 0;
    const stale = handler.handle(counter, { streamId, actor: 'a', expectedRevision: 0, decide: () => (calls++, []) });
    await expect(stale).rejects.toBeInstanceOf(ConflictError);
    expect(calls).toBe(0);
  });

  it('handles a batch: a refused command is taken out, the others commit with consecutive numbers, then one wait', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const before = waited.length;
    const batch = await handler.handleBatch(
      counter,
      ids.map((documentId, i) => ({
        streamId: `counter-${documentId}`,
        actor: 'a',
        newStream: true,
        number: { documentId, request: { series: 'invoice' as const, year: 2093 } },
        decide: (_loaded: unknown, number: string | undefined) => {
          if (i === 1) throw new ValidationError('Refused.');
          return [tick(Number(number!.slice(-6)))];
        },
      })),
    );
    expect(batch.outcomes.map((o) => o.handled?.number ?? (o.error as Error).message)).toEqual(['2093-000001', 'Refused.', '2093-000002']);
    expect(await store.readStream(`counter-${ids[1]}`)).toEqual([]);
    expect(waited.slice(before)).toEqual([batch.position]);
    expect(batch.position).toBe(store.comparePositions(batch.outcomes[0]!.handled!.position, batch.outcomes[2]!.handled!.position) > 0 ? batch.outcomes[0]!.handled!.position : batch.outcomes[2]!.handled!.position);
  });

  it('runs a batch\'s commands on one stream one after the other, in order, each on the state the previous left', async () => {
    const streams = [`counter-${randomUUID()}`, `counter-${randomUUID()}`];
    // Five commands on the first stream, two on the second, interleaved: all at once they would race each other past MAX_ATTEMPTS.
    const order = [0, 0, 1, 0, 0, 1, 0];
    const batch = await handler.handleBatch(
      counter,
      order.map((s, i) => ({ streamId: streams[s]!, actor: 'a', decide: ({ state }: { state: number }) => [{ type: 'Ticked' as const, data: { n: i * 100 + state } }] })),
    );
    expect(batch.outcomes.every((o) => o.error === undefined)).toBe(true);
    expect((await store.readStream(streams[0]!)).map((e) => e.data)).toEqual([{ n: 0 }, { n: 101 }, { n: 302 }, { n: 403 }, { n: 604 }]);
    expect((await store.readStream(streams[1]!)).map((e) => e.data)).toEqual([{ n: 200 }, { n: 501 }]);
  });

  it('takes no document number for a command that decides nothing', async () => {
    const documentId = randomUUID();
    const request = { series: 'invoice' as const, year: 2091 };
    const none = await handler.handle(counter, { streamId: `counter-${documentId}`, actor: 'a', number: { documentId, request }, decide: () => [] });
    expect(none.number).toBeUndefined();
    const some = await handler.handle(counter, {
      streamId: `counter-${documentId}`,
      actor: 'a',
      number: { documentId, request },
      decide: (_loaded, number) => [tick(Number(number!.slice(-6)))],
    });
    expect(some.number).toBe('2091-000001');
    expect((await store.readStream(`counter-${documentId}`)).map((e) => e.data)).toEqual([{ n: 1 }]);
  });
});
