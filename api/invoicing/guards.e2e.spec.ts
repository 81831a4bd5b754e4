import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, userClient } from './test/fixtures';

const UNKNOWN = '00000000-0000-4000-8000-00000000abcd';

/** Every superuser-only billing endpoint, with an id that names nothing. */
const ENDPOINTS: ['get' | 'post' | 'put' | 'delete', string, boolean][] = [
  // [method, path, has an id (so the superuser gets 404)]
  ['get', '/api/clients/', false],
  ['post', '/api/clients/', false],
  ['get', `/api/clients/${UNKNOWN}/`, true],
  ['put', `/api/clients/${UNKNOWN}/`, true],
  ['delete', `/api/clients/${UNKNOWN}/`, true],
  ['post', `/api/clients/${UNKNOWN}/create_user/`, true],
  ['get', '/api/products/', false],
  ['post', '/api/products/', false],
  ['get', `/api/products/${UNKNOWN}/`, true],
  ['put', `/api/products/${UNKNOWN}/`, true],
  ['delete', `/api/products/${UNKNOWN}/`, true],
  ['get', '/api/subscriptions/', false],
  ['post', '/api/subscriptions/', false],
  ['get', `/api/subscriptions/${UNKNOWN}/`, true],
  ['put', `/api/subscriptions/${UNKNOWN}/`, true],
  ['delete', `/api/subscriptions/${UNKNOWN}/`, true],
  ['post', `/api/subscriptions/${UNKNOWN}/create-invoice/`, true],
  ['get', '/api/invoices/', false],
  ['post', '/api/invoices/', false],
  ['get', `/api/invoices/${UNKNOWN}/`, true],
  ['get', `/api/invoices/${UNKNOWN}/history/`, true],
  ['put', `/api/invoices/${UNKNOWN}/`, true],
  ['delete', `/api/invoices/${UNKNOWN}/`, true],
  ['post', `/api/invoices/${UNKNOWN}/send/`, true],
  ['post', `/api/invoices/${UNKNOWN}/mark_as_paid/`, true],
  ['post', '/api/billing/generate-invoices/', false],
];

const validBodies: Record<string, Record<string, unknown>> = {
  clients: { name: 'X', email: 'x@x.test' },
  products: { name: 'X', price: 1 },
  subscriptions: { client: UNKNOWN, product: UNKNOWN, start_date: '2026-01-01' },
  invoices: { client: UNKNOWN, date: '2026-01-01', due_date: '2026-01-02' },
};

describe.each(testBackends())('billing endpoint guards on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await adminOf(server);
    user = await userClient(server, 'guarded-user');
  });
  afterAll(() => server?.close());

  it('answers 401 to anonymous callers and 403 to client users everywhere', async () => {
    const anon = server.client();
    for (const [method, path] of ENDPOINTS) {
      expect((await anon[method](path)).status, `anonymous ${method} ${path}`).toBe(401);
      expect((await user[method](path)).status, `client user ${method} ${path}`).toBe(403);
    }
  });

  it('answers 404 to the superuser for unknown and malformed ids', async () => {
    for (const [method, path, hasId] of ENDPOINTS) {
      if (!hasId) continue;
      const body = validBodies[path.split('/')[2]!];
      const unknown = await admin[method](path, method === 'put' ? body : undefined);
      expect(unknown.status, `${method} ${path}`).toBe(404);
      const malformed = await admin[method](path.replace(UNKNOWN, 'not-a-uuid'), method === 'put' ? body : undefined);
      expect(malformed.status, `${method} malformed ${path}`).toBe(404);
    }
  });
});
