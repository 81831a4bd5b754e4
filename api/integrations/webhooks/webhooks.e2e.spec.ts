import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testBackends } from '../../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { adminOf, createClient, createInvoice, createProduct, createSubscription } from '../../invoicing/test/fixtures';
import { verifySignature, WEBHOOK_EVENTS } from '../../../domain/integrations/webhook';
import { invoiceStreamId } from '../../../domain/invoice/events';

interface Received {
  id: string;
  type: string;
  created: string;
  data: Record<string, unknown>;
  verified: boolean;
}

/** A receiver over HTTP: checks each signature with the secret it is given, answers `status` (a 500 while failing). */
const startReceiver = async () => {
  const r = {
    secret: '',
    status: 200,
    received: [] as Received[],
    calls: 0,
    url: '',
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      r.calls++;
      const body = Buffer.concat(chunks).toString('utf8');
      if (r.status >= 200 && r.status < 300) {
        const parsed = JSON.parse(body) as Omit<Received, 'verified'>;
        const verified = verifySignature(String(req.headers['webhook-signature']), body, r.secret, Math.floor(Date.now() / 1000), 10 * 365 * 24 * 3600);
        expect(req.headers['webhook-id']).toBe(parsed.id);
        r.received.push({ ...parsed, verified });
      }
      res.writeHead(r.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  r.close = () => new Promise((resolve) => server.close(() => resolve()));
  return r;
};

describe.each(testBackends())('outgoing webhooks on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let now = new Date('2026-04-01T09:00:00Z');
  const settle = async (...invoiceIds: string[]) => {
    const { eventStore, projections } = server.runtime.deps;
    for (const id of invoiceIds) {
      const last = (await eventStore.readStream(invoiceStreamId(id))).at(-1)!;
      expect(await projections.waitFor(last.position, { includeReactors: true, timeoutMs: 20_000 })).toBe(true);
    }
  };
  const drain = () => server.runtime.webhooks!.drain();

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer(backend, { clock: () => now });
    await server.runtime.webhooks!.dispatcher.stop(); // the tests drain when they mean to
    admin = await adminOf(server);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.status = 200;
  });

  it('registers an endpoint, its secret shown once, refusing bad URLs and unknown events', async () => {
    const unknown = await admin.post('/api/webhook-endpoints/', { url: 'https://example.com/x', events: ['invoice.issued', 'invoice.exploded'] });
    expect([unknown.status, unknown.body.errors]).toEqual([400, { 'events.1': ['"invoice.exploded" is not an event: use ' + WEBHOOK_EVENTS.join(', ') + '.'] }]);
    const ftp = await admin.post('/api/webhook-endpoints/', { url: 'ftp://example.com/x', events: ['invoice.issued'] });
    expect([ftp.status, ftp.body.errors]).toEqual([400, { url: ['Enter an http or https URL.'] }]);
    expect((await admin.post('/api/webhook-endpoints/', { url: 'not a url', events: [] })).body.errors).toEqual({
      url: ['Enter a valid URL (https://…).'],
      events: [`Choose at least one event: ${WEBHOOK_EVENTS.join(', ')}.`],
    });
    expect((await admin.post('/api/webhook-endpoints/', { url: 'https://user:pw@example.com/', events: ['invoice.paid'] })).body.errors.url[0]).toMatch(/user name or password/);

    const created = await admin.post('/api/webhook-endpoints/', { url: receiver.url, events: [...WEBHOOK_EVENTS], description: 'Data warehouse' });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    receiver.secret = created.body.secret;
    const listed = (await admin.get('/api/webhook-endpoints/')).body;
    expect(listed).toEqual([{ id: created.body.id, url: receiver.url, description: 'Data warehouse', events: [...WEBHOOK_EVENTS], enabled: true, disabled_reason: null, disabled_by: null, last_failure: null, created_at: now.toISOString() }]);
    expect(JSON.stringify(listed)).not.toContain(receiver.secret);
    // GraphQL names the events in its own way.
    const viaGraphql = await admin.graphql('query { webhookEndpoints { url events enabled } }');
    expect(viaGraphql.body.data.webhookEndpoints[0]).toEqual({ url: receiver.url, events: WEBHOOK_EVENTS.map((e) => e.replace('.', '_').toUpperCase()), enabled: true });
  });

  it('delivers what happens, signed, in order per document, each once with an id to deduplicate on', async () => {
    const client = await createClient(admin, { name: 'Hook Ltd' });
    const product = await createProduct(admin, { name: 'Seat', price: 100, billing_cycle: 'monthly' });
    const sub = await createSubscription(admin, { client: client.id, product: product.id, start_date: '2026-04-01' });
    const inv = await createInvoice(admin, { client: client.id, date: '2026-04-01', due_date: '2026-04-15', items: [{ description: 'Setup', unit_price: 100, vat_rate: 19 }] });
    expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    expect((await admin.post(`/api/invoices/${inv.id}/mark_as_paid/`)).status).toBe(200);
    await settle(inv.id);
    expect(await drain()).toBeGreaterThan(0);
    expect(await drain()).toBe(0);
    const types = receiver.received.map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(['client.created', 'subscription.created', 'invoice.issued', 'payment.recorded', 'invoice.paid']));
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    const ofInvoice = receiver.received.filter((r) => (r.data.invoice ?? r.data.id) === inv.id).map((r) => r.type);
    expect(ofInvoice).toEqual(['invoice.issued', 'payment.recorded', 'invoice.paid']);
    expect(receiver.received.find((r) => r.type === 'invoice.paid')!.data).toMatchObject({ id: inv.id, total_amount: 119, open_amount: 0, currency: 'EUR' });
    expect(receiver.received.find((r) => r.type === 'client.created')!.data).toMatchObject({ id: client.id, name: 'Hook Ltd' });
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(receiver.received.length);

    // Cancelling the subscription, then crediting the invoice.
    const cancelled = await admin.put(`/api/subscriptions/${sub.id}/`, { client: client.id, product: product.id, start_date: '2026-04-01', status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    const credit = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Goodwill', items: [{ description: 'Setup', unit_price: 10, vat_rate: 19 }] });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    await settle(inv.id);
    await drain();
    expect(receiver.received.slice(-2).map((r) => r.type).sort()).toEqual(['credit_note.issued', 'subscription.cancelled']);
  });

  it('tries a failing receiver again with backoff, in order, loses and doubles nothing, and replays a delivery with its id', async () => {
    const endpoint = (await admin.get('/api/webhook-endpoints/')).body[0].id as string;
    const client = await createClient(admin, { name: 'Flaky Receiver Ltd' });
    const inv = await createInvoice(admin, { client: client.id, date: '2026-04-01', due_date: '2026-04-15', items: [{ description: 'Audit', unit_price: 50, vat_rate: 19 }] });
    expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    expect((await admin.post(`/api/invoices/${inv.id}/mark_as_paid/`)).status).toBe(200);
    await settle(inv.id);
    receiver.status = 500;
    const before = receiver.received.length;
    const calls = receiver.calls;
    await drain();
    // Only the first of each document was tried: the invoice's later events wait behind it.
    expect(receiver.calls - calls).toBe(2); // client.created, invoice.issued
    expect(await drain()).toBe(0); // nothing due before the backoff
    const log = (await admin.get(`/api/webhook-endpoints/${endpoint}/deliveries/`)).body as Array<{ event_type: string; status: string; attempts: number; next_attempt_at: string; log: Array<{ status_code: number }> }>;
    const issued = log.find((d) => d.event_type === 'invoice.issued' && d.status === 'pending' && d.attempts === 1)!;
    expect(issued.log).toEqual([expect.objectContaining({ status_code: 500 })]);
    expect(issued.next_attempt_at).toBe(new Date(now.getTime() + 30_000).toISOString());

    receiver.status = 200;
    now = new Date(now.getTime() + 31_000);
    await drain();
    const got = receiver.received.slice(before);
    expect(got.filter((r) => r.data.id === inv.id || r.data.invoice === inv.id).map((r) => r.type)).toEqual(['invoice.issued', 'payment.recorded', 'invoice.paid']);
    expect(got.map((r) => r.type).filter((t) => t === 'client.created')).toHaveLength(1);

    // Replay: the same event id again.
    const delivered = (await admin.get(`/api/webhook-endpoints/${endpoint}/deliveries/?limit=1`)).body[0] as { id: string; event_id: string };
    const replayed = await admin.post(`/api/webhook-endpoints/${endpoint}/deliveries/${delivered.id}/replay/`);
    expect(replayed.body.status).toBe('pending');
    await drain();
    expect(receiver.received.at(-1)!.id).toBe(delivered.event_id);
  });

  it('says when an invoice is overdue, once per due date', async () => {
    const client = await createClient(admin, { name: 'Late Payer Ltd' });
    const inv = await createInvoice(admin, { client: client.id, date: '2026-04-01', due_date: '2026-04-10', items: [{ description: 'Audit', unit_price: 80, vat_rate: 19 }] });
    expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    await settle(inv.id);
    await drain();
    now = new Date('2026-04-11T08:00:00Z');
    expect(await server.runtime.webhooks!.scanOverdue()).toBeGreaterThanOrEqual(1);
    expect(await server.runtime.webhooks!.scanOverdue()).toBe(0);
    await drain();
    expect(receiver.received.filter((r) => r.type === 'invoice.overdue' && r.data.id === inv.id)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ id: inv.id, due_date: '2026-04-10', open_amount: 95.2 }) }),
    ]);
  });

  it('disables an endpoint that fails for three days and says why; enabling it again delivers what waited', async () => {
    const endpoint = (await admin.get('/api/webhook-endpoints/')).body[0].id as string;
    receiver.status = 503;
    await createClient(admin, { name: 'Outage Ltd' });
    const start = now;
    await drain();
    for (let i = 0; i < 40 && (await admin.get(`/api/webhook-endpoints/${endpoint}/`)).body.enabled; i++) {
      now = new Date(now.getTime() + 6 * 60 * 60 * 1000 + 1000);
      await drain();
    }
    const disabled = (await admin.get(`/api/webhook-endpoints/${endpoint}/`)).body;
    expect(disabled).toMatchObject({ enabled: false, disabled_reason: 'Disabled after three days of failed deliveries (last: HTTP 503).', disabled_by: 'failures', last_failure: 'HTTP 503' });
    expect(now.getTime() - start.getTime()).toBeGreaterThanOrEqual(3 * 24 * 3600 * 1000);
    const failed = (await admin.get(`/api/webhook-endpoints/${endpoint}/deliveries/`)).body.find((d: { event_type: string; payload: { data: { name?: string } } }) => d.payload.data.name === 'Outage Ltd');
    expect(failed.status).toBe('failed');
    // Nothing more is tried while it is disabled.
    await createClient(admin, { name: 'While Disabled Ltd' });
    const calls = receiver.calls;
    await drain();
    expect(receiver.calls).toBe(calls);
    receiver.status = 200;
    expect((await admin.put(`/api/webhook-endpoints/${endpoint}/`, { enabled: true })).body).toMatchObject({ enabled: true, disabled_reason: null, disabled_by: null, last_failure: null });
    await drain();
    expect(receiver.received.at(-1)!.data).toMatchObject({ name: 'While Disabled Ltd' });
    // Turned off by a user, it queues nothing.
    expect((await admin.put(`/api/webhook-endpoints/${endpoint}/`, { enabled: false })).body).toMatchObject({ enabled: false, disabled_by: 'user', last_failure: null });
    const quiet = await createClient(admin, { name: 'Quiet Ltd' });
    expect(await server.testDb.db('webhook_deliveries').where({ endpoint_id: endpoint }).andWhere('payload', 'like', `%${quiet.id}%`)).toEqual([]);
    await admin.put(`/api/webhook-endpoints/${endpoint}/`, { enabled: true });
  });

  it('records what it can when an endpoint is deleted while its deliveries are on their way', async () => {
    let endpointId = '';
    const deleting = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => void server.testDb.db('webhook_endpoints').where({ id: endpointId }).delete().then(() => res.writeHead(200).end()));
    });
    await new Promise<void>((resolve) => deleting.listen(0, '127.0.0.1', resolve));
    try {
      const created = await admin.post('/api/webhook-endpoints/', { url: `http://127.0.0.1:${(deleting.address() as AddressInfo).port}/`, events: ['client.created'] });
      endpointId = created.body.id;
      await createClient(admin, { name: 'Deleted Endpoint Ltd' });
      await expect(drain()).resolves.toBeGreaterThan(0);
      expect(await server.testDb.db('webhook_deliveries').where({ endpoint_id: endpointId })).toEqual([]);
    } finally {
      await new Promise((resolve) => deleting.close(resolve));
    }
  });

  it('refuses, outside development, a URL that leads to a loopback, private or metadata address', async () => {
    const { WebhookEndpointService } = await import('./endpoints.service');
    const production = new WebhookEndpointService(server.testDb.db, () => now, false);
    for (const url of ['http://127.0.0.1:9/x', 'http://10.0.0.8/x', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x', 'http://localhost/x', 'http://[::ffff:192.168.1.1]/x']) {
      await expect(production.create({ url, events: ['invoice.paid'] }, 'test'), url).rejects.toMatchObject({ fieldErrors: { url: [expect.stringMatching(/loopback, private, link-local or metadata/)] } });
    }
  });
});
