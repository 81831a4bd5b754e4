import { daysInMonth, isIsoDate } from '../shared/dates';
import type { AccountType } from './accounts';
import type { JournalLine } from '../journal/events';
import type { TotalsByAccount } from './reports';

/** A fiscal year: its first and last day. */
export interface FiscalYear {
  from: string;
  to: string;
}

export const isMonth = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 12;

const pad = (n: number) => String(n).padStart(2, '0');

/** The fiscal year that starts in `startYear` on the first day of `firstMonth` (1–12). */
export const fiscalYearStarting = (firstMonth: number, startYear: number): FiscalYear => {
  const from = `${String(startYear).padStart(4, '0')}-${pad(firstMonth)}-01`;
  // Computed without stepping past the year 9999 (the last representable day is 9999-12-31).
  const [endYear, endMonth] = firstMonth === 1 ? [startYear, 12] : [startYear + 1, firstMonth - 1];
  return { from, to: `${String(endYear).padStart(4, '0')}-${pad(endMonth)}-${pad(daysInMonth(endYear, endMonth))}` };
};

/** The fiscal year a day falls in. */
export const fiscalYearOf = (firstMonth: number, day: string): FiscalYear => {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return fiscalYearStarting(firstMonth, month >= firstMonth ? year : year - 1);
};

export const isFiscalYearStart = (firstMonth: number, day: string): boolean => isIsoDate(day) && fiscalYearOf(firstMonth, day).from === day;

export interface ClosingAccount {
  id: string;
  type: AccountType;
}

/**
 * The closing entry of a fiscal year: each revenue and expense account's balance for the year
 * taken out (sides swapped), the difference (the year's result) to Retained Earnings. Balanced by
 * construction; empty when nothing moved.
 */
export const closingLines = (accounts: readonly ClosingAccount[], year: TotalsByAccount, retainedEarningsId: string): JournalLine[] => {
  const lines: JournalLine[] = [];
  let resultCents = 0;
  for (const a of accounts) {
    if (a.type !== 'revenue' && a.type !== 'expense') continue;
    const t = year.get(a.id);
    if (!t) continue;
    const net = t.debitCents - t.creditCents;
    if (net === 0) continue;
    lines.push(net > 0 ? { accountId: a.id, debitCents: 0, creditCents: net } : { accountId: a.id, debitCents: -net, creditCents: 0 });
    resultCents -= net;
  }
  if (resultCents > 0) lines.push({ accountId: retainedEarningsId, debitCents: 0, creditCents: resultCents });
  else if (resultCents < 0) lines.push({ accountId: retainedEarningsId, debitCents: -resultCents, creditCents: 0 });
  return lines;
};

export type ColumnStep = 'month' | 'quarter';

/** A fiscal year cut into its 12 months or 4 quarters, in order: the income statement's columns. */
export const fiscalColumns = (firstMonth: number, startYear: number, step: ColumnStep): FiscalYear[] => {
  const months = step === 'month' ? 1 : 3;
  return Array.from({ length: 12 / months }, (_, i) => {
    const first = firstMonth - 1 + i * months;
    const fromYear = startYear + Math.floor(first / 12);
    const fromMonth = (first % 12) + 1;
    const last = first + months - 1;
    const toYear = startYear + Math.floor(last / 12);
    const toMonth = (last % 12) + 1;
    return {
      from: `${String(fromYear).padStart(4, '0')}-${pad(fromMonth)}-01`,
      to: `${String(toYear).padStart(4, '0')}-${pad(toMonth)}-${pad(daysInMonth(toYear, toMonth))}`,
    };
  });
};
