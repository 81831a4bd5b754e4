import type { Migration } from '../../../eventstore/migration';

export const mailMigrations: Migration[] = [
  {
    name: '202611220005_mail_outbox',
    up: async (db) => {
      await db.schema.createTable('mail_outbox', (t) => {
        t.bigIncrements('id');
        // Idempotency key (e.g. "invoice-sent:<eventId>"): a retried enqueue never doubles a mail.
        t.text('key').notNullable().unique();
        t.text('to').notNullable();
        t.text('subject').notNullable();
        t.text('text').notNullable();
        t.text('html');
        t.jsonb('attachments').notNullable().defaultTo('[]');
        t.integer('attempts').notNullable().defaultTo(0);
        t.text('last_error');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.timestamp('sent_at', { useTz: true });
      });
      await db.raw('create index mail_outbox_pending on mail_outbox (next_attempt_at) where sent_at is null');
    },
  },
  {
    name: '202611290100_mail_attempts',
    up: async (db) => {
      await db.schema.alterTable('mail_outbox', (t) => {
        // Set by the first claim and sent on every attempt, so a mail system can drop a repeat.
        t.text('message_id');
      });
      await db.schema.createTable('mail_attempts', (t) => {
        t.bigIncrements('id');
        t.bigInteger('outbox_id').notNullable().references('id').inTable('mail_outbox').onDelete('CASCADE');
        t.integer('attempt').notNullable();
        t.text('message_id').notNullable();
        t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.timestamp('finished_at', { useTz: true });
        // 'sent' (the SMTP server accepted it), 'failed', or null: claimed, outcome never recorded.
        t.text('outcome');
        t.text('error');
        t.unique(['outbox_id', 'attempt']);
      });
    },
  },
];
