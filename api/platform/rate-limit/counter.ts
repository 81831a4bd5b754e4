import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/** A key's count in its current window; `lastHitAt` lets a caller space attempts out. */
export interface CounterState {
  hits: number;
  resetAt: Date;
  lastHitAt: Date;
}

export interface CounterWindow {
  windowMs: number;
  /**
   * Sliding: every hit moves the end of the window to `windowMs` after it, so a key that keeps
   * being hit is never forgotten (login failures). Fixed otherwise (requests per window).
   */
  sliding?: boolean;
}

// Keys carry user input (usernames, e-mail addresses): long ones are stored by their hash.
const storedKey = (key: string): string => (key.length > 200 ? `sha256:${createHash('sha256').update(key).digest('base64url')}` : key);

interface Row {
  hits: number | string;
  reset_at: Date | string;
  last_hit_at: Date | string;
}

const stateOf = (row: Row): CounterState => ({ hits: Number(row.hits), resetAt: new Date(row.reset_at), lastHitAt: new Date(row.last_hit_at) });

/**
 * Counts a hit on `key` in one statement (an upsert), so that concurrent hits from several
 * processes on one database are all counted. Times come from the caller's clock, not the
 * database's, so that tests can move them.
 */
export const hitCounter = (db: Knex, key: string, window: CounterWindow, now: Date): Promise<CounterState> => addHits(db, key, 1, window, now);

/** Counts `hits` hits on `key` at once (a process that gathers its hits and writes them together). */
export const addHits = async (db: Knex, key: string, hits: number, window: CounterWindow, now: Date): Promise<CounterState> => {
  const resetAt = new Date(now.getTime() + window.windowMs);
  const keptReset = window.sliding ? 'excluded.reset_at' : 'rate_limits.reset_at';
  const { rows } = (await db.raw(
    `insert into rate_limits (key, hits, reset_at, last_hit_at) values (?, ?, ?, ?)
     on conflict (key) do update set
       hits = case when rate_limits.reset_at <= excluded.last_hit_at then excluded.hits else rate_limits.hits + excluded.hits end,
       reset_at = case when rate_limits.reset_at <= excluded.last_hit_at then excluded.reset_at else ${keptReset} end,
       last_hit_at = excluded.last_hit_at
     returning hits, reset_at, last_hit_at`,
    [storedKey(key), hits, resetAt, now],
  )) as { rows: Row[] };
  return stateOf(rows[0]!);
};

/** The key's live count, or undefined when it has none (never hit, or its window is over). */
export const readCounter = async (db: Knex, key: string, now: Date): Promise<CounterState | undefined> => {
  const row: Row | undefined = await db('rate_limits').where({ key: storedKey(key) }).andWhere('reset_at', '>', now).first('hits', 'reset_at', 'last_hit_at');
  return row && stateOf(row);
};

export const undoHit = async (db: Knex, key: string, now: Date): Promise<void> => {
  await db('rate_limits').where({ key: storedKey(key) }).andWhere('reset_at', '>', now).andWhere('hits', '>', 0).decrement('hits', 1);
};

export const clearCounter = async (db: Knex, key: string): Promise<void> => {
  await db('rate_limits').where({ key: storedKey(key) }).del();
};

/** Deletes the counters whose window is over; returns how many. */
export const deleteExpiredCounters = async (db: Knex, now: Date): Promise<number> =>
  // Raw: knex-pglite answers a knex delete with the driver's result instead of a count.
  Number(
    ((await db.raw('with gone as (delete from rate_limits where reset_at <= ? returning 1) select count(*) as n from gone', [now])) as { rows: { n: number | string }[] })
      .rows[0]!.n,
  );
