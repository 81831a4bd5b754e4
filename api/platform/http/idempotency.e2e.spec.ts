import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../../domain/shared/dates';
import { testBackends } from '../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { adminOf, createClient } from '../../invoicing/test/fixtures';
import { deleteExpiredIdempotencyKeys, KEY_IN_FLIGHT, KEY_NEEDS_JSON, KEY_INTERRUPTED, KEY_REUSED, requestFingerprint } from './idempotency';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testBackends())('Idempotency-Key on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let now = new Date();

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => now });
    admin = await adminOf(server);
  });
  afterAll(() => server?.close());

  const keyed = (path: string, body: object, key: string) => admin.post(path, body).set('Idempotency-Key', key);
  const clientsNamed = async (name: string) => (await server.testDb.db('clients').where({ name })).length;

  it('answers the same key and request with the first answer, whatever the order of its fields', async () => {
    const first = await keyed('/api/clients/', { name: 'Once Ltd', email: 'once@ltd.test' }, 'client-1');
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await keyed('/api/clients/', { email: 'once@ltd.test', name: 'Once Ltd' }, 'client-1');
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.body).toEqual(first.body);
    expect(await clientsNamed('Once Ltd')).toBe(1);
    // Without a key, the same request is another request.
    expect((await admin.post('/api/clients/', { name: 'Once Ltd', email: 'once@ltd.test' })).status).toBe(201);
    expect(await clientsNamed('Once Ltd')).toBe(2);
  });

  it('refuses the same key with another request (409) and writes nothing', async () => {
    expect((await keyed('/api/clients/', { name: 'First Use Ltd', email: 'first@use.test' }, 'client-2')).status).toBe(201);
    const other = await keyed('/api/clients/', { name: 'Second Use Ltd', email: 'first@use.test' }, 'client-2');
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ message: KEY_REUSED });
    const otherPath = await keyed('/api/products/', { name: 'First Use Ltd', email: 'first@use.test' }, 'client-2');
    expect(otherPath.status).toBe(409);
    expect(await clientsNamed('Second Use Ltd')).toBe(0);
    expect(await server.testDb.db('products').where({ name: 'First Use Ltd' })).toHaveLength(0);
  });

  it('frees the key of a refused request, so the corrected request may use it', async () => {
    const refused = await keyed('/api/clients/', { email: 'no-name@ltd.test' }, 'client-3');
    expect(refused.status).toBe(400);
    const corrected = await keyed('/api/clients/', { name: 'Corrected Ltd', email: 'no-name@ltd.test' }, 'client-3');
    expect(corrected.status).toBe(201);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a key that is empty or too long, or comes with a body the fingerprint cannot read', async () => {
    for (const key of [' ', 'k'.repeat(256)]) {
      const res = await keyed('/api/clients/', { name: 'Bad Key Ltd', email: 'bad@key.test' }, key);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Idempotency-Key/);
    }
    const form = await admin.agent
      .post('/api/clients/')
      .set('X-CSRFToken', admin.csrfToken()!)
      .set('Idempotency-Key', 'form-1')
      .type('form')
      .send('name=Bad+Key+Ltd&email=bad%40key.test');
    expect(form.status).toBe(400);
    expect(form.body.message).toBe(KEY_NEEDS_JSON);
    expect(await clientsNamed('Bad Key Ltd')).toBe(0);
  });

  it('answers 409 with Retry-After while the first request with the key runs, then its answer', async () => {
    const client = await createClient(admin, { name: 'Slow Ltd' });
    const body = { client: client.id, date: dayOf(now), due_date: dayOf(now), paid: false, items: [{ description: 'Slow', quantity: 1, unit_price: 10, vat_rate: 19 }] };
    // Read models stopped: the first request waits for them (5 s) before it answers.
    await server.runtime.deps.projections.stop();
    try {
      const first = keyed('/api/invoices/', body, 'slow-1').then((r) => r);
      await sleep(500);
      const during = await keyed('/api/invoices/', body, 'slow-1');
      expect(during.status).toBe(409);
      expect(during.body).toEqual({ message: KEY_IN_FLIGHT });
      expect(Number(during.headers['retry-after'])).toBeGreaterThan(0);
      const answered = await first;
      expect(answered.status).toBe(201);
      expect(answered.body.pending).toBe(true);
      const after = await keyed('/api/invoices/', body, 'slow-1');
      expect(after.body).toEqual(answered.body);
    } finally {
      server.runtime.deps.projections.start();
    }
    expect(await server.testDb.db('streams').where('stream_id', 'like', 'invoice-%')).toHaveLength(1);
  });

  it('refuses a key whose first request was interrupted before it answered', async () => {
    const admin_ = await server.testDb.db('users').where({ username: ADMIN.username }).first('id');
    const body = { name: 'Interrupted Ltd', email: 'interrupted@ltd.test' };
    // What a process killed mid-request leaves: the claim, its lease run out, no answer.
    await server.testDb.db('idempotency_keys').insert({
      user_id: admin_.id,
      key: 'interrupted-1',
      fingerprint: requestFingerprint({ method: 'POST', originalUrl: '/api/clients/', body }),
      created_at: new Date(now.getTime() - 600_000),
      locked_until: new Date(now.getTime() - 300_000),
      expires_at: new Date(now.getTime() + 3_600_000),
    });
    const res = await keyed('/api/clients/', body, 'interrupted-1');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: KEY_INTERRUPTED });
    expect(await clientsNamed('Interrupted Ltd')).toBe(0);
  });

  it('covers GraphQL requests: replayed, refused with other variables, freed after errors', async () => {
    const mutation = 'mutation($i: ClientInput!) { createClient(input: $i) { id name } }';
    const send = (name: string, key: string) => admin.graphql(mutation, { i: { name, email: 'graphql@ltd.test' } }).set('Idempotency-Key', key);
    const first = await send('GraphQL Once Ltd', 'gql-1');
    expect(first.body.data?.createClient.name, JSON.stringify(first.body)).toBe('GraphQL Once Ltd');
    const again = await send('GraphQL Once Ltd', 'gql-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await clientsNamed('GraphQL Once Ltd')).toBe(1);
    const other = await send('GraphQL Other Ltd', 'gql-1');
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ errors: [{ message: KEY_REUSED, extensions: { code: 'CONFLICT' } }] });
    const refused = await send('', 'gql-2');
    expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect((await send('GraphQL Later Ltd', 'gql-2')).body.data.createClient.name).toBe('GraphQL Later Ltd');
  });

  it('never keeps an answer that holds a password shown once', async () => {
    const client = await createClient(admin, { name: 'Login Ltd', email: 'login@ltd.test' });
    const created = await keyed(`/api/clients/${client.id}/create_user/`, {}, 'user-1');
    expect(created.status).toBe(201);
    expect(created.body.password).toEqual(expect.any(String));
    const reset = await keyed(`/api/clients/${client.id}/reset_password/`, {}, 'reset-1');
    const resetAgain = await keyed(`/api/clients/${client.id}/reset_password/`, {}, 'reset-1');
    expect(resetAgain.headers['idempotent-replayed']).toBeUndefined();
    expect(resetAgain.body.password).not.toBe(reset.body.password);
    expect(await server.testDb.db('idempotency_keys').whereIn('key', ['user-1', 'reset-1'])).toHaveLength(0);
    expect(JSON.stringify(await server.testDb.db('idempotency_keys').select('body'))).not.toContain(reset.body.password);
    // Nor an API token's or a webhook endpoint's secret.
    const token = await keyed('/api/tokens/', { name: 'Keyed token', scope: 'read', areas: ['billing'] }, 'token-1');
    const endpoint = await keyed('/api/webhook-endpoints/', { url: 'https://hooks.example.com/keyed', events: ['invoice.paid'] }, 'hook-1');
    expect([token.status, endpoint.status]).toEqual([201, 201]);
    expect(await server.testDb.db('idempotency_keys').whereIn('key', ['token-1', 'hook-1'])).toHaveLength(0);
    const kept = JSON.stringify(await server.testDb.db('idempotency_keys').select('body'));
    expect([kept.includes(token.body.token), kept.includes(endpoint.body.secret)]).toEqual([false, false]);
  });

  it('binds a refund key to its request (issue 36): another amount under the same key is a 409, over REST and GraphQL', async () => {
    const client = await createClient(admin, { name: 'Refunded Ltd', email: 'refunded@ltd.test' });
    const today = dayOf(now);
    const invoice = (await admin.post('/api/invoices/', { client: client.id, date: today, due_date: today, paid: false, items: [{ description: 'Plan', quantity: 1, unit_price: 100, vat_rate: 19 }] })).body;
    expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
    expect((await admin.post(`/api/invoices/${invoice.id}/payments/`, { amount: 119, date: today, method: 'bank_transfer' })).status).toBe(201);
    const paymentId = (await admin.get(`/api/invoices/${invoice.id}/payments/`)).body[0].id as string;
    const refunds = async () => (await server.runtime.deps.eventStore.readStream(`invoice-${invoice.id}`)).filter((e) => e.type === 'PaymentRefunded').length;

    const rest = (amount: number) => keyed(`/api/payments/${paymentId}/refund/`, { amount, reason: 'Goodwill', date: today }, 'refund-key-1');
    const first = await rest(10);
    expect(first.status).toBe(201);
    expect((await rest(10)).body).toEqual(first.body);
    const other = await rest(20);
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(KEY_REUSED);
    expect(await refunds()).toBe(1);

    const mutation = 'mutation($p: ID!, $i: RefundPaymentInput!) { refundPayment(paymentId: $p, input: $i) { id paidAmount } }';
    const graphql = (amount: number) => admin.graphql(mutation, { p: paymentId, i: { amount, reason: 'Dialog', date: today, idempotencyKey: 'refund-dialog-1' } });
    const dialog = await graphql(5);
    expect(dialog.body.data.refundPayment.paidAmount).toBe(104);
    expect((await graphql(5)).body.data.refundPayment.paidAmount).toBe(104);
    const changed = await graphql(6);
    expect(changed.body.errors[0]).toMatchObject({ message: KEY_REUSED, extensions: { code: 'CONFLICT' } });
    expect(await refunds()).toBe(2);
  });

  it('ignores the key on anonymous requests', async () => {
    const anonymous = server.client();
    for (let i = 0; i < 2; i++) {
      const res = await anonymous.post('/api/contact/', { name: 'Visitor', email: 'visitor@example.com', subject: 'Twice', message: 'Hello twice' }).set('Idempotency-Key', 'anon-1');
      expect(res.status).toBeLessThan(300);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await server.testDb.db('contact_messages').where({ message: 'Hello twice' })).toHaveLength(2);
  });

  it('forgets a key after 24 hours: it may then be used again, and the cleanup deletes it', async () => {
    expect((await keyed('/api/clients/', { name: 'Day One Ltd', email: 'day@one.test' }, 'daily-1')).status).toBe(201);
    now = new Date(now.getTime() + 24 * 3_600_000 + 1000);
    const reused = await keyed('/api/clients/', { name: 'Day Two Ltd', email: 'day@two.test' }, 'daily-1');
    expect(reused.status).toBe(201);
    expect(reused.headers['idempotent-replayed']).toBeUndefined();
    expect(await clientsNamed('Day Two Ltd')).toBe(1);
    const live = await server.testDb.db('idempotency_keys').count({ n: '*' }).first();
    now = new Date(now.getTime() + 24 * 3_600_000 + 1000);
    expect(await deleteExpiredIdempotencyKeys(server.testDb.db, now)).toBe(Number(live!.n));
    expect(await server.testDb.db('idempotency_keys')).toHaveLength(0);
  });
});
