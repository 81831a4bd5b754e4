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
  {
    // Credit balance applied from one invoice to another: both halves, so an unfinished one is found.
    name: '202611260110_projection_credit_transfers',
    up: async (db) => {
      await db.schema.createTable('credit_transfers', (t) => {
        t.uuid('transfer_id').primary();
        t.uuid('application_id').notNullable().index();
        t.uuid('from_invoice_id').notNullable().index();
        t.uuid('to_invoice_id').notNullable();
        t.text('to_invoice_number').notNullable();
        t.uuid('client_id').notNullable().index();
        t.bigInteger('amount_cents').notNullable();
        t.date('date').notNullable();
        t.text('actor').notNullable();
        t.timestamp('recorded_at', { useTz: true }).notNullable();
        // Set once the receiving invoice recorded it as a credit payment.
        t.uuid('payment_id');
      });
      await db.raw('create index credit_transfers_unfinished on credit_transfers (recorded_at) where payment_id is null');
    },
  },
];
