import { afterAll, beforeAll, describe } from 'vitest';
import { EventStoreDbTestServer } from '../../test/eventstoredb-test-server';
import { eventStoreContract } from '../event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

describe('EventStoreDB adapter against the in-process gRPC server', () => {
  const server = new EventStoreDbTestServer();
  beforeAll(() => server.start());
  afterAll(() => server.stop());
  eventStoreContract('in-process EventStoreDB', async () => {
    const store = EventStoreDbEventStore.connect(server.url);
    return { store, destroy: () => store.close() };
  });
});

describe.runIf(process.env.EVENTSTORE_URL)('EventStoreDB adapter against a real server', () => {
  eventStoreContract('EventStoreDB at EVENTSTORE_URL', async () => {
    const store = EventStoreDbEventStore.connect(process.env.EVENTSTORE_URL!);
    return { store, destroy: () => store.close() };
  });
});
