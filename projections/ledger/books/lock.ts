import type { Knex } from 'knex';
import type { LockedThrough } from '../../../domain/accounting/period-lock';

/** The lock in force after the last event the ledger applied (one row; none: no lock). */
export const readLedgerLock = async (db: Knex): Promise<LockedThrough> => {
  const row: { locked_through: string | null } | undefined = await db('ledger_books').where({ id: 1 }).first('locked_through');
  return row?.locked_through ?? null;
};

export const writeLedgerLock = async (trx: Knex.Transaction, lockedThrough: LockedThrough): Promise<void> => {
  await trx('ledger_books').insert({ id: 1, locked_through: lockedThrough }).onConflict('id').merge(['locked_through']);
};
