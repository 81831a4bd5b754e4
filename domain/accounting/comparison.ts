import { addDays, addMonthsClamped, daysBetween, monthEnd, monthStart } from '../shared/dates';

/** What a report is compared with: the period just before it, or the same period a year earlier. */
export const COMPARISONS = ['previous_period', 'previous_year'] as const;
export type Comparison = (typeof COMPARISONS)[number];

export const isComparison = (value: unknown): value is Comparison => typeof value === 'string' && (COMPARISONS as readonly string[]).includes(value);

export interface DayPeriod {
  from: string;
  to: string;
}

/** Months shifted with the month end kept: 2024-02-29 a year back is 2023-02-28, 2023-02-28 forward is 2024-02-29. */
const shiftMonths = (day: string, months: number): string => {
  const shifted = addMonthsClamped(day, months);
  return day === monthEnd(day) ? monthEnd(shifted) : shifted;
};

const wholeMonths = (p: DayPeriod): number | null => {
  if (p.from !== monthStart(p.from) || p.to !== monthEnd(p.to)) return null;
  const [fy, fm] = [Number(p.from.slice(0, 4)), Number(p.from.slice(5, 7))];
  const [ty, tm] = [Number(p.to.slice(0, 4)), Number(p.to.slice(5, 7))];
  return (ty - fy) * 12 + (tm - fm) + 1;
};

/**
 * The period a report over `p` is compared with. A year back shifts both ends by twelve months. The
 * previous period ends the day before `p` starts and is as long: in months when `p` is whole
 * months (a quarter before a quarter, February before March), else in days.
 */
export const comparisonPeriod = (p: DayPeriod, kind: Comparison): DayPeriod => {
  switch (kind) {
    case 'previous_year':
      return { from: shiftMonths(p.from, -12), to: shiftMonths(p.to, -12) };
    case 'previous_period': {
      const months = wholeMonths(p);
      if (months !== null) return { from: addMonthsClamped(p.from, -months), to: addDays(p.from, -1) };
      return { from: addDays(p.from, -(daysBetween(p.from, p.to) + 1)), to: addDays(p.from, -1) };
    }
    default: {
      const _exhaustive: never = kind;
      return _exhaustive;
    }
  }
};

/**
 * The day a balance as of `asOf` is compared with: a year earlier, or a month earlier (the
 * previous month's end when `asOf` is a month end). Month ends stay month ends.
 */
export const comparisonAsOf = (asOf: string, kind: Comparison): string => {
  switch (kind) {
    case 'previous_year':
      return shiftMonths(asOf, -12);
    case 'previous_period':
      return shiftMonths(asOf, -1);
    default: {
      const _exhaustive: never = kind;
      return _exhaustive;
    }
  }
};
