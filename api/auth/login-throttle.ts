import { MemoryStore, type Options } from 'express-rate-limit';
import { RateLimitedError } from '../../domain/shared/errors';
import type { RateLimits } from '../deps';

const MESSAGE = 'Too many failed login attempts. Please try again later.';

/**
 * Counts failed logins per IP and per username (express-rate-limit's store), for the REST and
 * GraphQL logins alike. A success clears the username's count.
 */
export class LoginThrottle {
  private readonly byIp = new MemoryStore();
  private readonly byUser = new MemoryStore();

  constructor(private readonly limits: RateLimits) {
    const options = { windowMs: limits.windowMs } as Options;
    this.byIp.init(options);
    this.byUser.init(options);
  }

  async assertAllowed(ip: string, username: string): Promise<void> {
    const [ipInfo, userInfo] = await Promise.all([this.byIp.get(ip), this.byUser.get(username.toLowerCase())]);
    if ((ipInfo?.totalHits ?? 0) >= this.limits.loginPerIp || (userInfo?.totalHits ?? 0) >= this.limits.loginPerUsername) {
      throw new RateLimitedError(MESSAGE);
    }
  }

  async recordFailure(ip: string, username: string): Promise<void> {
    await Promise.all([this.byIp.increment(ip), this.byUser.increment(username.toLowerCase())]);
  }

  async recordSuccess(username: string): Promise<void> {
    await this.byUser.resetKey(username.toLowerCase());
  }

  shutdown(): void {
    this.byIp.shutdown();
    this.byUser.shutdown();
  }
}
