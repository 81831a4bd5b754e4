import type { Knex } from 'knex';
import type { EventStore } from './event-store';
import { PostgresEventStore } from './postgres/postgres-event-store';

export interface EventStoreConfig {
  /** esdb://... : events go to EventStoreDB; unset: the events table of the same PostgreSQL. */
  eventstoreUrl?: string;
}

/** The event store of a running server, chosen by EVENTSTORE_URL. */
export const createEventStore = async (db: Knex, config: EventStoreConfig): Promise<EventStore> => {
  if (config.eventstoreUrl) {
    // Loaded only when configured, so the embedded default never starts a gRPC client.
    const { EventStoreDbEventStore } = await import('./eventstoredb/eventstoredb-event-store');
    return EventStoreDbEventStore.connect(config.eventstoreUrl);
  }
  return new PostgresEventStore(db);
};
