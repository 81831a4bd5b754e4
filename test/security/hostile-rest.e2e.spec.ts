import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin, createInvoice } from '../billing-fixtures';
import { testBackends } from '../db';
import { startTestServer, type TestClient, type TestServer } from '../server';
import { envInt, timedTwice, fingerprint, settledFingerprint, hostileBody, hostileHeaders, hostileId, hostileQuery, hostileRaw } from './hostile';
import { enumerateRoutes, type RouteEntry } from './surface';
import { TOO_DEEP } from '../../api/platform/http/json-depth';

// CI default; SECURITY_FUZZ_RUNS=5000 for a longer local hunt.
const RUNS = envInt('SECURITY_FUZZ_RUNS', 600);
// A loaded CI machine answers a fuzz request in well under 250 ms.
const FUZZ_TIMEOUT_MS = 60_000 + RUNS * 250;
const LIMITS = { loginPerIp: 1_000_000, loginPerUsername: 1_000_000, publicFormsPerIp: 1_000_000, publicReadsPerIp: 1_000_000 };
// Lone surrogates cannot be percent-encoded; the server sees U+FFFD for them, as from a browser.
const encodeId = (id: string) => encodeURIComponent(Buffer.from(id, 'utf8').toString('utf8'));
const wellFormed = (q: Record<string, string>) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, Buffer.from(v, 'utf8').toString('utf8')]));
// Sent as they are: broken percent-escapes and encoded separators in the path itself.
const RAW_PATH_IDS = ['%', '%E0%A4%A', '%00', '%2F..%2F..', '..%252f', '%C0%AE%C0%AE', '%FF%FE'];

