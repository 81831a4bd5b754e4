import type { Logger } from 'pino';
import { dayOf, type IsoDate } from '../../../domain/shared/dates';

const CHECK_EVERY_MS = 60 * 60 * 1000;
const FIRST_CHECK_MS = 30 * 1000;

export interface DailyJob {
  /** Does the day's work; what it answers is logged on success. */
  run: (today: IsoDate) => Promise<object>;
  /** Log lines of a completed and of a failed run. */
  done: string;
  failed: string;
}

/**
 * Runs `job` once per calendar day in background processes (checked hourly, first shortly after
 * start); a failed run is retried at the next check. Several processes may run it at once, so every
 * job must be safe to run twice.
 */
export const startDailyJob = (deps: { clock: () => Date; logger: Logger }, job: DailyJob): { stop: () => Promise<void> } => {
  let lastDay: IsoDate | undefined;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = () => {
    const today = dayOf(deps.clock());
    if (today !== lastDay && !running) {
      running = job
        .run(today)
        .then((result) => {
          lastDay = today;
          deps.logger.info({ ...result, day: today }, job.done);
        })
        .catch((err) => deps.logger.error({ err }, job.failed))
        .finally(() => {
          running = undefined;
        });
    }
    if (!stopped) timer = setTimeout(tick, CHECK_EVERY_MS);
  };
  timer = setTimeout(tick, FIRST_CHECK_MS);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
};
