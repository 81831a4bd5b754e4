import type { Knex } from 'knex';
import { addToTotals } from '../../../domain/accounting/balances';
import type { Totals } from '../../../domain/accounting/reports';
import { monthStart } from '../../../domain/shared/dates';
import type { LedgerEffect } from '../../../domain/accounting/postings';

type Key = `${string}|${string}`;

/**
 * Adds a batch's postings to the per-day, per-month and per-year totals. The batch is summed in memory
 * first so each (period, account) row is written once per batch, whatever the number of lines.
 */
export const writeBalances = async (trx: Knex.Transaction, effects: LedgerEffect[]): Promise<void> => {
  const daily = new Map<Key, Totals>();
  const monthly = new Map<Key, Totals>();
  const yearly = new Map<Key, Totals>();
  for (const effect of effects) {
    for (const posting of effect.postings) {
      for (const line of posting.lines) {
        const d: Key = `${posting.date}|${line.accountId}`;
        const m: Key = `${monthStart(posting.date)}|${line.accountId}`;
        daily.set(d, addToTotals(daily.get(d) ?? null, line));
        monthly.set(m, addToTotals(monthly.get(m) ?? null, line));
        const y: Key = `${posting.date.slice(0, 4)}-01-01|${line.accountId}`;
        yearly.set(y, addToTotals(yearly.get(y) ?? null, line));
      }
    }
  }
  await upsert(trx, 'ledger_balances_daily', 'day', daily);
  await upsert(trx, 'ledger_balances_monthly', 'month', monthly);
  await upsert(trx, 'ledger_balances_yearly', 'year', yearly);
};

const upsert = async (trx: Knex.Transaction, table: string, key: 'day' | 'month' | 'year', rows: Map<Key, Totals>): Promise<void> => {
  const values = [...rows].map(([k, t]) => {
    const [period, accountId] = k.split('|') as [string, string];
    return { [key]: period, account_id: accountId, debit_cents: t.debitCents, credit_cents: t.creditCents };
  });
  for (let i = 0; i < values.length; i += 1000) {
    await trx(table)
      .insert(values.slice(i, i + 1000))
      .onConflict([key, 'account_id'])
      .merge({
        debit_cents: trx.raw('??.debit_cents + excluded.debit_cents', [table]),
        credit_cents: trx.raw('??.credit_cents + excluded.credit_cents', [table]),
      });
  }
};
