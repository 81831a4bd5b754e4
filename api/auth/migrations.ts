import type { Migration } from '../../eventstore/migration';

export const authMigrations: Migration[] = [
  {
    name: '202611290100_auth_password_change_required',
    up: async (db) => {
      // Read with every session (api/auth/session.ts), like two_factor_enabled: the guard costs no
      // extra query. Set for a password the product generated (the first superuser's printed one, a
      // client login's), cleared once the user chooses one. Existing users keep theirs.
      await db.schema.alterTable('users', (t) => {
        t.boolean('password_change_required').notNullable().defaultTo(false);
      });
    },
    down: async (db) => {
      await db.schema.alterTable('users', (t) => t.dropColumn('password_change_required'));
    },
  },
];
