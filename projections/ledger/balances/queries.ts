import type { Knex } from 'knex';
import { addDays, monthEnd, monthStart, nextMonthStart } from '../../../domain/accounting/dates';
import type { Totals, TotalsByAccount } from '../../../domain/accounting/reports';

export interface RangeSegments {
  /** Whole months read from the monthly table: [from, until) by month start; from undefined = all earlier. */
  months: { from: string | undefined; until: string } | null;
  /** Inclusive day ranges read from the daily table (the ragged edges). */
  days: Array<[string, string]>;
}

/**
 * Splits [from, to] into whole months plus at most two ragged day ranges, so any period costs
 * O(accounts x (months + 62 days)) rows, never O(lines).
 */
export const rangeSegments = (from: string | undefined, to: string): RangeSegments => {
  const monthsFrom = from === undefined ? undefined : from === monthStart(from) ? from : nextMonthStart(from);
  const monthsUntil = to === monthEnd(to) ? nextMonthStart(to) : monthStart(to);
  if (monthsFrom !== undefined && monthsFrom >= monthsUntil) return { months: null, days: from! <= to ? [[from!, to]] : [] };
  const days: Array<[string, string]> = [];
  if (from !== undefined && monthsFrom !== undefined && from < monthsFrom) days.push([from, addDays(monthsFrom, -1)]);
  if (monthsUntil <= to) days.push([monthsUntil, to]);
  return { months: { from: monthsFrom, until: monthsUntil }, days };
};

/** Debit and credit totals per account over [from, to] from the pre-aggregated balances. */
export const totalsInRange = async (db: Knex, from: string | undefined, to: string, accountId?: string): Promise<TotalsByAccount> => {
  const seg = rangeSegments(from, to);
  const parts: string[] = [];
  const args: unknown[] = [];
  const account = accountId ? ' and account_id = ?' : '';
  if (seg.months) {
    parts.push(`select account_id, debit_cents, credit_cents from ledger_balances_monthly where month < ?${seg.months.from ? ' and month >= ?' : ''}${account}`);
    args.push(seg.months.until, ...(seg.months.from ? [seg.months.from] : []), ...(accountId ? [accountId] : []));
  }
  for (const [a, b] of seg.days) {
    parts.push(`select account_id, debit_cents, credit_cents from ledger_balances_daily where day between ? and ?${account}`);
    args.push(a, b, ...(accountId ? [accountId] : []));
  }
  const out = new Map<string, Totals>();
  if (parts.length === 0) return out;
  const result = await db.raw(
    `select account_id, sum(debit_cents)::bigint as debit, sum(credit_cents)::bigint as credit from (${parts.join(' union all ')}) x group by account_id`,
    args as Knex.RawBinding[],
  );
  for (const row of result.rows as Array<{ account_id: string; debit: number; credit: number }>) {
    out.set(row.account_id, { debitCents: Number(row.debit), creditCents: Number(row.credit) });
  }
  return out;
};
