import type { Migration } from '../eventstore/migration';

/** One checkpoint row per projection or reactor, updated in the same transaction as its writes. */
export const projectionMigrations: Migration[] = [
  {
    name: '202611220011_projections_checkpoints',
    up: async (db) => {
      await db.schema.createTable('projection_checkpoints', (t) => {
        t.text('name').primary();
        t.text('kind').notNullable();
        t.text('position');
        t.bigInteger('events_processed').notNullable().defaultTo(0);
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.text('last_error');
        t.text('error_event_id');
        t.text('error_position');
        t.timestamp('error_at', { useTz: true });
      });
    },
    down: async (db) => {
      await db.schema.dropTableIfExists('projection_checkpoints');
    },
  },
  {
    // Events a projection or reactor passed over because it could not fold them (projections/skips.ts).
    name: '202611290230_projections_skipped_events',
    up: async (db) => {
      await db.schema.createTable('projection_skipped_events', (t) => {
        t.text('name').notNullable();
        t.text('event_id').notNullable();
        t.text('position').notNullable();
        t.text('stream_id').notNullable();
        t.text('event_type').notNullable();
        t.text('error').notNullable();
        t.timestamp('skipped_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.text('resolved_by');
        t.primary(['name', 'event_id']);
      });
    },
    down: async (db) => {
      await db.schema.dropTableIfExists('projection_skipped_events');
    },
  },
];
