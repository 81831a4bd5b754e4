import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../../test/db';
import { startTestServer, type TestServer } from '../../../test/server';

const [pglite] = testBackends();

describe('metrics and health', () => {
  let open: TestServer;
  let guarded: TestServer;
  beforeAll(async () => {
    [open, guarded] = await Promise.all([startTestServer(pglite!), startTestServer(pglite!, { env: { METRICS_TOKEN: 's3cret' } })]);
  });
  afterAll(async () => {
    await Promise.all([open?.close(), guarded?.close()]);
  });

  it('serves Prometheus metrics with HTTP latency by route to loopback callers', async () => {
    const c = open.client();
    await c.get('/api/check-auth/');
    const res = await c.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/api\/check-auth\/"/);
    expect(res.text).toMatch(/process_resident_memory_bytes/);
    expect(res.text).toMatch(/projection_lag_events\{name="ledger"\} \d+/);
    expect(res.text).toMatch(/projection_failing\{name="invoice_mail"\} 0/);
  });

  it('compresses for clients that accept an encoding, and sends Vary: Accept-Encoding to all', async () => {
    const raw = (headers: Record<string, string>) =>
      new Promise<http.IncomingMessage>((resolve, reject) => http.get(`${open.url}/metrics`, { headers }, resolve).on('error', reject));
    const gzip = await raw({ 'accept-encoding': 'gzip' });
    gzip.resume();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/);
    const plain = await raw({});
    plain.resume();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('requires the bearer token when one is configured', async () => {
    const c = guarded.client();
    expect((await c.get('/metrics')).status).toBe(403);
    expect((await c.get('/metrics').set('Authorization', 'Bearer s3cret')).status).toBe(200);
  });

  it('in production serves no metrics without METRICS_TOKEN, even to loopback callers, and requires the token with one', async () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'production-test-secret', STRIPE_SECRET_KEY: 'sk_test_not_used', PUBLIC_BASE_URL: 'https://billing.example.com' };
    const [bare, tokened] = await Promise.all([
      startTestServer(pglite!, { env: production }),
      startTestServer(pglite!, { env: { ...production, METRICS_TOKEN: 'prod-token' } }),
    ]);
    try {
      // The test client is a loopback peer, as a local reverse proxy would be.
      expect((await bare.client().get('/metrics')).status).toBe(404);
      expect((await tokened.client().get('/metrics')).status).toBe(403);
      expect((await tokened.client().get('/metrics').set('Authorization', 'Bearer wrong-token')).status).toBe(403);
      expect((await tokened.client().get('/metrics').set('Authorization', 'Bearer prod-token')).status).toBe(200);
    } finally {
      await Promise.all([bare.close(), tokened.close()]);
    }
  });

  it('answers liveness', async () => {
    expect((await open.client().get('/healthz')).body).toEqual({ status: 'ok' });
  });

  it('answers readiness from the database, the event store and the projections', async () => {
    const ready = await open.client().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', checks: { database: { ok: true }, eventStore: { ok: true }, projections: { ok: true } } });
  });
});
