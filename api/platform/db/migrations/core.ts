import type { Migration } from '../../../../eventstore/migration';

export const coreMigrations: Migration[] = [
  {
    name: '202611220001_core_users_sessions',
    up: async (db) => {
      await db.schema.createTable('users', (t) => {
        t.uuid('id').primary();
        t.text('username').notNullable();
        t.text('email');
        t.text('password_hash').notNullable();
        t.boolean('is_superuser').notNullable().defaultTo(false);
        t.uuid('client_id');
        t.text('language').notNullable().defaultTo('en');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.timestamp('last_login_at', { useTz: true });
      });
      await db.raw('create unique index users_username_lower on users (lower(username))');
      await db.schema.createTable('sessions', (t) => {
        t.string('sid').primary();
        t.json('sess').notNullable();
        t.timestamp('expired', { useTz: true }).notNullable().index();
      });
      await db.schema.createTable('audit_log', (t) => {
        t.bigIncrements('id');
        t.timestamp('at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.text('actor').notNullable();
        t.text('entity').notNullable();
        t.text('entity_id').notNullable();
        t.text('action').notNullable();
        t.jsonb('before');
        t.jsonb('after');
        t.index(['entity', 'entity_id']);
      });
      await db.schema.createTable('company_settings', (t) => {
        t.integer('id').primary();
        t.text('name').notNullable();
        t.text('address').notNullable();
        t.text('phone').notNullable();
        t.text('email').notNullable();
        t.text('registration_number').notNullable();
        t.text('vat_number').notNullable();
        t.text('jurisdiction').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
    },
  },
  {
    name: '202611290110_core_idempotency_keys',
    up: async (db) => {
      // api/platform/http/idempotency.ts: one row per (user, Idempotency-Key), its request's fingerprint and,
      // once it answered, the answer to replay; status null while the first request runs.
      await db.schema.createTable('idempotency_keys', (t) => {
        t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
        t.text('key').notNullable();
        t.text('fingerprint').notNullable();
        t.integer('status');
        t.text('content_type');
        t.text('body');
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('locked_until', { useTz: true }).notNullable();
        t.timestamp('expires_at', { useTz: true }).notNullable().index();
        t.primary(['user_id', 'key']);
      });
    },
  },
];
