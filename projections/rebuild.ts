import type { Knex } from 'knex';
import ClientPGLite from 'knex-pglite';
import type { Logger } from 'pino';
import type { EventStore, Position, ReadAllPage, RecordedEvent } from '../eventstore/event-store';
import { advanceCheckpoint, ensureCheckpoint, resetCheckpoint } from './checkpoints';
import type { ProjectionEngine } from './engine';
import { projectionHandler, type Handler } from './handler';
import { localRebuilds, sessionLock, sessionUnlock } from './locks';
import type { Projection } from './projection';
import { annulledBy, applyScreened, clearSkips, isTransient, recordSkip, screenBatch } from './skips';

export interface RebuildDeps {
  db: Knex;
  store: EventStore;
  logger: Logger;
  /** The engine running in this process, if any: its runner resumes from the rebuilt checkpoint. */
  engine?: ProjectionEngine;
  /** Projections to look the name up in (api/main/read-models.ts in the product). */
  projections: Projection[];
  /** Events per replayed batch (one transaction each); at most 1000 are read per page. */
  batchSize?: number;
}

export interface RebuildResult {
  name: string;
  /** True when the replay reached the head of the event store within the time limit. */
  caughtUp: boolean;
  durationMs: number;
}

export class UnknownProjectionError extends Error {
  constructor(readonly projection: string) {
    super(`No projection is named "${projection}"`);
  }
}

type Run = <T>(work: (trx: Knex.Transaction) => Promise<T>) => Promise<T>;

/**
 * Holds the projection's lock for the whole replay: on PostgreSQL its session advisory lock on a
 * dedicated connection (the live runners' per-batch lock attempts fail, so they pause, in every
 * process), and in-process the rebuilding mark (PGlite has one session, where locks never block).
 * `run` executes a transaction on the lock's connection.
 */
const withRebuildLock = async <T>(db: Knex, name: string, work: (run: Run) => Promise<T>): Promise<T> => {
  const marks = localRebuilds(db);
  if (marks.has(name)) throw new Error(`Projection "${name}" is already being rebuilt`);
  marks.add(name);
  try {
    if ((db.client.config as { client?: unknown }).client === ClientPGLite) return await work((w) => db.transaction(w));
    const connection = await db.client.acquireConnection();
    const run: Run = (w) => db.transaction(w, { connection });
    try {
      await run((trx) => sessionLock(trx, name));
      try {
        return await work(run);
      } finally {
        await run((trx) => sessionUnlock(trx, name));
      }
    } finally {
      await db.client.releaseConnection(connection);
    }
  } finally {
    marks.delete(name);
  }
};

/**
 * A page whose batch failed, one event per transaction: an event the handler fails on is recorded
 * as skipped and passed over, as the live runner does, so a rebuild never stops at a bad document.
 */
const replayAlone = async (store: EventStore, handler: Handler, run: Run, events: RecordedEvent[], last: Position, logger: Logger): Promise<void> => {
  for (const event of events) {
    const screened = await screenBatch(store, [event]);
    try {
      await run(async (trx) => {
        await applyScreened(trx, handler, [event], screened);
        await advanceCheckpoint(trx, handler.name, event.position, 1 - screened.size);
      });
    } catch (err) {
      if (isTransient(err)) throw err;
      const error = err instanceof Error ? err.message : String(err);
      const resolvedBy = await annulledBy(store, event);
      await run(async (trx) => {
        await recordSkip(trx, handler.name, event, error, resolvedBy);
        await advanceCheckpoint(trx, handler.name, event.position, 0);
      });
      const where = { projection: handler.name, eventId: event.eventId, eventType: event.type, streamId: event.streamId, position: event.position };
      if (resolvedBy) logger.warn({ ...where, annulledBy: resolvedBy }, `rebuild of ${handler.name} passed over an annulled event`);
      else logger.error({ ...where, err }, `rebuild of ${handler.name} skipped an event it cannot fold; its read model is incomplete until an operator repairs it`);
    }
  }
  await run((trx) => advanceCheckpoint(trx, handler.name, last, 0));
};

/** Empties the tables, resets the checkpoint, then replays every event from position 0 in batches. */
const replay = async (store: EventStore, handler: Handler, run: Run, batchSize: number, deadline: number, logger: Logger): Promise<boolean> => {
  await run(async (trx) => {
    for (const table of handler.tables) await trx(table).del();
    await resetCheckpoint(trx, handler.name);
    await clearSkips(trx, handler.name);
  });
  const read = (after: Position | undefined) => {
    const page = store.readAll({ after, limit: batchSize, eventTypes: handler.eventTypes });
    page.catch(() => undefined);
    return page;
  };
  let after: Position | undefined;
  let next: Promise<ReadAllPage> = read(after);
  for (;;) {
    const page = await next;
    // Read the next page while this one is written.
    if (page.hasMore) next = read(page.lastPosition);
    if (page.lastPosition !== undefined && page.lastPosition !== after) {
      const last = page.lastPosition;
      const screened = await screenBatch(store, page.events);
      const unfoldable = page.events.filter((e) => screened.has(e.eventId));
      await run(async (trx) => {
        if (page.events.length > 0) await applyScreened(trx, handler, page.events, screened);
        await advanceCheckpoint(trx, handler.name, last, page.events.length - screened.size);
      })
        .then(() => {
          for (const e of unfoldable) {
            const skip = screened.get(e.eventId)!;
            const where = { projection: handler.name, eventId: e.eventId, eventType: e.type, streamId: e.streamId, position: e.position, error: skip.error };
            if (skip.resolvedBy) logger.warn({ ...where, annulledBy: skip.resolvedBy }, `rebuild of ${handler.name} passed over an annulled event`);
            else logger.error(where, `rebuild of ${handler.name} skipped an event it cannot fold; its read model is incomplete until an operator repairs it`);
          }
        })
        .catch(async (err: unknown) => {
          if (!isTransient(err) && page.events.length > 0) return replayAlone(store, handler, run, page.events, last, logger);
          await next.catch(() => undefined);
          throw err;
        })
        .catch(async (err: unknown) => {
          await next.catch(() => undefined);
          throw err;
        });
      after = last;
    }
    if (!page.hasMore) return true;
    if (Date.now() > deadline) {
      await next.catch(() => undefined);
      return false;
    }
  }
};

/**
 * The one rebuild path (CLI and admin operations page): under the projection's lock, so live
 * runners everywhere pause, empty its tables and replay from position 0 until the head; then the
 * live runners resume from there. Safe while the server runs. Reactors are never rebuilt:
 * replaying them would repeat their side effects (e-mails). On timeout the replay stops where it
 * got to, consistently, and the live runner carries on from that checkpoint.
 */
export const rebuildProjection = async (deps: RebuildDeps, name: string, options: { timeoutMs?: number } = {}): Promise<RebuildResult> => {
  const started = Date.now();
  const projection = deps.projections.find((p) => p.name === name);
  if (!projection) throw new UnknownProjectionError(name);
  const handler = projectionHandler(projection);
  await ensureCheckpoint(deps.db, handler.name, handler.kind);
  deps.logger.info({ projection: name }, 'projection rebuild: replaying from position 0');
  const deadline = started + (options.timeoutMs ?? 60_000);
  const caughtUp = await withRebuildLock(deps.db, name, (run) => replay(deps.store, handler, run, Math.min(deps.batchSize ?? 1000, 1000), deadline, deps.logger));
  await deps.engine?.resync(name);
  const durationMs = Date.now() - started;
  deps.logger.info({ projection: name, caughtUp, ms: durationMs }, 'projection rebuild finished');
  return { name, caughtUp, durationMs };
};
