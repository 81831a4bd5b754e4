import type { Knex } from 'knex';
import type { Position } from '../eventstore/event-store';

/**
 * Coordination of runners and rebuilds. Across processes: a PostgreSQL advisory lock per
 * projection (keyed by schema and name), taken per batch by the live runner and for the whole
 * replay by a rebuild, so the live runner pauses while a rebuild runs. In-process: a set of
 * names being rebuilt, because on PGlite every caller shares one session and advisory locks
 * never block it.
 */
const LOCK_KEY = `hashtextextended('projection:' || current_schema() || ':' || ?, 0)`;

/**
 * A live runner's batch: tries the projection's lock and locks its checkpoint row in one round
 * trip. Without the lock (a rebuild or another process has it) the caller rolls back, which also
 * lets go of the row. With `asyncCommit` the transaction's commit does not wait for its WAL flush
 * (`synchronous_commit` off for this transaction only), set in the same round trip.
 */
export const tryBatchLock = async (trx: Knex.Transaction, name: string, options: { asyncCommit?: boolean } = {}): Promise<{ locked: boolean; checkpoint?: Position }> => {
  const res = (await trx.raw(
    `select set_config('synchronous_commit', case when ?::boolean then 'off' else current_setting('synchronous_commit') end, true) as commit_mode,
            pg_try_advisory_xact_lock(${LOCK_KEY}) as ok, (select position from projection_checkpoints where name = ? for update) as position`,
    [options.asyncCommit === true, name, name],
  ).options({ name: 'projection_batch_lock' })) as { rows: { ok: boolean; position: Position | null }[] };
  const row = res.rows[0]!;
  return { locked: row.ok, checkpoint: row.position ?? undefined };
};

export const sessionLock = async (conn: Knex | Knex.Transaction, name: string): Promise<void> => {
  await conn.raw(`select pg_advisory_lock(${LOCK_KEY})`, [name]);
};

export const sessionUnlock = async (conn: Knex | Knex.Transaction, name: string): Promise<void> => {
  await conn.raw(`select pg_advisory_unlock(${LOCK_KEY})`, [name]);
};

const rebuilding = new WeakMap<Knex, Set<string>>();

export const localRebuilds = (db: Knex): Set<string> => {
  let set = rebuilding.get(db);
  if (!set) {
    set = new Set();
    rebuilding.set(db, set);
  }
  return set;
};
