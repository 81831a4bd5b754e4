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
  {
    // The confirmation says whether the invoice is settled or what is still open: the reactor now
    // keeps each invoice's whole state. Its old rows know only number and client, so it folds the
    // invoice events again from the start; the mails it queued keep their keys in the outbox, so
    // the replay sends none of them twice.
    name: '202611280300_i23_payment_confirmation_state',
    up: async (db) => {
      await db.schema.alterTable('payment_confirmation_invoices', (t) => {
        t.jsonb('state');
        t.dropColumn('invoice_number');
        t.dropColumn('client_id');
      });
      await db('payment_confirmation_invoices').del();
      if (await db.schema.hasTable('projection_checkpoints')) {
        await db('projection_checkpoints').where({ name: 'payment_confirmation_mail' }).update({ position: null, events_processed: 0, last_error: null, error_event_id: null, error_position: null, error_at: null });
      }
    },
  },
];
