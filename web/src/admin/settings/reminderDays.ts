import type { TFunction } from 'i18next';

/** A typed reminder day as a number (a Unicode minus too); NaN when it is not a whole number. */
export const parseReminderDay = (text: string): number => {
  const clean = text.trim().replace('−', '-');
  return /^[-+]?\d+$/.test(clean) ? Number(clean) : Number.NaN;
};

/** A step of the reminder schedule in words: "3 days before", "On the due date", "1 day after". */
export const reminderDayLabel = (days: number, t: TFunction): string => {
  if (days === 0) return t('admin.settings.reminders.onDueDate');
  const n = Math.abs(days);
  if (days < 0) return n === 1 ? t('admin.settings.reminders.dayBefore') : t('admin.settings.reminders.daysBefore', { days: n });
  return n === 1 ? t('admin.settings.reminders.dayAfter') : t('admin.settings.reminders.daysAfter', { days: n });
};
