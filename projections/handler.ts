import type { Knex } from 'knex';
import type { RecordedEvent } from '../eventstore/event-store';
import type { HandlerKind } from './checkpoints';
import type { Projection, Reactor } from './projection';

/** What the runner drives: a projection, or a reactor seen as a projection of one event at a time. */
export interface Handler {
  name: string;
  kind: HandlerKind;
  eventTypes: string[];
  /** Tables emptied before a rebuild (none for reactors). */
  tables: string[];
  apply: (trx: Knex.Transaction, events: RecordedEvent[]) => Promise<void>;
}

export const projectionHandler = (p: Projection): Handler => ({
  name: p.name,
  kind: 'projection',
  eventTypes: p.eventTypes,
  tables: p.tables,
  apply: (trx, events) => p.apply(trx, events),
});

export const reactorHandler = (r: Reactor): Handler => ({
  name: r.name,
  kind: 'reactor',
  eventTypes: r.eventTypes,
  tables: [],
  apply: (trx, events) => r.handle(trx, events),
});

export const assertUniqueNames = (handlers: Handler[]): void => {
  const seen = new Set<string>();
  for (const h of handlers) {
    if (seen.has(h.name)) throw new Error(`Two projections or reactors are named "${h.name}": checkpoints are kept by name`);
    seen.add(h.name);
  }
};
