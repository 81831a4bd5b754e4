import type { Migration } from '../../eventstore/migration';

export const subscriptionBillingMigrations: Migration[] = [
  {
    name: '202611220112_projection_subscription_billing',
    up: async (db) => {
      await db.schema.createTable('subscription_billing', (t) => {
        t.uuid('subscription_id').primary();
        t.date('invoiced_end').notNullable();
        t.integer('invoice_count').notNullable();
        t.uuid('last_invoice_id').notNullable();
      });
    },
  },
];
