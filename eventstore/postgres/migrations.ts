import type { Migration } from '../migration';

/**
 * The PostgreSQL event store. `transaction_id` (the appending transaction's xid8) plus
 * `global_position` is the read order: readers only see transactions below the oldest one still
 * running, so a transaction that commits late can never be skipped (see postgres-event-store.ts).
 */
export const eventStoreMigrations: Migration[] = [
  {
    name: '202611220010_eventstore_events',
    up: async (db) => {
      await db.raw(`
        create table streams (
          stream_id text primary key,
          revision bigint not null
        )`);
      await db.raw(`
        create table events (
          global_position bigint generated always as identity primary key,
          transaction_id xid8 not null default pg_current_xact_id(),
          event_id uuid not null unique,
          stream_id text not null,
          stream_revision bigint not null,
          type text not null,
          data jsonb not null,
          metadata jsonb not null,
          unique (stream_id, stream_revision)
        )`);
      await db.raw('create index events_read_order on events (transaction_id, global_position)');
    },
    down: async (db) => {
      await db.raw('drop table if exists events');
      await db.raw('drop table if exists streams');
    },
  },
];
