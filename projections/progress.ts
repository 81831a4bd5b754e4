import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Position } from '../eventstore/event-store';
import { listenOn, schemaChannel, type PgListenConnection } from '../eventstore/postgres/listen';

/**
 * Read-your-writes across processes on PostgreSQL. A web process (ROLE=web) appends, then waits
 * for read models that a worker process applies. Instead of each waiting request reading the
 * checkpoints table over and over, the worker announces how far each of its runners has got (the
 * position up to which every event of the runner's types is applied, filtered-out events included)
 * on a NOTIFY channel, and every web process keeps the furthest position heard per runner.
 */
const CHANNEL = 'projection_progress';

/** A NOTIFY payload: runner name → position. Under PostgreSQL's 8,000-byte limit for any set of runners here. */
type Progress = Record<string, Position>;

/**
 * The worker's side: positions reported after each batch are sent coalesced, one NOTIFY at a time
 * with every runner's latest position since the previous one, outside the batches' transactions
 * (a NOTIFY inside them would serialise their commits on PostgreSQL's notification queue lock).
 */
export class ProgressBroadcaster {
  private readonly pending = new Map<string, Position>();
  private sending = false;
  private closed = false;
  private channel?: Promise<string>;

  constructor(
    private readonly db: Knex,
    private readonly logger: Logger,
  ) {}

  report(name: string, position: Position | undefined): void {
    if (this.closed || position === undefined) return;
    this.pending.set(name, position);
    if (!this.sending) void this.send();
  }

  private async send(): Promise<void> {
    this.sending = true;
    try {
      while (this.pending.size > 0 && !this.closed) {
        const progress: Progress = Object.fromEntries(this.pending);
        this.pending.clear();
        this.channel ??= schemaChannel(this.db, CHANNEL);
        await this.db.raw('select pg_notify(?, ?)', [await this.channel, JSON.stringify(progress)]);
      }
    } catch (err) {
      // Web processes fall back to reading checkpoints: a lost announcement only slows them down.
      this.channel = undefined;
      this.logger.warn({ err }, 'could not announce projection progress');
    } finally {
      this.sending = false;
    }
  }

  close(): void {
    this.closed = true;
    this.pending.clear();
  }
}

/**
 * The web process's side: the furthest position announced per runner, and a `progress` event at
 * each announcement. `live` is false until LISTEN is in place and after its connection is lost,
 * while it listens again; waiters then read checkpoints as before. A rebuild moves a checkpoint
 * back without an announcement: until it has replayed past a position, a waiter here takes that
 * position as reached (with checkpoints it waited up to its timeout instead); read models are
 * incomplete during a rebuild either way.
 */
export class ProgressListener extends EventEmitter {
  private readonly known = new Map<string, Position>();
  private connection?: Promise<PgListenConnection | undefined>;
  private closed = false;
  live = false;

  constructor(
    private readonly db: Knex,
    private readonly compare: (a: Position | undefined, b: Position | undefined) => number,
    private readonly logger: Logger,
  ) {
    super();
    this.setMaxListeners(0);
  }

  /** The furthest position announced for the runner, if any since listening began. */
  position(name: string): Position | undefined {
    return this.known.get(name);
  }

  /** Starts listening, once; resolves when LISTEN is in place (or could not be). */
  start(): Promise<unknown> {
    this.connection ??= this.listen();
    return this.connection;
  }

  private async listen(): Promise<PgListenConnection | undefined> {
    try {
      const conn = await listenOn(this.db, await schemaChannel(this.db, CHANNEL), (payload) => this.heard(payload), () => this.lost());
      if (this.closed) {
        await this.db.client.destroyRawConnection(conn).catch(() => undefined);
        return undefined;
      }
      this.live = true;
      return conn;
    } catch (err) {
      this.logger.warn({ err }, 'could not listen for projection progress; waiting on checkpoints instead');
      this.retryLater();
      return undefined;
    }
  }

  private heard(payload: string): void {
    let progress: Progress;
    try {
      progress = JSON.parse(payload) as Progress;
    } catch {
      return;
    }
    for (const [name, position] of Object.entries(progress)) {
      if (this.compare(position, this.known.get(name)) > 0) this.known.set(name, position);
    }
    this.emit('progress');
  }

  private lost(): void {
    if (!this.live) return;
    this.live = false;
    this.logger.warn('lost the projection progress connection; listening again');
    const broken = this.connection;
    void broken?.then((conn) => conn && this.db.client.destroyRawConnection(conn)).catch(() => undefined);
    this.retryLater();
  }

  private retryLater(): void {
    if (this.closed) return;
    setTimeout(() => {
      if (this.closed) return;
      this.connection = this.listen();
    }, 1000).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    const conn = await this.connection;
    this.connection = undefined;
    if (conn) await this.db.client.destroyRawConnection(conn).catch(() => undefined);
  }
}
