import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { dumbo } from '@event-driven-io/dumbo';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore, readMessagesBatch } from '@event-driven-io/emmett-postgresql';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const prefix = (url: string | undefined) => (url ? '' : 'pglite_');
const print = (url: string | undefined, name: string, value: number, unit: string) =>
  process.stdout.write(`${prefix(url)}${name}: ${Number(value.toFixed(1))} ${unit}\n`);

const event = (i: number) => ({
  type: 'EntryPosted',
  data: { account: `acct-${i % 500}`, amountCents: (i % 9973) - 4000, description: `Invoice INV-${i}`, date: '2026-11-22' },
  metadata: { actor: 'bench', schemaVersion: 1, correlationId: randomUUID() },
});

const concurrently = async (writers: number, total: number, work: (writer: number, i: number) => Promise<void>): Promise<number> => {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = w; i < total; i += writers) await work(w, i);
    }),
  );
  return (performance.now() - started) / 1000;
};

/**
 * The same workloads through @event-driven-io/emmett-postgresql: on real PostgreSQL in the same
 * database (its tables in the bench schema through search_path); on PGlite over pglite-socket,
 * since emmett speaks the PostgreSQL wire protocol only.
 */
export const benchEmmett = async (url: string | undefined, schema: string, counts: { single: number; batch: number; writers: number; warmup: number }) => {
  let socket: PGLiteSocketServer | undefined;
  let pglite: PGlite | undefined;
  let connectionString: string;
  if (url) {
    const u = new URL(url);
    u.searchParams.set('options', `-c search_path=${schema}`);
    connectionString = u.toString();
  } else {
    pglite = new PGlite();
    await pglite.waitReady;
    socket = new PGLiteSocketServer({ db: pglite, port: 0, host: '127.0.0.1', maxConnections: 20 });
    await socket.start();
    connectionString = `postgres://postgres@${socket.getServerConn()}/postgres?sslmode=disable`;
  }
  const store = getPostgreSQLEventStore(connectionString);
  const pool = dumbo({ connectionString });
  try {
    await store.schema.migrate();
    const versions = new Map<string, bigint>();
    const append = async (stream: string, events: ReturnType<typeof event>[]) => {
      const r = await store.appendToStream(stream, events, { expectedStreamVersion: versions.get(stream) ?? STREAM_DOES_NOT_EXIST });
      versions.set(stream, r.nextExpectedStreamVersion);
    };
    const writers = url ? counts.writers : 1;
    await concurrently(writers, counts.warmup, (w, i) => append(`warm-${w}-${i % 50}`, [event(i)]));
    const single = await concurrently(writers, counts.single, (w, i) => append(`single-${w}-${i % 50}`, [event(i)]));
    print(url, 'emmett_append_events_per_s', counts.single / single, 'events/s');
    const batches = counts.batch / 100;
    const batch = await concurrently(writers, batches, (w, i) => append(`batch-${w}-${i % 20}`, Array.from({ length: 100 }, (_, j) => event(i * 100 + j))));
    print(url, 'emmett_append_batch_events_per_s', counts.batch / batch, 'events/s');
    const started = performance.now();
    let read = 0;
    let after = 0n;
    for (;;) {
      const page = await readMessagesBatch(pool.execute, { after, batchSize: 1000 });
      read += page.messages.length;
      if (page.messages.length === 0) break;
      after = page.currentGlobalPosition;
    }
    print(url, 'emmett_read_all_events_per_s', read / ((performance.now() - started) / 1000), 'events/s');
  } finally {
    await pool.close();
    await store.close();
    await socket?.stop();
    await pglite?.close();
  }
};
