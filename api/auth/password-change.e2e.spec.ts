import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin, createInvoice } from '../../test/billing-fixtures';
import { testBackends } from '../../test/db';
import { REST_TABLE, graphqlRuleOf } from '../../test/security/access-table';
import { enumerateOperations, enumerateRoutes, operationDocument, routeKey } from '../../test/security/surface';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { getSchema } from '../main/schema';
import { UserService } from './user.service';

const REQUIRED = 'PASSWORD_CHANGE_REQUIRED';
const LIMITS = { loginPerIp: 10_000, loginPerUsername: 10_000, publicFormsPerIp: 10_000, publicReadsPerIp: 10_000 };
/** What a signed-in user may reach before choosing a password; every other guarded route and operation refuses. */
const OPEN_REST = ['POST /api/change-password/', 'GET /api/check-auth/', 'POST /api/logout/', 'POST /api/login/'];
const OPEN_GRAPHQL = ['changePassword', 'me', 'logout', 'login'];
const GUARDED = ['superuser', 'owner', 'client', 'authenticated'];
/** Each enumerating test makes some 150 requests: about 7 s alone, several times that on a busy machine. */
const ENUMERATION_TIMEOUT = 240_000;

/** A clock the test moves: each TOTP time step is accepted once. */
const testClock = () => {
  let now = Date.parse('2026-11-27T10:00:00Z');
  return { clock: () => new Date(now), advance: (seconds = 30) => (now += seconds * 1000), epoch: () => Math.floor(now / 1000) };
};

/** Starts a server on an empty database without ADMIN_USERNAME/ADMIN_PASSWORD, and the password it printed. */
const startFirstRun = async (backend: ReturnType<typeof testBackends>[number], clock: () => Date, env: Record<string, string> = {}) => {
  const printed: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  let server: TestServer;
  try {
    server = await startTestServer(backend, { env: { ADMIN_USERNAME: '', ADMIN_PASSWORD: '', ...env }, limits: LIMITS, clock });
  } finally {
    process.stdout.write = write;
  }
  const password = /Created superuser "admin" with the temporary password: (\S+)/.exec(printed.join(''))?.[1];
  if (!password) throw new Error(`no password printed: ${printed.join('')}`);
  return { server, password };
};

