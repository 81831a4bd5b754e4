/**
 * Group commit for appends made outside a caller's transaction. Each such append would otherwise
 * pay one round trip and one commit (a WAL flush) for itself; while a group is being committed,
 * the appends that arrive meanwhile queue and then go together in the next statement.
 *
 * A group holds at most one append per stream, and no stream that another append is still writing,
 * so its per-stream revision checks never wait on another writer and two groups can never deadlock
 * on stream rows. An append to such a busy stream goes alone at once instead: it would queue on the
 * stream's row lock anyway, and holding only that lock it cannot deadlock with a group either.
 * So does a large append, whose commit is already shared by its many rows.
 */

export interface Queued {
  streamId: string;
  eventCount: number;
  /** Fails the append (a no-op once it has settled). */
  reject: (err: unknown) => void;
}

export interface GroupLimits {
  /** Most appends in one group. */
  maxAppends: number;
  /** Most events in one group. */
  maxEvents: number;
  /** Appends of more events go alone: their commit is already shared by many rows. */
  maxGroupedAppend: number;
}

/**
 * Splits the queue, in arrival order, into the next group, the appends to send alone now (large
 * ones, and those whose stream is busy or already in this group) and the rest (left for a later
 * group by the limits).
 */
export const takeGroup = <T extends Queued>(
  queue: readonly T[],
  busy: ReadonlySet<string>,
  limits: GroupLimits,
): { group: T[]; alone: T[]; rest: T[] } => {
  const group: T[] = [];
  const alone: T[] = [];
  const rest: T[] = [];
  const taken = new Set<string>();
  const waiting = new Set<string>();
  let events = 0;
  for (const item of queue) {
    if (item.eventCount > limits.maxGroupedAppend || busy.has(item.streamId) || taken.has(item.streamId)) alone.push(item);
    else if (
      waiting.has(item.streamId) ||
      group.length >= limits.maxAppends ||
      (group.length > 0 && events + item.eventCount > limits.maxEvents)
    ) {
      // A stream's later appends stay behind the one left waiting.
      rest.push(item);
      waiting.add(item.streamId);
    } else {
      group.push(item);
      taken.add(item.streamId);
      events += item.eventCount;
    }
  }
  return { group, alone, rest };
};

export interface GroupCommitOptions extends GroupLimits {
  /** Groups committing at once (each on its own connection). */
  maxInFlight: number;
}

/**
 * Queues appends and hands them to `commit` in groups (a lone append is a group of one). `commit`
 * settles every append it is given; should it throw instead, the unsettled ones fail with its
 * error. A group starts once the current turn of the event loop has run, so appends made together,
 * and callers woken by the previous group's commit, join one group.
 */
export class GroupCommitter<T extends Queued> {
  private queue: T[] = [];
  /** Appends being written, per stream. */
  private readonly writing = new Map<string, number>();
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly commit: (group: T[]) => Promise<void>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(item: T): void {
    if (item.eventCount > this.options.maxGroupedAppend || this.writing.has(item.streamId)) void this.start([item]);
    else {
      this.queue.push(item);
      this.schedule();
    }
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0 || this.inFlight >= this.options.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const { group, alone, rest } = takeGroup(this.queue, new Set(this.writing.keys()), this.options);
      this.queue = rest;
      for (const item of alone) void this.start([item]);
      if (group.length === 0) return;
      this.inFlight += 1;
      void this.start(group).finally(() => {
        this.inFlight -= 1;
        this.schedule();
      });
    }
  }

  private start(group: T[]): Promise<void> {
    for (const { streamId } of group) this.writing.set(streamId, (this.writing.get(streamId) ?? 0) + 1);
    return this.commit(group)
      .catch((err: unknown) => group.forEach((item) => item.reject(err)))
      .finally(() => {
        for (const { streamId } of group) {
          const left = this.writing.get(streamId)! - 1;
          if (left === 0) this.writing.delete(streamId);
          else this.writing.set(streamId, left);
        }
      });
  }
}
