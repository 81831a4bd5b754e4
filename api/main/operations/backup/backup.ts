import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Knex } from 'knex';
import type { EventStore, NewEvent, RecordedEvent } from '../../../../eventstore/event-store';
import { projections as registeredProjections, reactorNames } from '../../read-models';

/**
 * Tables that are not data: migrations bookkeeping, sessions, idempotency keys, the event store
 * itself, checkpoints and skipped events (found again by the rebuild).
 */
const SYSTEM_TABLES = new Set(['knex_migrations', 'knex_migrations_lock', 'sessions', 'idempotency_keys', 'events', 'streams', 'projection_checkpoints', 'projection_skipped_events', 'table_versions']);

/** Read models are rebuilt from events on import, so they are not exported. */
const readModelTables = (): Set<string> => new Set(registeredProjections().flatMap((p) => p.tables));

interface ColumnInfo {
  table_name: string;
  column_name: string;
  data_type: string;
  column_default: string | null;
}

const columnsOf = async (db: Knex): Promise<ColumnInfo[]> =>
  (
    await db.raw(
      `select table_name, column_name, data_type, column_default from information_schema.columns
       where table_schema = current_schema() order by table_name, ordinal_position`,
    )
  ).rows;

/** Tables in an order where every table comes after the tables its foreign keys point to. */
const dataTablesInDependencyOrder = async (db: Knex): Promise<string[]> => {
  const skip = readModelTables();
  const tables: string[] = (
    await db.raw(`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`)
  ).rows
    .map((r: { table_name: string }) => r.table_name)
    .filter((t: string) => !SYSTEM_TABLES.has(t) && !skip.has(t))
    .sort();
  const edges: { child: string; parent: string }[] = (
    await db.raw(
      `select tc.table_name as child, ccu.table_name as parent
       from information_schema.table_constraints tc
       join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
       where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`,
    )
  ).rows;
  const ordered: string[] = [];
  const visit = (t: string, seen: Set<string>) => {
    if (ordered.includes(t) || seen.has(t)) return;
    seen.add(t);
    for (const e of edges) if (e.child === t && e.parent !== t && tables.includes(e.parent)) visit(e.parent, seen);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
};

const writeLines = async (file: string, rows: AsyncIterable<unknown> | Iterable<unknown>): Promise<number> => {
  const out = fs.createWriteStream(file);
  let n = 0;
  for await (const row of rows) {
    if (!out.write(`${JSON.stringify(row)}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
    n++;
  }
  await new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.end(() => resolve());
  });
  return n;
};

async function* readLines<T>(file: string): AsyncIterable<T> {
  if (!fs.existsSync(file)) return;
  for await (const line of readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity })) {
    if (line.trim()) yield JSON.parse(line) as T;
  }
}

async function* allEvents(store: EventStore): AsyncIterable<RecordedEvent> {
  let after: string | undefined;
  for (;;) {
    const page = await store.readAll({ after, limit: 1000 });
    yield* page.events;
    if (!page.hasMore || !page.lastPosition) return;
    after = page.lastPosition;
  }
}

export interface BackupSummary {
  events: number;
  tables: Record<string, number>;
}

/** Writes every event (events.jsonl, global order) and every data table (tables/<name>.jsonl). */
export const exportAll = async (db: Knex, store: EventStore, dir: string): Promise<BackupSummary> => {
  fs.mkdirSync(path.join(dir, 'tables'), { recursive: true });
  const events = await writeLines(
    path.join(dir, 'events.jsonl'),
    (async function* () {
      for await (const e of allEvents(store)) {
        yield { eventId: e.eventId, streamId: e.streamId, streamRevision: e.streamRevision, type: e.type, data: e.data, metadata: e.metadata };
      }
    })(),
  );
  const tables: Record<string, number> = {};
  const order = await dataTablesInDependencyOrder(db);
  for (const table of order) {
    tables[table] = await writeLines(path.join(dir, 'tables', `${table}.jsonl`), await db(table).select('*'));
  }
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ version: 1, createdAt: new Date().toISOString(), order, events, tables }, null, 2));
  return { events, tables };
};

/**
 * Restores an export into an empty, migrated database: tables first (foreign-key order), then the
 * events in their global order. Read models rebuild from the events; reactors are set past them so
 * no e-mail of the past is sent again.
 */
export const importAll = async (db: Knex, store: EventStore, dir: string): Promise<BackupSummary> => {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { order: string[] };
  if (await store.headPosition()) throw new Error('The target event store is not empty; import needs an empty database.');
  const columns = await columnsOf(db);
  const tables: Record<string, number> = {};
  await db.transaction(async (trx) => {
    for (const table of manifest.order) if (!columns.some((c) => c.table_name === table)) throw new Error(`Table ${table} of the export does not exist in this database.`);
    // What the migrations seeded goes first, children before parents (money accounts before their ledger accounts).
    for (const table of [...manifest.order].reverse()) await trx(table).del();
    for (const table of manifest.order) {
      const cols = columns.filter((c) => c.table_name === table);
      const json = new Set(cols.filter((c) => c.data_type === 'json' || c.data_type === 'jsonb').map((c) => c.column_name));
      let batch: Record<string, unknown>[] = [];
      let n = 0;
      const flush = async () => {
        if (batch.length) await trx(table).insert(batch);
        n += batch.length;
        batch = [];
      };
      for await (const row of readLines<Record<string, unknown>>(path.join(dir, 'tables', `${table}.jsonl`))) {
        for (const c of json) if (row[c] !== null && row[c] !== undefined) row[c] = JSON.stringify(row[c]);
        batch.push(row);
        if (batch.length >= 500) await flush();
      }
      await flush();
      tables[table] = n;
      for (const c of cols.filter((c) => c.column_default?.startsWith('nextval('))) {
        await trx.raw(`select setval(pg_get_serial_sequence(?, ?), coalesce((select max(??) from ??), 0) + 1, false)`, [table, c.column_name, c.column_name, table]);
      }
    }
  });

  let events = 0;
  let pending: { streamId: string; first: number; events: NewEvent[] } | undefined;
  const flush = async () => {
    if (!pending) return;
    await store.append(pending.streamId, pending.events, { expectedRevision: pending.first === 0 ? 'no_stream' : pending.first - 1 });
    events += pending.events.length;
    pending = undefined;
  };
  for await (const e of readLines<RecordedEvent>(path.join(dir, 'events.jsonl'))) {
    if (!pending || pending.streamId !== e.streamId || pending.events.length >= 500) {
      await flush();
      pending = { streamId: e.streamId, first: e.streamRevision, events: [] };
    }
    pending.events.push({ eventId: e.eventId, type: e.type, data: e.data, metadata: e.metadata });
  }
  await flush();

  const head = await store.headPosition();
  if (head) {
    for (const name of reactorNames()) {
      await db('projection_checkpoints')
        .insert({ name, kind: 'reactor', position: head })
        .onConflict('name')
        .merge({ position: head });
    }
  }
  return { events, tables };
};
