import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { TableVersions } from '../db/table-version-map';
import type { EventStore, NewEvent } from '../../../eventstore/event-store';

interface RequestContext {
  requestId: string;
  /** GET and HEAD: the request reads and never writes, so a snapshot taken at its start stays true for it. */
  readOnly: boolean;
  /** The table versions read with the session (api/platform/db/table-versions.ts), when there was one. */
  tableVersions?: TableVersions;
  /** Streams this request has appended to (api/platform/write-outcome.ts): from then on it must answer as saved. */
  appended?: string[];
  /** Something it appended may not show in the read models yet: the answer says so. */
  pending?: boolean;
  /** The answer carries a secret (a password, recovery codes): an Idempotency-Key never stores it. */
  secretAnswer?: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs the rest of the request inside a context carrying its id (req.id, see request-log.ts). */
export const requestContext: RequestHandler = (req, _res, next) => {
  storage.run({ requestId: String(req.id ?? ''), readOnly: req.method === 'GET' || req.method === 'HEAD' }, next);
};

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId || undefined;

/** The current request turned out to only read (a GraphQL query, as opposed to a mutation). */
export const markRequestReadOnly = (): void => {
  const context = storage.getStore();
  if (context) context.readOnly = true;
};

/** The current request has appended to `streamId` (the write path calls this once the append committed). */
export const noteAppended = (streamId: string): void => {
  const context = storage.getStore();
  if (context) (context.appended ??= []).push(streamId);
};

/** The streams the current request has appended to, in order; none outside a request. */
export const appendedInRequest = (): readonly string[] => storage.getStore()?.appended ?? [];

/** What the current request wrote may not be visible in the read models yet. */
export const notePending = (): void => {
  const context = storage.getStore();
  if (context) context.pending = true;
};

export const pendingInRequest = (): boolean => storage.getStore()?.pending === true;

/** The current request's answer holds a secret shown once: it is never kept for a replay. */
export const markSecretAnswer = (): void => {
  const context = storage.getStore();
  if (context) context.secretAnswer = true;
};

export const secretAnswerInRequest = (): boolean => storage.getStore()?.secretAnswer === true;

/** Records the table versions read at the start of the current request. */
export const rememberTableVersions = (versions: TableVersions): void => {
  const context = storage.getStore();
  if (context) context.tableVersions = versions;
};

/**
 * The table versions of the current request's start, for a read-only request only: a request that
 * writes must not trust versions read before its own write.
 */
export const requestTableVersions = (): TableVersions | undefined => {
  const context = storage.getStore();
  return context?.readOnly ? context.tableVersions : undefined;
};

/**
 * Events appended while serving a request carry its id as correlation id, so a log line and the
 * events it caused can be joined; outside a request (scheduler, worker) the events of one append
 * share a fresh id. Services need not thread the id through every call.
 */
export const withRequestCorrelation = (store: EventStore): EventStore => {
  const stamp = (events: NewEvent[]): NewEvent[] => {
    const correlationId = currentRequestId() ?? randomUUID();
    return events.map((e) => ({ ...e, metadata: { ...e.metadata, correlationId: e.metadata.correlationId ?? correlationId } }));
  };
  const append: EventStore['append'] = (streamId, events, options) => store.append(streamId, stamp(events), options);
  const transaction: EventStore['transaction'] = store.transaction
    ? (work) =>
        store.transaction!((tx) =>
          work({
            db: tx.db,
            append: (streamId, events, options) => tx.append(streamId, stamp(events), options),
            appendNewStreams: (streams) => tx.appendNewStreams(streams.map((s) => ({ streamId: s.streamId, events: stamp(s.events) }))),
            readStream: (streamId, options) => tx.readStream(streamId, options),
          }),
        )
    : undefined;
  return new Proxy(store, {
    get: (target, prop) => {
      if (prop === 'append') return append;
      if (prop === 'transaction') return transaction;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};
