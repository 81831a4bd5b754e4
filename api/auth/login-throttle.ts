import type { Request } from 'express';
import type { Knex } from 'knex';
import { ipKeyGenerator } from 'express-rate-limit';
import { loginWaitMs } from '../../domain/security/login-delay';
import { RateLimitedError } from '../../domain/shared/errors';
import type { RateLimits } from '../platform/deps';
import { clearCounter, hitCounter, readCounter, undoHit } from '../platform/rate-limit/counter';

/** The client address a throttle counts under: express's, so X-Forwarded-For only from a trusted proxy. */
export const clientAddress = (req: Request): string => req.ip ?? 'unknown';

/** What a throttle counts: its counters' key prefix and the answer past its limits. */
export interface ThrottledCheck {
  prefix: string;
  message: string;
}

/** Logins, per (username, client address). */
export const LOGIN_TRIES: ThrottledCheck = { prefix: 'login', message: 'Too many failed login attempts. Please try again later.' };

/**
 * A signed-in user proving it again, per (user id, client address): the old password at a
 * password change, the password or a code to set up, turn off or renew two-factor sign-in.
 * Whoever holds a session must not guess the password or codes faster than a login could.
 */
export const REAUTH_TRIES: ThrottledCheck = { prefix: 'reauth', message: 'Too many wrong passwords or codes. Please try again later.' };

/**
 * Failed logins (and re-checks, REAUTH_TRIES), counted in the database (shared by every web
 * instance) for REST and GraphQL alike. Per (username, client address): a few free failures, then
 * each try must wait a doubling delay after the last failure; never a lock that others can
 * trigger, so failures from one address never refuse the right password from another. Per
 * address: a ceiling across usernames. The username is not looked up: a known and an unknown one
 * are throttled alike.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Knex,
    private readonly limits: RateLimits,
    private readonly clock: () => Date,
    private readonly tries: ThrottledCheck = LOGIN_TRIES,
  ) {}

  private keys(ip: string, username: string) {
    const address = ipKeyGenerator(ip);
    return { pair: `${this.tries.prefix}-pair:${username.toLowerCase()}|${address}`, address: `${this.tries.prefix}-ip:${address}` };
  }

  private policy() {
    return { freeFailures: this.limits.loginPerUsername, baseDelayMs: this.limits.loginDelayMs, maxDelayMs: this.limits.loginMaxDelayMs };
  }

  /**
   * Refuses a throttled try; otherwise counts it as a failure until `succeeded` says otherwise, so
   * that tries sent in parallel cannot all pass the check before any failure is counted.
   */
  async begin(ip: string, username: string): Promise<void> {
    const keys = this.keys(ip, username);
    const now = this.clock();
    const [pair, address] = await Promise.all([readCounter(this.db, keys.pair, now), readCounter(this.db, keys.address, now)]);
    if (address && address.hits >= this.limits.loginPerIp) {
      throw new RateLimitedError(this.tries.message, Math.ceil((address.resetAt.getTime() - now.getTime()) / 1000));
    }
    const wait = pair ? loginWaitMs(pair.hits, pair.lastHitAt, now, this.policy()) : 0;
    if (wait > 0) throw new RateLimitedError(this.tries.message, Math.ceil(wait / 1000));
    // The pair is remembered until it has been quiet for a whole window; the address budget is per window.
    const pairWindow = Math.max(this.limits.windowMs, this.limits.loginMaxDelayMs);
    const [counted] = await Promise.all([
      hitCounter(this.db, keys.pair, { windowMs: pairWindow, sliding: true }, now),
      hitCounter(this.db, keys.address, { windowMs: this.limits.windowMs }, now),
    ]);
    // Another try of the same pair was counted since the check: past the free tries, only one goes on.
    if (counted.hits > this.limits.loginPerUsername && counted.hits !== (pair?.hits ?? 0) + 1) {
      throw new RateLimitedError(this.tries.message, Math.ceil(loginWaitMs(counted.hits, now, now, this.policy()) / 1000));
    }
  }

  /**
   * The password was right and a second factor is still to come: the try is not a failure, but
   * nothing is forgiven either (a wrong code after it still counts), so a known password cannot
   * buy unlimited code guesses.
   */
  async passwordAccepted(ip: string, username: string): Promise<void> {
    const keys = this.keys(ip, username);
    const now = this.clock();
    await Promise.all([undoHit(this.db, keys.pair, now), undoHit(this.db, keys.address, now)]);
  }

  /**
   * Runs `verify` (a password or code check) as one try: refused while throttled, counted as a
   * failure when it answers false, and the pair starts afresh when it answers true.
   */
  async attempt(ip: string, subject: string, verify: () => Promise<boolean>): Promise<boolean> {
    await this.begin(ip, subject);
    const right = await verify();
    if (right) await this.succeeded(ip, subject);
    return right;
  }

  /** The try was right: the pair starts afresh and the address gets its try back. */
  async succeeded(ip: string, username: string): Promise<void> {
    const keys = this.keys(ip, username);
    await Promise.all([clearCounter(this.db, keys.pair), undoHit(this.db, keys.address, this.clock())]);
  }
}
