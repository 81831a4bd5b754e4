import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../db';
import { ADMIN, startTestServer, type TestServer } from '../server';

const contact = { name: 'Ada', email: 'ada@example.org', subject: 'Hi', message: 'Hello' };

describe.each(testBackends())('client addresses and login throttling on $name', (backend) => {
  describe('with nothing in front (TRUST_PROXY unset)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(backend, { limits: { publicFormsPerIp: 3, loginPerUsername: 2, loginPerIp: 1000 } });
    });
    afterAll(() => server?.close());

    it('ignores X-Forwarded-For: a new header value does not reset a limit', async () => {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await supertest(server.url).post('/api/contact/').set('X-Forwarded-For', `203.0.113.${i}`).send(contact)).status);
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      const logins = [];
      for (let i = 0; i < 4; i++) logins.push((await supertest(server.url).post('/api/login/').set('X-Forwarded-For', `198.51.100.${i}`).send({ username: 'admin', password: 'wrong' })).status);
      expect(logins).toEqual([401, 401, 429, 429]);
    });
  });

  describe('behind a proxy (TRUST_PROXY=loopback)', () => {
    let server: TestServer;
    let now = new Date('2026-11-27T09:00:00Z');
    const limits = { publicFormsPerIp: 2, loginPerUsername: 3, loginDelayMs: 1000, loginMaxDelayMs: 8000, loginPerIp: 12 };

    beforeAll(async () => {
      server = await startTestServer(backend, { limits, clock: () => now, env: { TRUST_PROXY: 'loopback' } });
    });
    afterAll(() => server?.close());

    const tick = (ms: number) => {
      now = new Date(now.getTime() + ms);
    };
    const login = (from: string, username: string, password: string) =>
      supertest(server.url).post('/api/login/').set('X-Forwarded-For', from).send({ username, password });

    it('counts each forwarded client address on its own', async () => {
      const post = (from: string) => supertest(server.url).post('/api/contact/').set('X-Forwarded-For', from).send(contact);
      expect([(await post('203.0.113.7')).status, (await post('203.0.113.7')).status, (await post('203.0.113.7')).status]).toEqual([201, 201, 429]);
      expect((await post('203.0.113.8')).status).toBe(201);
    });

    it('never lets failures from one address refuse the right password from another', async () => {
      for (let i = 0; i < 10; i++) {
        expect((await login('198.51.100.1', 'admin', `wrong-${i}`)).status).toBe(401);
        tick(10_000); // past every delay: all ten are counted failures
      }
      expect((await login('198.51.100.2', 'admin', ADMIN.password)).status).toBe(200);
    });

    it('spaces out failures with doubling delays instead of locking, and a success starts the pair afresh', async () => {
      const from = '198.51.100.3';
      for (let i = 0; i < 3; i++) expect((await login(from, 'admin', 'wrong')).status).toBe(401);
      // Three free failures; then each try waits 1 s, 2 s, 4 s, 8 s (the ceiling) after the last failure.
      for (const delay of [1000, 2000, 4000, 8000, 8000]) {
        const early = await login(from, 'admin', ADMIN.password);
        expect(early.status).toBe(429);
        expect(early.body).toEqual({ message: 'Too many failed login attempts. Please try again later.' });
        expect(Number(early.headers['retry-after'])).toBe(delay / 1000);
        tick(delay - 1);
        expect((await login(from, 'admin', ADMIN.password)).status).toBe(429);
        tick(1);
        expect((await login(from, 'admin', 'still-wrong')).status).toBe(401);
      }
      tick(8000);
      expect((await login(from, 'admin', ADMIN.password)).status).toBe(200);
      // Afresh: three free failures again.
      for (let i = 0; i < 3; i++) expect((await login(from, 'admin', 'wrong')).status).toBe(401);
      expect((await login(from, 'admin', 'wrong')).status).toBe(429);
    });

    it('answers an unknown username exactly as a known one', async () => {
      const sequence = async (from: string, username: string) => {
        const answers = [];
        for (let i = 0; i < 5; i++) {
          const res = await login(from, username, 'wrong');
          answers.push([res.status, res.body.message, res.headers['retry-after'] ?? null]);
        }
        return answers;
      };
      const known = await sequence('198.51.100.4', 'admin');
      const unknown = await sequence('198.51.100.5', 'no-such-user');
      expect(unknown).toEqual(known);
      expect(known.map(([status]) => status)).toEqual([401, 401, 401, 429, 429]);
    });

    it('refuses one address past its ceiling across usernames, and only that address', async () => {
      tick(60 * 60 * 1000);
      const from = '198.51.100.6';
      for (let i = 0; i < 12; i++) expect((await login(from, `guess-${i}`, 'x')).status).toBe(401);
      expect((await login(from, 'guess-new', 'x')).status).toBe(429);
      expect((await login(from, 'admin', ADMIN.password)).status).toBe(429);
      expect((await login('198.51.100.7', 'admin', ADMIN.password)).status).toBe(200);
    });

    it('lets only one of many parallel tries of a throttled pair through', async () => {
      tick(60 * 60 * 1000);
      const from = '198.51.100.8';
      for (let i = 0; i < 3; i++) expect((await login(from, 'admin', 'wrong')).status).toBe(401);
      tick(1000);
      const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => login(from, 'admin', `burst-${i}`)));
      expect(burst.filter((r) => r.status === 401)).toHaveLength(1);
      expect(burst.filter((r) => r.status === 429)).toHaveLength(7);
    });
  });
});
