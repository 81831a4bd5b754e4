import type { ReadAllOptions, ReadAllPage, SubscribeOptions, Subscription } from './event-store';
import { waitForWake, type WakeChannel } from './wake';

export interface PollingOptions {
  readAll: (options: ReadAllOptions) => Promise<ReadAllPage>;
  wake: WakeChannel;
  /** Longest sleep between reads when nothing wakes the subscriber. */
  pollMs: number;
}

/**
 * Catch-up then live over paged readAll. While catching up, the next page is read while the
 * handler works on the current one. After a wake-up that found nothing new (an append that is
 * committed but not yet visible because an older transaction is still open) it re-reads soon,
 * backing off to the poll interval.
 */
export const pollingSubscription = (store: PollingOptions, options: SubscribeOptions): Subscription => {
  const abort = new AbortController();
  const batchSize = options.batchSize ?? 500;
  const read = (after: string | undefined) => {
    const page = store.readAll({ after, limit: batchSize, eventTypes: options.eventTypes });
    page.catch(() => undefined);
    return page;
  };
  let next: Promise<ReadAllPage> | undefined;
  const follow = async () => {
    let after = options.after;
    let sleepMs = store.pollMs;
    let seq = store.wake.seq;
    next = read(after);
    while (!abort.signal.aborted) {
      const page = await next;
      if (abort.signal.aborted) return;
      const advanced = page.lastPosition !== undefined && page.lastPosition !== after;
      if (advanced) {
        if (page.hasMore) next = read(page.lastPosition);
        await options.onEvents(page.events, page.lastPosition!);
        after = page.lastPosition;
        sleepMs = store.pollMs;
        if (page.hasMore) continue;
      }
      const woken = await waitForWake(store.wake, seq, sleepMs, abort.signal);
      sleepMs = woken ? 5 : Math.min(sleepMs * 2, store.pollMs);
      seq = store.wake.seq;
      next = read(after);
    }
  };
  const run = async () => {
    try {
      await follow();
    } finally {
      // Never leave a read in flight behind a stopped subscription: its pool may be closed next.
      await next?.catch(() => undefined);
    }
  };
  const done = run();
  done.catch(() => undefined);
  return {
    stop: async () => {
      abort.abort();
      await done.catch(() => undefined);
    },
    done,
  };
};
