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
    throw new Error('EVENTSTORE_URL is set, but the EventStoreDB adapter is not available in this build yet');
  }
  return new PostgresEventStore(db);
};
