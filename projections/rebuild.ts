import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventStore } from '../eventstore/event-store';
import { ensureCheckpoint, resetCheckpoint } from './checkpoints';
import { ProjectionEngine } from './engine';
import type { Handler } from './handler';
import { tryBatchLock } from './locks';
import type { Projection } from './projection';
import { projections as registeredProjections } from './registry';

export interface RebuildDeps {
  db: Knex;
  store: EventStore;
  logger: Logger;
  /** The engine already running in this process, if any: its runner replays the projection. */
  engine?: ProjectionEngine;
  /** Projections to look the name up in; the registry's by default. */
  projections?: Projection[];
  /** Batch size of the replaying engine when this process starts its own. */
  batchSize?: number;
}

export interface RebuildResult {
  name: string;
  /** True when the projection reached the event store's head within the time limit. */
  caughtUp: boolean;
  durationMs: number;
}

export class UnknownProjectionError extends Error {
  constructor(readonly projection: string) {
    super(`No projection is named "${projection}"`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Empties a projection's tables and resets its checkpoint in one transaction, under the same
 * batch lock the live runners take, so no runner commits a batch in between. Every runner (in this
 * or another process) then sees its checkpoint moved and replays from position 0.
 */
export const resetProjection = async (db: Knex, handler: Handler, lockTimeoutMs = 30_000): Promise<void> => {
  await ensureCheckpoint(db, handler.name, handler.kind);
  const deadline = Date.now() + lockTimeoutMs;
  for (;;) {
    const done = await db.transaction(async (trx) => {
      if (!(await tryBatchLock(trx, handler.name))) return false;
      for (const table of handler.tables) await trx(table).del();
      await resetCheckpoint(trx, handler.name);
      return true;
    });
    if (done) return;
    if (Date.now() > deadline) throw new Error(`Projection "${handler.name}" stayed locked for ${lockTimeoutMs} ms; try again`);
    await sleep(50);
  }
};

/**
 * The one rebuild path (CLI and admin operations page): reset, then replay from position 0 with the
 * live runner code until the projection reaches the head of the event store. Reactors are never
 * rebuilt: replaying them would repeat their side effects (e-mails).
 */
export const rebuildProjection = async (deps: RebuildDeps, name: string, options: { timeoutMs?: number } = {}): Promise<RebuildResult> => {
  const started = Date.now();
  const projection: Projection | undefined = (deps.projections ?? registeredProjections()).find((p) => p.name === name);
  if (!projection) throw new UnknownProjectionError(name);
  const local = deps.engine?.running ? deps.engine.handlers.find((h) => h.name === name) : undefined;
  // A process that runs no runner for it (the CLI, a web-only process) replays with its own engine.
  const engine = local ? deps.engine! : new ProjectionEngine({ db: deps.db, store: deps.store, logger: deps.logger, projections: [projection], reactors: [], batchSize: deps.batchSize });
  const handler = engine.handlers.find((h) => h.name === name)!;
  await resetProjection(deps.db, handler);
  deps.logger.info({ projection: name }, 'projection reset; replaying from position 0');
  if (local) await engine.resync(name);
  else engine.start();
  try {
    const caughtUp = await waitForOne(engine, deps.store, name, options.timeoutMs ?? 60_000);
    deps.logger.info({ projection: name, caughtUp, ms: Date.now() - started }, 'projection rebuild finished');
    return { name, caughtUp, durationMs: Date.now() - started };
  } finally {
    if (!local) await engine.stop();
  }
};

/** Waits for this projection alone to reach the head as it was when the replay began. */
const waitForOne = async (engine: ProjectionEngine, store: EventStore, name: string, timeoutMs: number): Promise<boolean> => {
  const head = await store.headPosition();
  return engine.waitFor(head, { only: [name], timeoutMs });
};
