import { describe } from 'vitest';
import { testBackends } from '../../test/db';
import { eventStoreContract } from '../event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

describe.each(testBackends())('PostgreSQL event store on $name', (backend) => {
  eventStoreContract(backend.name, async () => {
    const testDb = await backend.create();
    const store = new PostgresEventStore(testDb.db, { pollMs: 200 });
    return {
      store,
      destroy: async () => {
        await store.close();
        await testDb.destroy();
      },
    };
  });
});
