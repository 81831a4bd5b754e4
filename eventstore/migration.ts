import type { Knex } from 'knex';

/**
 * A schema migration. Every layer that owns tables exports a list of these; api/main/migrate.ts runs
 * them all. It lives in the lowest layer that owns tables, so projections/ and eventstore/ never
 * import from api/.
 */
export interface Migration {
  /** Sorts globally: `YYYYMMDDHHmm_<layer>_<what>`. Never rename one that has shipped. */
  name: string;
  up: (db: Knex) => Promise<void>;
  down?: (db: Knex) => Promise<void>;
}
