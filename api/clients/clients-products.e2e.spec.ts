import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice, createProduct, createSubscription, userClient } from '../invoicing/test/fixtures';

describe.each(testBackends())('clients and products over HTTP on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
  });
  afterAll(() => server?.close());

  it('creates, reads, updates and lists clients with the spec fields', async () => {
    const created = await createClient(admin, { name: 'Zeta Corp', email: 'z@zeta.test' });
    const list = await admin.get('/api/clients/');
    expect(list.status).toBe(200);
    const row = list.body.find((c: { id: string }) => c.id === created.id);
    expect(row).toMatchObject({ name: 'Zeta Corp', email: 'z@zeta.test', phone: '+357 1', address: '1 Road, Nicosia', vat_number: 'CY10259033P', user: null });
    expect(row.created_at).toBe('2026-03-15T10:00:00.000Z');
    const detail = await admin.get(`/api/clients/${created.id}/`);
    expect(detail.body).toMatchObject({ id: created.id, subscriptions: [], invoices: [] });
    const put = await admin.put(`/api/clients/${created.id}/`, { name: 'Zeta Corporation', email: 'z@zeta.test', version: created.version });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'Zeta Corporation', phone: '', version: created.version + 1 });
    const stale = await admin.put(`/api/clients/${created.id}/`, { name: 'Again', email: 'z@zeta.test', version: created.version });
    expect(stale.status).toBe(409);
    const audit = await server.testDb.db('audit_log').where({ entity: 'client', entity_id: created.id }).orderBy('id');
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1].before.name).toBe('Zeta Corp');
    expect(audit[1].after.name).toBe('Zeta Corporation');
    expect(audit[1].actor).toBeTruthy();
  });

  it('validates clients: name and email required, email format', async () => {
    const res = await admin.post('/api/clients/', { name: ' ', email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.errors.name).toBeDefined();
    expect(res.body.errors.email).toEqual(['Enter a valid email address.']);
    const missing = await admin.post('/api/clients/', {});
    expect(missing.body.errors).toMatchObject({ name: ['This field is required.'], email: ['This field is required.'] });
  });

  it("checks a client's VAT number against its country (format and check digits), not a number kept from before until it changes", async () => {
    const typo = await admin.post('/api/clients/', { name: 'Typo GmbH', email: 't@typo.test', country: 'DE', vat_number: 'DE 812 871 813' });
    expect(typo.status).toBe(400);
    expect(typo.body.errors.vat_number).toEqual(["This VAT number's check digits are wrong (a typing error?): a VAT number of DE is DE followed by 9 digits (e.g. DE812871812)."]);
    const short = await admin.post('/api/clients/', { name: 'Short Ltd', email: 's@short.test', country: 'CY', vat_number: 'CY123' });
    expect(short.body.errors.vat_number).toEqual(['This is not a VAT number of CY: a VAT number of CY is CY followed by 8 digits and a letter (e.g. CY10259033P).']);
    // Outside the EU a tax id is kept as written; in it, written without its prefix or with spaces it passes.
    expect((await admin.post('/api/clients/', { name: 'Swiss AG', email: 'ch@swiss.test', country: 'CH', vat_number: 'CHE-123.456.789 MWST' })).status).toBe(201);
    const german = await createClient(admin, { name: 'Echt GmbH', email: 'e@echt.test', country: 'DE', vat_number: '812 871 812' });
    // Moving the client to another country checks its number again.
    const moved = await admin.put(`/api/clients/${german.id}/`, { name: 'Echt GmbH', email: 'e@echt.test', country: 'AT', vat_number: '812 871 812', version: german.version });
    expect(moved.body.errors.vat_number[0]).toMatch(/^This is not a VAT number of AT/);
    // A number stored before the checks existed stays while it is not changed.
    await server.testDb.db('clients').where({ id: german.id }).update({ vat_number: 'DE000' });
    const kept = await admin.put(`/api/clients/${german.id}/`, { name: 'Echt GmbH KG', email: 'e@echt.test', vat_number: 'DE000', version: german.version });
    expect(kept.status, kept.text).toBe(200);
    const graph = await admin.graphql('mutation($i: ClientInput!) { createClient(input: $i) { id } }', { i: { name: 'Graph GmbH', email: 'g@graph.test', country: 'DE', vatNumber: 'DE123' } });
    expect(JSON.stringify(graph.body.errors[0])).toContain('This is not a VAT number of DE');
  });

  it('creates a client user once, returning the password, and refuses a second', async () => {
    const client = await createClient(admin, { name: 'Portal Co', email: 'portal@co.test' });
    const res = await admin.post(`/api/clients/${client.id}/create_user/`);
    expect(res.status).toBe(201);
    expect(res.body.password).toEqual(expect.any(String));
    expect(res.body.password.length).toBeGreaterThanOrEqual(12);
    const again = await admin.post(`/api/clients/${client.id}/create_user/`);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('A user already exists for this client.');
    const portal = server.client();
    const login = await portal.login(res.body.username, res.body.password);
    expect(login.body.is_superuser).toBe(false);
    expect((await admin.get(`/api/clients/${client.id}/`)).body.user).toEqual({ id: expect.any(String), username: 'portal@co.test' });
    // The welcome mail carries the password once; after delivery the outbox keeps no clear copy.
    await server.runtime.mail.drain();
    const outbox = path.join(server.dataDir, 'outbox');
    const delivered = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8')).filter((m) => m.includes('portal@co.test'));
    expect(delivered.some((m) => m.includes(res.body.password))).toBe(true);
    const kept = await server.testDb.db('mail_outbox').where({ to: 'portal@co.test' }).first();
    expect(kept.sent_at).not.toBeNull();
    expect(kept.text).not.toContain(res.body.password);
    expect((await admin.post('/api/clients/00000000-0000-4000-8000-000000000000/create_user/')).status).toBe(404);
  });

  it('refuses to delete a client with subscriptions or invoices, deletes others', async () => {
    const busy = await createClient(admin, { name: 'Busy' });
    await createInvoice(admin, { client: busy.id, date: '2026-03-01', due_date: '2026-03-10' });
    const refused = await admin.delete(`/api/clients/${busy.id}/`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/cannot be deleted/);
    const idle = await createClient(admin, { name: 'Idle' });
    expect((await admin.delete(`/api/clients/${idle.id}/`)).status).toBe(204);
    expect((await admin.get(`/api/clients/${idle.id}/`)).status).toBe(404);
    expect((await admin.delete(`/api/clients/${idle.id}/`)).status).toBe(404);
    expect((await admin.get('/api/clients/xyz/')).status).toBe(404);
  });

  it('manages products with price in euros, billing cycle default and VAT', async () => {
    const bare = await admin.post('/api/products/', { name: 'Setup fee', price: '250.50' });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ name: 'Setup fee', price: 250.5, billing_cycle: 'one_time', vat_rate: 0 });
    const bad = await admin.post('/api/products/', { name: '', price: 1.234, billing_cycle: 'weekly' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['billing_cycle', 'name', 'price']);
    const put = await admin.put(`/api/products/${bare.body.id}/`, { name: 'Setup', price: 300, billing_cycle: 'annually', vat_rate: 19 });
    expect(put.body).toMatchObject({ price: 300, billing_cycle: 'annually', vat_rate: 19, version: 2 });
    expect((await admin.get('/api/products/')).body.map((p: { id: string }) => p.id)).toContain(bare.body.id);
    expect((await admin.put(`/api/products/${bare.body.id}/`, { name: 'x', price: 1, version: 1 })).status).toBe(409);
    expect((await admin.put(`/api/products/${bare.body.id}/`, { name: 'x', price: 1, updated_at: '2020-01-01T00:00:00.000Z' })).status).toBe(409);
    const fresh = await admin.put(`/api/products/${bare.body.id}/`, { name: 'Setup', price: 300, billing_cycle: 'annually', vat_rate: 19, updated_at: put.body.updated_at });
    expect(fresh.status).toBe(200);
  });

  it('refuses to delete a product in use', async () => {
    const client = await createClient(admin, { name: 'Subscriber' });
    const product = await createProduct(admin);
    await createSubscription(admin, { client: client.id, product: product.id, start_date: '2026-04-01' });
    const res = await admin.delete(`/api/products/${product.id}/`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This product is used by subscriptions and cannot be deleted.');
    const free = await createProduct(admin, { name: 'Unused' });
    expect((await admin.delete(`/api/products/${free.id}/`)).status).toBe(204);
  });

  it('answers 401 anonymously and 403 to client users on every client and product path', async () => {
    const anon = server.client();
    const user = await userClient(server, 'nosy-user');
    for (const [method, path] of [
      ['get', '/api/clients/'],
      ['post', '/api/clients/'],
      ['get', '/api/products/'],
      ['post', '/api/products/'],
      ['delete', '/api/products/00000000-0000-4000-8000-000000000000/'],
      ['post', '/api/clients/00000000-0000-4000-8000-000000000000/create_user/'],
    ] as const) {
      expect((await anon[method](path)).status, `${method} ${path}`).toBe(401);
      expect((await user[method](path)).status, `${method} ${path}`).toBe(403);
    }
  });
});
