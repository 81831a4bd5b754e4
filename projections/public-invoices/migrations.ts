import type { Migration } from '../../eventstore/migration';

export const publicInvoiceMigrations: Migration[] = [
  {
    name: '202611220111_projection_public_invoices',
    up: async (db) => {
      await db.schema.createTable('public_invoices', (t) => {
        t.uuid('id').primary();
        t.text('invoice_number').notNullable();
        t.uuid('client_id').notNullable();
        t.date('date').notNullable();
        t.date('due_date').notNullable();
        t.bigInteger('gross_cents').notNullable();
        t.bigInteger('paid_cents').notNullable();
        t.boolean('paid').notNullable();
      });
    },
  },
  {
    name: '202611241101_projection_public_invoices_credits',
    up: async (db) => {
      await db.schema.alterTable('public_invoices', (t) => {
        t.bigInteger('credited_cents').notNullable().defaultTo(0);
        t.boolean('cancelled').notNullable().defaultTo(false);
      });
    },
  },
];
