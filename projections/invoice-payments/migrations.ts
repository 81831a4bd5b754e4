import type { Migration } from '../../eventstore/migration';

export const invoicePaymentsMigrations: Migration[] = [
  {
    name: '202611220510_projection_invoice_payments',
    up: async (db) => {
      await db.schema.createTable('invoice_payments', (t) => {
        t.uuid('payment_id').primary();
        t.uuid('invoice_id').notNullable().index();
        t.bigInteger('amount_cents').notNullable();
        t.date('date').notNullable();
        t.text('method').notNullable();
        t.text('reference');
        t.text('actor').notNullable();
        t.timestamp('recorded_at', { useTz: true }).notNullable();
      });
    },
  },
];
