import type { ReadAllOptions, ReadAllPage } from '../event-store';

/**
 * Live subscribers are woken together by each commit and then read the same page: one query,
 * without a type filter, serves every read of the same position and page size that is in flight
 * at once, and each subscriber keeps its own event types. Only reads in flight are shared, never
 * kept: a later read (a poll after a missed wake-up) always asks the database again.
 */
export class SharedReads {
  private readonly inFlight = new Map<string, Promise<ReadAllPage>>();

  constructor(private readonly readAll: (options: ReadAllOptions) => Promise<ReadAllPage>) {}

  read(options: ReadAllOptions): Promise<ReadAllPage> {
    const key = `${options.after ?? ''}/${options.limit ?? ''}`;
    let page = this.inFlight.get(key);
    if (!page) {
      page = this.readAll({ after: options.after, limit: options.limit });
      this.inFlight.set(key, page);
      const forget = () => this.inFlight.delete(key);
      page.then(forget, forget);
    }
    const types = options.eventTypes && new Set(options.eventTypes);
    // Paging follows the whole page (its last position and whether it was full), as a filtered read's does.
    return types ? page.then((p) => ({ ...p, events: p.events.filter((e) => types.has(e.type)) })) : page;
  }
}
