import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventStore, Position } from '../eventstore/event-store';
import { readCheckpoints, type HandlerKind } from './checkpoints';
import { assertUniqueNames, projectionHandler, reactorHandler, type Handler } from './handler';
import type { Projection, Reactor } from './projection';
import { ProgressBroadcaster, ProgressListener } from './progress';
import { HandlerRunner, type RunnerState } from './runner';
import { countSkips, readSkips, type SkippedEvent } from './skips';

export interface ProjectionStatus {
  name: string;
  kind: HandlerKind;
  /** Last processed position; undefined before the first event. */
  position?: Position;
  /** Events of its types not yet processed (counted up to `lagCap`). */
  lag: number;
  lagCapped: boolean;
  /** 'running' | 'paused' | 'failed' | 'stopped' in this process; 'remote' when another process runs it. */
  state: RunnerState | 'remote';
  eventsProcessed: number;
  updatedAt?: string;
  lastError?: string;
  errorEventId?: string;
  errorPosition?: Position;
  /** Events it passed over because it could not fold them and no operator has resolved yet: its read model is incomplete. */
  skipped: number;
  /** Skipped events an operator has since annulled (`projections repair`). */
  skippedResolved: number;
  /** The unresolved skipped events, newest first (at most SKIPPED_SHOWN). */
  skippedEvents: SkippedEvent[];
}

/** How many unresolved skipped events status lists per projection (the count says how many there are). */
export const SKIPPED_SHOWN = 20;

export interface WaitForOptions {
  timeoutMs?: number;
  /** Also wait for reactors (e-mails): off by default, a response should not wait on SMTP. */
  includeReactors?: boolean;
  /** Wait for these projections or reactors only. */
  only?: string[];
}

export interface ProjectionEngineOptions {
  db: Knex;
  store: EventStore;
  logger: Logger;
  projections: Projection[];
  reactors: Reactor[];
  batchSize?: number;
  /**
   * Progress across processes on PostgreSQL: a worker `announce`s how far its runners have got, a
   * web process `listen`s, so its requests wait for a worker's read models without polling.
   */
  crossProcess?: 'announce' | 'listen';
}

/** How often a request waiting on announcements still reads the checkpoints (a lost announcement, a failed runner). */
const CHECKPOINT_RECHECK_MS = 1000;

const LAG_CAP = 10_000;
const iso = (v: string | Date | null | undefined) => (v == null ? undefined : v instanceof Date ? v.toISOString() : String(v));

/**
 * Runs every registered projection and reactor (`start`/`stop`), and lets application services
 * wait until the read models reach a position they appended (`waitFor`), in this process or from
 * checkpoints written by a worker process.
 */
export class ProjectionEngine {
  readonly handlers: Handler[];
  private readonly runners = new Map<string, HandlerRunner>();
  private readonly progress = new EventEmitter();
  private readonly batchSize: number;
  private readonly broadcaster?: ProgressBroadcaster;
  private readonly listener?: ProgressListener;

  constructor(private readonly options: ProjectionEngineOptions) {
    this.handlers = [
      ...options.projections.map(projectionHandler),
      ...options.reactors.map(reactorHandler),
    ];
    assertUniqueNames(this.handlers);
    this.batchSize = options.batchSize ?? 500;
    this.progress.setMaxListeners(0);
    if (options.crossProcess === 'announce') this.broadcaster = new ProgressBroadcaster(options.db, options.logger);
    if (options.crossProcess === 'listen') {
      this.listener = new ProgressListener(options.db, (a, b) => options.store.comparePositions(a, b), options.logger);
      this.listener.on('progress', () => this.progress.emit('progress'));
    }
  }

  /** In a web process (crossProcess 'listen'): starts hearing the workers' progress. */
  listen(): Promise<unknown> {
    return this.listener?.start() ?? Promise.resolve();
  }

  get running(): boolean {
    return this.runners.size > 0;
  }

  start(): void {
    for (const handler of this.handlers) {
      if (!this.runners.has(handler.name)) this.startRunner(handler);
    }
  }

  /**
   * After a projection's checkpoint was moved from outside (a rebuild reset it): the local runner
   * resubscribes from the stored checkpoint, and one that had stopped on a failing event starts again.
   */
  async resync(name: string): Promise<void> {
    const runner = this.runners.get(name);
    if (!runner) return;
    if (runner.state === 'failed') this.startRunner(runner.handler);
    else await runner.resync();
  }

  private startRunner(handler: Handler): void {
    const runner: HandlerRunner = new HandlerRunner(this.options.db, this.options.store, handler, {
      batchSize: this.batchSize,
      logger: this.options.logger,
      onProgress: () => {
        this.progress.emit('progress');
        this.broadcaster?.report(handler.name, runner.scanned);
      },
    });
    this.runners.set(handler.name, runner);
    runner.start();
  }

  async stop(): Promise<void> {
    const runners = [...this.runners.values()];
    this.runners.clear();
    await Promise.all(runners.map((r) => r.stop()));
    this.broadcaster?.close();
    await this.listener?.close();
    this.progress.emit('progress');
  }

