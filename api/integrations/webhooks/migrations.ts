import type { Migration } from '../../../eventstore/migration';

/**
 * Issue 42: outgoing webhooks. `webhook_endpoints` are the receivers the superuser registered;
 * `webhook_deliveries` the outbox, one row per event and endpoint (written in the transaction of
 * what happened: a reactor's checkpoint, or a client's or subscription's own write), delivered in
 * order per document; `webhook_attempts` each try's answer, the delivery log.
 */
export const webhookMigrations: Migration[] = [
  {
    name: '202612021200_i42_webhooks',
    up: async (db) => {
      await db.schema.createTable('webhook_endpoints', (t) => {
        t.uuid('id').primary();
        t.text('url').notNullable();
        t.text('description').notNullable().defaultTo('');
        t.text('events').notNullable(); // JSON array of event types
        t.text('secret').notNullable(); // signs each delivery (HMAC-SHA256); shown once
        t.boolean('enabled').notNullable().defaultTo(true);
        t.text('disabled_reason');
        t.text('disabled_by'); // user, or failures (three days of them); null while enabled
        t.text('last_failure'); // the last failed delivery's answer, when failures disabled it
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.text('created_by').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
      });
      await db.schema.createTable('webhook_deliveries', (t) => {
        t.bigIncrements('seq'); // the order of creation: per document, delivered in this order
        t.uuid('id').notNullable().unique(); // the event id the receiver deduplicates on (one per event and endpoint)
        t.uuid('event_id').notNullable(); // the body's `id`: the same for one fact at every endpoint
        t.uuid('endpoint_id').notNullable().references('webhook_endpoints.id').onDelete('CASCADE');
        t.text('event_type').notNullable();
        t.text('event_key').notNullable(); // what happened, once: a replay of the same fact adds nothing
        t.text('document_key').notNullable(); // deliveries of one document go one after the other
        t.text('payload').notNullable();
        t.text('status').notNullable().defaultTo('pending'); // pending, delivered, failed (given up)
        t.integer('attempts').notNullable().defaultTo(0);
        t.timestamp('next_attempt_at', { useTz: true }).notNullable();
        t.timestamp('first_failed_at', { useTz: true });
        t.timestamp('leased_until', { useTz: true });
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('delivered_at', { useTz: true });
        t.unique(['endpoint_id', 'event_key']);
      });
      await db.raw(`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`);
      await db.raw(`create index webhook_deliveries_document on webhook_deliveries (endpoint_id, document_key, seq) where status = 'pending'`);
      await db.raw('create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, seq desc)');
      // The webhook reactor's own fold of each invoice (it says when an invoice became paid), as of its checkpoint.
      await db.schema.createTable('webhook_invoice_state', (t) => {
        t.uuid('invoice_id').primary();
        t.text('state').notNullable();
      });
      // Invoices whose invoice.overdue was made, per due date (a new due date can make another).
      await db.schema.createTable('webhook_overdue', (t) => {
        t.uuid('invoice_id').notNullable();
        t.date('due_date').notNullable();
        t.primary(['invoice_id', 'due_date']);
      });
      await db.schema.createTable('webhook_attempts', (t) => {
        t.bigIncrements('id');
        t.uuid('delivery_id').notNullable().references('webhook_deliveries.id').onDelete('CASCADE');
        t.timestamp('at', { useTz: true }).notNullable();
        t.integer('status_code'); // null: no answer (refused address, timeout, connection error)
        t.text('error');
        t.integer('duration_ms').notNullable();
        t.index(['delivery_id', 'id']);
      });
    },
    down: async (db) => {
      await db.schema.dropTableIfExists('webhook_attempts');
      await db.schema.dropTableIfExists('webhook_invoice_state');
      await db.schema.dropTableIfExists('webhook_overdue');
      await db.schema.dropTableIfExists('webhook_deliveries');
      await db.schema.dropTableIfExists('webhook_endpoints');
    },
  },
];
