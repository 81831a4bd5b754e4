import type { Migration } from '../../../eventstore/migration';

export const twoFactorMigrations: Migration[] = [
  {
    name: '202611270010_auth_two_factor',
    up: async (db) => {
      // Read with every session (api/auth/session.ts), so the admin gate costs no extra query.
      await db.schema.alterTable('users', (t) => {
        t.boolean('two_factor_enabled').notNullable().defaultTo(false);
      });
      await db.schema.createTable('two_factor_secrets', (t) => {
        t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
        // AES-256-GCM ciphertext (secret-box.ts), never the secret itself.
        t.text('secret_box').notNullable();
        // Null while the user has scanned the code but not yet confirmed it.
        t.timestamp('enabled_at', { useTz: true });
        // The last accepted TOTP time step: a code is never accepted twice.
        t.bigInteger('last_time_step');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
      await db.schema.createTable('two_factor_recovery_codes', (t) => {
        t.bigIncrements('id');
        t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE').index();
        t.text('code_hash').notNullable();
        t.timestamp('used_at', { useTz: true });
      });
    },
    down: async (db) => {
      await db.schema.dropTableIfExists('two_factor_recovery_codes');
      await db.schema.dropTableIfExists('two_factor_secrets');
      await db.schema.alterTable('users', (t) => t.dropColumn('two_factor_enabled'));
    },
  },
];