describe.each(testBackends())('hostile REST input on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let anon: TestClient;
  let targets: RouteEntry[];
  let realIds: string[];
  const tally = { requests: 0, rejected: 0, accepted: 0 };

  beforeAll(async () => {
    server = await startTestServer(backend, { limits: LIMITS });
    admin = server.client();
    await admin.login();
    anon = server.client();
    const deps = server.runtime.deps;
    const c = await createClientWithLogin(deps, 'Fuzz Target Ltd');
    const inv = await createInvoice(deps, c.id, 50);
    realIds = [c.id, inv.id];
    const app = server.runtime.app;
    // Every route of the running app, reads included (their query strings and headers are input too).
    // Logout is left out: it would end the fuzzing session.
    targets = enumerateRoutes(app).filter((r) => !r.path.endsWith('/logout/'));
  });
  afterAll(async () => {
    console.log(`hostile REST (${backend.name}): requests: ${tally.requests}, rejected: ${tally.rejected}, accepted: ${tally.accepted}`);
    await server?.close();
  });

  const settled = (): Promise<string> => settledFingerprint(server);

  // The fingerprint hashes every table, the event store and the ledger's read models among them:
  // a refused request that left it equal left the trial balance, and everything else, unchanged.
  it('answers malformed bodies, ids, query strings and headers with a clear 4xx within a second, writes nothing when it refuses, and keeps answering', async () => {
    const slow: string[] = [];
    let before = await settled();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.boolean(),
        fc.oneof(fc.constantFrom(...realIds), hostileId.map(encodeId), fc.constantFrom(...RAW_PATH_IDS)),
        hostileQuery,
        fc.oneof({ weight: 3, arbitrary: hostileBody.map((b) => ({ json: b })) }, { weight: 1, arbitrary: hostileRaw.map((raw) => ({ raw })) }),
        hostileHeaders,
        async (route, asAdmin, id, query, body, headers) => {
          const caller = asAdmin ? admin : anon;
          const path = route.path.replace(':id', id);
          // Always as text: superagent refuses bare numbers and strings, which are valid JSON bodies too.
          const text = 'raw' in body ? body.raw : (JSON.stringify(body.json) ?? 'null');
          const send = () => {
            let req = caller.agent[route.method](path).query(wellFormed(query));
            const token = caller.csrfToken();
            if (token) req = req.set('X-CSRFToken', token);
            for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
            return req.set('Content-Type', 'application/json').send(text);
          };
          // A GET writes nothing, nor does a refusal: those may be timed twice.
          const { answer: res, slowMs } = await timedTwice(send, (r) => route.method === 'get' || r.status >= 400);
          tally.requests++;
          const what = `${route.method} ${path.slice(0, 80)} ${JSON.stringify(body).slice(0, 120)} ${JSON.stringify(headers).slice(0, 120)}`;
          if (slowMs) slow.push(`${slowMs} ms: ${what}`);
          expect(res.status, `${what} -> ${res.text?.slice(0, 200)}`).toBeLessThan(500);
          if (res.status >= 400) {
            tally.rejected++;
            // Node's HTTP parser refuses over-long request lines itself (431), before the app.
            if (res.status !== 431) {
              expect(typeof res.body?.message, `${what} -> ${res.status}`).toBe('string');
              expect(res.body.message.length, what).toBeGreaterThan(0);
            }
            expect(await fingerprint(server.testDb.db), `${what} was refused (${res.status}) but wrote`).toBe(before);
          } else {
            tally.accepted++;
            before = await settled();
          }
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(slow).toEqual([]);
    expect((await anon.get('/healthz')).status).toBe(200);
    expect((await admin.get('/api/clients/')).status).toBe(200);
  }, FUZZ_TIMEOUT_MS);

  it('refuses NUL bytes and out-of-range values with a 4xx, found by the fuzzer as 500s', async () => {
    const before = await settled();
    expect((await anon.post('/simulated-checkout/%00/pay')).status).toBe(404);
    expect((await anon.get('/simulated-checkout/a%00b')).status).toBe(404);
    const reconcile = await anon.post('/api/payments/reconcile/', { session_id: 'cs_sim_\u0000' });
    expect(reconcile.status).toBeGreaterThanOrEqual(400);
    expect(reconcile.status).toBeLessThan(500);
    for (const name of ['a\u0000b', '\u0000']) {
      const res = await admin.post('/api/clients/', { name, email: 'nul@example.com' });
      expect(res.status, res.text).toBe(400);
      expect(res.body.message.length).toBeGreaterThan(0);
      const gql = await admin.graphql('mutation($n: String!) { createProduct(input: {name: $n, price: 1}) { id } }', { n: name });
      expect(gql.body.errors?.[0]?.extensions?.code, gql.text).toBe('BAD_USER_INPUT');
    }
    // A body nested 20,000 deep parses; walking it for an idempotency fingerprint overflowed the stack (500).
    const deep = await admin.agent
      .post('/api/clients/%00/reset_password/')
      .set('X-CSRFToken', admin.csrfToken()!)
      .set('Idempotency-Key', 'deep-1')
      .set('Content-Type', 'application/json')
      .send('['.repeat(20_000) + ']'.repeat(20_000));
    expect(deep.status, deep.text).toBe(400);
    expect(deep.body.message).toBe(TOO_DEEP);
    expect(await fingerprint(server.testDb.db)).toBe(before);
  });

  it('refuses a logged-in write without the CSRF header, or with a cross-origin Origin and a wrong token, writing nothing', async () => {
    const before = await settled();
    for (const [path, body] of [['/api/clients/', { name: 'CSRF Ltd', email: 'csrf@x.test' }], ['/api/products/', { name: 'CSRF', price: 1 }]] as const) {
      const bare = await admin.agent.post(path).send(body);
      expect(bare.status).toBe(403);
      expect(bare.body.message).toMatch(/CSRF/);
      const foreign = await admin.agent.post(path).set('Origin', 'https://evil.example').set('X-CSRFToken', 'forged').send(body);
      expect(foreign.status).toBe(403);
      // No CORS grant: a foreign page cannot read answers nor send preflighted calls.
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await admin.agent.options(path).set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
    const gql = await admin.agent.post('/graphql').send({ query: 'mutation { createProduct(input: {name: "CSRF", price: 1}) { id } }' });
    expect(gql.status).toBe(403);
    expect(await fingerprint(server.testDb.db)).toBe(before);
  });
});
