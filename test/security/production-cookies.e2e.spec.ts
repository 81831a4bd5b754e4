import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../db';
import { ADMIN, startTestServer, type TestServer } from '../server';

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'production-test-secret-0123456789abcdef',
  // Never called: the test only logs in.
  STRIPE_SECRET_KEY: 'sk_test_not_used',
  PUBLIC_BASE_URL: 'https://billing.example.com',
  // Behind the TLS-terminating proxy, as deployed (docker-compose.yml).
  TRUST_PROXY: 'loopback',
};

describe('session and CSRF cookies in production mode', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { env: PRODUCTION });
  });
  afterAll(() => server?.close());

  it('flags the session cookie Secure, HttpOnly and SameSite=Lax, and the CSRF cookie Secure but readable', async () => {
    const res = await supertest(server.url).post('/api/login/').set('X-Forwarded-Proto', 'https').send(ADMIN);
    expect(res.status).toBe(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = cookies.find((c) => c.startsWith('sessionid='))!;
    const csrf = cookies.find((c) => c.startsWith('csrftoken='))!;
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(csrf).toMatch(/; Secure/i);
    expect(csrf).toMatch(/; SameSite=Lax/i);
    expect(csrf).not.toMatch(/HttpOnly/i);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
    const direct = await startTestServer(testBackends()[0]!, { env: { ...PRODUCTION, TRUST_PROXY: '' } });
    try {
      const res = await supertest(direct.url).post('/api/login/').set('X-Forwarded-Proto', 'https').send(ADMIN);
      expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).some((c) => c.startsWith('sessionid='))).toBe(false);
    } finally {
      await direct.close();
    }
  });

  it('sends no session cookie over plain HTTP and hides GraphQL introspection', async () => {
    const res = await supertest(server.url).post('/api/login/').send(ADMIN);
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).some((c) => c.startsWith('sessionid='))).toBe(false);
    const intro = await supertest(server.url).post('/graphql').send({ query: '{ __schema { types { name } } }' });
    expect(intro.body.errors?.length).toBeGreaterThan(0);
  });
});
