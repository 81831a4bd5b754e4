import type { Knex } from 'knex';
import type { RecordedEvent } from '../eventstore/event-store';

export interface KeyedTable<Row> {
  table: string;
  key: string;
  /** The row an event touches, or undefined when it touches none. */
  keyOf: (event: RecordedEvent) => string | undefined;
  /** Pure: the row after the event; null removes it. */
  evolve: (row: Row | null, event: RecordedEvent) => Row | null;
  toDb: (row: Row) => Record<string, unknown>;
  fromDb: (record: Record<string, unknown>) => Row;
}

/**
 * Applies a batch of events to a table of one row per key with three statements (read the rows
 * the batch touches, delete the removed ones, upsert the rest), whatever the batch size: replaying
 * or catching up on thousands of invoices stays cheap.
 */
export const applyKeyed = async <Row>(trx: Knex.Transaction, spec: KeyedTable<Row>, events: RecordedEvent[]): Promise<void> => {
  const keys = [...new Set(events.map(spec.keyOf).filter((k): k is string => k !== undefined))];
  if (keys.length === 0) return;
  const existing: Record<string, unknown>[] = await trx(spec.table).whereIn(spec.key, keys);
  const rows = new Map<string, Row | null>(existing.map((r) => [String(r[spec.key]), spec.fromDb(r)]));
  for (const event of events) {
    const key = spec.keyOf(event);
    if (key === undefined) continue;
    rows.set(key, spec.evolve(rows.get(key) ?? null, event));
  }
  const removed = [...rows].filter(([, row]) => row === null).map(([key]) => key);
  const kept = [...rows.values()].filter((row): row is Row => row !== null).map(spec.toDb);
  if (removed.length > 0) await trx(spec.table).whereIn(spec.key, removed).delete();
  if (kept.length > 0) await trx(spec.table).insert(kept).onConflict(spec.key).merge();
};
