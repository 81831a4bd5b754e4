import type { Knex } from 'knex';

/**
 * How many statement lines of any money account, booked on or before `through`, are not reconciled:
 * what locking the books through that day leaves unproven (a warning, never a refusal).
 */
export const unreconciledLinesThrough = async (db: Knex, through: string): Promise<number> => {
  const row = (await db('bank_statement_lines as l')
    .leftJoin('bank_line_reconciliations as r', 'r.line_id', 'l.id')
    .where('l.booking_date', '<=', through)
    .whereNull('r.line_id')
    .count({ n: '*' })
    .first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
};
