import { generate } from 'otplib';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserService } from '../../api/auth/user.service';
import { testBackends } from '../db';
import { startTestServer, type TestClient, type TestServer } from '../server';

const THROTTLED = 'Too many wrong passwords or codes. Please try again later.';

/**
 * A signed-in user's password and code re-checks (password change, two-factor set-up, turning it
 * off, new recovery codes) are throttled like logins: per (user, client address), a few free
 * failures, then doubling delays. Whoever holds a session cannot guess the password or codes.
 */
describe.each(testBackends())('password and code re-checks of a signed-in user on $name', (backend) => {
  let server: TestServer;
  let now = Date.parse('2026-11-27T09:00:00Z');
  const tick = (ms: number) => (now += ms);
  const code = (secret: string) => generate({ secret, epoch: Math.floor(now / 1000) });

  beforeAll(async () => {
    server = await startTestServer(backend, {
      clock: () => new Date(now),
      limits: { loginPerUsername: 3, loginDelayMs: 1000, loginMaxDelayMs: 8000, loginPerIp: 1000 },
      env: { TRUST_PROXY: 'loopback' },
    });
    const users = new UserService(server.testDb.db);
    for (const username of ['re-password', 're-gql', 're-two-factor']) await users.create({ username, password: `${username}-pass-1` });
  });
  afterAll(() => server?.close());

  const signedIn = async (username: string) => {
    const c = server.client();
    await c.login(username, `${username}-pass-1`);
    return c;
  };

  /** Three free wrong tries, then even the right answer waits 1 s after the last failure. */
  const throttles = async (wrong: () => Promise<Response>, right: () => Promise<Response>, ok = 200) => {
    for (let i = 0; i < 3; i++) expect((await wrong()).status).toBe(400);
    const early = await right();
    expect(early.status).toBe(429);
    expect(early.body).toEqual({ message: THROTTLED });
    expect(early.headers['retry-after']).toBe('1');
    tick(1000);
    const later = await right();
    expect(later.status, JSON.stringify(later.body)).toBe(ok);
    return later;
  };

  it('spaces out wrong old passwords at a password change, per user and address', async () => {
    const c = await signedIn('re-password');
    const change = (from: string, oldPassword: string, newPassword = 're-password-pass-2') =>
      c.post('/api/change-password/', { old_password: oldPassword, new_password: newPassword }).set('X-Forwarded-For', from);
    for (let i = 0; i < 3; i++) expect((await change('198.51.100.20', `guess-${i}`)).status).toBe(400);
    expect((await change('198.51.100.20', 'guess-3')).status).toBe(429);
    // The same user from another address is not held up.
    expect((await change('198.51.100.21', 'guess-4')).status).toBe(400);
    tick(1000);
    expect((await change('198.51.100.20', 're-password-pass-1')).status).toBe(200);
    // A success starts the pair afresh: three free failures again.
    for (let i = 0; i < 3; i++) expect((await change('198.51.100.20', `again-${i}`, 're-password-pass-3')).status).toBe(400);
    expect((await change('198.51.100.20', 're-password-pass-2', 're-password-pass-3')).status).toBe(429);
  });

  it('spaces out wrong passwords and codes over GraphQL too, on the same counter', async () => {
    const c = await signedIn('re-gql');
    const changePassword = (oldPassword: string) =>
      c.graphql('mutation($old: String!) { changePassword(input: { oldPassword: $old, newPassword: "re-gql-pass-2" }) }', { old: oldPassword });
    const beginSetup = (password: string) => c.graphql('mutation($p: String!) { beginTwoFactorSetup(password: $p) { otpauthUrl } }', { p: password });
    for (let i = 0; i < 2; i++) expect((await changePassword(`guess-${i}`)).body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect((await beginSetup('guess-2')).body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const early = await beginSetup('re-gql-pass-1');
    expect(early.body.errors[0]).toMatchObject({ message: THROTTLED, extensions: { code: 'RATE_LIMITED' } });
    expect((await changePassword('re-gql-pass-1')).body.errors[0].extensions.code).toBe('RATE_LIMITED');
    tick(1000);
    expect((await changePassword('re-gql-pass-1')).body).toEqual({ data: { changePassword: true } });
  });

  it('spaces out wrong passwords and codes at two-factor set-up, renewal and turning it off', async () => {
    const c = await signedIn('re-two-factor');
    const password = 're-two-factor-pass-1';
    const setup = await throttles(
      () => c.post('/api/two-factor/setup/', { password: 'not-it' }),
      () => c.post('/api/two-factor/setup/', { password }),
    );
    const secret = setup.body.secret as string;
    await throttles(
      () => c.post('/api/two-factor/enable/', { otp: '000000' }),
      async () => c.post('/api/two-factor/enable/', { otp: await code(secret) }),
    );
    tick(30_000); // each time step is accepted once
    // Recovery-code-shaped guesses: each costs up to ten argon2 checks, so they must be spaced out too.
    await throttles(
      () => c.post('/api/two-factor/recovery-codes/', { otp: 'abcde-fghjk' }),
      async () => c.post('/api/two-factor/recovery-codes/', { otp: await code(secret) }),
    );
    tick(30_000);
    const wrongs = [{ otp: '000000' }, { password: 'not-it' }, { otp: 'abcde-fghjk' }];
    for (const proof of wrongs) expect((await c.post('/api/two-factor/disable/', proof)).status).toBe(400);
    expect((await c.post('/api/two-factor/disable/', { password })).status).toBe(429);
    expect((await c.post('/api/two-factor/disable/', { otp: await code(secret) })).status).toBe(429);
    tick(1000);
    expect((await c.post('/api/two-factor/disable/', { otp: await code(secret) })).status).toBe(200);
    expect((await c.get('/api/two-factor/')).body.enabled).toBe(false);
  });
});
