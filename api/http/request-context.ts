import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { EventStore } from '../../eventstore/event-store';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs the rest of the request inside a context carrying its id (pino-http's req.id). */
export const requestContext: RequestHandler = (req, _res, next) => {
  storage.run({ requestId: String(req.id ?? '') }, next);
};

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId || undefined;

/**
 * Events appended while serving a request carry its id as correlation id, so a log line and the
 * events it caused can be joined; outside a request (scheduler, worker) the events of one append
 * share a fresh id. Services need not thread the id through every call.
 */
export const withRequestCorrelation = (store: EventStore): EventStore => {
  const append: EventStore['append'] = (streamId, events, options) => {
    const correlationId = currentRequestId() ?? randomUUID();
    const stamped = events.map((e) => ({ ...e, metadata: { ...e.metadata, correlationId: e.metadata.correlationId ?? correlationId } }));
    return store.append(streamId, stamped, options);
  };
  return new Proxy(store, {
    get: (target, prop) => {
      if (prop === 'append') return append;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};
