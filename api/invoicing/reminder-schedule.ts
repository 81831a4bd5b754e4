import { startDailyJob } from '../platform/background/daily-job';
import type { AppDeps } from '../platform/deps';
import type { PaymentReminders } from './payment-reminders';

/** Payment reminders once per calendar day. Deterministic reminder ids make extra runs in other processes no-ops. */
export const startReminderSchedule = (deps: AppDeps, reminders: PaymentReminders): { stop: () => Promise<void> } =>
  startDailyJob(deps, {
    run: (today) => reminders.run({ today }),
    done: 'payment reminders sent',
    failed: 'sending payment reminders failed; retrying within the hour',
  });
