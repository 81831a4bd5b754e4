import { startDailyJob } from '../platform/background/daily-job';
import type { AppDeps } from '../platform/deps';
import type { RecurringInvoicing } from './recurring';

/** Recurring generation once per calendar day. Deterministic invoice ids make extra runs in other processes no-ops. */
export const startRecurringSchedule = (deps: AppDeps, recurring: RecurringInvoicing): { stop: () => Promise<void> } =>
  startDailyJob(deps, {
    run: (today) => recurring.run({ today, actor: 'scheduler' }),
    done: 'recurring invoices generated',
    failed: 'recurring invoice generation failed; retrying within the hour',
  });
