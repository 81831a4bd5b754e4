import type { Knex } from 'knex';
import { inexactAmounts } from '../domain/shared/money';
import type { EventStore, Position, RecordedEvent } from '../eventstore/event-store';

/**
 * Events a read model or reactor could not fold, and therefore passed over: the rest of its events
 * still apply, so one bad document never stops a list or a report. Passing over an event leaves
 * the read model incomplete, so it is never silent: a row here per projection and event (its
 * position, stream, type and the error), an error in the log, and the count and rows in
 * `projections status`, GraphQL `projectionStatus` and the admin's operations page until an
 * operator resolves it (`projections repair`, which annuls an impossible document with a
 * corrective event; then the row says so).
 */

export const SKIPPED_TABLE = 'projection_skipped_events';

export interface SkippedEvent {
  name: string;
  eventId: string;
  position: Position;
  streamId: string;
  eventType: string;
  error: string;
  skippedAt: string;
  /** Set once a later event of its stream annuls it (metadata.annuls): the operator's repair. */
  resolvedBy: string | null;
}

interface SkippedRow {
  name: string;
  event_id: string;
  position: string;
  stream_id: string;
  event_type: string;
  error: string;
  skipped_at: string | Date;
  resolved_by: string | null;
}

const toSkipped = (r: SkippedRow): SkippedEvent => ({
  name: r.name,
  eventId: r.event_id,
  position: r.position,
  streamId: r.stream_id,
  eventType: r.event_type,
  error: r.error,
  skippedAt: r.skipped_at instanceof Date ? r.skipped_at.toISOString() : String(r.skipped_at),
  resolvedBy: r.resolved_by,
});

/** Why an event cannot be folded before any handler sees it: an amount no number holds exactly. */
export const unfoldableReason = (event: RecordedEvent): string | undefined => {
  const paths = inexactAmounts(event.data);
  if (paths.length === 0) return undefined;
  const values = paths.map((p) => `${p} = ${String(p.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], event.data))}`);
  return `Amounts beyond exact arithmetic: ${values.join(', ')}`;
};

/**
 * The id of the event that annuls `event`, if one of its stream's events names it in
 * `metadata.annuls` (a corrective event appended by the operator's repair).
 */
export const annulledBy = async (store: EventStore, event: Pick<RecordedEvent, 'eventId' | 'streamId'>): Promise<string | null> => {
  const stream = await store.readStream(event.streamId);
  const annulling = stream.find((e) => Array.isArray(e.metadata.annuls) && (e.metadata.annuls as unknown[]).includes(event.eventId));
  return annulling?.eventId ?? null;
};

export interface Unfoldable {
  error: string;
  resolvedBy: string | null;
}

/**
 * The events of a batch no handler may fold (see `unfoldableReason`), with whether the operator has
 * annulled them. Read before the batch's transaction opens: it may read the event store, which on
 * PGlite shares the transaction's one connection.
 */
export const screenBatch = async (store: EventStore, events: RecordedEvent[]): Promise<Map<string, Unfoldable>> => {
  const out = new Map<string, Unfoldable>();
  for (const event of events) {
    const error = unfoldableReason(event);
    if (error) out.set(event.eventId, { error, resolvedBy: await annulledBy(store, event) });
  }
  return out;
};

/** Applies a screened batch: the unfoldable events are recorded as skipped, the rest go to the handler. */
export const applyScreened = async (
  trx: Knex.Transaction,
  handler: { name: string; apply: (trx: Knex.Transaction, events: RecordedEvent[]) => Promise<void> },
  events: RecordedEvent[],
  screened: Map<string, Unfoldable>,
): Promise<void> => {
  if (screened.size === 0) return handler.apply(trx, events);
  for (const event of events) {
    const bad = screened.get(event.eventId);
    if (bad) await recordSkip(trx, handler.name, event, bad.error, bad.resolvedBy);
  }
  const rest = events.filter((e) => !screened.has(e.eventId));
  if (rest.length > 0) await handler.apply(trx, rest);
};

/** Records that `name` passed over `event`, in the transaction that moves its checkpoint past it. */
export const recordSkip = async (trx: Knex.Transaction, name: string, event: RecordedEvent, error: string, resolvedBy: string | null): Promise<void> => {
  await trx(SKIPPED_TABLE)
    .insert({
      name,
      event_id: event.eventId,
      position: event.position,
      stream_id: event.streamId,
      event_type: event.type,
      error: error.slice(0, 2000),
      resolved_by: resolvedBy,
    })
    .onConflict(['name', 'event_id'])
    .merge(['position', 'error', 'resolved_by', 'skipped_at']);
};

/** A rebuild starts the projection's list afresh: what it passes over again is recorded again. */
export const clearSkips = async (trx: Knex.Transaction, name: string): Promise<void> => {
  await trx(SKIPPED_TABLE).where({ name }).del();
};

/** The skipped events of these projections, unresolved first, then newest first; `limit` per call. */
export const readSkips = async (db: Knex, options: { names?: string[]; unresolvedOnly?: boolean; limit?: number } = {}): Promise<SkippedEvent[]> => {
  const q = db<SkippedRow>(SKIPPED_TABLE).select('*');
  if (options.names) q.whereIn('name', options.names);
  if (options.unresolvedOnly) q.whereNull('resolved_by');
  const rows = await q.orderByRaw('resolved_by is not null, skipped_at desc, name').limit(options.limit ?? 1000);
  return rows.map(toSkipped);
};

/** How many events each projection passed over, unresolved and resolved. */
export const countSkips = async (db: Knex): Promise<Map<string, { unresolved: number; resolved: number }>> => {
  const rows = (await db(SKIPPED_TABLE)
    .select('name')
    .select(db.raw('count(*) filter (where resolved_by is null) as unresolved'), db.raw('count(*) filter (where resolved_by is not null) as resolved'))
    .groupBy('name')) as { name: string; unresolved: string | number; resolved: string | number }[];
  return new Map(rows.map((r) => [r.name, { unresolved: Number(r.unresolved), resolved: Number(r.resolved) }]));
};

/** Marks every unresolved row whose event a later event of its stream annuls; returns how many. */
export const resolveAnnulled = async (db: Knex, store: EventStore): Promise<number> => {
  const open = await readSkips(db, { unresolvedOnly: true, limit: 100_000 });
  const byEvent = new Map<string, SkippedEvent[]>();
  for (const s of open) byEvent.set(s.eventId, [...(byEvent.get(s.eventId) ?? []), s]);
  let resolved = 0;
  for (const [eventId, rows] of byEvent) {
    const by = await annulledBy(store, { eventId, streamId: rows[0]!.streamId });
    if (!by) continue;
    resolved += await db(SKIPPED_TABLE).where({ event_id: eventId }).whereNull('resolved_by').update({ resolved_by: by });
  }
  return resolved;
};

/**
 * Errors that say nothing about the event: the database or its connection failed (SQLSTATE
 * classes 08 connection, 40 rollback, 53 resources, 57 operator intervention, 58 system), a
 * socket broke, the pool timed out. The runner retries those; any other error of a handler on one
 * event is the event's.
 */
export const isTransient = (err: unknown): boolean => {
  const e = err as { code?: unknown; name?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (/^(08|40|53|57|58)/.test(code) && code.length === 5) return true;
  if (['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code)) return true;
  if (e.name === 'KnexTimeoutError') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return message.includes('Connection terminated') || message.includes('connection is closed') || message.includes('Client has encountered a connection error');
};
