import type { Knex } from 'knex';

/**
 * Coordination of runners and rebuilds. Across processes: a PostgreSQL advisory lock per
 * projection (keyed by schema and name), taken per batch by the live runner and for the whole
 * replay by a rebuild, so the live runner pauses while a rebuild runs. In-process: a set of
 * names being rebuilt, because on PGlite every caller shares one session and advisory locks
 * never block it.
 */
const LOCK_KEY = `hashtextextended('projection:' || current_schema() || ':' || ?, 0)`;

export const tryBatchLock = async (trx: Knex.Transaction, name: string): Promise<boolean> => {
  const res = (await trx.raw(`select pg_try_advisory_xact_lock(${LOCK_KEY}) as ok`, [name])) as { rows: { ok: boolean }[] };
  return res.rows[0]!.ok;
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
