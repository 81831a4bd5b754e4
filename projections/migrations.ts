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
];
