import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import type { Knex } from 'knex';
import { createDb, openPglite } from '../api/platform/db/knex';
import { migrate } from '../api/main/migrate';

export interface TestBackend {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated database: its own in-memory PGlite, or its own schema on real PostgreSQL. */
  create: (options?: { migrate?: boolean }) => Promise<TestDb>;
}

export interface TestDb {
  db: Knex;
  /** Set on real PostgreSQL: the schema this database lives in, and a URL other processes can use. */
  schema?: string;
  databaseUrl?: string;
  destroy: () => Promise<void>;
}

/**
 * Images of a fresh in-memory database, made once per test process (migrated or not) and loaded by
 * each test database after it: starting PGlite runs initdb, about 3 s on this machine, while
 * loading an image of the same files takes under one.
 */
const images = new Map<boolean, Promise<Blob>>();
const pgliteImage = (migrated: boolean): Promise<Blob> => {
  let image = images.get(migrated);
  if (!image) {
    image = (async () => {
      const instance = await openPglite();
      const db = await createDb({ pglite: instance });
      if (migrated) await migrate(db);
      const tarball = await instance.dumpDataDir('none');
      await db.destroy();
      return tarball;
    })();
    images.set(migrated, image);
  }
  return image;
};

const pglite: TestBackend = {
  name: 'pglite',
  create: async (options = {}) => {
    const db = await createDb({ pglite: await openPglite(undefined, await pgliteImage(options.migrate !== false)) });
    return { db, destroy: () => db.destroy() };
  },
};

const postgres = (url: string): TestBackend => ({
  name: 'postgres',
  create: async (options = {}) => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const db = await createDb({ databaseUrl: url, schema, poolMax: 12 });
    if (options.migrate !== false) await migrate(db);
    return {
      db,
      schema,
      databaseUrl: url,
      destroy: async () => {
        await db.raw('drop schema if exists ?? cascade', [schema]);
        await db.destroy();
      },
    };
  },
});

/** PGlite always; real PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testBackends = (): TestBackend[] => {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pglite, postgres(url)] : [pglite];
};

/** A whole fresh database on the server of `url` (for several processes sharing one), dropped by `drop`. */
export const createScratchDatabase = async (url: string): Promise<{ url: string; drop: () => Promise<void> }> => {
  const name = `scratch_${randomBytes(5).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
};
