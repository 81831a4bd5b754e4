import { addDays, addMonthsClamped, type IsoDate } from '../shared/dates';

export type BillingCycle = 'one_time' | 'monthly' | 'annually';
export const BILLING_CYCLES: BillingCycle[] = ['one_time', 'monthly', 'annually'];

/** A billed period: inclusive start, exclusive end (the next period's start). */
export interface Period {
  start: IsoDate;
  end: IsoDate;
}

/** The k-th period (0-based) of a subscription that started on `start`. */
export const periodAt = (start: IsoDate, cycle: BillingCycle, k: number): Period => {
  switch (cycle) {
    case 'one_time':
      // A once-off charge covers its start day only; there is no second period.
      return { start, end: addDays(start, 1) };
    case 'monthly':
      return { start: addMonthsClamped(start, k), end: addMonthsClamped(start, k + 1) };
    case 'annually':
      return { start: addMonthsClamped(start, 12 * k), end: addMonthsClamped(start, 12 * (k + 1)) };
    default: {
      const exhaustive: never = cycle;
      throw new Error(`unknown billing cycle ${String(exhaustive)}`);
    }
  }
};

const monthsPer = (cycle: 'monthly' | 'annually'): number => (cycle === 'monthly' ? 1 : 12);

/**
 * The first period not yet billed, given the exclusive end of everything invoiced so far
 * (`invoicedEnd`, null when nothing was). Null when a once-off subscription is already invoiced.
 * If the product's cycle changed after invoicing, billing resumes at the first period of the
 * current cycle that starts on or after `invoicedEnd`.
 */
export const nextPeriod = (start: IsoDate, cycle: BillingCycle, invoicedEnd: IsoDate | null): Period | null => {
  if (invoicedEnd === null || invoicedEnd <= start) return periodAt(start, cycle, 0);
  if (cycle === 'one_time') return null;
  const [sy, sm] = start.split('-').map(Number) as [number, number];
  const [ey, em] = invoicedEnd.split('-').map(Number) as [number, number];
  const step = monthsPer(cycle);
  // Estimate k from the month distance, then step forward to the exact first period.
  let k = Math.max(0, Math.floor(((ey - sy) * 12 + (em - sm)) / step) - 1);
  while (periodAt(start, cycle, k).start < invoicedEnd) k++;
  return periodAt(start, cycle, k);
};

/** Every period due on `today` (start on or before it) that is not yet billed, oldest first. */
export const duePeriods = (
  start: IsoDate,
  cycle: BillingCycle,
  invoicedEnd: IsoDate | null,
  today: IsoDate,
  limit = 120,
): Period[] => {
  const due: Period[] = [];
  let period = nextPeriod(start, cycle, invoicedEnd);
  while (period && period.start <= today && due.length < limit) {
    due.push(period);
    period = cycle === 'one_time' ? null : nextPeriod(start, cycle, period.end);
  }
  return due;
};
