import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDb } from '../test/db';
import type { RecordedEvent } from './event-store';
import { PostgresEventStore } from './postgres/postgres-event-store';
import { withUpcasters } from './upcasting';

const v1to2 = { eventType: 'ClientRenamed', fromVersion: 1, upcast: (d: unknown) => ({ displayName: (d as { name: string }).name, legalName: null }) };

describe.each(testBackends())('upcasting on read on $name', (backend) => {
  let testDb: TestDb;
  let raw: PostgresEventStore;
  beforeAll(async () => {
    testDb = await backend.create();
    raw = new PostgresEventStore(testDb.db, { pollMs: 100 });
    // A v1 event as an old release stored it, written straight into the table.
    await testDb.db('streams').insert({ stream_id: 'client-1', revision: 0 });
    await testDb.db('events').insert({
      event_id: '11111111-1111-4111-8111-111111111111',
      stream_id: 'client-1',
      stream_revision: 0,
      type: 'ClientRenamed',
      data: JSON.stringify({ name: 'Acme' }),
      metadata: JSON.stringify({ actor: 'legacy', schemaVersion: 1, recordedAt: '2025-01-01T00:00:00.000Z' }),
    });
  });
  afterAll(async () => {
    await raw.close();
    await testDb.destroy();
  });

  it('reads a stored v1 event as v2 in streams, readAll and subscriptions, and leaves v2 events alone', async () => {
    const store = withUpcasters(raw, [v1to2]);
    await store.append('client-1', [{ type: 'ClientRenamed', data: { displayName: 'Acme Ltd', legalName: 'Acme Limited' }, metadata: { actor: 'u', schemaVersion: 2 } }], {
      expectedRevision: 0,
    });
    const expected = [
      { data: { displayName: 'Acme', legalName: null }, version: 2 },
      { data: { displayName: 'Acme Ltd', legalName: 'Acme Limited' }, version: 2 },
    ];
    const shape = (events: RecordedEvent[]) => events.map((e) => ({ data: e.data, version: e.metadata.schemaVersion }));
    await expect.poll(async () => (await store.readAll()).events.length, { timeout: 30_000 }).toBe(2);
    expect(shape(await store.readStream('client-1'))).toEqual(expected);
    expect(shape((await store.readAll()).events)).toEqual(expected);
    const seen: RecordedEvent[] = [];
    const sub = store.subscribeToAll({ onEvents: async (events) => void seen.push(...events) });
    await expect.poll(() => seen.length).toBe(2);
    await sub.stop();
    expect(shape(seen)).toEqual(expected);
    // Stored as written: upcasting never rewrites history.
    expect((await raw.readStream('client-1'))[0]!.data).toEqual({ name: 'Acme' });
  });

  it('reads a stream upcast inside a transaction too, with the transaction\'s own appends', async () => {
    const store = withUpcasters(raw, [v1to2]);
    const inside = await store.transaction!(async (tx) => {
      await tx.append('client-2', [{ type: 'ClientRenamed', data: { name: 'Beta' }, metadata: { actor: 'u', schemaVersion: 1 } }], { expectedRevision: 'no_stream' });
      return [...(await tx.readStream('client-1')), ...(await tx.readStream('client-2'))];
    });
    expect(inside.map((e) => e.data)).toEqual([{ displayName: 'Acme', legalName: null }, { displayName: 'Acme Ltd', legalName: 'Acme Limited' }, { displayName: 'Beta', legalName: null }]);
  });
});
