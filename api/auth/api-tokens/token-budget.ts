import type { Knex } from 'knex';
import { addHits } from '../../platform/rate-limit/counter';

interface Spent {
  /** The count of every process as of this process's last write. */
  known: number;
  /** Hits of this process since then. */
  pending: number;
  resetAt: Date | null;
}

/** How often a process writes its tokens' hits. */
const FLUSH_MS = 500;

/**
 * Each API token's request budget per window, counted across every process in `rate_limits` like
 * the other limits, but written twice a second per process rather than on every request: a hot
 * token would otherwise make every one of its requests queue on one row. A token may so go over its
 * budget by what the other processes let through in half a second.
 */
export class TokenBudget {
  private readonly spent = new Map<string, Spent>();
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;

  constructor(
    private readonly db: Knex,
    private readonly limit: () => number,
    private readonly windowMs: () => number,
    private readonly clock: () => Date,
  ) {}

  /** Counts a request of this token; the seconds until its window ends when it is over its budget, else null. */
  spend(tokenId: string): number | null {
    const now = this.clock();
    let s = this.spent.get(tokenId);
    if (!s || (s.resetAt && s.resetAt <= now)) {
      s = { known: 0, pending: s?.pending ?? 0, resetAt: null };
      this.spent.set(tokenId, s);
    }
    if (s.known + s.pending >= this.limit()) return Math.max(1, Math.ceil(((s.resetAt?.getTime() ?? now.getTime() + this.windowMs()) - now.getTime()) / 1000));
    s.pending++;
    this.schedule();
    return null;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, FLUSH_MS);
    this.timer.unref();
  }

  /** Writes every token's pending hits and learns the counts of all processes. */
  async flush(): Promise<void> {
    await this.flushing;
    this.flushing = (async () => {
      for (const [tokenId, s] of this.spent) {
        if (s.pending === 0) continue;
        const hits = s.pending;
        s.pending = 0;
        try {
          const state = await addHits(this.db, `api-token:${tokenId}`, hits, { windowMs: this.windowMs() }, this.clock());
          s.known = state.hits;
          s.resetAt = state.resetAt;
        } catch {
          // Counted again with the next write.
          s.pending += hits;
        }
      }
    })();
    await this.flushing;
  }
}
