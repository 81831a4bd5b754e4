import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { requestTableVersions } from '../http/request-context';
import type { Migration } from '../../../eventstore/migration';
import type { TableVersions } from './table-version-map';

/**
 * Table versions: a statement-level trigger bumps `table_versions.version` of a table in the same
 * transaction as any write to it (insert, update, delete, truncate), whoever writes: a service, a
 * projection batch, a rebuild, an import or a hand-written SQL statement. A reader that sees the
 * same versions as when it cached a result knows the result is still what the tables hold.
 */
export const TABLE_VERSIONS = 'table_versions';

export const tableVersionMigrations: Migration[] = [
  {
    name: '202611221000_core_table_versions',
    up: async (db) => {
      await db.schema.createTable(TABLE_VERSIONS, (t) => {
        t.text('name').primary();
        t.bigInteger('version').notNullable();
      });
      // Schema-qualified from the trigger's own table, so each schema (tests use one per run) counts its own.
      await db.raw(`
        create function bump_table_version() returns trigger language plpgsql as $$
        begin
          execute format(
            'insert into %I.${TABLE_VERSIONS} as v (name, version) values ($1, 1)
               on conflict (name) do update set version = v.version + 1',
            tg_table_schema) using tg_table_name;
          return null;
        end $$`);
    },
  },
];

/** Every table's version as one JSON value `{ name: version }`: a sub-select to put in a query. */
export const ALL_TABLE_VERSIONS_SQL = `(select coalesce(json_object_agg(name, version), '{}') from ${TABLE_VERSIONS})`;

/** The value of ALL_TABLE_VERSIONS_SQL as a driver returns it (PGlite may leave JSON as text). */
export const tableVersionsOf = (value: TableVersions | string): TableVersions =>
  typeof value === 'string' ? (JSON.parse(value) as TableVersions) : value;

const readTableVersions = async (db: Knex): Promise<TableVersions> => {
  const { rows } = (await db.raw(`select ${ALL_TABLE_VERSIONS_SQL} as versions`).options({ name: 'all_table_versions' })) as {
    rows: { versions: TableVersions | string }[];
  };
  return tableVersionsOf(rows[0]!.versions);
};

/** Puts a table under version tracking (use in the migration of the table's owner). */
export const trackTableVersion = (db: Knex, table: string): Knex.Raw =>
  db.raw(`create trigger ?? after insert or update or delete or truncate on ?? for each statement execute function bump_table_version()`, [
    `${table}_version`,
    table,
  ]);

/**
 * Results computed from some tables, kept in memory while none of those tables changed. Each use
 * costs one primary-key read of their versions; a change anywhere, by any process, is seen by
 * the next read. Concurrent misses for one key share one computation.
 *
 * Why it is safe: the versions are read before the data. A result stored under versions V
 * holds at least everything committed at V, and any later commit changes the versions.
 */
export class TableVersionedCache<T extends object> {
  private readonly entries: LRUCache<string, { versions: string; value: Promise<T> }>;

  constructor(
    private readonly db: Knex,
    private readonly tables: readonly string[],
    max = 200,
  ) {
    this.entries = new LRUCache({ max });
  }

  /** The tables' current versions as one comparable token (the request's snapshot when it has one). */
  async versions(): Promise<string> {
    const all = requestTableVersions() ?? (await readTableVersions(this.db));
    return this.tables.map((t) => all[t] ?? 0).join(':');
  }

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const versions = await this.versions();
    const hit = this.entries.get(key);
    if (hit && hit.versions === versions) return hit.value;
    const value = compute().then(deepFreeze);
    this.entries.set(key, { versions, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}

/** Cached results are shared between requests: no caller may change one. */
const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
};
