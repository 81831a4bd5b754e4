import { randomUUID } from 'node:crypto';
import { InvalidAppendError, type EventMetadata, type NewEvent } from './event-store';

/**
 * Input checks shared by every adapter, so both reject the same appends with the same message
 * before anything is written.
 */

const STREAM_ID = /^[A-Za-z0-9][A-Za-z0-9_.:@+=-]*$/;
const EVENT_TYPE = /^[A-Za-z][A-Za-z0-9_.:-]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_STREAM_ID = 256;
const MAX_EVENT_TYPE = 128;

export interface ValidEvent {
  eventId: string;
  type: string;
  /** The JSON text of data and metadata, checked to round-trip. */
  dataJson: string;
  metadataJson: string;
  metadata: EventMetadata & { recordedAt: string };
}

export const assertStreamId = (streamId: unknown): string => {
  if (typeof streamId !== 'string' || streamId.length === 0 || streamId.length > MAX_STREAM_ID || !STREAM_ID.test(streamId)) {
    throw new InvalidAppendError(
      `Invalid stream name ${JSON.stringify(streamId)}: use 1-${MAX_STREAM_ID} characters of letters, digits and _ . : @ + = -, starting with a letter or digit`,
    );
  }
  return streamId;
};

/** Throws unless `value` survives JSON unchanged: no functions, BigInt, NaN, cycles, Maps, lone surrogates or NUL. */
const assertJson = (value: unknown, path: string, seen: Set<object>): void => {
  const kind = typeof value;
  switch (kind) {
    case 'string':
      // PostgreSQL jsonb cannot hold NUL, and a lone surrogate is not valid UTF-8 anywhere.
      if ((value as string).includes('\u0000')) throw new InvalidAppendError(`${path} contains a NUL character, which cannot be stored`);
      if (LONE_SURROGATE.test(value as string)) throw new InvalidAppendError(`${path} contains a lone UTF-16 surrogate`);
      return;
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(value as number)) throw new InvalidAppendError(`${path} is ${value}, which JSON cannot represent`);
      return;
    case 'undefined':
      throw new InvalidAppendError(`${path} is undefined, which JSON cannot represent`);
    case 'bigint':
    case 'function':
    case 'symbol':
      throw new InvalidAppendError(`${path} is a ${typeof value}, which is not JSON serialisable`);
    case 'object': {
      if (value === null) return;
      if (!(value instanceof Object) && typeof value !== 'object') return;
      if (seen.has(value as object)) throw new InvalidAppendError(`${path} is a circular reference, which is not JSON serialisable`);
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) throw new InvalidAppendError(`${path} is an invalid Date`);
        return;
      }
      seen.add(value as object);
      if (Array.isArray(value)) {
        value.forEach((item, i) => assertJson(item, `${path}[${i}]`, seen));
      } else {
        const proto = Object.getPrototypeOf(value);
        if (proto !== Object.prototype && proto !== null) {
          throw new InvalidAppendError(`${path} is a ${proto?.constructor?.name ?? 'non-plain object'}, which is not JSON serialisable; use plain objects and arrays`);
        }
        for (const [key, item] of Object.entries(value)) {
          if (item !== undefined) assertJson(item, `${path}.${key}`, seen);
        }
      }
      seen.delete(value as object);
      return;
    }
    default: {
      const exhaustive: never = kind;
      throw new InvalidAppendError(`${path} has an unknown type ${String(exhaustive)}`);
    }
  }
};

const validateEvent = (input: unknown, index: number, now: () => Date): ValidEvent => {
  const at = `events[${index}]`;
  if (input === null || typeof input !== 'object') throw new InvalidAppendError(`${at} is not an event object`);
  if (typeof (input as { type?: unknown }).type !== 'string' || (input as { type: string }).type.length === 0) {
    throw new InvalidAppendError(`${at} has no type`);
  }
  const event = input as NewEvent;
  if (event.type.length > MAX_EVENT_TYPE || !EVENT_TYPE.test(event.type)) {
    throw new InvalidAppendError(`${at} has an invalid type ${JSON.stringify(event.type)}: use letters, digits and _ . : -, starting with a letter`);
  }
  const eventId = event.eventId ?? randomUUID();
  if (typeof eventId !== 'string' || !UUID.test(eventId)) throw new InvalidAppendError(`${at} has an eventId that is not a UUID`);
  if (!('data' in input)) throw new InvalidAppendError(`${at} (${event.type}) has no data`);
  assertJson(event.data, `${at}.data`, new Set());
  const meta = event.metadata;
  if (meta === null || typeof meta !== 'object') throw new InvalidAppendError(`${at} (${event.type}) has no metadata`);
  if (typeof meta.actor !== 'string' || meta.actor.length === 0) throw new InvalidAppendError(`${at}.metadata.actor is required`);
  if (!Number.isInteger(meta.schemaVersion) || meta.schemaVersion < 1) {
    throw new InvalidAppendError(`${at}.metadata.schemaVersion must be a positive integer`);
  }
  assertJson(meta, `${at}.metadata`, new Set());
  const metadata = { ...meta, recordedAt: meta.recordedAt ?? now().toISOString() };
  return {
    eventId: eventId.toLowerCase(),
    type: event.type,
    dataJson: JSON.stringify(event.data),
    metadataJson: JSON.stringify(metadata),
    metadata,
  };
};

/** Validates a whole append up front: one bad event rejects the append and nothing is written. */
export const validateAppend = (streamId: unknown, events: unknown, now: () => Date = () => new Date()): ValidEvent[] => {
  assertStreamId(streamId);
  if (!Array.isArray(events) || events.length === 0) throw new InvalidAppendError('An append needs at least one event');
  const valid = events.map((e, i) => validateEvent(e, i, now));
  const ids = new Set(valid.map((e) => e.eventId));
  if (ids.size !== valid.length) throw new InvalidAppendError('An append lists the same eventId twice');
  return valid;
};

/** A readAll page size: a positive integer (a page of 0 would always look full, and paging would never end). */
export const assertPageLimit = (limit: unknown): void => {
  if (limit === undefined || (typeof limit === 'number' && Number.isSafeInteger(limit) && limit >= 1)) return;
  throw new RangeError(`readAll's limit must be a positive integer, not ${JSON.stringify(limit)}`);
};

export const assertExpectedRevision = (expected: unknown): void => {
  if (expected === 'any' || expected === 'no_stream' || expected === 'stream_exists') return;
  if (typeof expected === 'number' && Number.isInteger(expected) && expected >= 0) return;
  throw new InvalidAppendError(`Invalid expected revision ${JSON.stringify(expected)}: use 'any', 'no_stream', 'stream_exists' or a revision >= 0`);
};
