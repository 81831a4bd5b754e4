import path from 'node:path';
import type { Knex } from 'knex';
import type { Config } from '../config';
import { createDb } from './knex';

/** The database of a running server: real PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export const openDatabase = (config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Knex> =>
  config.databaseUrl
    ? createDb({ databaseUrl: config.databaseUrl })
    : createDb({ pgliteDir: path.join(config.dataDir, 'pglite') });
