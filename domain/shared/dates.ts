/** Calendar days as 'YYYY-MM-DD' strings: lexical order is date order, and no timezone applies. */
export type IsoDate = string;

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True only for a day that exists (no 2025-02-30), years 1900 to 9999. */
export const isIsoDate = (value: unknown): value is IsoDate => {
  if (typeof value !== 'string') return false;
  const m = SHAPE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
};

const toDate = (day: IsoDate): Date => new Date(`${day}T00:00:00Z`);
const fromDate = (date: Date): IsoDate => date.toISOString().slice(0, 10);

export const addDays = (day: IsoDate, days: number): IsoDate => {
  const d = toDate(day);
  d.setUTCDate(d.getUTCDate() + days);
  return fromDate(d);
};

/** The calendar day of an instant in UTC (the company books in one timezone; UTC is that zone). */
export const dayOf = (instant: Date): IsoDate => fromDate(instant);

/** A date column as read back (the day's text, or a Date at its UTC midnight) → its day. */
export const isoDay = (value: string | Date): IsoDate => (typeof value === 'string' ? value.slice(0, 10) : fromDate(value));

export const yearOf = (day: IsoDate): number => Number(day.slice(0, 4));

export const monthStart = (day: IsoDate): IsoDate => `${day.slice(0, 7)}-01`;

export const nextMonthStart = (day: IsoDate): IsoDate => {
  const d = toDate(monthStart(day));
  d.setUTCMonth(d.getUTCMonth() + 1);
  return fromDate(d);
};

export const monthEnd = (day: IsoDate): IsoDate => addDays(nextMonthStart(day), -1);

export const yearStart = (day: IsoDate): IsoDate => `${day.slice(0, 4)}-01-01`;
export const yearEnd = (day: IsoDate): IsoDate => `${day.slice(0, 4)}-12-31`;

export const daysInMonth = (year: number, month1: number): number => new Date(Date.UTC(year, month1, 0)).getUTCDate();

/**
 * The same day-of-month `months` later, clamped to the month's last day: Jan 31 + 1 → Feb 28/29.
 * Always computed from the anchor, so a series never drifts (Jan 31 → Feb 28 → Mar 31).
 */
export const addMonthsClamped = (anchor: IsoDate, months: number): IsoDate => {
  const [y, m, d] = anchor.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month1 = (index % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month1));
  return `${String(year).padStart(4, '0')}-${String(month1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: IsoDate, to: IsoDate): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
