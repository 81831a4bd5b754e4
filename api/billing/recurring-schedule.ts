import { dayOf } from '../../domain/shared/dates';
import type { AppDeps } from '../deps';
import type { RecurringInvoicing } from './recurring';

const CHECK_EVERY_MS = 60 * 60 * 1000;
const FIRST_CHECK_MS = 30 * 1000;

/**
 * Runs recurring generation once per calendar day (checked hourly, first shortly after start).
 * Several processes may run it at once: deterministic invoice ids make the extra runs no-ops.
 */
export const startRecurringSchedule = (deps: AppDeps, recurring: RecurringInvoicing): { stop: () => Promise<void> } => {
  let lastDay: string | undefined;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = () => {
    const today = dayOf(deps.clock());
    if (today !== lastDay && !running) {
      running = recurring
        .run({ today, actor: 'scheduler' })
        .then((result) => {
          lastDay = today;
          deps.logger.info({ ...result, day: today }, 'recurring invoices generated');
        })
        .catch((err) => deps.logger.error({ err }, 'recurring invoice generation failed; retrying within the hour'))
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
