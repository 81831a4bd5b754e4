import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { UserService } from '../user.service';

/** A clock the test moves: each TOTP time step is accepted once, so a new login needs a new step. */
const testClock = () => {
  let now = Date.parse('2026-11-27T10:00:00Z');
  return { clock: () => new Date(now), advance: (seconds = 30) => (now += seconds * 1000), epoch: () => Math.floor(now / 1000) };
};

const enrol = async (c: TestClient, password: string, epoch: number) => {
  const setup = await c.post('/api/two-factor/setup/', { password });
  expect(setup.status).toBe(200);
  const otp = await generate({ secret: setup.body.secret, epoch });
  const enabled = await c.post('/api/two-factor/enable/', { otp });
  expect(enabled.status).toBe(200);
  return { secret: setup.body.secret as string, codes: enabled.body.recovery_codes as string[], setup: setup.body };
};

describe.each(testBackends())('two-factor sign-in on $name', (backend) => {
  const time = testClock();
  let server: TestServer;
  const users = [
    { username: 'tf-client', password: 'tf-client-pass-1' },
    { username: 'tf-throttled', password: 'tf-throttled-1' },
    { username: 'tf-gql', password: 'tf-gql-pass-1' },
  ];

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: time.clock, limits: { loginPerUsername: 3, loginPerIp: 1000 } });
    const service = new UserService(server.testDb.db);
    for (const u of users) await service.create(u);
  });
  afterAll(() => server?.close());

  const code = (secret: string) => generate({ secret, epoch: time.epoch() });

  it('enrols with a QR code, never shows the secret again, then asks for a code at login and refuses a replay', async () => {
    const [user] = users;
    const c = server.client();
    await c.login(user!.username, user!.password);
    expect((await c.get('/api/two-factor/')).body).toEqual({ enabled: false, setup_required: false, can_disable: true, recovery_codes_left: 0 });
    const wrongPassword = await c.post('/api/two-factor/setup/', { password: 'not-it' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors.password).toBeDefined();
    expect((await c.post('/api/two-factor/enable/', { otp: '123456' })).status).toBe(409);

    const firstSetup = await c.post('/api/two-factor/setup/', { password: user!.password });
    const { secret, codes, setup } = await enrol(c, user!.password, time.epoch());
    expect(secret).not.toBe(firstSetup.body.secret);
    expect(setup.otpauth_url).toMatch(/^otpauth:\/\/totp\/.*tf-client\?.*secret=/);
    expect(setup.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const recovery of codes) expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const status = await c.get('/api/two-factor/');
    expect(status.body).toEqual({ enabled: true, setup_required: false, can_disable: true, recovery_codes_left: 10 });
    expect((await c.post('/api/two-factor/setup/', { password: user!.password })).status).toBe(409);
    expect((await c.get('/api/check-auth/')).body.user).toMatchObject({ two_factor_enabled: true, two_factor_setup_required: false });

    // At rest: encrypted, and recovery codes only as argon2 hashes.
    const stored = await server.testDb.db('two_factor_secrets').first();
    expect(stored.secret_box).toMatch(/^v1\./);
    expect(stored.secret_box).not.toContain(secret);
    const hashes = await server.testDb.db('two_factor_recovery_codes').pluck('code_hash');
    expect(hashes).toHaveLength(10);
    for (const h of hashes) expect(h).toMatch(/^\$argon2id\$/);

    // The first answer signs nobody in.
    const other = server.client();
    const first = await other.agent.post('/api/login/').send({ username: user!.username, password: user!.password });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: false, otp_required: true });
    expect((await other.get('/api/check-auth/')).body.isAuthenticated).toBe(false);
    // The code that confirmed the enrolment was spent there.
    const replayed = await other.agent.post('/api/login/').send({ username: user!.username, password: user!.password, otp: await code(secret) });
    expect(replayed.status).toBe(401);
    expect(replayed.body.errors.otp).toEqual(['The authentication code is not valid.']);
    // A wrong password with a right code is the ordinary failure: the code proves nothing alone.
    time.advance();
    const wrongPass = await other.agent.post('/api/login/').send({ username: user!.username, password: 'nope', otp: await code(secret) });
    expect(wrongPass.body).toEqual({ message: 'Login failed. Please check your credentials.' });

    const otp = await code(secret);
    const ok = await other.agent.post('/api/login/').send({ username: user!.username, password: user!.password, otp });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, is_superuser: false, user: { username: user!.username, two_factor_enabled: true } });
    expect((await other.get('/api/check-auth/')).body.isAuthenticated).toBe(true);
    const again = await server.client().agent.post('/api/login/').send({ username: user!.username, password: user!.password, otp });
    expect(again.status).toBe(401);

    // A recovery code works once, typed in any case; then it is spent.
    const third = server.client();
    const recovery = await third.agent.post('/api/login/').send({ username: user!.username, password: user!.password, otp: codes[3]!.toUpperCase() });
    expect(recovery.body.success).toBe(true);
    const spent = await server.client().agent.post('/api/login/').send({ username: user!.username, password: user!.password, otp: codes[3] });
    expect(spent.status).toBe(401);
    expect((await third.get('/api/two-factor/')).body.recovery_codes_left).toBe(9);

    // New recovery codes replace the old ones; they need a current code.
    time.advance();
    expect((await third.post('/api/two-factor/recovery-codes/', { otp: '000000' })).status).toBe(400);
    const renewed = await third.post('/api/two-factor/recovery-codes/', { otp: await code(secret) });
    expect(renewed.body.recovery_codes).toHaveLength(10);
    const oldCode = await server.client().agent.post('/api/login/').send({ username: user!.username, password: user!.password, otp: codes[4] });
    expect(oldCode.status).toBe(401);

    // Turning it off needs proof: nothing, a wrong code or a wrong password is refused.
    expect((await third.post('/api/two-factor/disable/', {})).status).toBe(400);
    expect((await third.post('/api/two-factor/disable/', { otp: '111111' })).status).toBe(400);
    expect((await third.post('/api/two-factor/disable/', { password: 'wrong' })).status).toBe(400);
    expect((await third.post('/api/two-factor/disable/', { password: user!.password })).status).toBe(200);
    expect(await server.testDb.db('two_factor_secrets').count({ n: '*' }).first().then((r) => Number(r?.n))).toBe(0);
    const plain = await server.client().agent.post('/api/login/').send({ username: user!.username, password: user!.password });
    expect(plain.body.success).toBe(true);
    const audit = await server.testDb.db('audit_log').where({ entity: 'user' }).orderBy('id').pluck('after');
    expect(audit.map((a) => (typeof a === 'string' ? JSON.parse(a) : a))).toEqual([{ two_factor_enabled: true }, { two_factor_enabled: false }]);
  });

  it('counts a wrong code as a failed login, so guessing codes is throttled', async () => {
    const [, user] = users;
    const c = server.client();
    await c.login(user!.username, user!.password);
    const { secret } = await enrol(c, user!.password, time.epoch());
    time.advance();
    for (let i = 0; i < 3; i++) {
      // The password step in between is not a failure, and forgives none either.
      const first = await server.client().agent.post('/api/login/').send({ username: user!.username, password: user!.password });
      expect(first.body).toEqual({ success: false, otp_required: true });
      const res = await server.client().agent.post('/api/login/').send({ username: user!.username, password: user!.password, otp: String(100000 + i) });
      expect(res.status).toBe(401);
    }
    const blocked = await server.client().agent.post('/api/login/').send({ username: user!.username, password: user!.password, otp: await code(secret) });
    expect(blocked.status).toBe(429);
  });

  it('has a GraphQL twin: login with otp, status, enrolment and disabling', async () => {
    const [, , user] = users;
    const c = server.client();
    await c.login(user!.username, user!.password);
    const started = await c.graphql('mutation($p: String!) { beginTwoFactorSetup(password: $p) { secret otpauthUrl qrCode } }', { p: user!.password });
    const secret = started.body.data.beginTwoFactorSetup.secret as string;
    time.advance();
    const enabled = await c.graphql('mutation($otp: String!) { enableTwoFactor(otp: $otp) }', { otp: await code(secret) });
    expect(enabled.body.data.enableTwoFactor).toHaveLength(10);
    expect((await c.graphql('{ twoFactorStatus { enabled canDisable recoveryCodesLeft } me { twoFactorEnabled } }')).body.data).toEqual({
      twoFactorStatus: { enabled: true, canDisable: true, recoveryCodesLeft: 10 },
      me: { twoFactorEnabled: true },
    });

    const login = 'mutation($u: String!, $p: String!, $otp: String) { login(username: $u, password: $p, otp: $otp) { success otpRequired isSuperuser user { username } } }';
    const g = server.client();
    const asked = await g.graphql(login, { u: user!.username, p: user!.password });
    expect(asked.body.data.login).toEqual({ success: false, otpRequired: true, isSuperuser: null, user: null });
    expect((await g.graphql('{ me { username } }')).body.data.me).toBeNull();
    const wrong = await g.graphql(login, { u: user!.username, p: user!.password, otp: '999999' });
    expect(wrong.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    time.advance();
    const signed = await g.graphql(login, { u: user!.username, p: user!.password, otp: await code(secret) });
    expect(signed.body.data.login).toEqual({ success: true, otpRequired: false, isSuperuser: false, user: { username: user!.username } });
    const off = await g.graphql('mutation($p: String) { disableTwoFactor(input: { password: $p }) }', { p: user!.password });
    expect(off.body.data.disableTwoFactor).toBe(true);
  });
});

