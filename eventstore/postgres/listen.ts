import type { Knex } from 'knex';

export interface PgListenConnection {
  query: (sql: string, params?: unknown[]) => Promise<unknown>;
  on: (event: string, listener: (...args: never[]) => void) => void;
}

/** The schema-scoped name of a NOTIFY channel, so parallel schemas (tests, benchmarks) do not hear each other. */
export const schemaChannel = async (db: Knex, prefix: string): Promise<string> => {
  const res = (await db.raw('select current_schema() as schema')) as { rows: { schema: string }[] };
  return `${prefix}_${res.rows[0]!.schema}`.slice(0, 63);
};

/**
 * A dedicated connection outside the pool that LISTENs on `channel`, handing each notification's
 * payload to `onPayload`; `onLost` is told when the connection fails (the caller decides whether to
 * listen again). Release it with `db.client.destroyRawConnection`.
 */
export const listenOn = async (db: Knex, channel: string, onPayload: (payload: string) => void, onLost: () => void): Promise<PgListenConnection> => {
  const conn = (await db.client.acquireRawConnection()) as PgListenConnection;
  conn.on('notification', (msg: { payload?: string }) => onPayload(msg.payload ?? ''));
  conn.on('error', onLost);
  try {
    await conn.query(`listen "${channel.replace(/"/g, '')}"`);
  } catch (err) {
    // Outside the pool nothing else would ever close it.
    await db.client.destroyRawConnection(conn).catch(() => undefined);
    throw err;
  }
  return conn;
};
