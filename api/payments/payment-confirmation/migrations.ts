import type { Migration } from '../../../eventstore/migration';

export const paymentConfirmationMigrations: Migration[] = [
  {
    // The reactor's own memory of invoice numbers and clients, advanced with its checkpoint, so a
    // confirmation never depends on another read model having caught up.
    name: '202611220511_reactor_payment_confirmation',
    up: async (db) => {
      await db.schema.createTable('payment_confirmation_invoices', (t) => {
        t.uuid('invoice_id').primary();
        t.text('invoice_number').notNullable();
        t.uuid('client_id').notNullable();
      });
    },
  },
];
