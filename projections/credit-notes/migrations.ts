import type { Migration } from '../../eventstore/migration';

export const creditNoteMigrations: Migration[] = [
  {
    name: '202611241102_projection_credit_notes',
    up: async (db) => {
      await db.schema.createTable('credit_notes', (t) => {
        t.uuid('id').primary();
        t.text('credit_note_number').notNullable();
        t.uuid('invoice_id').notNullable().index();
        t.text('invoice_number').notNullable();
        t.date('invoice_date').notNullable();
        t.uuid('client_id').notNullable();
        t.date('date').notNullable();
        t.text('reason').notNullable();
        t.jsonb('lines').notNullable();
        t.bigInteger('net_cents').notNullable();
        t.bigInteger('vat_cents').notNullable();
        t.bigInteger('gross_cents').notNullable();
        t.boolean('full').notNullable();
        t.timestamp('recorded_at', { useTz: true }).notNullable();
      });
      await db.raw('create index credit_notes_date on credit_notes (date desc, credit_note_number desc)');
      await db.raw('create index credit_notes_client on credit_notes (client_id, date desc)');
    },
  },
  {
    // Issue 40: a credit note of an invoice in another currency is in that currency, at the invoice's
    // rate (of `rate_date`); rows written before are in euros, which the default says.
    name: '202612010010_i40currencies_projection_credit_notes_currency',
    up: async (db) => {
      await db.schema.alterTable('credit_notes', (t) => {
        t.text('currency').notNullable().defaultTo('EUR');
        t.text('exchange_rate');
        t.date('rate_date');
      });
    },
    down: async (db) => {
      await db.schema.alterTable('credit_notes', (t) => {
        t.dropColumn('currency');
        t.dropColumn('exchange_rate');
        t.dropColumn('rate_date');
      });
    },
  },
];
