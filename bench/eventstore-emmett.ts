import { randomUUID } from 'node:crypto';
import { dumbo } from '@event-driven-io/dumbo';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore, readMessagesBatch } from '@event-driven-io/emmett-postgresql';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const event = (i: number) => ({
  type: 'EntryPosted',
  data: { account: `acct-${i % 500}`, amountCents: (i % 9973) - 4000, description: `Invoice INV-${i}`, date: '2026-11-22' },
  metadata: { actor: 'bench', schemaVersion: 1, correlationId: randomUUID() },
});

/** One contender of the append rounds: appends `events` (built by index) to a stream, expecting its last revision. */
export interface Contender {
  name: string;
  append: (stream: string, from: number, count: number) => Promise<void>;
  readAll?: () => Promise<number>;
  /** How many loops may write at once (emmett over pglite-socket takes one). */
  writers: number;
  close: () => Promise<void>;
}

/**
 * emmett's PostgreSQL store (@event-driven-io/emmett-postgresql) on real PostgreSQL in the same
 * database (its tables in the bench schema through search_path); on PGlite over pglite-socket,
 * since emmett speaks the PostgreSQL wire protocol only.
 */
export const openEmmett = async (url: string | undefined, schema: string, writers: number): Promise<Contender> => {
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
  await store.schema.migrate();
  const versions = new Map<string, bigint>();
  return {
    name: 'emmett',
    writers: url ? writers : 1,
    append: async (stream, from, count) => {
      const events = Array.from({ length: count }, (_, j) => event(from + j));
      const r = await store.appendToStream(stream, events, { expectedStreamVersion: versions.get(stream) ?? STREAM_DOES_NOT_EXIST });
      versions.set(stream, r.nextExpectedStreamVersion);
    },
    readAll: async () => {
      let read = 0;
      let after = 0n;
      for (;;) {
        const page = await readMessagesBatch(pool.execute, { after, batchSize: 1000 });
        read += page.messages.length;
        if (page.messages.length === 0) return read;
        after = page.currentGlobalPosition;
      }
    },
    close: async () => {
      await pool.close();
      await store.close();
      await socket?.stop();
      await pglite?.close();
    },
  };
};
