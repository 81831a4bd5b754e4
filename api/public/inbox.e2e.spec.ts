import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin } from '../../test/billing-fixtures';
import { testBackends } from '../../test/db';
import { startTestServer, type TestServer } from '../../test/server';

describe.each(testBackends())('back-office inbox over GraphQL on $name', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(backend);
    const visitor = server.client();
    expect((await visitor.post('/api/contact/', { name: 'Vera', email: 'vera@example.com', subject: 'Pricing', message: 'Hello there' })).status).toBe(201);
    expect(
      (await visitor.post('/api/demo-request/', { name: 'Demo Dan', email: 'dan@example.com', company: 'Dan Ltd', date: '2099-01-05', time: '10:00', message: '' })).status,
    ).toBe(201);
  });
  afterAll(() => server?.close());

  it('lists messages and requests, and marks them handled and back', async () => {
    const admin = server.client();
    await admin.login();
    const list = await admin.graphql('{ contactMessages { total items { id name subject handled } } demoRequests(handled: false) { total items { id company date handled } } inboxCounts { unhandledContactMessages unhandledDemoRequests } }');
    expect(list.body.errors).toBeUndefined();
    const { contactMessages, demoRequests, inboxCounts } = list.body.data;
    expect(contactMessages.items).toEqual([{ id: expect.any(String), name: 'Vera', subject: 'Pricing', handled: false }]);
    expect(demoRequests).toEqual({ total: 1, items: [{ id: expect.any(String), company: 'Dan Ltd', date: '2099-01-05', handled: false }] });
    expect(inboxCounts).toEqual({ unhandledContactMessages: 1, unhandledDemoRequests: 1 });

    const marked = await admin.graphql('mutation($id: ID!) { markContactMessageHandled(id: $id) { handled handledAt } }', { id: contactMessages.items[0].id });
    expect(marked.body.data.markContactMessageHandled).toEqual({ handled: true, handledAt: expect.any(String) });
    const demo = await admin.graphql('mutation($id: ID!) { markDemoRequestHandled(id: $id, handled: true) { handled } }', { id: demoRequests.items[0].id });
    expect(demo.body.data.markDemoRequestHandled.handled).toBe(true);
    const after = await admin.graphql('{ contactMessages(handled: false) { total } inboxCounts { unhandledContactMessages unhandledDemoRequests } }');
    expect(after.body.data).toEqual({ contactMessages: { total: 0 }, inboxCounts: { unhandledContactMessages: 0, unhandledDemoRequests: 0 } });

    const undo = await admin.graphql('mutation($id: ID!) { markContactMessageHandled(id: $id, handled: false) { handled handledAt } }', { id: contactMessages.items[0].id });
    expect(undo.body.data.markContactMessageHandled).toEqual({ handled: false, handledAt: null });
    const missing = await admin.graphql('mutation { markDemoRequestHandled(id: "00000000-0000-4000-8000-000000000000") { handled } }');
    expect(missing.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('refuses a client user', async () => {
    const client = await createClientWithLogin(server.runtime.deps, 'Inbox Snoop');
    const c = server.client();
    await c.login(client.username, client.password);
    expect((await c.graphql('{ contactMessages { total } }')).body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