describe.each(testBackends())('REQUIRE_ADMIN_2FA on $name', (backend) => {
  const time = testClock();
  let server: TestServer;
  const client = { username: 'rq-client', password: 'rq-client-pass-1' };

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: time.clock, env: { REQUIRE_ADMIN_2FA: 'true' } });
    await new UserService(server.testDb.db).create(client);
  });
  afterAll(() => server?.close());

  it('keeps a superuser out of the admin until enrolled, and then forbids turning it off', async () => {
    const c = server.client();
    const login = await c.login();
    expect(login.body).toMatchObject({ success: true, is_superuser: true, user: { two_factor_enabled: false, two_factor_setup_required: true } });
    const refused = await c.get('/api/invoices/');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Set up two-factor sign-in before using the admin area.');
    const gql = await c.graphql('{ companySettings { name } }');
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'TWO_FACTOR_SETUP_REQUIRED' });
    expect((await c.get('/api/two-factor/')).body).toMatchObject({ enabled: false, setup_required: true, can_disable: false });

    const { secret } = await enrol(c, ADMIN.password, time.epoch());
    expect((await c.get('/api/invoices/')).status).toBe(200);
    expect((await c.get('/api/check-auth/')).body.user.two_factor_setup_required).toBe(false);
    time.advance();
    const off = await c.post('/api/two-factor/disable/', { otp: await generate({ secret, epoch: time.epoch() }) });
    expect(off.status).toBe(403);
    const fresh = await server.client().agent.post('/api/login/').send(ADMIN);
    expect(fresh.body).toEqual({ success: false, otp_required: true });
  });

  it('leaves client users free to sign in without it', async () => {
    const c = server.client();
    const login = await c.login(client.username, client.password);
    expect(login.body.user.two_factor_setup_required).toBe(false);
    expect((await c.get('/api/two-factor/')).body).toMatchObject({ enabled: false, setup_required: false, can_disable: true });
  });
});
