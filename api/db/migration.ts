import type { Knex } from 'knex';

/** A schema migration. Every layer that owns tables exports a list of these; api/db/migrate.ts runs them all. */
export interface Migration {
  /** Sorts globally: `YYYYMMDDHHmm_<layer>_<what>`. Never rename one that has shipped. */
  name: string;
  up: (db: Knex) => Promise<void>;
  down?: (db: Knex) => Promise<void>;
}
