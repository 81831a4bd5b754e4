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
  {
    // What happened to each payment afterwards: refunds, a dispute, the gateway's fee.
    name: '202611250420_projection_invoice_payment_movements',
    up: async (db) => {
      await db.schema.alterTable('invoice_payments', (t) => {
        t.bigInteger('refunded_cents').notNullable().defaultTo(0);
        t.bigInteger('disputed_cents').notNullable().defaultTo(0);
        t.text('dispute_status');
        t.bigInteger('fee_cents').notNullable().defaultTo(0);
        // A gateway payment for an invoice already cancelled or deleted: an alert until handled.
        t.text('unexpected_reason');
        t.text('invoice_number');
        t.uuid('client_id');
      });
      await db.raw('create index invoice_payments_unexpected on invoice_payments (client_id) where unexpected_reason is not null');
    },
  },
];
