import { setTimeout as delay } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventStore, Position, RecordedEvent } from '../eventstore/event-store';
import { advanceCheckpoint, ensureCheckpoint, readCheckpoints } from './checkpoints';
import type { Handler } from './handler';
import { localRebuilds, tryBatchLock } from './locks';
import { annulledBy, applyScreened, isTransient, recordSkip, screenBatch, type Unfoldable } from './skips';

export type RunnerState = 'starting' | 'running' | 'paused' | 'failed' | 'stopped';

/** The checkpoint moved under us (another process, or a rebuild): resubscribe from the stored one. */
class Restart extends Error {}
/** Another runner or a rebuild holds the projection's lock. */
class Busy extends Error {}
/** The handler threw on a batch for a reason of the events' own (not a database or connection failure). */
class HandlerFailed extends Error {
  constructor(readonly event: RecordedEvent, override readonly cause: unknown) {
    super(`${event.type} at ${event.position} (${event.eventId}): ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

export interface RunnerOptions {
  batchSize: number;
  logger: Logger;
  /** Called after each committed batch. */
  onProgress: () => void;
  busyRetryMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a caught-up reactor lets events gather between batches. */
const REACTOR_PACE_MS = 100;

/**
 * Runs one projection or reactor: a catch-up-then-live subscription from its checkpoint, each
 * batch applied in one transaction that also moves the checkpoint, under the projection's lock.
 */
export class HandlerRunner {
  state: RunnerState = 'starting';
  /** Last committed position, as this runner knows it. */
  position?: Position;
  /**
   * Every event of the handler's types up to here is applied. Runs ahead of `position` across
   * pages of filtered-out events, which are not worth a write each (waitFor reads this).
   */
  scanned?: Position;
  lastError?: string;
  private stopped = false;
  private readonly stopping = new AbortController();
  private loop?: Promise<void>;
  private stopSubscription?: () => Promise<void>;

  constructor(
    private readonly db: Knex,
    private readonly store: EventStore,
    readonly handler: Handler,
    private readonly options: RunnerOptions,
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    await this.stopSubscription?.();
    await this.loop;
    if (this.state !== 'failed') this.state = 'stopped';
  }

  /**
   * Re-reads the checkpoint after someone else moved it (a rebuild's reset): without this an idle
   * live runner would notice only at its next event. Resolves once `position` is the stored one.
   */
  async resync(): Promise<void> {
    await this.stopSubscription?.();
    const [row] = await readCheckpoints(this.db, [this.handler.name]);
    this.position = row?.position ?? undefined;
    this.scanned = this.position;
  }

  private async run(): Promise<void> {
    let backoffMs = 100;
    await ensureCheckpoint(this.db, this.handler.name, this.handler.kind).catch(() => undefined);
    while (!this.stopped) {
      try {
        const [row] = await readCheckpoints(this.db, [this.handler.name]);
        if (!row) await ensureCheckpoint(this.db, this.handler.name, this.handler.kind);
        this.position = row?.position ?? undefined;
        this.scanned = this.position;
        const sub = this.store.subscribeToAll({
          after: this.position,
          eventTypes: this.handler.eventTypes,
          batchSize: this.options.batchSize,
          onEvents: (events, last) => this.commitBatch(events, last),
        });
        this.stopSubscription = sub.stop;
        if (this.stopped) await sub.stop();
        this.state = 'running';
        await sub.done;
        backoffMs = 100;
      } catch (err) {
        if (err instanceof Restart) continue;
        if (err instanceof Busy) {
          this.state = 'paused';
          await sleep(this.options.busyRetryMs ?? 250);
          continue;
        }
        // The database or event store failed, not the handler (an event the handler cannot fold is
        // passed over in commitBatch): retry with backoff.
        this.lastError = err instanceof Error ? err.message : String(err);
        this.options.logger.warn({ projection: this.handler.name, err }, 'projection runner retrying after an error');
        await sleep(backoffMs);
        backoffMs = Math.min(backoffMs * 2, 5000);
      }
    }
  }

  private async commitBatch(events: RecordedEvent[], last: Position): Promise<void> {
    if (events.length === 0) {
      // Only filtered-out events: nothing to write; the next real batch carries the checkpoint past them.
      if (this.store.comparePositions(last, this.scanned) > 0) this.scanned = last;
      this.options.onProgress();
      return;
    }
    try {
      await this.commit(events, last);
    } catch (err) {
      if (!(err instanceof HandlerFailed)) throw err;
      // Find the failing event: apply one per transaction, and pass over each that fails on its own.
      for (const event of events) await this.commitAlone(event);
      if (this.store.comparePositions(last, this.scanned) > 0) this.scanned = last;
    }
    // No response waits for a reactor: once it has caught up, it lets events gather for a moment
    // instead of paying a read and a transaction for every commit it is woken by.
    if (this.handler.kind === 'reactor' && events.length < this.options.batchSize) await this.pause(REACTOR_PACE_MS);
  }

  /** Sleeps, or less if the runner is stopped meanwhile. */
  private pause(ms: number): Promise<void> {
    return delay(ms, undefined, { signal: this.stopping.signal }).catch(() => undefined);
  }

  /**
   * One event in its own transaction. A handler that fails on it twice (the second time alone,
   * so nothing else in the batch is to blame) cannot fold it: the event is recorded as skipped and
   * the checkpoint moves past it, so every later event still applies. Loud, never silent: an
   * error in the log, and the row in status until an operator resolves it.
   */
  private async commitAlone(event: RecordedEvent): Promise<void> {
    let failure: HandlerFailed | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await this.commit([event], event.position);
        return;
      } catch (err) {
        if (!(err instanceof HandlerFailed)) throw err;
        failure = err;
      }
    }
    const cause = failure!.cause;
    const error = cause instanceof Error ? cause.message : String(cause);
    const skip: Unfoldable = { error, resolvedBy: await annulledBy(this.store, event) };
    await this.commit([event], event.position, (trx) => recordSkip(trx, this.handler.name, event, skip.error, skip.resolvedBy));
    this.reportSkipped(event, skip, cause);
  }

  private reportSkipped(event: RecordedEvent, skip: Unfoldable, cause?: unknown): void {
    const where = { projection: this.handler.name, eventId: event.eventId, eventType: event.type, streamId: event.streamId, position: event.position };
    if (skip.resolvedBy) {
      this.options.logger.warn({ ...where, annulledBy: skip.resolvedBy }, `${this.handler.name} passed over ${event.type} ${event.eventId}, annulled by ${skip.resolvedBy}`);
      return;
    }
    // Status lists it with the skipped events (not as the last error, which is the runner's own).
    const what = `${event.type} at ${event.position} (${event.eventId}, ${event.streamId}): ${skip.error}`;
    this.options.logger.error({ ...where, err: cause, error: skip.error }, `${this.handler.name} skipped an event it cannot fold; its read model is incomplete until an operator repairs it: ${what}`);
  }

  /**
   * One batch in one transaction with the checkpoint. `work` replaces the handler (recording a
   * skip); without it, events no handler may fold (amounts beyond exact arithmetic) are recorded as
   * skipped and the rest applied.
   */
  private async commit(events: RecordedEvent[], last: Position, work?: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
    if (this.stopped) throw new Restart();
    if (localRebuilds(this.db).has(this.handler.name)) throw new Busy();
    const screened = work ? new Map<string, Unfoldable>() : await screenBatch(this.store, events);
    await this.db.transaction(async (trx) => {
      // A projection's batch need not wait for its WAL flush: its rows and its checkpoint commit
      // together, so a crash can only lose whole batches, which the projection applies again from
      // the events (committed durably by their writers). Visibility is at commit as always, so
      // read-your-writes is unchanged. Reactors' work (mails claimed, documents sent) stays durable.
      const { locked, checkpoint: stored } = await tryBatchLock(trx, this.handler.name, { asyncCommit: this.handler.kind === 'projection' });
      if (!locked || localRebuilds(this.db).has(this.handler.name)) throw new Busy();
      if (this.store.comparePositions(stored, this.position) !== 0) throw new Restart();
      if (work) await work(trx);
      else {
        try {
          await applyScreened(trx, this.handler, events, screened);
        } catch (cause) {
          if (isTransient(cause)) throw cause;
          throw new HandlerFailed(events[0]!, cause);
        }
      }
      await advanceCheckpoint(trx, this.handler.name, last, work ? 0 : events.length - screened.size);
    });
    this.position = last;
    this.scanned = last;
    this.lastError = undefined;
    for (const event of events) {
      const skip = screened.get(event.eventId);
      if (skip) this.reportSkipped(event, skip);
    }
    this.options.onProgress();
  }
}
