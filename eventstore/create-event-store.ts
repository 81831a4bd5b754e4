import type { Knex } from 'knex';
import type { EventStore } from './event-store';
import { PostgresEventStore } from './postgres/postgres-event-store';
import { withUpcasters, type Upcaster } from './upcasting';

export interface EventStoreConfig {
  /** esdb://... : events go to EventStoreDB; unset: the events table of the same PostgreSQL. */
  eventstoreUrl?: string;
}

/** The event store of a running server, chosen by EVENTSTORE_URL, reading old event versions upcast. */
export const createEventStore = async (db: Knex, config: EventStoreConfig, upcasters: Upcaster[] = []): Promise<EventStore> => {
  if (config.eventstoreUrl) {
    // Loaded only when configured, so the embedded default never starts a gRPC client.
    const { EventStoreDbEventStore } = await import('./eventstoredb/eventstoredb-event-store');
    return withUpcasters(EventStoreDbEventStore.connect(config.eventstoreUrl), upcasters);
  }
  return withUpcasters(new PostgresEventStore(db), upcasters);
};
