import type { InvoiceEvent } from '../invoice/events';
import { addDays, dayOf, type IsoDate } from '../shared/dates';

/**
 * Payment reminders: the company's schedule is a list of days relative to an invoice's due date
 * (negative: before it). The sending adapter (api/invoicing/payment-reminders.ts) brings today, the
 * invoice and the steps already sent; these rules say which step, if any, goes out now.
 */

export const DEFAULT_REMINDER_DAYS: readonly number[] = [-3, 1, 7, 14];
export const MIN_REMINDER_DAY = -60;
export const MAX_REMINDER_DAY = 365;
export const MAX_REMINDER_STEPS = 10;

export type ReminderDaysProblem = 'notWholeDay' | 'outOfRange' | 'repeated' | 'tooMany';

/** The server's wording of each problem; the web translates the codes itself. */
export const REMINDER_DAYS_MESSAGES: Record<ReminderDaysProblem, string> = {
  notWholeDay: 'Each reminder is a whole number of days.',
  outOfRange: `Each reminder is from ${MIN_REMINDER_DAY} to ${MAX_REMINDER_DAY} days from the due date.`,
  repeated: 'Each day may appear only once.',
  tooMany: `At most ${MAX_REMINDER_STEPS} reminders.`,
};

/** What is wrong with a schedule, each problem once; empty when it can be saved (an empty list turns reminders off). */
export const reminderDaysProblems = (days: readonly unknown[]): ReminderDaysProblem[] => {
  const problems = new Set<ReminderDaysProblem>();
  const whole = days.filter((d): d is number => typeof d === 'number' && Number.isInteger(d));
  if (whole.length < days.length) problems.add('notWholeDay');
  if (whole.some((d) => d < MIN_REMINDER_DAY || d > MAX_REMINDER_DAY)) problems.add('outOfRange');
  if (new Set(whole).size < whole.length) problems.add('repeated');
  if (days.length > MAX_REMINDER_STEPS) problems.add('tooMany');
  return [...problems];
};

/** A valid schedule in the order it runs, earliest first. */
export const sortReminderDays = (days: readonly number[]): number[] => [...days].sort((a, b) => a - b);

/** What the rule needs to know of one invoice. */
export interface ReminderSubject {
  dueDate: IsoDate;
  /** The day the client got the invoice (sent, or its first payment recorded); null for a draft. */
  issuedOn: IsoDate | null;
  openCents: number;
  paid: boolean;
  /** Fully credited. */
  cancelled: boolean;
  clientExcluded: boolean;
  /** Steps (days from the due date) already sent for this invoice. */
  sentSteps: readonly number[];
}

/**
 * The step to send today, or null. Only the latest step whose day has come is sent, so an invoice
 * found several steps late (a first run, a worker that was down) gets one reminder, not a burst;
 * a step is never sent once it or a later one has been; steps on or before the day the client got
 * the invoice are skipped (the invoice mail itself was that day's message).
 */
export const dueReminderStep = (schedule: readonly number[], today: IsoDate, invoice: ReminderSubject): number | null => {
  const { issuedOn } = invoice;
  if (issuedOn === null || invoice.paid || invoice.cancelled || invoice.clientExcluded || invoice.openCents <= 0) return null;
  let latest: number | null = null;
  for (const step of schedule) {
    const day = addDays(invoice.dueDate, step);
    if (day <= today && day > issuedOn && (latest === null || step > latest)) latest = step;
  }
  if (latest === null) return null;
  const step = latest;
  return invoice.sentSteps.some((sent) => sent >= step) ? null : step;
};

/** The day an invoice reached the client: its first sending, or its first payment if that came before. */
export const issuedOnOf = (events: readonly InvoiceEvent[]): IsoDate | null => {
  for (const e of events) {
    if (e.type === 'InvoiceSent') return dayOf(new Date(e.data.sentAt));
    if (e.type === 'PaymentRecorded') return e.data.date;
  }
  return null;
};
