import type { Knex } from 'knex';
import type { Migration } from '../../eventstore/migration';
import { mailMigrations } from '../platform/mail/migrations';
import { coreMigrations } from '../platform/db/migrations/core';
import { tableVersionMigrations } from '../platform/db/table-versions';
import { eventStoreMigrations } from '../../eventstore/postgres/migrations';
import { projectionMigrations } from '../../projections/migrations';
import { siteMigrations } from '../public/migrations';
import { billingAllMigrations } from './billing-all-migrations';
import { paymentsAllMigrations } from '../payments/all-migrations';
import { accountingMigrations } from '../accounting/migrations';
import { ledgerMigrations } from '../../projections/ledger/migrations';
import { numberingMigrations } from '../write/numbering/migrations';
import { twoFactorMigrations } from '../auth/two-factor/migrations';
import { authMigrations } from '../auth/migrations';
import { apiTokenMigrations } from '../auth/api-tokens/migrations';
import { webhookMigrations } from '../integrations';
import { rateLimitMigrations } from '../platform/rate-limit/migrations';
import { bankMigrations } from '../bank/migrations';
import { purchasesMigrations } from '../purchases';
import { billMigrations } from '../../projections/bills/migrations';
import { bankLineMigrations } from '../../projections/bank-lines/migrations';
import { currencyMigrations } from '../currencies';

/**
 * Every layer's migrations, in one ordered set that runs on PostgreSQL and PGlite alike.
 * Add a layer's list here when it gains tables.
 */
export const allMigrations = (): Migration[] =>
  [...coreMigrations, ...tableVersionMigrations, ...mailMigrations, ...siteMigrations, ...eventStoreMigrations, ...projectionMigrations, ...billingAllMigrations, ...paymentsAllMigrations, ...accountingMigrations, ...ledgerMigrations, ...numberingMigrations, ...twoFactorMigrations, ...authMigrations, ...apiTokenMigrations, ...webhookMigrations, ...rateLimitMigrations, ...bankMigrations, ...bankLineMigrations, ...purchasesMigrations, ...billMigrations, ...currencyMigrations].sort((a, b) => a.name.localeCompare(b.name));

export const migrate = async (db: Knex, migrations: Migration[] = allMigrations()): Promise<void> => {
  const byName = new Map(migrations.map((m) => [m.name, m]));
  await db.migrate.latest({
    migrationSource: {
      getMigrations: async () => migrations.map((m) => m.name),
      getMigrationName: (name: string) => name,
      getMigration: async (name: string) => {
        const m = byName.get(name)!;
        return { up: m.up, down: m.down ?? (async () => undefined) };
      },
    },
  });
};
