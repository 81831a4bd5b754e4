import fc from 'fast-check';
import { getNamedType, isInputObjectType, isNonNullType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSchema } from '../../api/main/schema';
import { createClientWithLogin, createInvoice } from '../billing-fixtures';
import { testBackends } from '../db';
import { startTestServer, type TestClient, type TestServer } from '../server';
import { changedTables, envInt, timedTwice, fingerprint, settledFingerprint, hostileHeaders, hostileString, hostileValue } from './hostile';
import { enumerateOperations, operationDocument, sampleValue, type Operation } from './surface';

const RUNS = envInt('SECURITY_FUZZ_RUNS', 600);
// A loaded CI machine answers a fuzz request in well under 250 ms.
const FUZZ_TIMEOUT_MS = 60_000 + RUNS * 250;
const LIMITS = { loginPerIp: 1_000_000, loginPerUsername: 1_000_000, publicFormsPerIp: 1_000_000, publicReadsPerIp: 1_000_000 };

/** Malformed or abusive documents: syntax errors, depth and alias bombs, introspection of secrets. */
const RAW_DOCUMENTS = [
  'mutation {',
  '{ me { id } ',
  'mutation { createClient(input: {name: "x", email: 5}) { id } }',
  'mutation { createProduct(input: {name: "x", price: "1e400"}) { id } }',
  `{ ${Array.from({ length: 2000 }, (_, i) => `a${i}: me { id }`).join(' ')} }`,
  `query { ${'me { '.repeat(300)}${'}'.repeat(300)} }`,
  'query { __schema { types { name } } }',
  '{ me { id passwordHash } }',
  'mutation { login(username: "admin", password: {x: 1}) { success } }',
  `mutation { ${Array.from({ length: 50 }, (_, i) => `l${i}: login(username: "admin", password: "wrong${i}") { success }`).join(' ')} }`,
];

const argArbitrary = (op: Operation, id: string) =>
  fc.record(
    Object.fromEntries(
      op.field.args
        .filter((a) => isNonNullType(a.type) && a.defaultValue === undefined)
        .map((a) => {
          const named = getNamedType(a.type);
          const sample = sampleValue(a.type, id);
          const fieldNames = isInputObjectType(named) ? Object.keys(named.getFields()) : [];
          const mutated = fieldNames.length
            ? fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { minKeys: 1, maxKeys: 4 }).map((d) => ({ ...(sample as object), ...d }))
            : fc.oneof(hostileString, fc.constant(sample));
          return [a.name, fc.oneof(mutated, hostileValue)];
        }),
    ),
  );

describe.each(testBackends())('hostile GraphQL input on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let anon: TestClient;
  let id: string;
  const tally = { requests: 0, rejected: 0, accepted: 0 };

  beforeAll(async () => {
    server = await startTestServer(backend, { limits: LIMITS });
    admin = server.client();
    await admin.login();
    anon = server.client();
    const c = await createClientWithLogin(server.runtime.deps, 'GraphQL Fuzz Ltd');
    id = (await createInvoice(server.runtime.deps, c.id, 30)).id;
  });
  afterAll(async () => {
    console.log(`hostile GraphQL (${backend.name}): requests: ${tally.requests}, rejected: ${tally.rejected}, accepted: ${tally.accepted}`);
    await server?.close();
  });

  const settled = (): Promise<string> => settledFingerprint(server);

  const slow: string[] = [];

  const check = async (caller: TestClient, query: string, variables: unknown, before: string, what: string, headers: Record<string, string> = {}): Promise<boolean> => {
    const send = () => {
      let req = caller.agent.post('/graphql').set('X-CSRFToken', caller.csrfToken() ?? '');
      for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
      return req.set('Content-Type', 'application/json').send(JSON.stringify({ query, variables }));
    };
    // An answer with errors and no data wrote nothing, and may be timed twice; except SAVED_PENDING,
    // which says the write is stored and only the read models were late (a loaded machine).
    const saved = (r: { body?: { errors?: Array<{ extensions?: { code?: string } }> } }) => (r.body?.errors ?? []).some((e) => e.extensions?.code === 'SAVED_PENDING');
    const refused = (r: { body?: { errors?: Array<{ extensions?: { code?: string } }>; data?: Record<string, unknown> | null } }) =>
      Boolean(r.body?.errors?.length) && !saved(r) && !(r.body?.data && Object.values(r.body.data).some((v) => v !== null));
    const { answer: res, slowMs } = await timedTwice(send, refused);
    if (slowMs) slow.push(`${slowMs} ms: ${what} ${JSON.stringify(headers).slice(0, 120)}`);
    tally.requests++;
    expect(res.status, `${what} -> ${res.text?.slice(0, 200)}`).toBeLessThan(500);
    const errors: { message?: string; extensions?: { code?: string } }[] = res.body?.errors ?? [];
    for (const e of errors) {
      expect(e.extensions?.code, `${what} -> ${e.message}`).not.toBe('INTERNAL_SERVER_ERROR');
      expect(e.message?.length ?? 0, what).toBeGreaterThan(0);
    }
    if (refused(res)) {
      tally.rejected++;
      // The tables that differ, so a failure says what was written.
      expect(changedTables(before, await fingerprint(server.testDb.db)), `${what} was refused but wrote`).toEqual([]);
      return false;
    }
    tally.accepted++;
    return true;
  };

  it('answers hostile variables and headers to every query and mutation with a coded error within a second, never an internal one, writing nothing when it refuses', async () => {
    const operations = enumerateOperations(await getSchema()).filter((o) => o.name !== 'logout');
    let before = await settled();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...operations).chain((op) => fc.tuple(fc.constant(op), argArbitrary(op, id), fc.boolean(), hostileHeaders)),
        async ([op, variables, asAdmin, headers]) => {
          const { query } = operationDocument(op, id);
          const accepted = await check(asAdmin ? admin : anon, query, variables, before, `${op.name} ${JSON.stringify(variables).slice(0, 160)}`, headers);
          if (accepted) before = await settled();
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(slow).toEqual([]);
    expect((await anon.get('/healthz')).status).toBe(200);
  }, FUZZ_TIMEOUT_MS);

  it('answers malformed and abusive documents without an internal error', async () => {
    const before = await settled();
    for (const doc of RAW_DOCUMENTS) await check(admin, doc, {}, before, doc.slice(0, 80));
    // The server still answers and the admin session still works.
    const me = await admin.graphql('{ me { username } }');
    expect(me.body.data.me.username).toBe('admin');
  });
});
