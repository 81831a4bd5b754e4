import type { Migration } from '../../../eventstore/migration';

/** Issue 42: API tokens. Only a hash of each secret is kept; a revoked token stays, for the history that names its writes. */
export const apiTokenMigrations: Migration[] = [
  {
    name: '202612021100_i42_api_tokens',
    up: async (db) => {
      await db.schema.createTable('api_tokens', (t) => {
        t.uuid('id').primary();
        t.text('name').notNullable();
        t.text('scope').notNullable(); // read | write
        t.text('areas').notNullable(); // JSON: ["billing"], ["accounting"], ["accounting","billing"] or ["all"]
        t.text('token_hash').notNullable().unique(); // SHA-256 hex of the secret
        t.text('prefix').notNullable(); // the secret's first characters, to tell tokens apart
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.text('created_by').notNullable();
        t.timestamp('expires_at', { useTz: true });
        t.timestamp('last_used_at', { useTz: true });
        t.timestamp('revoked_at', { useTz: true });
        t.text('revoked_by');
      });
      // Two live tokens never share a name (the histories name writes by it), whatever two requests do at once.
      await db.raw('create unique index api_tokens_live_name on api_tokens (lower(name)) where revoked_at is null');
    },
    down: async (db) => {
      await db.schema.dropTableIfExists('api_tokens');
    },
  },
];
