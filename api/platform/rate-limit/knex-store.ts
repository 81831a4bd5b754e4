import type { Knex } from 'knex';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { clearCounter, hitCounter, readCounter, undoHit } from './counter';

/**
 * express-rate-limit's counters in the `rate_limits` table, so that every web instance on one
 * database (PostgreSQL or PGlite) shares them. One instance per limiter, each with its own prefix.
 */
export class KnexRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly db: Knex,
    readonly prefix: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const state = await readCounter(this.db, this.prefix + key, this.clock());
    return state && { totalHits: state.hits, resetTime: state.resetAt };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const state = await hitCounter(this.db, this.prefix + key, { windowMs: this.windowMs }, this.clock());
    return { totalHits: state.hits, resetTime: state.resetAt };
  }

  async decrement(key: string): Promise<void> {
    await undoHit(this.db, this.prefix + key, this.clock());
  }

  async resetKey(key: string): Promise<void> {
    await clearCounter(this.db, this.prefix + key);
  }

  async resetAll(): Promise<void> {
    await this.db('rate_limits').whereLike('key', `${this.prefix.replace(/[\\%_]/g, '\\$&')}%`).del();
  }
}
