import { BACKWARDS, END, EventStoreDBClient, START, StreamDeletedError, StreamNotFoundError, WrongExpectedVersionError, eventTypeFilter, excludeSystemEvents, type AppendExpectedRevision, type EventStoreDBClient as Client } from '@eventstore/db-client';
import { InvalidAppendError, StreamConflictError, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent, type Position, type ReadAllOptions, type ReadAllPage, type RecordedEvent, type SubscribeOptions, type Subscription } from '../event-store';
import { assertExpectedRevision, assertPageLimit, assertStreamId, validateAppend } from '../validation';
import { compareEsdbPositions, formatEsdbPosition, parseEsdbPosition } from './positions';
import { esdbSubscription } from './subscription';
import { fromEsdb } from './esdb-records';

const toClientRevision = (expected: ExpectedRevision): AppendExpectedRevision =>
  typeof expected === 'number' ? BigInt(expected) : expected;

export const typeRegex = (types: string[]): string => `^(?:${types.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`;

/**
 * The event store on EventStoreDB: one EventStoreDB stream per stream, $all for global order,
 * catch-up subscriptions to $all filtered on our event types. Positions are commit/prepare strings.
 */
/** Stream reads of one readStreams call in flight at once. */
const PARALLEL_STREAM_READS = 16;

export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;

  constructor(private readonly client: Client) {}

  static connect(url: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(url));
  }

  async append(streamId: string, events: NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    assertExpectedRevision(expected);
    const valid = validateAppend(streamId, events);
    try {
      const result = await this.client.appendToStream(
        streamId,
        valid.map((e, i) => ({
          id: e.eventId,
          type: e.type,
          contentType: 'application/json' as const,
          data: events[i]!.data as never,
          metadata: e.metadata,
        })),
        { expectedRevision: toClientRevision(expected) },
      );
      // An idempotent repeat (same event ids where the expected revision says) is answered without
      // a position: the position is the one its events were first written at.
      const position = result.position ? formatEsdbPosition(result.position) : await this.positionOf(streamId, valid[valid.length - 1]!.eventId);
      return { nextExpectedRevision: Number(result.nextExpectedRevision), position };
    } catch (err) {
      if (err instanceof StreamDeletedError) throw new InvalidAppendError(`Stream ${streamId} was deleted and cannot be written to.`);
      if (err instanceof WrongExpectedVersionError) {
        const actual = err.actualVersion;
        throw new StreamConflictError(streamId, expected, typeof actual === 'bigint' ? Number(actual) : 'no_stream');
      }
      throw err;
    }
  }

  private async positionOf(streamId: string, eventId: string): Promise<Position> {
    const found = (await this.readStream(streamId)).find((e) => e.eventId === eventId);
    if (!found) throw new Error(`EventStoreDB acknowledged an append to ${streamId} whose events it does not have`);
    return found.position;
  }

  async readStream(streamId: string, options: { fromRevision?: number; limit?: number } = {}): Promise<RecordedEvent[]> {
    assertStreamId(streamId);
    const out: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        fromRevision: options.fromRevision ? BigInt(options.fromRevision) : START,
        maxCount: options.limit ?? Number.MAX_SAFE_INTEGER,
      });
      for await (const resolved of read) {
        const e = fromEsdb(resolved.event);
        if (e) out.push(e);
      }
    } catch (err) {
      // The port's contract: a stream that does not exist, or no longer does, reads as [].
      if (err instanceof StreamNotFoundError || err instanceof StreamDeletedError) return [];
      throw err;
    }
    return out;
  }

  /** EventStoreDB reads one stream a call: a few at a time over the one gRPC connection. */
  async readStreams(streamIds: readonly string[]): Promise<RecordedEvent[][]> {
    const out: RecordedEvent[][] = new Array(streamIds.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL_STREAM_READS, streamIds.length) }, async () => {
        while (next < streamIds.length) {
          const i = next++;
          out[i] = await this.readStream(streamIds[i]!);
        }
      }),
    );
    return out;
  }

  /** The client reads $all without a server-side filter, so types are filtered here while paging on. */
  async readAll(options: ReadAllOptions = {}): Promise<ReadAllPage> {
    assertPageLimit(options.limit);
    const limit = options.limit ?? 1000;
    const types = options.eventTypes ? new Set(options.eventTypes) : undefined;
    const events: RecordedEvent[] = [];
    let scannedTo = options.after;
    for (;;) {
      let read = 0;
      const from = scannedTo;
      // Reads of $all include their start position: ask for one more and drop it.
      const page = this.client.readAll({ fromPosition: from ? parseEsdbPosition(from) : START, maxCount: limit + 1 });
      for await (const resolved of page) {
        const raw = resolved.event;
        if (!raw?.position) continue;
        const position = formatEsdbPosition(raw.position);
        if (from && compareEsdbPositions(position, from) <= 0) continue;
        read += 1;
        scannedTo = position;
        const e = fromEsdb(raw);
        if (e && (!types || types.has(e.type))) events.push(e);
        if (events.length === limit) {
          await page.cancel();
          return { events, lastPosition: position, hasMore: true };
        }
      }
      if (read < limit) return { events, lastPosition: scannedTo, hasMore: false };
    }
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return esdbSubscription((checkpointReached) => {
      const filter = options.eventTypes
        ? eventTypeFilter({ regex: typeRegex(options.eventTypes), checkpointReached })
        : excludeSystemEvents({ checkpointReached });
      return this.client.subscribeToAll({ fromPosition: options.after ? parseEsdbPosition(options.after) : START, filter });
    }, options);
  }

  async headPosition(): Promise<Position | undefined> {
    const read = this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 200 });
    for await (const resolved of read) {
      const e = fromEsdb(resolved.event);
      if (e) {
        await read.cancel();
        return e.position;
      }
    }
    return undefined;
  }

  comparePositions(a: Position | undefined, b: Position | undefined): number {
    return compareEsdbPositions(a, b);
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
