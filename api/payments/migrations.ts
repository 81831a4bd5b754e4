import type { Migration } from '../../eventstore/migration';

export const paymentMigrations: Migration[] = [
  {
    // Sessions of the built-in simulated checkout (used only when no Stripe keys are configured).
    name: '202611220500_payments_simulated_checkout',
    up: async (db) => {
      await db.schema.createTable('simulated_checkout_sessions', (t) => {
        t.text('id').primary();
        t.text('idempotency_key').notNullable().unique();
        t.uuid('invoice_id').notNullable();
        t.text('invoice_number').notNullable();
        t.bigInteger('amount_cents').notNullable();
        t.text('currency').notNullable();
        t.text('customer_email');
        t.text('success_url').notNullable();
        t.text('cancel_url').notNullable();
        t.text('status').notNullable().defaultTo('open');
        t.text('payment_status').notNullable().defaultTo('unpaid');
        t.text('payment_intent');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
    },
  },
  {
    // The simulated checkout's balance, as Stripe keeps one: each charge (with its fee) and refund
    // is a balance transaction until a payout settles it.
    name: '202611250410_payments_simulated_balance',
    up: async (db) => {
      await db.schema.createTable('simulated_balance_transactions', (t) => {
        t.text('id').primary();
        t.text('type').notNullable();
        t.text('payment_intent').notNullable().index();
        t.uuid('invoice_id');
        t.bigInteger('amount_cents').notNullable();
        t.bigInteger('fee_cents').notNullable();
        t.text('refund_id').unique();
        t.text('idempotency_key').unique();
        t.text('reason');
        t.text('payout_id').index();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
      await db.schema.createTable('simulated_payouts', (t) => {
        t.text('id').primary();
        t.bigInteger('amount_cents').notNullable();
        t.date('arrival_date').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
    },
  },
  {
    // Who dealt with an alert about a payment for a cancelled or deleted invoice (kept apart from
    // the rebuildable read model, so a rebuild never forgets it).
    name: '202611250430_payments_alert_handling',
    up: async (db) => {
      await db.schema.createTable('payment_alert_handling', (t) => {
        t.uuid('payment_id').primary();
        t.timestamp('handled_at', { useTz: true }).notNullable();
        t.text('handled_by').notNullable();
      });
    },
  },
];
