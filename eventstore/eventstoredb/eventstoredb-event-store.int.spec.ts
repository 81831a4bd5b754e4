import { randomUUID } from 'node:crypto';
import { EventStoreDBClient, jsonEvent } from '@eventstore/db-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidAppendError } from '../event-store';
import { EventStoreDbTestServer } from '../../test/eventstoredb-test-server';
import { eventStoreContract } from '../event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { parseEsdbPosition } from './positions';

describe('EventStoreDB adapter against the in-process gRPC server', () => {
  const server = new EventStoreDbTestServer();
  beforeAll(() => server.start());
  afterAll(() => server.stop());
  eventStoreContract('in-process EventStoreDB', async () => {
    const store = EventStoreDbEventStore.connect(server.url);
    return { store, destroy: () => store.close() };
  });
});

describe.runIf(process.env.EVENTSTORE_URL)('EventStoreDB adapter against a real server', () => {
  eventStoreContract('EventStoreDB at EVENTSTORE_URL', async () => {
    const store = EventStoreDbEventStore.connect(process.env.EVENTSTORE_URL!);
    return { store, destroy: () => store.close() };
  });
});

describe('the in-process EventStoreDB behaves as the server does where the adapter relies on it', () => {
  const server = new EventStoreDbTestServer();
  let store: EventStoreDbEventStore;
  let client: EventStoreDBClient;
  beforeAll(async () => {
    const url = await server.start();
    store = EventStoreDbEventStore.connect(url);
    client = EventStoreDBClient.connectionString(url);
  });
  afterAll(async () => {
    await store.close();
    await client.dispose();
    await server.stop();
  });
  const ev = (type: string) => ({ eventId: randomUUID(), type, data: { type }, metadata: { actor: 'test', schemaVersion: 1 } });

  it('is asked for its features, and appends travel over BatchAppend as against a real server', async () => {
    await store.append(`batch-${randomUUID()}`, [ev('A')], { expectedRevision: 'no_stream' });
    expect(server.calls.get('GetSupportedMethods')).toBe(1);
    expect(server.calls.get('BatchAppend')).toBeGreaterThan(0);
    expect(server.calls.get('Append')).toBeUndefined();
  });

  it('gives the events of one write one commit position and distinct prepare positions, in order', async () => {
    const s = `write-${randomUUID()}`;
    const result = await store.append(s, [ev('A'), ev('B'), ev('C')], { expectedRevision: 'no_stream' });
    const read = await store.readStream(s);
    const positions = read.map((e) => parseEsdbPosition(e.position));
    expect(new Set(positions.map((p) => p.commit)).size).toBe(1);
    expect(new Set(positions.map((p) => p.prepare)).size).toBe(3);
    expect(positions.map((p) => p.prepare)).toEqual([...positions.map((p) => p.prepare)].sort((a, b) => (a < b ? -1 : 1)));
    expect(result.position).toBe(read[2]!.position);
  });

  it('answers a repeated write with no position, and the adapter finds where it was written', async () => {
    const s = `repeat-${randomUUID()}`;
    const batch = [ev('A'), ev('B')];
    const first = await store.append(s, batch, { expectedRevision: 'no_stream' });
    const raw = await client.appendToStream(s, batch.map((e) => jsonEvent({ id: e.eventId, type: e.type, data: e.data, metadata: e.metadata })), { expectedRevision: 'no_stream' });
    expect(raw.position).toBeUndefined();
    expect(await store.append(s, batch, { expectedRevision: 'no_stream' })).toEqual(first);
  });

  it('reads a deleted or tombstoned stream as no stream, and refuses writes to a tombstoned one', async () => {
    const soft = `soft-${randomUUID()}`;
    await store.append(soft, [ev('A')], { expectedRevision: 'no_stream' });
    await client.deleteStream(soft);
    expect(await store.readStream(soft)).toEqual([]);
    const hard = `hard-${randomUUID()}`;
    await store.append(hard, [ev('A')], { expectedRevision: 'no_stream' });
    await client.tombstoneStream(hard);
    expect(await store.readStream(hard)).toEqual([]);
    await expect(store.append(hard, [ev('B')])).rejects.toBeInstanceOf(InvalidAppendError);
  });
});
