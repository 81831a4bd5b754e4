import type { Knex } from 'knex';
import type { LockedThrough } from '../../../domain/accounting/period-lock';
import type { Totals } from '../../../domain/accounting/reports';

/** The lock in force after the last event the ledger applied (one row; none: no lock). */
export const readLedgerLock = async (db: Knex): Promise<LockedThrough> => {
  const row: { locked_through: string | null } | undefined = await db('ledger_books').where({ id: 1 }).options({ name: 'ledger_lock' }).first('locked_through');
  return row?.locked_through ?? null;
};

export const writeLedgerLock = async (trx: Knex.Transaction, lockedThrough: LockedThrough): Promise<void> => {
  await trx('ledger_books').insert({ id: 1, locked_through: lockedThrough }).onConflict('id').merge(['locked_through']);
};

/**
 * Debit and credit totals per account of the year-end closing entries (and their reversals) posted
 * in [from, to]: income statements and cash flows take them back out. One entry per closed year.
 */
export const closingTotals = async (db: Knex, from: string | undefined, to: string): Promise<Map<string, Totals>> => {
  const q = db('ledger_lines as l')
    .join('ledger_entries as e', 'e.entry_id', 'l.entry_id')
    .where('e.source_type', 'year_end_close')
    .andWhere('l.date', '<=', to)
    .groupBy('l.account_id')
    .select('l.account_id', db.raw('sum(l.debit_cents) as debit'), db.raw('sum(l.credit_cents) as credit'));
  if (from !== undefined) q.andWhere('l.date', '>=', from);
  const rows: Array<{ account_id: string; debit: string | number; credit: string | number }> = await q;
  return new Map(rows.map((r) => [r.account_id, { debitCents: Number(r.debit), creditCents: Number(r.credit) }]));
};
