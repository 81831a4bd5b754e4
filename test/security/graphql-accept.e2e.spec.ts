import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin, createInvoice } from '../billing-fixtures';
import { testBackends } from '../db';
import { startTestServer, type TestClient, type TestServer } from '../server';
import { changedTables, fingerprint } from './hostile';

const CHECKOUT = 'mutation($invoiceId: ID!) { createCheckoutSession(invoiceId: $invoiceId) { sessionId } }';

describe.each(testBackends())('a GraphQL request whose Accept takes no JSON answer on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let invoiceId: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = server.client();
    await admin.login();
    const client = await createClientWithLogin(server.runtime.deps, 'Accept Ltd');
    invoiceId = (await createInvoice(server.runtime.deps, client.id, 30)).id;
  });
  afterAll(() => server?.close());

  const send = (accept: string) =>
    admin.agent.post('/graphql').set('X-CSRFToken', admin.csrfToken() ?? '').set('Accept', accept).set('Content-Type', 'application/json').send(JSON.stringify({ query: CHECKOUT, variables: { invoiceId } }));

  it('is refused with a 406 before the mutation runs, writing nothing', async () => {
    // Apollo negotiates the answer after executing: the mutation used to happen and then be answered as refused.
    for (const accept of ['../../etc/passwd', 'text/html', 'application/xml, text/plain;q=0.5']) {
      const before = await fingerprint(server.testDb.db);
      const res = await send(accept);
      expect(res.status, accept).toBe(406);
      expect(res.body.errors[0].extensions.code).toBe('BAD_REQUEST');
      expect(changedTables(before, await fingerprint(server.testDb.db)), accept).toEqual([]);
    }
  });

  it('runs as before for what browsers and GraphQL clients send', async () => {
    for (const accept of ['*/*', 'application/json', 'application/graphql-response+json,application/json;q=0.9', 'text/html, application/json;q=0.8']) {
      const res = await send(accept);
      expect(res.status, `${accept}: ${res.text}`).toBe(200);
      expect(res.body.data.createCheckoutSession.sessionId).toMatch(/^cs_sim_/);
    }
  });
});
