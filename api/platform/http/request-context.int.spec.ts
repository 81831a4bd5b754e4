import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../../test/db';
import { startTestServer, type TestServer } from '../../../test/server';

const [pglite] = testBackends();

describe('correlation ids', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(pglite!);
  });
  afterAll(() => server?.close());

  it('stamps the request id on the events a request appends', async () => {
    const c = server.client();
    await c.login();
    const client = await c.post('/api/clients/', { name: 'Correlated Ltd', email: 'corr@example.com' });
    expect(client.status).toBe(201);
    const created = await c
      .post('/api/invoices/', { client: client.body.id, date: '2026-11-01', due_date: '2026-11-30', paid: false, items: [{ description: 'Licence', quantity: 1, unit_price: 100, vat_rate: 19 }] })
      .set('X-Request-Id', 'req-correlation-1');
    expect(created.status).toBe(201);
    expect(created.headers['x-request-id']).toBe('req-correlation-1');
    const events = await server.runtime.deps.eventStore.readStream(`invoice-${created.body.id}`);
    expect(events[0]!.metadata.correlationId).toBe('req-correlation-1');
    expect(events[0]!.metadata.actor).not.toBe('');
  });
});
