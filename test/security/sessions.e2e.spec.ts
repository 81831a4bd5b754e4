import { pino } from 'pino';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../db';
import { UserService } from '../../api/auth/user.service';
import { ADMIN, startTestServer, type TestServer } from '../server';

const cookieOf = (res: supertest.Response, name: string): string | undefined =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${name}=`));
const valueOf = (cookie: string | undefined) => cookie?.split(';')[0]!.split('=').slice(1).join('=');

describe.each(testBackends())('sessions and passwords on $name', (backend) => {
  let server: TestServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(backend, { limits: { loginPerUsername: 5, loginPerIp: 12 } });
    // Capture every log line the server writes, at the most verbose level, to look for passwords.
    const logger = server.runtime.deps.logger;
    logger.level = 'trace';
    const stream = (logger as unknown as Record<symbol, { write: (s: string) => boolean }>)[pino.symbols.streamSym]!;
    stream.write = (s: string) => {
      logLines.push(s);
      return true;
    };
  });
  afterAll(() => server?.close());

  const login = (agent: supertest.Agent | supertest.SuperTest<supertest.Test>, username = ADMIN.username, password = ADMIN.password) =>
    agent.post('/api/login/').send({ username, password });

  it('issues a new session id at login, so a planted cookie is worthless', async () => {
    const planted = 's%3Aattacker-chosen-id.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const res = await supertest(server.url).post('/api/login/').set('Cookie', `sessionid=${planted}`).send(ADMIN);
    expect(res.status).toBe(200);
    const issued = valueOf(cookieOf(res, 'sessionid'));
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted);
    const attacker = await supertest(server.url).get('/api/check-auth/').set('Cookie', `sessionid=${planted}`);
    expect(attacker.body.isAuthenticated).toBe(false);
    // Logging in again from a live session also rotates the id and retires the old one.
    const again = await supertest(server.url).post('/api/login/').set('Cookie', `sessionid=${issued}`).set('X-CSRFToken', valueOf(cookieOf(res, 'csrftoken'))!).send(ADMIN);
    const second = valueOf(cookieOf(again, 'sessionid'));
    expect(second).not.toBe(issued);
    expect((await supertest(server.url).get('/api/check-auth/').set('Cookie', `sessionid=${issued}`)).body.isAuthenticated).toBe(false);
    expect((await supertest(server.url).get('/api/check-auth/').set('Cookie', `sessionid=${second}`)).body.isAuthenticated).toBe(true);
  });

  it('ends the session on the server at logout: the old cookie replayed is anonymous', async () => {
    const c = server.client();
    await c.login();
    const sid = valueOf(c.agent.jar.getCookie('sessionid', { domain: '127.0.0.1', path: '/', secure: false, script: false } as never)?.toString());
    const before = Number((await server.testDb.db('sessions').count({ n: '*' }))[0]!.n);
    expect((await c.post('/api/logout/')).status).toBe(200);
    expect(Number((await server.testDb.db('sessions').count({ n: '*' }))[0]!.n)).toBe(before - 1);
    const replay = await supertest(server.url).get('/api/clients/').set('Cookie', `sessionid=${sid}`);
    expect(replay.status).toBe(401);
  });

  it('shows the create_user password once and stores it nowhere in clear, not even in the sent mail', async () => {
    const admin = server.client();
    await admin.login();
    const client = await admin.post('/api/clients/', { name: 'Once Only Ltd', email: 'once@only.test' });
    const created = await admin.post(`/api/clients/${client.body.id}/create_user/`);
    expect(created.status).toBe(201);
    const password: string = created.body.password;
    expect(password.length).toBeGreaterThanOrEqual(12);
    // Usable once shown...
    expect((await login(supertest.agent(server.url), created.body.username, password)).status).toBe(200);
    // ...and never shown again.
    const again = await admin.post(`/api/clients/${client.body.id}/create_user/`);
    expect(again.status).toBe(400);
    expect(again.text).not.toContain(password);
    expect((await admin.get(`/api/clients/${client.body.id}/`)).text).not.toContain(password);
    const user = await server.testDb.db('users').where({ username: created.body.username }).first();
    expect(JSON.stringify(user)).not.toContain(password);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    // The welcome mail carries it to the client; once delivered the outbox keeps no copy.
    await server.runtime.mail.drain();
    const outbox = await server.testDb.db('mail_outbox').whereLike('key', 'client-user:%');
    expect(outbox).toHaveLength(1);
    expect(outbox[0].sent_at).not.toBeNull();
    expect(JSON.stringify(outbox)).not.toContain(password);
    expect(logLines.join('')).not.toContain(password);
  });

  const sidOf = (c: ReturnType<TestServer['client']>) => c.agent.jar.getCookie('sessionid', { domain: '127.0.0.1', path: '/', secure: false, script: false } as never)?.value;

  it('ends every other session of the user at a password change and rotates the current one', async () => {
    await new UserService(server.testDb.db).create({ username: 'rotator', password: 'rotator-pass-1' });
    const [laptop, phone, stolen] = [server.client(), server.client(), server.client()];
    for (const c of [laptop, phone, stolen]) await c.login('rotator', 'rotator-pass-1');
    const admin = server.client();
    await admin.login();
    const before = sidOf(laptop);
    const stolenSid = sidOf(stolen);
    expect((await laptop.post('/api/change-password/', { old_password: 'rotator-pass-1', new_password: 'rotator-pass-2' })).status).toBe(200);
    // The changing session goes on under a new id; the old id is worthless.
    expect(sidOf(laptop)).not.toBe(before);
    expect((await laptop.get('/api/check-auth/')).body).toMatchObject({ isAuthenticated: true, user: { username: 'rotator' } });
    expect((await supertest(server.url).get('/api/check-auth/').set('Cookie', `sessionid=${before}`)).body.isAuthenticated).toBe(false);
    // Every other session of the user is over; other users' sessions are not touched.
    expect((await phone.get('/api/check-auth/')).body.isAuthenticated).toBe(false);
    expect((await supertest(server.url).get('/api/check-auth/').set('Cookie', `sessionid=${stolenSid}`)).body.isAuthenticated).toBe(false);
    expect((await admin.get('/api/check-auth/')).body.isAuthenticated).toBe(true);
    // The new CSRF token goes with the new session.
    expect((await laptop.post('/api/logout/')).status).toBe(200);
  });

  it('does the same over GraphQL', async () => {
    await new UserService(server.testDb.db).create({ username: 'rotator-gql', password: 'rotator-pass-1' });
    const [one, other] = [server.client(), server.client()];
    for (const c of [one, other]) await c.login('rotator-gql', 'rotator-pass-1');
    const before = sidOf(one);
    const res = await one.graphql('mutation { changePassword(input: { oldPassword: "rotator-pass-1", newPassword: "rotator-pass-2" }) }');
    expect(res.body).toEqual({ data: { changePassword: true } });
    expect(sidOf(one)).not.toBe(before);
    expect((await one.graphql('{ me { username } }')).body.data.me).toEqual({ username: 'rotator-gql' });
    expect((await other.graphql('{ me { username } }')).body.data.me).toBeNull();
  });

  it('ends the sessions of a superuser whose password ADMIN_PASSWORD resets at start, and only then', async () => {
    const users = new UserService(server.testDb.db);
    await users.create({ username: 'ops', password: 'ops-password-1', isSuperuser: true });
    const c = server.client();
    await c.login('ops', 'ops-password-1');
    await users.ensureSuperuser('ops', 'ops-password-1');
    expect((await c.get('/api/check-auth/')).body.isAuthenticated).toBe(true);
    await users.ensureSuperuser('ops', 'ops-password-2');
    expect((await c.get('/api/check-auth/')).body.isAuthenticated).toBe(false);
  });

  it('ends every session of a client login whose password the superuser resets, over REST and GraphQL', async () => {
    const admin = server.client();
    await admin.login();
    const client = await admin.post('/api/clients/', { name: 'Reset Me Ltd', email: 'reset@me.test' });
    expect((await admin.post(`/api/clients/${client.body.id}/reset_password/`)).status).toBe(400);
    const created = await admin.post(`/api/clients/${client.body.id}/create_user/`);
    const [desk, phone] = [server.client(), server.client()];
    for (const c of [desk, phone]) await c.login(created.body.username, created.body.password);
    const reset = await admin.post(`/api/clients/${client.body.id}/reset_password/`);
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ username: created.body.username, password: expect.any(String) });
    expect(reset.body.password).not.toBe(created.body.password);
    for (const c of [desk, phone]) expect((await c.get('/api/check-auth/')).body.isAuthenticated).toBe(false);
    // (Checked without HTTP: a failed login would spend this address's budget, which the next test counts.)
    expect(await new UserService(server.testDb.db).authenticate(created.body.username, created.body.password)).toBeUndefined();
    const again = server.client();
    await again.login(created.body.username, reset.body.password);
    // The new password is mailed to the client once; after delivery the outbox keeps no copy.
    await server.runtime.mail.drain();
    const mails = await server.testDb.db('mail_outbox').where({ to: 'reset@me.test' });
    expect(mails.map((m) => m.subject)).toContain('Your client portal password was reset');
    expect(JSON.stringify(mails)).not.toContain(reset.body.password);
    expect(logLines.join('')).not.toContain(reset.body.password);
    const gql = await admin.graphql('mutation($id: ID!) { resetClientUserPassword(id: $id) { username password } }', { id: client.body.id });
    expect(gql.body.data.resetClientUserPassword.username).toBe(created.body.username);
    expect((await again.get('/api/check-auth/')).body.isAuthenticated).toBe(false);
    expect((await again.graphql('mutation($id: ID!) { resetClientUserPassword(id: $id) { password } }', { id: client.body.id })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('throttles repeated failed logins per username, even with the right password after, and across GraphQL aliases', async () => {
    const agent = supertest.agent(server.url);
    for (let i = 0; i < 5; i++) expect((await login(agent, 'admin', `wrong-${i}`)).status).toBe(401);
    const blocked = await login(agent, 'admin', ADMIN.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many/);
    // Aliased logins in one document gain nothing: the first refusal nulls the answer and stops the rest.
    const aliases = Array.from({ length: 10 }, (_, i) => `l${i}: login(username: "other", password: "not-it-${i}") { success }`).join(' ');
    const batch = await supertest(server.url).post('/graphql').send({ query: `mutation { ${aliases} }` });
    expect(batch.body.errors).toHaveLength(1);
    // The per-IP budget (12 failures) stops guessing across usernames too: 6 failures so far.
    for (let i = 0; i < 6; i++) expect((await login(supertest.agent(server.url), `someone-${i}`, 'x')).status).toBe(401);
    expect((await login(supertest.agent(server.url), 'someone-else', 'x')).status).toBe(429);
  });

  it('never writes a password into the logs', async () => {
    const text = logLines.join('');
    expect(logLines.length).toBeGreaterThan(5);
    // Passwords that cannot occur by chance in a log line (a request id's hex could hold 'bad3').
    for (const secret of [ADMIN.password, 'wrong-0', 'wrong-4', 'not-it-3']) expect(text).not.toContain(secret);
  });
});
