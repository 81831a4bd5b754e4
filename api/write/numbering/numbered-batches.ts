import type { Knex } from 'knex';
import {
  StreamConflictError,
  type AppendResult,
  type EventStore,
  type EventStoreTransaction,
  type ExpectedRevision,
  type NewEvent,
  type Position,
} from '../../../eventstore/event-store';
import { ClaimRefused, lockNumbering, takeNumbers, type NumberRequest } from './take-numbers';

export interface NumberedAppend {
  documentId: string;
  streamId: string;
  expectedRevision: ExpectedRevision;
  request: NumberRequest;
  /**
   * The stream's new events carrying the number; pure, since a retry builds them again. What it
   * must read (the period lock) it reads through `reads`, once for all the documents numbered together.
   */
  build: (number: string, reads: BatchReads) => NewEvent[] | Promise<NewEvent[]>;
}

export interface NumberedResult {
  numbers: string[];
  position?: Position;
}

/** A store whose appends can share a transaction with our rows (PostgreSQL, PGlite). */
export type TransactionalStore = EventStore & Required<Pick<EventStore, 'transaction'>>;

/** What a build may read: rows of the attempt's transaction, and streams as it sees them. */
export interface BatchReader {
  db: Knex;
  readStream: EventStore['readStream'];
}

/**
 * Reads shared by the builds of one attempt: each is made once, when a build first asks for it,
 * in the attempt's transaction (on PGlite, whose one connection that transaction holds, no other
 * read could run meanwhile).
 */
export interface BatchReads {
  once<T>(key: string, read: (reader: BatchReader) => Promise<T>): Promise<T>;
}

export const batchReads = (reader: BatchReader): BatchReads => {
  const made = new Map<string, Promise<unknown>>();
  return {
    once: <T>(key: string, read: (reader: BatchReader) => Promise<T>) => {
      let value = made.get(key);
      if (!value) made.set(key, (value = read(reader)));
      return value as Promise<T>;
    },
  };
};

/** One caller's appends: they commit together or not at all. */
interface Request {
  items: NumberedAppend[];
  resolve: (result: NumberedResult) => void;
  reject: (err: unknown) => void;
}

/** Requests that cannot commit (a build refused, a stream moved, a typed number taken), each with its reason. */
class Refused extends Error {
  constructor(readonly refusals: Map<Request, unknown>) {
    super('refused requests');
  }
}

/** Most documents numbered in one transaction. */
const MAX_BATCH_ITEMS = 100;

/**
 * Group commit of numbered appends where events live in the same database. Each would otherwise
 * hold a series' counter row, and a pooled connection, from its first write to its own commit (a
 * WAL flush), so concurrent creates queued on that row one commit at a time. Here one transaction
 * at a time takes the numbers of every request waiting, in arrival order, builds their events and
 * appends them in that order, then commits once: numbers stay gap-free (they commit with their
 * events or not at all) and in the order of the event store's reads (see lockNumbering for the
 * order across transactions).
 *
 * A request that is refused inside the batch rolls the whole transaction back (the counter
 * included) and the batch goes again without it; a failed statement that no request can be blamed
 * for sends each request through alone, so it fails alone. No savepoints: refusals are rare, and
 * a savepoint around each request would cost two more statements in every batch.
 */
export class NumberedBatches {
  private queue: Request[] = [];
  private running = false;

  constructor(private readonly store: TransactionalStore) {}

  append(items: NumberedAppend[]): Promise<NumberedResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ items, resolve, reject });
      if (this.running) return;
      this.running = true;
      // Requests made in the same turn of the event loop join the first batch.
      setImmediate(() => void this.drain());
    });
  }

  /**
   * The one batch in flight: while it commits, later requests queue for the next one (another
   * transaction would only wait for it on the numbering lock, holding a pooled connection).
   */
  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      let size = 0;
      let count = 0;
      while (count < this.queue.length && (count === 0 || size + this.queue[count]!.items.length <= MAX_BATCH_ITEMS)) size += this.queue[count++]!.items.length;
      const batch = this.queue.splice(0, count);
      await this.commit(batch).catch((err: unknown) => batch.forEach((r) => r.reject(err)));
    }
    this.running = false;
  }

  private async commit(batch: Request[]): Promise<void> {
    let pending = batch;
    while (pending.length > 0) {
      try {
        const results = await this.store.transaction((tx) => this.write(tx, pending));
        pending.forEach((r, i) => r.resolve(results[i]!));
        return;
      } catch (err) {
        if (err instanceof Refused) {
          for (const [request, reason] of err.refusals) request.reject(reason);
          pending = pending.filter((r) => !err.refusals.has(r));
        } else if (pending.length === 1) {
          pending[0]!.reject(err);
          return;
        } else {
          for (const request of pending) await this.commit([request]);
          return;
        }
      }
    }
  }

  private async write(tx: EventStoreTransaction, requests: Request[]): Promise<NumberedResult[]> {
    const items = requests.flatMap((request) => request.items.map((item) => ({ request, item })));
    const refuse = (request: Request, reason: unknown): never => {
      throw new Refused(new Map([[request, reason]]));
    };
    let taken;
    await lockNumbering(tx.db);
    try {
      taken = await takeNumbers(tx.db, items.map(({ item }) => item), 'issued');
    } catch (err) {
      throw err instanceof ClaimRefused ? refuse(items[err.index]!.request, err.reason) : err;
    }
    const refusals = new Map<Request, unknown>();
    const reads = batchReads({ db: tx.db, readStream: (streamId, options) => tx.readStream(streamId, options) });
    const built = await Promise.all(
      items.map(async ({ request, item }, i): Promise<NewEvent[]> => {
        try {
          return await item.build(taken[i]!.number, reads);
        } catch (reason) {
          if (!refusals.has(request)) refusals.set(request, reason);
          return [];
        }
      }),
    );
    if (refusals.size > 0) throw new Refused(refusals);

    const results: (AppendResult | undefined)[] = [];
    const ownerOf = (err: unknown) => items.find(({ item }) => err instanceof StreamConflictError && item.streamId === err.streamId)?.request;
    const guarded = async <T>(append: () => Promise<T>): Promise<T> => {
      try {
        return await append();
      } catch (err) {
        const owner = ownerOf(err);
        throw owner ? refuse(owner, err) : err;
      }
    };
    // New documents start their streams in one statement, in number order.
    const fresh = items.flatMap(({ item }, i) => (item.expectedRevision === 'no_stream' ? [i] : []));
    if (fresh.length > 1) {
      const appended = await guarded(() => tx.appendNewStreams(fresh.map((i) => ({ streamId: items[i]!.item.streamId, events: built[i]! }))));
      fresh.forEach((i, k) => (results[i] = appended[k]));
    }
    for (const [i, { item }] of items.entries()) {
      if (results[i]) continue;
      results[i] = await guarded(() => tx.append(item.streamId, built[i]!, { expectedRevision: item.expectedRevision }));
      // A renamed document: the number it held before is free again.
      if (item.expectedRevision !== 'no_stream') {
        await tx.db('document_numbers').where({ document_id: item.documentId, status: 'issued' }).whereNot({ number: taken[i]!.number }).delete();
      }
    }
    return requests.map((request) => {
      const mine = items.flatMap((entry, i) => (entry.request === request ? [i] : []));
      let position: Position | undefined;
      for (const i of mine) if (this.store.comparePositions(position, results[i]!.position) < 0) position = results[i]!.position;
      return { numbers: mine.map((i) => taken[i]!.number), position };
    });
  }
}
