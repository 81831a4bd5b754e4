import type { Knex } from 'knex';
import type { Migration } from '../../eventstore/migration';

// Both inboxes are worked by hand in the back office: a handled flag plus timestamps.
const inboxColumns = (db: Knex, t: Knex.CreateTableBuilder): void => {
  t.boolean('handled').notNullable().defaultTo(false);
  t.timestamp('handled_at', { useTz: true });
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  t.index(['handled', 'created_at']);
};

export const siteMigrations: Migration[] = [
  {
    name: '202611220100_site_contact_demo',
    up: async (db) => {
      await db.schema.createTable('contact_messages', (t) => {
        t.uuid('id').primary();
        t.text('name').notNullable();
        t.text('email').notNullable();
        t.text('subject').notNullable();
        t.text('message').notNullable();
        t.text('language');
        inboxColumns(db, t);
      });
      await db.schema.createTable('demo_requests', (t) => {
        t.uuid('id').primary();
        t.text('name').notNullable();
        t.text('email').notNullable();
        t.text('company').notNullable();
        t.date('date').notNullable();
        t.text('time').notNullable();
        t.text('message');
        t.text('language');
        inboxColumns(db, t);
      });
    },
    down: async (db) => {
      await db.schema.dropTableIfExists('demo_requests');
      await db.schema.dropTableIfExists('contact_messages');
    },
  },
];
