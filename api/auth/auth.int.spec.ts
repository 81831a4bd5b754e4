import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { ADMIN, startTestServer, type TestServer } from '../../test/server';
import { UserService } from './user.service';

describe.each(testBackends())('auth over HTTP on $name', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(backend, { limits: { loginPerUsername: 3, loginPerIp: 1000 } });
    await new UserService(server.testDb.db).create({ username: 'client1', password: 'client-password-1' });
  });
  afterAll(() => server?.close());

  it('logs in, reports the session and logs out', async () => {
    const c = server.client();
    expect((await c.get('/api/check-auth/')).body).toEqual({ isAuthenticated: false, user: null });
    const login = await c.login();
    expect(login.body).toMatchObject({ success: true, is_superuser: true, user: { username: ADMIN.username } });
    expect(String(login.headers['set-cookie'])).toMatch(/sessionid=.*HttpOnly.*SameSite=Lax/i);
    expect(c.csrfToken()).toBeTruthy();
    expect((await c.get('/api/check-auth/')).body).toMatchObject({ isAuthenticated: true, user: { username: ADMIN.username } });
    expect((await c.post('/api/logout/')).status).toBe(200);
    expect((await c.get('/api/check-auth/')).body.isAuthenticated).toBe(false);
  });

  it('regenerates the session id at login', async () => {
    const c = server.client();
    await c.login();
    const first = c.agent.jar.getCookie('sessionid', { domain: '127.0.0.1', path: '/', secure: false, script: false })?.value;
    await c.login();
    const second = c.agent.jar.getCookie('sessionid', { domain: '127.0.0.1', path: '/', secure: false, script: false })?.value;
    expect(first).toBeTruthy();
    expect(second).not.toBe(first);
  });

  it('answers a wrong password with 401 and the spec message', async () => {
    const res = await server.client().agent.post('/api/login/').send({ username: 'nobody', password: 'x' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Login failed. Please check your credentials.' });
  });

  it('rejects unsafe calls of a logged-in session without the CSRF header', async () => {
    const c = server.client();
    await c.login();
    const bare = await c.agent.post('/api/change-password/').send({ old_password: 'a', new_password: 'b' });
    expect(bare.status).toBe(403);
    expect(bare.body.message).toMatch(/CSRF/);
    const wrong = await c.agent.post('/api/change-password/').set('X-CSRFToken', 'forged').send({});
    expect(wrong.status).toBe(403);
    const gql = await c.agent.post('/graphql').send({ query: 'mutation { logout }' });
    expect(gql.status).toBe(403);
    const ok = await c.post('/api/change-password/', { old_password: 'wrong', new_password: 'whatever-123' });
    expect(ok.status).toBe(400);
  });

  it('changes a password with clear errors', async () => {
    const c = server.client();
    await new UserService(server.testDb.db).create({ username: 'changer', password: 'old-password-1' });
    await c.login('changer', 'old-password-1');
    const short = await c.post('/api/change-password/', { old_password: 'old-password-1', new_password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors.new_password[0]).toMatch(/at least 8 characters/);
    const wrongOld = await c.post('/api/change-password/', { old_password: 'nope', new_password: 'new-password-1' });
    expect(wrongOld.body.errors.old_password).toBeDefined();
    expect((await c.post('/api/change-password/', { old_password: 'old-password-1', new_password: 'new-password-1' })).status).toBe(200);
    await server.client().login('changer', 'new-password-1');
  });

  it('requires login for change-password and answers 401 anonymously', async () => {
    const res = await server.client().agent.post('/api/change-password/').send({});
    expect(res.status).toBe(401);
  });

  it('throttles repeated failures for one username with 429', async () => {
    const c = server.client();
    for (let i = 0; i < 3; i++) {
      expect((await c.agent.post('/api/login/').send({ username: 'client1', password: 'bad' })).status).toBe(401);
    }
    const blocked = await c.agent.post('/api/login/').send({ username: 'client1', password: 'client-password-1' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed login attempts/);
  });

  it('answers malformed, oversized and unknown requests with clean 4xx JSON', async () => {
    const c = server.client();
    const bad = await c.agent.post('/api/login/').set('content-type', 'application/json').send('{"username":');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Malformed JSON in request body.' });
    const big = await c.agent.post('/api/login/').send({ username: 'x'.repeat(200_000) });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Request body is too large.');
    const unknown = await c.get('/api/does-not-exist/');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Not found.' });
  });

  it('logs in and reads me over GraphQL', async () => {
    const c = server.client();
    const res = await c.graphql('mutation { login(username: "admin", password: "admin-password-1") { success isSuperuser user { username } } }');
    expect(res.body.data.login).toEqual({ success: true, isSuperuser: true, user: { username: 'admin' } });
    const me = await c.graphql('{ me { username isSuperuser } }');
    expect(me.body.data.me).toEqual({ username: 'admin', isSuperuser: true });
    const refused = await server.client().graphql('mutation { changePassword(input: {oldPassword: "a", newPassword: "b"}) }');
    expect(refused.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('sees a change to the logged-in user on the very next request: demoted, then deleted', async () => {
    const users = new UserService(server.testDb.db);
    const made = await users.create({ username: 'fleeting', password: 'fleeting-pass-1', isSuperuser: true });
    const c = server.client();
    await c.login('fleeting', 'fleeting-pass-1');
    expect((await c.get('/api/invoices/')).status).toBe(200);
    await server.testDb.db('users').where({ id: made.id }).update({ is_superuser: false });
    expect((await c.get('/api/invoices/')).status).toBe(403);
    await server.testDb.db('users').where({ id: made.id }).delete();
    expect((await c.get('/api/check-auth/')).body).toEqual({ isAuthenticated: false, user: null });
    expect((await c.get('/api/invoices/')).status).toBe(401);
  });
});