describe.each(testBackends())('a generated password is temporary on $name', (backend) => {
  const time = testClock();
  let server: TestServer;
  let printed: string;
  let ops: TestClient;

  beforeAll(async () => {
    ({ server, password: printed } = await startFirstRun(backend, time.clock));
    // A second superuser with a password of its own, to manage client logins.
    await new UserService(server.testDb.db).create({ username: 'ops', password: 'ops-password-1', isSuperuser: true });
    ops = server.client();
    await ops.login('ops', 'ops-password-1');
  });
  afterAll(() => server?.close());

  const refusedEverywhere = async (c: TestClient) => {
    const failures: string[] = [];
    const routes = enumerateRoutes(server.runtime.app).filter((r) => GUARDED.includes(REST_TABLE[routeKey(r)]?.rule ?? '') && !OPEN_REST.includes(routeKey(r)));
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      const path = route.path.replace(':id', randomUUID());
      const res = await c[route.method === 'patch' ? 'put' : route.method](path, route.method === 'get' ? undefined : {});
      if (res.status !== 403 || res.body?.reason !== REQUIRED) failures.push(`${routeKey(route)}: ${res.status} ${res.text.slice(0, 100)}`);
    }
    const ops = enumerateOperations(await getSchema()).filter((o) => GUARDED.includes(graphqlRuleOf(o.name) ?? '') && !OPEN_GRAPHQL.includes(o.name));
    expect(ops.length).toBeGreaterThan(60);
    for (const op of ops) {
      const { query, variables } = operationDocument(op, randomUUID());
      const error = (await c.graphql(query, variables)).body?.errors?.[0];
      if (error?.extensions?.code !== 'FORBIDDEN' || error?.extensions?.reason !== REQUIRED) failures.push(`${op.name}: ${JSON.stringify(error).slice(0, 120)}`);
    }
    return failures;
  };

  it('makes the password printed at first start open nothing but its own change, over REST and GraphQL', async () => {
    const admin = server.client();
    const login = await admin.login('admin', printed);
    expect(login.body).toMatchObject({ success: true, is_superuser: true, user: { username: 'admin', password_change_required: true } });
    expect((await admin.get('/api/check-auth/')).body.user).toMatchObject({ password_change_required: true });
    expect((await admin.graphql('{ me { username passwordChangeRequired } }')).body.data.me).toEqual({ username: 'admin', passwordChangeRequired: true });
    const refused = await admin.get('/api/invoices/');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Choose a new password before continuing: you signed in with a temporary one.', reason: REQUIRED });

    expect(await refusedEverywhere(admin)).toEqual([]);
    // What anyone may see still answers (the site's own data, the pay link's checks).
    expect((await admin.get('/api/company-info/')).status).toBe(200);

    // The old password is checked; a refusal leaves the flag as it was.
    const wrong = await admin.post('/api/change-password/', { old_password: 'not-it', new_password: 'admin-chosen-1' });
    expect(wrong.status).toBe(400);
    expect((await admin.get('/api/check-auth/')).body.user.password_change_required).toBe(true);
    const same = await admin.post('/api/change-password/', { old_password: printed, new_password: printed });
    expect(same.status).toBe(400);

    const changed = await admin.post('/api/change-password/', { old_password: printed, new_password: 'admin-chosen-1' });
    expect(changed.status).toBe(200);
    expect((await admin.get('/api/check-auth/')).body.user.password_change_required).toBe(false);
    expect((await admin.get('/api/invoices/')).status).toBe(200);
    expect((await admin.graphql('{ me { passwordChangeRequired } }')).body.data.me.passwordChangeRequired).toBe(false);
    // The printed password is gone; the chosen one signs in without the detour.
    expect((await server.client().post('/api/login/', { username: 'admin', password: printed })).status).toBe(401);
    expect((await server.client().login('admin', 'admin-chosen-1')).body.user.password_change_required).toBe(false);
  }, ENUMERATION_TIMEOUT);

  it('asks for nothing when the operator chose the password (ADMIN_PASSWORD, create-superuser)', async () => {
    await new UserService(server.testDb.db).create({ username: 'second', password: 'generated-second-1', isSuperuser: true, passwordChangeRequired: true });
    await new UserService(server.testDb.db).ensureSuperuser('second', 'operator-chosen-1');
    const c = server.client();
    expect((await c.login('second', 'operator-chosen-1')).body.user.password_change_required).toBe(false);
    expect((await c.get('/api/invoices/')).status).toBe(200);
  });

  it('makes the password an admin generates for a client login temporary, and a reset one too (GraphQL)', async () => {
    const client = (await ops.post('/api/clients/', { name: 'Temporary Ltd', email: 'temporary@ltd.test' })).body as { id: string };
    const invoice = await createInvoice(server.runtime.deps, client.id, 120);
    await server.runtime.services.billing.invoices.send(invoice.id, 'test');
    const created = (await ops.graphql('mutation($id: ID!) { createClientUser(id: $id) { username password } }', { id: client.id })).body.data.createClientUser;

    const portal = server.client();
    expect((await portal.login(created.username, created.password)).body.user.password_change_required).toBe(true);
    const account = await portal.graphql('{ myAccount { name } }');
    expect(account.body.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', reason: REQUIRED });
    expect((await portal.get('/api/portal/my-account/')).body.reason).toBe(REQUIRED);
    // Its own documents too: nothing but the password change answers.
    const pdf = await portal.get(`/api/invoices/${invoice.id}/pdf/`);
    expect([pdf.status, pdf.body.reason]).toEqual([403, REQUIRED]);
    expect(await refusedEverywhere(portal)).toEqual([]);

    const change = 'mutation($i: ChangePasswordInput!) { changePassword(input: $i) }';
    const changed = await portal.graphql(change, { i: { oldPassword: created.password, newPassword: 'client-chosen-1' } });
    expect(changed.body).toEqual({ data: { changePassword: true } });
    expect((await portal.graphql('{ myAccount { name } }')).body.data.myAccount.name).toBe('Temporary Ltd');
    expect((await portal.get(`/api/invoices/${invoice.id}/pdf/`)).status).toBe(200);

    // A reset hands out a generated password again: temporary again.
    const reset = (await ops.graphql('mutation($id: ID!) { resetClientUserPassword(id: $id) { password } }', { id: client.id })).body.data.resetClientUserPassword;
    const again = server.client();
    expect((await again.login(created.username, reset.password)).body.user.password_change_required).toBe(true);
    expect((await again.get('/api/portal/my-account/')).status).toBe(403);
    expect((await again.post('/api/change-password/', { old_password: reset.password, new_password: 'client-chosen-2' })).status).toBe(200);
    expect((await again.get('/api/portal/my-account/')).status).toBe(200);
  }, ENUMERATION_TIMEOUT);

  it('keeps two-factor sign-in: a reset password still needs the code, then its change', async () => {
    const client = await createClientWithLogin(server.runtime.deps, 'Two Factor Temporary Ltd');
    const c = server.client();
    await c.login(client.username, client.password);
    const setup = await c.post('/api/two-factor/setup/', { password: client.password });
    expect(setup.status).toBe(200);
    expect((await c.post('/api/two-factor/enable/', { otp: await generate({ secret: setup.body.secret, epoch: time.epoch() }) })).status).toBe(200);
    time.advance();

    const reset = (await ops.post(`/api/clients/${client.id}/reset_password/`)).body as { password: string };
    const next = server.client();
    const first = await next.post('/api/login/', { username: client.username, password: reset.password });
    expect(first.body).toEqual({ success: false, otp_required: true });
    const second = await next.post('/api/login/', { username: client.username, password: reset.password, otp: await generate({ secret: setup.body.secret, epoch: time.epoch() }) });
    expect(second.body).toMatchObject({ success: true, user: { two_factor_enabled: true, password_change_required: true } });
    time.advance();
    expect((await next.get('/api/two-factor/')).body.reason).toBe(REQUIRED);
    expect((await next.post('/api/change-password/', { old_password: reset.password, new_password: 'two-factor-chosen-1' })).status).toBe(200);
    expect((await next.get('/api/two-factor/')).body).toMatchObject({ enabled: true });
    expect((await next.get('/api/portal/my-account/')).status).toBe(200);
    // The chosen password still needs the second factor.
    expect((await server.client().post('/api/login/', { username: client.username, password: 'two-factor-chosen-1' })).body).toEqual({ success: false, otp_required: true });
  });
});

