import { EventEmitter } from 'node:events';

/**
 * The in-process EventStoreDB's storage: one log of events with streams, behaving as a single
 * EventStoreDB node does where this project relies on it (read in EventStoreDB's own docs and the
 * client's protocol, see each rule below). Test code only.
 */

export interface StoredEvent {
  id: string;
  stream: string;
  revision: number;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
  created: bigint;
  /** One write's events share a commit position; each has its own prepare position before it. */
  commit: bigint;
  prepare: bigint;
}

export type Expected = { kind: 'any' | 'no_stream' | 'stream_exists' } | { kind: 'exact'; revision: number };
export type Proposed = Omit<StoredEvent, 'stream' | 'revision' | 'commit' | 'prepare'>;

export type WriteResult =
  | { kind: 'success'; revision: number; position?: { commit: bigint; prepare: bigint } }
  | { kind: 'wrong_expected_version'; current: number }
  | { kind: 'stream_deleted' };

/** Room left in the log per event, so prepare positions are distinct and below their commit. */
const RECORD = 128n;

export class EventLog {
  readonly events: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  /** Streams hard-deleted (tombstoned): never writable or readable again. */
  private readonly tombstoned = new Set<string>();
  /** Soft-deleted streams: read as not found; a later write starts them again after their last revision. */
  private readonly truncatedBefore = new Map<string, number>();
  private nextPosition = RECORD;
  readonly appended = new EventEmitter();

  constructor() {
    this.appended.setMaxListeners(0);
  }

  /** The events a reader of the stream sees; undefined for a stream that does not exist (or was deleted). */
  read(stream: string): StoredEvent[] | undefined | 'tombstoned' {
    if (this.tombstoned.has(stream)) return 'tombstoned';
    const all = this.streams.get(stream);
    const from = this.truncatedBefore.get(stream) ?? 0;
    const visible = all?.filter((e) => e.revision >= from);
    return visible && visible.length > 0 ? visible : undefined;
  }

  private current(stream: string): number {
    const all = this.streams.get(stream) ?? [];
    const last = all.length - 1;
    // A soft-deleted stream with nothing written since reads as no stream for expected-version checks.
    return last < (this.truncatedBefore.get(stream) ?? 0) ? -1 : last;
  }

  /**
   * One atomic write. Idempotency as the server promises it: a write whose event ids are already
   * the stream's events at the place the expected version names (no_stream: from revision 0;
   * exact N: from N + 1) succeeds again without writing and without a position. Under `any` the
   * server promises nothing ("best effort"), so this log appends them again.
   */
  write(stream: string, expected: Expected, proposed: Proposed[]): WriteResult {
    if (this.tombstoned.has(stream)) return { kind: 'stream_deleted' };
    const existing = this.streams.get(stream) ?? [];
    const current = this.current(stream);
    const start = expected.kind === 'no_stream' ? 0 : expected.kind === 'exact' ? expected.revision + 1 : undefined;
    if (start !== undefined && proposed.length > 0) {
      const already = existing.slice(start, start + proposed.length);
      if (already.length === proposed.length && already.every((e, i) => e.id === proposed[i]!.id)) {
        return { kind: 'success', revision: already[already.length - 1]!.revision };
      }
    }
    const ok =
      expected.kind === 'any' ||
      (expected.kind === 'no_stream' && current === -1) ||
      (expected.kind === 'stream_exists' && current >= 0) ||
      (expected.kind === 'exact' && expected.revision === current);
    if (!ok) return { kind: 'wrong_expected_version', current };
    if (proposed.length === 0) return { kind: 'success', revision: current };
    const prepares = proposed.map((_, i) => this.nextPosition + BigInt(i) * RECORD);
    const commit = this.nextPosition + BigInt(proposed.length) * RECORD;
    this.nextPosition = commit + RECORD;
    proposed.forEach((p, i) => {
      const stored: StoredEvent = { ...p, stream, revision: existing.length, commit, prepare: prepares[i]! };
      existing.push(stored);
      this.events.push(stored);
    });
    this.streams.set(stream, existing);
    this.appended.emit('appended');
    const last = existing[existing.length - 1]!;
    return { kind: 'success', revision: last.revision, position: { commit, prepare: last.prepare } };
  }

  /** Soft delete: the stream reads as not found; writing to it again continues its revisions. */
  softDelete(stream: string): void {
    this.truncatedBefore.set(stream, (this.streams.get(stream) ?? []).length);
  }

  /** Hard delete: reads and writes of the stream answer "stream deleted" for ever. */
  tombstone(stream: string): void {
    this.tombstoned.add(stream);
  }
}
