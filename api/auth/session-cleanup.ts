import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { startPeriodic } from '../platform/background/periodic';

const HOUR_MS = 60 * 60 * 1000;

/** Deletes the sessions past their expiry (logins that were never logged out); returns how many. */
export const deleteExpiredSessions = async (db: Knex): Promise<number> =>
  // Raw: knex-pglite answers a knex delete with the driver's result instead of a count.
  Number(
    ((await db.raw('with gone as (delete from sessions where expired < now() returning 1) select count(*) as n from gone')) as { rows: { n: number }[] })
      .rows[0]!.n,
  );

/**
 * Background work (worker or ROLE=all): expired sessions are never read again, but nothing else
 * removes them, so without this the table grows with every login. Several workers may run it;
 * the deletes do not conflict.
 */
export const startSessionCleanup = (db: Knex, logger: Logger, intervalMs = HOUR_MS): { stop: () => void } => {
  const run = () =>
    void deleteExpiredSessions(db).then(
      (n) => n > 0 && logger.info({ sessions: n }, 'expired sessions deleted'),
      (err: unknown) => logger.warn({ err }, 'expired session cleanup failed'),
    );
  return startPeriodic(run, intervalMs);
};