  /**
   * Bounded read-your-writes: resolves true once every projection has processed up to `position`,
   * false (and a warning in the log) on timeout or when a projection has failed. Never throws.
   */
  async waitFor(position: Position | undefined, options: WaitForOptions = {}): Promise<boolean> {
    if (position === undefined) return true;
    const names = this.handlers
      .filter((h) => (options.only ? options.only.includes(h.name) : h.kind === 'projection' || options.includeReactors))
      .map((h) => h.name);
    if (names.length === 0) return true;
    const deadline = Date.now() + (options.timeoutMs ?? 5000);
    const cmp = (a: Position | undefined) => this.options.store.comparePositions(a, position);
    const reached = (name: string) => cmp(this.runners.get(name)?.scanned) >= 0 || (this.listener !== undefined && cmp(this.listener.position(name)) >= 0);
    const heard = (name: string) => this.runners.get(name)?.state === 'running' || (this.listener?.live === true && !this.runners.has(name));
    let recheckAt = Date.now() + CHECKPOINT_RECHECK_MS;
    for (;;) {
      const behind = names.filter((n) => !reached(n));
      if (behind.length === 0) return true;
      // A runner of this process that is running reports its progress here, and so do a worker's
      // runners while their announcements are heard: only the others (run elsewhere unheard, paused
      // behind another process's lock, failed) are read from their checkpoints, and the heard ones
      // once a second in case an announcement was lost or their runner failed. Under load this
      // spares a checkpoint query per waiting request at every committed batch.
      const now = Date.now();
      if (behind.every(heard) && now < deadline && (!this.listener?.live || now < recheckAt)) {
        await this.progressOrTimeout(this.listener?.live ? Math.min(deadline, recheckAt) : deadline);
        continue;
      }
      recheckAt = now + CHECKPOINT_RECHECK_MS;
      try {
        const rows = await readCheckpoints(this.options.db, behind);
        const failed = rows.filter((r) => r.last_error && cmp(r.position ?? undefined) < 0);
        if (failed.length > 0) {
          this.options.logger.warn({ position, failed: failed.map((r) => r.name) }, 'waitFor: a projection has failed and will not reach the position');
          return false;
        }
        const lagging: string[] = [];
        for (const name of behind) {
          const checkpoint = rows.find((r) => r.name === name)?.position ?? undefined;
          if (cmp(checkpoint) >= 0) continue;
          // Runners elsewhere do not write checkpoints past events they filter out: ask the store.
          if (!this.runners.has(name) && (await this.nothingToApply(name, checkpoint, position))) continue;
          lagging.push(name);
        }
        if (lagging.length === 0) return true;
        if (Date.now() >= deadline) {
          this.options.logger.warn({ position, lagging }, 'waitFor timed out: read models are behind the appended position');
          return false;
        }
      } catch (err) {
        this.options.logger.warn({ err, position }, 'waitFor could not read projection checkpoints');
        return false;
      }
      await this.progressOrTimeout(deadline);
    }
  }

  /** Resolves at the next committed batch of any local runner, or after at most 50 ms. */
  private progressOrTimeout(deadline: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.progress.off('progress', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(1, Math.min(50, deadline - Date.now())));
      this.progress.on('progress', done);
    });
  }

  /** True when no event of the handler's types lies between its checkpoint and `position`. */
  private async nothingToApply(name: string, checkpoint: Position | undefined, position: Position): Promise<boolean> {
    const handler = this.handlers.find((h) => h.name === name)!;
    const page = await this.options.store.readAll({ after: checkpoint, eventTypes: handler.eventTypes, limit: 1 });
    const first = page.events[0];
    return first ? this.options.store.comparePositions(first.position, position) > 0 : this.options.store.comparePositions(page.lastPosition, position) >= 0;
  }

  async status(): Promise<ProjectionStatus[]> {
    const rows = await readCheckpoints(this.options.db, this.handlers.map((h) => h.name));
    const counts = await countSkips(this.options.db);
    const open = await readSkips(this.options.db, { names: [...counts.entries()].filter(([, c]) => c.unresolved > 0).map(([n]) => n), unresolvedOnly: true, limit: SKIPPED_SHOWN * counts.size });
    return Promise.all(
      this.handlers.map(async (h) => {
        const row = rows.find((r) => r.name === h.name);
        const runner = this.runners.get(h.name);
        const position = row?.position ?? undefined;
        const lag = await this.countAfter(position, h.eventTypes);
        return {
          name: h.name,
          kind: h.kind,
          position,
          lag: lag.count,
          lagCapped: lag.capped,
          state: runner?.state ?? (row?.last_error ? 'failed' : 'remote'),
          eventsProcessed: Number(row?.events_processed ?? 0),
          updatedAt: iso(row?.updated_at),
          lastError: row?.last_error ?? runner?.lastError ?? undefined,
          errorEventId: row?.error_event_id ?? undefined,
          errorPosition: row?.error_position ?? undefined,
          skipped: counts.get(h.name)?.unresolved ?? 0,
          skippedResolved: counts.get(h.name)?.resolved ?? 0,
          skippedEvents: open.filter((e) => e.name === h.name).slice(0, SKIPPED_SHOWN),
        };
      }),
    );
  }

  private async countAfter(position: Position | undefined, eventTypes: string[]): Promise<{ count: number; capped: boolean }> {
    let after = position;
    let count = 0;
    for (;;) {
      const page = await this.options.store.readAll({ after, eventTypes, limit: 1000 });
      count += page.events.length;
      if (!page.hasMore) return { count, capped: false };
      if (count >= LAG_CAP) return { count, capped: true };
      after = page.lastPosition;
    }
  }
}
