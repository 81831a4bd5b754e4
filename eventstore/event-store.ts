import type { Knex } from 'knex';

/**
 * The EventStore port. Generic: knows no domain types. Two adapters implement it (PostgreSQL via
 * knex, also on PGlite; EventStoreDB via @eventstore/db-client) and one contract suite tests both.
 */

/** Optimistic concurrency on append. A number is the exact current revision (0-based) of the stream. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

/** Opaque, store-specific global position. Compare only with `EventStore.comparePositions`. */
export type Position = string;

export interface EventMetadata {
  /** User id, or 'system' / 'stripe' / 'scheduler'. */
  actor: string;
  correlationId?: string;
  causationId?: string;
  /** Schema version of `data` as written. Readers upcast older versions. */
  schemaVersion: number;
  /** ISO timestamp of when the event was recorded (set by the store when absent). */
  recordedAt?: string;
  [key: string]: unknown;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** Stable id (UUID) so a retried append is idempotent; generated when absent. */
  eventId?: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  eventId: string;
  streamId: string;
  /** 0-based revision of this event within its stream. */
  streamRevision: number;
  position: Position;
  type: Type;
  data: Data;
  metadata: EventMetadata & { recordedAt: string };
}

export interface AppendResult {
  /** Revision of the last event now in the stream (pass it as the next expected revision). */
  nextExpectedRevision: number;
  /** Global position of the last appended event; projections can be awaited up to it. */
  position: Position;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Undefined: from the beginning. */
  after?: Position;
  /** Events per page, a positive integer (a RangeError otherwise); 1000 by default. */
  limit?: number;
  /** Only these event types (others are skipped, but paging still advances). */
  eventTypes?: string[];
}

export interface ReadAllPage {
  events: RecordedEvent[];
  /** Position to resume from (pass as `after`); unchanged when nothing new was visible. */
  lastPosition?: Position;
  /** True when the page was limited and more events may be immediately readable. */
  hasMore: boolean;
}

export interface Subscription {
  stop: () => Promise<void>;
  /** Resolves when the subscription ends (stopped, or failed: then it rejects). */
  done: Promise<void>;
}

export interface SubscribeOptions {
  after?: Position;
  eventTypes?: string[];
  batchSize?: number;
  /**
   * Called with each batch in global order; the subscription waits for it before reading on.
   * `events` may be empty when only filtered-out events were passed: `lastPosition` still moves.
   */
  onEvents: (events: RecordedEvent[], lastPosition: Position) => Promise<void>;
}

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
}

/** Appends that commit together with the caller's own rows in one database transaction. */
export interface EventStoreTransaction {
  /** The open transaction, for the caller's rows (a document number, a registry row). */
  readonly db: Knex.Transaction;
  append(streamId: string, events: NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  /**
   * Starts several streams at once (each expected not to exist), in one round trip; a stream that
   * exists fails the whole call with a StreamConflictError. Results in the order given.
   */
  appendNewStreams(streams: { streamId: string; events: NewEvent[] }[]): Promise<AppendResult[]>;
  /** A stream as this transaction sees it (what had committed, and its own appends), as `EventStore.readStream` reads it. */
  readStream(streamId: string, options?: { fromRevision?: number; limit?: number }): Promise<RecordedEvent[]>;
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(streamId: string, events: NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  /**
   * Only where events live in the read-model database (PostgreSQL, PGlite): `work`'s appends and
   * writes commit together or not at all. Undefined on EventStoreDB, which shares no transaction.
   */
  transaction?<T>(work: (tx: EventStoreTransaction) => Promise<T>): Promise<T>;
  /** All events of a stream in revision order; [] for a stream that does not exist. */
  readStream(streamId: string, options?: { fromRevision?: number; limit?: number }): Promise<RecordedEvent[]>;
  /**
   * Several whole streams, each as `readStream` reads it, answered in the order given: where the
   * store can, in one round trip (a batch of commands loads its thousand streams in one read).
   */
  readStreams(streamIds: readonly string[]): Promise<RecordedEvent[][]>;
  /** One page of all events in global order, never skipping one that commits late. */
  readAll(options?: ReadAllOptions): Promise<ReadAllPage>;
  /** Catch-up from `after`, then live. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /**
   * The position of the last visible event, or undefined for an empty store. On PostgreSQL an
   * event becomes visible only once every older write transaction has ended, so to wait for your
   * own append use the position `append` returned, not the head read afterwards.
   */
  headPosition(): Promise<Position | undefined>;
  /** Negative when a is before b, 0 when equal, positive after. `undefined` is before everything. */
  comparePositions(a: Position | undefined, b: Position | undefined): number;
  close(): Promise<void>;
}

export class StreamConflictError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Concurrency conflict on stream ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'StreamConflictError';
  }
}

export class InvalidAppendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidAppendError';
  }
}