describe.each(testBackends())('a temporary password under REQUIRE_ADMIN_2FA on $name', (backend) => {
  const time = testClock();
  let server: TestServer;
  let printed: string;

  beforeAll(async () => {
    ({ server, password: printed } = await startFirstRun(backend, time.clock, { REQUIRE_ADMIN_2FA: 'true' }));
  });
  afterAll(() => server?.close());

  it('asks for the new password first, then for enrolment, then opens the admin area', async () => {
    const c = server.client();
    expect((await c.login('admin', printed)).body.user).toMatchObject({ password_change_required: true, two_factor_setup_required: true });
    for (const path of ['/api/invoices/', '/api/two-factor/']) expect((await c.get(path)).body.reason, path).toBe(REQUIRED);
    expect((await c.post('/api/change-password/', { old_password: printed, new_password: 'admin-chosen-1' })).status).toBe(200);
    expect((await c.get('/api/check-auth/')).body.user).toMatchObject({ password_change_required: false, two_factor_setup_required: true });
    expect((await c.get('/api/invoices/')).body.reason).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const setup = await c.post('/api/two-factor/setup/', { password: 'admin-chosen-1' });
    expect(setup.status).toBe(200);
    expect((await c.post('/api/two-factor/enable/', { otp: await generate({ secret: setup.body.secret, epoch: time.epoch() }) })).status).toBe(200);
    expect((await c.get('/api/invoices/')).status).toBe(200);
  });
});
