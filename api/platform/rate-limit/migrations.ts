import type { Migration } from '../../../eventstore/migration';

export const rateLimitMigrations: Migration[] = [
  {
    // One row per counted key (a limiter's prefix plus an address, a username, an e-mail address).
    name: '202611270000_sec_rate_limits',
    up: async (db) => {
      await db.schema.createTable('rate_limits', (t) => {
        t.text('key').primary();
        t.integer('hits').notNullable();
        t.timestamp('reset_at', { useTz: true }).notNullable();
        t.timestamp('last_hit_at', { useTz: true }).notNullable();
        t.index(['reset_at']);
      });
    },
    down: async (db) => {
      await db.schema.dropTableIfExists('rate_limits');
    },
  },
];
