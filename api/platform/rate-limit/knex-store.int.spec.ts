import express from 'express';
import { rateLimit } from 'express-rate-limit';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDb } from '../../../test/db';
import { deleteExpiredCounters, hitCounter, readCounter } from './counter';
import { KnexRateLimitStore } from './knex-store';

describe.each(testBackends())('rate-limit counters in the database on $name', (backend) => {
  let testDb: TestDb;
  let now = new Date('2026-11-27T10:00:00Z');
  const clock = () => now;

  beforeAll(async () => {
    testDb = await backend.create();
  });
  afterAll(() => testDb?.destroy());

  // Two express apps on one database stand for two web instances behind one proxy.
  const instance = (prefix: string) => {
    const app = express();
    app.use(
      rateLimit({ windowMs: 60_000, limit: 3, store: new KnexRateLimitStore(testDb.db, prefix, clock), standardHeaders: 'draft-8', legacyHeaders: false }),
    );
    app.get('/', (_req, res) => res.send('ok'));
    return app;
  };

  it('shares one budget between instances, and starts afresh after the window', async () => {
    const [a, b] = [instance('shared:'), instance('shared:')];
    const statuses = [];
    for (const app of [a, b, a, b, a]) statuses.push((await supertest(app).get('/')).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    now = new Date(now.getTime() + 60_001);
    expect((await supertest(b).get('/')).status).toBe(200);
    // Another limiter's prefix is another budget.
    expect((await supertest(instance('other:')).get('/')).status).toBe(200);
  });

  it('counts every one of many concurrent hits', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => hitCounter(testDb.db, 'burst', { windowMs: 60_000 }, now)));
    expect(results.map((r) => r.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect((await readCounter(testDb.db, 'burst', now))?.hits).toBe(40);
  });

  it('keeps a fixed window fixed and moves a sliding one with each hit', async () => {
    const start = now;
    const later = new Date(start.getTime() + 30_000);
    await hitCounter(testDb.db, 'fixed', { windowMs: 60_000 }, start);
    expect((await hitCounter(testDb.db, 'fixed', { windowMs: 60_000 }, later)).resetAt).toEqual(new Date(start.getTime() + 60_000));
    await hitCounter(testDb.db, 'sliding', { windowMs: 60_000, sliding: true }, start);
    const slid = await hitCounter(testDb.db, 'sliding', { windowMs: 60_000, sliding: true }, later);
    expect(slid).toEqual({ hits: 2, resetAt: new Date(later.getTime() + 60_000), lastHitAt: later });
    expect(await readCounter(testDb.db, 'fixed', new Date(start.getTime() + 60_000))).toBeUndefined();
  });

  it('stores a long key by its hash and deletes counters whose window is over', async () => {
    const long = `mail:${'x'.repeat(5000)}@example.com`;
    expect((await hitCounter(testDb.db, long, { windowMs: 1000 }, now)).hits).toBe(1);
    expect((await hitCounter(testDb.db, long, { windowMs: 1000 }, now)).hits).toBe(2);
    expect(await deleteExpiredCounters(testDb.db, new Date(now.getTime() + 24 * 3600_000))).toBeGreaterThan(0);
    expect(Number((await testDb.db('rate_limits').count({ n: '*' }))[0]!.n)).toBe(0);
  });
});
