import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { adminOf, createClient } from '../../invoicing/test/fixtures';
import { GRAPHQL_FIELDS_WITH_AREA } from '../../../domain/auth/api-token';
import { getSchema } from '../../main/schema';

/** What another system does: plain HTTP with the token, no cookie, no CSRF token. */
const call = async (url: string, token: string | null, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(token !== null ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown> & { message?: string }) : null, headers: res.headers };
};
const gql = (url: string, token: string, query: string, variables?: Record<string, unknown>) => call(url, token, 'POST', '/graphql', { query, variables });

describe.each(testBackends())('API tokens on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let now = new Date('2026-06-01T09:00:00Z');
  const make = async (fields: Record<string, unknown>) => {
    const res = await admin.post('/api/tokens/', fields);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; token: string; name: string; prefix: string };
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => now, limits: { apiTokenRequests: 40 } });
    admin = await adminOf(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows a token once, keeps only its hash, and lists it without its secret', async () => {
    const created = await make({ name: 'CRM sync', scope: 'write', areas: ['billing'], expires_at: '2027-01-31' });
    expect(created).toMatchObject({ name: 'CRM sync', scope: 'write', areas: ['billing'], expires_at: '2027-01-31T23:59:59.999Z', last_used_at: null, revoked_at: null });
    expect(created.token).toMatch(/^grcb_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 9));
    const listed = (await admin.get('/api/tokens/')).body as Array<Record<string, unknown>>;
    const mine = listed.find((t) => t.id === created.id)!;
    expect(mine).not.toHaveProperty('token');
    expect(JSON.stringify(listed)).not.toContain(created.token);
    const stored = await server.testDb.db('api_tokens').where({ id: created.id }).first();
    expect(JSON.stringify(stored)).not.toContain(created.token.slice(9));
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses bad fields with a 400 naming each, and a second live token of one name', async () => {
    const choices = await admin.post('/api/tokens/', { name: 'x', scope: 'admin', areas: ['billing', 'payroll'] });
    expect([choices.status, choices.body.errors]).toEqual([
      400,
      { scope: ['"admin" is not a valid choice: use read, write.'], 'areas.1': ['"payroll" is not a valid choice: use billing, accounting, all.'] },
    ]);
    const bad = await admin.post('/api/tokens/', { name: ' ', scope: 'read', areas: [], expires_at: '2020-01-01' });
    expect([bad.status, bad.body.errors]).toEqual([
      400,
      { name: ['This field may not be blank.'], areas: ['Choose at least one area: billing, accounting, all.'], expires_at: ['The expiry must be in the future.'] },
    ]);
    expect((await admin.post('/api/tokens/', { name: 'x', scope: 'read', areas: ['all'], expires_at: 'tomorrow' })).body.errors).toEqual({
      expires_at: ['Enter a date (YYYY-MM-DD) or a date and time (ISO 8601).'],
    });
    // A day the calendar does not have is refused, not read as another.
    for (const expires_at of ['2027-02-30', '2027-02-30T10:00:00Z']) {
      expect((await admin.post('/api/tokens/', { name: 'x', scope: 'read', areas: ['all'], expires_at })).body.errors, expires_at).toEqual({
        expires_at: ['Enter a date (YYYY-MM-DD) or a date and time (ISO 8601).'],
      });
    }
    const gqlBad = await admin.graphql('mutation { createApiToken(input: { name: "x", scope: write, areas: [] }) { token } }');
    expect(gqlBad.body.errors[0].extensions.fieldErrors).toEqual({ areas: ['Choose at least one area: billing, accounting, all.'] });
    await make({ name: 'Warehouse', scope: 'read', areas: ['all'] });
    const twice = await admin.post('/api/tokens/', { name: 'warehouse', scope: 'read', areas: ['all'] });
    expect(twice.body.errors).toEqual({ name: ['A live API token already has this name.'] });
    // Two at once with one name: one is made, the other refused under `name`.
    const [a, b] = await Promise.all([admin.post('/api/tokens/', { name: 'Racing', scope: 'read', areas: ['all'] }), admin.post('/api/tokens/', { name: 'racing', scope: 'read', areas: ['all'] })]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect((a.status === 400 ? a : b).body.errors).toEqual({ name: ['A live API token already has this name.'] });
    // Only the superuser (signed in) makes tokens.
    expect((await server.client().post('/api/tokens/', { name: 'anon', scope: 'read', areas: ['all'] })).status).toBe(401);
  });

  it('works on REST and GraphQL with its scope and areas, with no cookie and no CSRF token, and names its writes in the history', async () => {
    const { token, id } = await make({ name: 'Provisioning', scope: 'write', areas: ['billing'] });
    const clients = await call(server.url, token, 'GET', '/api/clients/');
    expect(clients.status).toBe(200);
    expect(clients.headers.get('set-cookie')).toBeNull();
    const created = await call(server.url, token, 'POST', '/api/clients/', { name: 'Token Ltd', email: 'ops@token.test', address: '1 Road\n1000 Nicosia', country: 'CY' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Outside its areas: the ledger is accounting's.
    const report = await call(server.url, token, 'GET', '/api/reports/balance-sheet/?date=2026-05-31');
    expect(report).toMatchObject({ status: 403, body: { message: 'This API token has no access to accounting.' } });
    // GraphQL: a query and a mutation of its area; a field outside it refuses the whole operation.
    const q = await gql(server.url, token, 'query { clients(search: "Token") { items { id name } } }');
    expect(q.status).toBe(200);
    expect((q.body!.data as { clients: { items: Array<{ name: string }> } }).clients.items.map((c) => c.name)).toContain('Token Ltd');
    const mixed = await gql(server.url, token, 'query { clients { total } accounts { id } }');
    expect(mixed.status).toBe(403);
    expect((mixed.body!.errors as Array<{ message: string; extensions: { code: string } }>)[0]).toMatchObject({ message: 'This API token has no access to accounting.', extensions: { code: 'FORBIDDEN' } });
    const viaFragment = await gql(server.url, token, 'query { ...F } fragment F on Query { accounts { id } }');
    expect(viaFragment.status).toBe(403);
    const update = await gql(server.url, token, 'mutation($id: ID!, $i: ClientInput!) { updateClient(id: $id, input: $i) { name } }', {
      id: (created.body as { id: string }).id,
      i: { name: 'Token Holdings Ltd', email: 'ops@token.test', address: '1 Road\n1000 Nicosia', country: 'CY' },
    });
    expect(update.body!.errors ?? null).toBeNull();
    // The history names the token: an invoice's events and the client's audit rows.
    const invoice = await call(server.url, token, 'POST', '/api/invoices/', { client: (created.body as { id: string }).id, date: '2026-05-30', due_date: '2026-06-29', items: [{ description: 'Seats', unit_price: 10 }] });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const history = await admin.graphql('query($id: ID!) { invoiceEventHistory(id: $id) { actor actorName } }', { id: (invoice.body as { id: string }).id });
    expect(history.body.data.invoiceEventHistory[0]).toEqual({ actor: `token:${id}`, actorName: 'Provisioning' });
    const audit = await server.testDb.db('audit_log').where({ entity: 'client', entity_id: (created.body as { id: string }).id }).orderBy('id');
    expect(audit.map((a: { actor: string }) => a.actor)).toEqual([`token:${id}`, `token:${id}`]);
    // Its last use is recorded.
    expect((await admin.get(`/api/tokens/${id}/`)).body.last_used_at).toBe(now.toISOString());
  });

  it("names a token's writes by the token in the audit histories too", async () => {
    const { token } = await make({ name: 'Purchasing sync', scope: 'write', areas: ['accounting'] });
    const supplier = await call(server.url, token, 'POST', '/api/suppliers/', { name: 'Token Supplies Ltd', country: 'CY', vat_number: 'CY10259033P' });
    expect(supplier.status, JSON.stringify(supplier.body)).toBe(201);
    const history = await admin.get(`/api/suppliers/${(supplier.body as { id: string }).id}/history/`);
    expect(history.body.map((h: { actor: string }) => h.actor)).toEqual(['Purchasing sync']);
  });

  it('gives a read-only token reads only: a 403 on every write, REST and GraphQL', async () => {
    const { token } = await make({ name: 'Reporting', scope: 'read', areas: ['all'] });
    expect((await call(server.url, token, 'GET', '/api/invoices/')).status).toBe(200);
    expect((await call(server.url, token, 'GET', '/api/reports/balance-sheet/?date=2026-05-31')).status).toBe(200);
    const write = await call(server.url, token, 'POST', '/api/clients/', { name: 'Nope', email: 'n@n.test' });
    expect(write).toMatchObject({ status: 403, body: { message: 'This API token is read-only.' } });
    const mutation = await gql(server.url, token, 'mutation { generateRecurringInvoices { created } }');
    expect(mutation.status).toBe(403);
    expect((mutation.body!.errors as Array<{ message: string }>)[0]!.message).toBe('This API token is read-only.');
    expect((await gql(server.url, token, 'query { companySettings { name } }')).status).toBe(200);
  });

  it('is refused on signing in, passwords, two-factor, the portal and tokens themselves', async () => {
    const { token } = await make({ name: 'Everything', scope: 'write', areas: ['all'] });
    for (const [method, path] of [
      ['POST', '/api/login/'],
      ['POST', '/api/logout/'],
      ['POST', '/api/change-password/'],
      ['GET', '/api/check-auth/'],
      ['GET', '/api/two-factor/'],
      ['POST', '/api/two-factor/disable/'],
      ['GET', '/api/portal/my-account/'],
      ['GET', '/api/tokens/'],
      ['POST', '/api/tokens/'],
    ] as const) {
      const res = await call(server.url, token, method, path, method === 'POST' ? {} : undefined);
      expect([path, res.status, res.body?.message]).toEqual([path, 403, 'API tokens are not accepted here: sign in instead.']);
    }
    for (const op of ['query { me { id } }', 'mutation { logout }', 'query { apiTokens { id } }', 'mutation { revokeApiToken(id: "00000000-0000-4000-8000-000000000000") { id } }']) {
      const res = await gql(server.url, token, op);
      expect([op, res.status]).toEqual([op, 403]);
    }
  });

  it('answers a revoked, expired, unknown or malformed token with the same 401', async () => {
    const revoked = await make({ name: 'Old CRM', scope: 'read', areas: ['billing'] });
    const expiring = await make({ name: 'Trial', scope: 'read', areas: ['billing'], expires_at: '2026-06-01T10:00:00Z' });
    expect((await call(server.url, revoked.token, 'GET', '/api/invoices/')).status).toBe(200);
    expect((await admin.delete(`/api/tokens/${revoked.id}/`)).status).toBe(204);
    expect((await admin.get(`/api/tokens/${revoked.id}/`)).body.revoked_at).toBe(now.toISOString());
    now = new Date('2026-06-01T10:00:01Z');
    const answers = await Promise.all(
      [revoked.token, expiring.token, `grcb_${'A'.repeat(43)}`, 'not-a-token', ''].map((t) => call(server.url, t, 'GET', '/api/invoices/')),
    );
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(a.body).toEqual({ message: 'Invalid token.' });
      expect(a.headers.get('www-authenticate')).toMatch(/^Bearer /);
    }
    // A name is free again once its token is revoked.
    await make({ name: 'Old CRM', scope: 'read', areas: ['billing'] });
  });

  it('has its own request budget per token', async () => {
    const busy = await make({ name: 'Busy', scope: 'read', areas: ['billing'] });
    const calm = await make({ name: 'Calm', scope: 'read', areas: ['billing'] });
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) statuses.push((await call(server.url, busy.token, 'GET', '/api/products/')).status);
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    const limited = await call(server.url, busy.token, 'GET', '/api/products/');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(server.url, calm.token, 'GET', '/api/products/')).status).toBe(200);
    // The browser's session is not limited by tokens' budgets.
    expect((await admin.get('/api/products/')).status).toBe(200);
  });

  it('gives every GraphQL root field an area or closes it to tokens on purpose', async () => {
    const schema = await getSchema();
    const roots = [...Object.keys(schema.getQueryType()!.getFields()), ...Object.keys(schema.getMutationType()!.getFields())];
    const closed = ['me', 'myAccount', 'twoFactorStatus', 'login', 'logout', 'changePassword', 'beginTwoFactorSetup', 'enableTwoFactor', 'disableTwoFactor', 'renewRecoveryCodes', 'apiTokens', 'createApiToken', 'revokeApiToken'];
    expect(roots.filter((f) => !GRAPHQL_FIELDS_WITH_AREA.includes(f) && !closed.includes(f)), 'root fields without an area').toEqual([]);
    expect(GRAPHQL_FIELDS_WITH_AREA.filter((f) => !f.startsWith('__') && !roots.includes(f)), 'areas of fields that do not exist').toEqual([]);
  });

  it('keeps a client of the browser working beside tokens', async () => {
    const c = await createClient(admin, { name: 'Browser Ltd' });
    expect(c.id).toBeTruthy();
  });
});
