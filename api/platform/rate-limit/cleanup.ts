import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { startPeriodic } from '../background/periodic';
import { deleteExpiredCounters } from './counter';

const HOUR_MS = 60 * 60 * 1000;

/** Background work: counters whose window is over are never read again; this keeps the table small. */
export const startRateLimitCleanup = (db: Knex, logger: Logger, clock: () => Date, intervalMs = HOUR_MS): { stop: () => void } =>
  startPeriodic(
    () =>
      void deleteExpiredCounters(db, clock()).then(
        (n) => n > 0 && logger.debug({ counters: n }, 'expired rate-limit counters deleted'),
        (err: unknown) => logger.warn({ err }, 'expired rate-limit counter cleanup failed'),
      ),
    intervalMs,
  );
