import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import ClientPGLite from 'knex-pglite';
import pg from 'pg';

const INT8 = 20;
const DATE = 1082;

// Both back ends answer int8 as a JS number (positions, cents and counts stay far below 2^53)
// and dates as 'YYYY-MM-DD' strings, so no caller ever sees a timezone-shifted Date for a day.
pg.types.setTypeParser(INT8, (v: string) => Number(v));
pg.types.setTypeParser(DATE, (v: string) => v);
const pgliteParsers = { [INT8]: (v: string) => Number(v), [DATE]: (v: string) => v };

export type Db = Knex;

export interface DbOptions {
  /** Real PostgreSQL when set; otherwise embedded PGlite. */
  databaseUrl?: string;
  /** Directory of the embedded database; in-memory when undefined. */
  pgliteDir?: string;
  /** An already open PGlite instance to wrap (tests share one per file). */
  pglite?: PGlite;
  /** PostgreSQL schema to work in (tests use one per run). */
  schema?: string;
  poolMax?: number;
}

export const isPglite = (db: Knex): boolean => (db.client.config as { client?: unknown }).client === ClientPGLite;

/** An embedded database in `dir` (in memory without), started from `image` (a `dumpDataDir` tarball) when given. */
export const openPglite = async (dir?: string, image?: Blob): Promise<PGlite> => {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const instance = new PGlite({ dataDir: dir, parsers: pgliteParsers, loadDataDir: image });
  await instance.waitReady;
  return instance;
};

export const createDb = async (options: DbOptions): Promise<Knex> => {
  const searchPath = options.schema ? [options.schema, 'public'] : undefined;
  if (options.databaseUrl) {
    const db = knexFactory({
      client: 'pg',
      connection: options.databaseUrl,
      searchPath,
      pool: { min: 0, max: options.poolMax ?? 10 },
    });
    if (options.schema) await db.raw('create schema if not exists ??', [options.schema]);
    return db;
  }
  const pglite = options.pglite ?? (await openPglite(options.pgliteDir ? path.resolve(options.pgliteDir) : undefined));
  if (options.schema) await pglite.exec(`create schema if not exists "${options.schema.replace(/"/g, '')}"`);
  return knexFactory({ client: ClientPGLite, connection: () => ({ pglite }) as never, searchPath });
};
