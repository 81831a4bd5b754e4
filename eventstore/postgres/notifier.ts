import type { Knex } from 'knex';
import type { WakeChannel } from '../wake';
import { listenOn, schemaChannel, type PgListenConnection } from './listen';

const NOTIFY_INTERVAL_MS = 20;

/**
 * Cross-process wake-ups on real PostgreSQL. Appends do not NOTIFY inside their transaction (that
 * serialises every commit on PostgreSQL's notify queue lock); instead one coalesced NOTIFY follows
 * the commits, and a dedicated LISTEN connection wakes this process's subscribers.
 * The channel includes the schema, so parallel schemas (tests, benchmarks) do not wake each other.
 */
export class PgNotifier {
  private channelName?: Promise<string>;
  private sending = false;
  private pending = false;
  private listener?: Promise<PgListenConnection | undefined>;
  private listeners = 0;
  private closed = false;

  constructor(
    private readonly db: Knex,
    private readonly wake: WakeChannel,
  ) {}

  private channel(): Promise<string> {
    this.channelName ??= schemaChannel(this.db, 'eventstore');
    return this.channelName;
  }

  /** Called after each committed append: at most one NOTIFY in flight, one more if appends came meanwhile. */
  notify(): void {
    if (this.closed) return;
    if (this.sending) {
      this.pending = true;
      return;
    }
    this.sending = true;
    void (async () => {
      try {
        do {
          this.pending = false;
          await this.db.raw('select pg_notify(?, ?)', [await this.channel(), '']);
          // At most one NOTIFY per interval under load: each is a statement competing with appends.
          await new Promise((resolve) => setTimeout(resolve, NOTIFY_INTERVAL_MS));
        } while (this.pending && !this.closed);
      } catch {
        // Subscribers also poll: a lost notification only delays them.
      } finally {
        this.sending = false;
      }
    })();
  }

  /** Starts LISTEN while at least one subscriber is live. */
  async acquire(): Promise<void> {
    this.listeners += 1;
    this.listener ??= this.listen();
    await this.listener;
  }

  async release(): Promise<void> {
    this.listeners -= 1;
    if (this.listeners > 0 || !this.listener) return;
    const listener = this.listener;
    this.listener = undefined;
    const conn = await listener;
    if (conn) await this.db.client.destroyRawConnection(conn).catch(() => undefined);
  }

  private async listen(): Promise<PgListenConnection | undefined> {
    try {
      return await listenOn(
        this.db,
        await this.channel(),
        () => this.wake.wake(),
        () => {
          // Polling covers the gap; the next subscriber re-listens.
          if (this.listener) this.listener = undefined;
        },
      );
    } catch {
      return undefined;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners = 0;
    const listener = this.listener;
    this.listener = undefined;
    const conn = await listener;
    if (conn) await this.db.client.destroyRawConnection(conn).catch(() => undefined);
  }
}
