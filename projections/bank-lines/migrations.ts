import type { Migration } from '../../eventstore/migration';

/**
 * Which statement lines are reconciled, by what, and which ledger movements they matched: the read
 * model of the `bank-line-<id>` streams (a line without a row here is open).
 */
export const bankLineMigrations: Migration[] = [
  {
    name: '202611291430_projection_bank_lines',
    up: async (db) => {
      await db.schema.createTable('bank_line_reconciliations', (t) => {
        t.uuid('line_id').primary();
        t.uuid('reconciliation_id').notNullable().unique();
        t.uuid('money_account_id').notNullable();
        t.date('date').notNullable();
        t.bigInteger('amount_cents').notNullable();
        t.jsonb('parts').notNullable();
        t.text('reconciled_by').notNullable();
        t.timestamp('reconciled_at', { useTz: true }).notNullable();
        t.index(['money_account_id', 'date']);
      });
      // A movement already in the books (a payment recorded by hand, a payout) matches one line at most.
      await db.schema.createTable('bank_reconciled_movements', (t) => {
        t.text('movement_id').primary();
        t.uuid('line_id').notNullable().index();
      });
    },
  },
];
