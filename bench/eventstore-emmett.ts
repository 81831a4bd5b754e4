import { randomUUID } from 'node:crypto';
import { dumbo, endAllPools } from '@event-driven-io/dumbo';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore, readMessagesBatch } from '@event-driven-io/emmett-postgresql';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { scratchDatabase } from './support';

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
 * Waits (up to 5 s) until no session uses the database of `databaseUrl`: a pg pool's end()
 * resolves before the server has seen its sockets close, and a forced drop meanwhile would kill
 * them, which pg reports as an unhandled pool error.
 */
const disconnected = async (serverUrl: string, databaseUrl: string): Promise<void> => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const name = new URL(databaseUrl).pathname.slice(1);
    for (let i = 0; i < 50; i++) {
      const { rows } = await client.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
      if (Number(rows[0]!.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
};

/**
 * emmett's PostgreSQL store (@event-driven-io/emmett-postgresql) on real PostgreSQL on the same
 * server, in a scratch database of its own: its schema setup skips creating a function that any
 * schema of the database already has (it looks in pg_proc by name alone), so another bench's
 * schema, running or left behind, would break it. On PGlite it runs over pglite-socket, since
 * emmett speaks the PostgreSQL wire protocol only.
 */
export const openEmmett = async (url: string | undefined, writers: number): Promise<Contender> => {
  let socket: PGLiteSocketServer | undefined;
  let pglite: PGlite | undefined;
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  let connectionString: string;
  if (url) {
    scratch = await scratchDatabase(url);
    connectionString = scratch.url;
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
      // dumbo shares pg pools by connection string and counts their users; emmett's schema setup
      // never gives its use back, so a pool stays open (and would fail on the database drop).
      // Only emmett uses dumbo in this process.
      await endAllPools();
      await socket?.stop();
      await pglite?.close();
      if (scratch) {
        await disconnected(url!, scratch.url);
        await scratch.drop();
      }
    },
  };
};
