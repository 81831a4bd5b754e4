import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSchema } from '../../api/main/schema';
import { createProduct, createSubscription } from '../../api/invoicing/test/fixtures';
import { createClientWithLogin, createInvoice } from '../billing-fixtures';
import { testBackends } from '../db';
import { startTestServer, type TestClient, type TestServer } from '../server';
import { GRAPHQL_TABLE, REST_TABLE, graphqlRuleOf } from './access-table';
import { enumerateOperations, enumerateRoutes, operationDocument, routeKey, type RouteEntry } from './surface';

const UNKNOWN = '00000000-0000-4000-8000-00000000abcd';
const LIMITS = { loginPerIp: 10_000, loginPerUsername: 10_000, publicFormsPerIp: 10_000, publicReadsPerIp: 10_000 };

type Role = 'anon' | 'A' | 'B' | 'superuser';
interface Owner {
  clientId: string;
  invoiceId: string;
  invoiceNumber: string;
  name: string;
  email: string;
  subscriptionId: string;
}
interface Caller {
  role: Role;
  client: TestClient;
  relogin: () => Promise<void>;
  /** Whose records this caller is pointed at: the other client's, for client users. */
  target: Owner;
}

const ID_KIND: Record<string, keyof Owner | 'product' | 'unknown'> = {
  clients: 'clientId',
  invoices: 'invoiceId',
  public: 'invoiceId',
  subscriptions: 'subscriptionId',
  products: 'product',
  'journal-entries': 'unknown',
  'simulated-checkout': 'unknown',
};

describe.each(testBackends())('authorisation matrix on $name', (backend) => {
  let server: TestServer;
  let app: Express;
  let callers: Caller[];
  let owners: { A: Owner; B: Owner };
  let productId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { limits: LIMITS });
    app = server.runtime.app;
    const deps = server.runtime.deps;
    const admin = server.client();
    await admin.login();
    productId = (await createProduct(admin)).id;
    const owner = async (name: string) => {
      const c = await createClientWithLogin(deps, name);
      const inv = await createInvoice(deps, c.id, 120);
      const sub = await createSubscription(admin, { client: c.id, product: productId, start_date: '2026-01-01' });
      return { login: c, owner: { clientId: c.id, invoiceId: inv.id, invoiceNumber: inv.invoice_number, name: c.name, email: c.email, subscriptionId: sub.id } };
    };
    const a = await owner('Alpha Leakcheck Ltd');
    const b = await owner('Bravo Leakcheck Ltd');
    owners = { A: a.owner, B: b.owner };
    const loggedIn = async (role: Role, username?: string, password?: string, target = owners.B): Promise<Caller> => {
      const client = server.client();
      const relogin = async () => {
        if (username) await client.login(username, password);
      };
      await relogin();
      return { role, client, relogin, target };
    };
    callers = [
      await loggedIn('anon', undefined, undefined, owners.B),
      await loggedIn('A', a.login.username, a.login.password, owners.B),
      await loggedIn('B', b.login.username, b.login.password, owners.A),
      await loggedIn('superuser', 'admin', 'admin-password-1', owners.B),
    ];
  });
  afterAll(() => server?.close());

  it('has a rule for every enumerated REST route and no rule for a route that is gone', () => {
    const routes = enumerateRoutes(app).map(routeKey).sort();
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toEqual(Object.keys(REST_TABLE).sort());
  });

  it('has a rule for every GraphQL query and mutation', async () => {
    const ops = enumerateOperations(await getSchema()).map((o) => o.name).sort();
    expect(ops.filter((n) => !graphqlRuleOf(n))).toEqual([]);
    expect(Object.values(GRAPHQL_TABLE).flat().sort()).toEqual(ops);
  });

  const pathFor = (route: RouteEntry, caller: Caller): string => {
    const kind = ID_KIND[route.path.split('/').filter(Boolean).find((s) => s !== 'api') ?? ''] ?? 'unknown';
    const isWrite = route.method !== 'get';
    const superWrite = caller.role === 'superuser' && isWrite && !route.path.includes('create-checkout-session');
    const id = superWrite || kind === 'unknown' ? UNKNOWN : kind === 'product' ? productId : String(caller.target[kind]);
    return route.path.replace(':id', id);
  };

  const expectedStatus = (key: string, role: Role): number => {
    const row = REST_TABLE[key]!;
    return role === 'anon' ? row.anon : role === 'superuser' ? row.superuser : row.client;
  };

  it('answers every REST route with the expected status for each caller, and no client sees the other client', async () => {
    const routes = enumerateRoutes(app);
    const failures: string[] = [];
    let calls = 0;
    for (const caller of callers) {
      // Logout last, so the caller's session serves the rest of the matrix.
      const ordered = [...routes.filter((r) => !r.path.endsWith('/logout/')), ...routes.filter((r) => r.path.endsWith('/logout/'))];
      for (const route of ordered) {
        const key = routeKey(route);
        const path = pathFor(route, caller);
        const res = await caller.client[route.method === 'patch' ? 'put' : route.method](path, route.method === 'get' ? undefined : {});
        calls++;
        const want = expectedStatus(key, caller.role);
        if (res.status !== want) failures.push(`${caller.role} ${key} (${path}): ${res.status} ${res.text.slice(0, 120)}, expected ${want}`);
        if ((caller.role === 'A' || caller.role === 'B') && REST_TABLE[key]!.rule !== 'capability') {
          const other = caller.target;
          for (const secret of [other.name, other.email, other.invoiceNumber, other.clientId, other.invoiceId]) {
            if (res.text?.includes(secret)) failures.push(`${caller.role} ${key} leaks ${secret}`);
          }
        }
      }
      await caller.relogin();
    }
    console.log(`authz REST calls: ${calls}`);
    expect(failures).toEqual([]);
  });

  it('lets each client user fetch its own PDF and account, never the other one', async () => {
    const [, a, b, superuser] = callers;
    expect((await a!.client.get(`/api/invoices/${owners.A.invoiceId}/pdf/`)).status).toBe(200);
    expect((await b!.client.get(`/api/invoices/${owners.B.invoiceId}/pdf/`)).status).toBe(200);
    expect((await superuser!.client.get(`/api/invoices/${owners.A.invoiceId}/pdf/`)).status).toBe(200);
    expect((await a!.client.get(`/api/invoices/${owners.A.invoiceId}/ubl/`)).status).toBe(200);
    expect((await a!.client.get(`/api/invoices/${owners.B.invoiceId}/ubl/`)).status).toBe(404);
    const mine = await a!.client.get('/api/portal/my-account/');
    expect(mine.text).toContain(owners.A.invoiceNumber);
    expect(mine.text).not.toContain(owners.B.invoiceNumber);
    const gql = await a!.client.graphql('{ myAccount { __typename } }');
    expect(gql.body.errors).toBeUndefined();
    const checkout = await a!.client.graphql('mutation($id: ID!) { createCheckoutSession(invoiceId: $id) { url } }', { id: owners.B.invoiceId });
    expect(checkout.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const own = await a!.client.graphql('mutation($id: ID!) { createCheckoutSession(invoiceId: $id) { url } }', { id: owners.A.invoiceId });
    expect(own.body.errors).toBeUndefined();
  });

  it('answers every GraphQL operation with the expected code for each caller', async () => {
    const ops = enumerateOperations(await getSchema());
    const failures: string[] = [];
    let calls = 0;
    for (const caller of callers) {
      const ordered = [...ops.filter((o) => o.name !== 'logout'), ...ops.filter((o) => o.name === 'logout')];
      for (const op of ordered) {
        const id = caller.role === 'superuser' && op.kind === 'mutation' ? UNKNOWN : caller.target.invoiceId;
        const { query, variables } = operationDocument(op, id);
        const res = await caller.client.graphql(query, variables);
        calls++;
        const codes: string[] = (res.body?.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code ?? '');
        const rule = graphqlRuleOf(op.name)!;
        const refused = codes.find((c) => c === 'UNAUTHENTICATED' || c === 'FORBIDDEN');
        const isClient = caller.role === 'A' || caller.role === 'B';
        let want: string | undefined;
        if (rule === 'superuser') want = caller.role === 'anon' ? 'UNAUTHENTICATED' : isClient ? 'FORBIDDEN' : undefined;
        else if (rule === 'client') want = caller.role === 'anon' ? 'UNAUTHENTICATED' : caller.role === 'superuser' ? 'FORBIDDEN' : undefined;
        else if (rule === 'authenticated') want = caller.role === 'anon' ? 'UNAUTHENTICATED' : undefined;
        // A failed login answers UNAUTHENTICATED by design; the probe's credentials are wrong.
        else if (op.name === 'login') want = 'UNAUTHENTICATED';
        if (res.status >= 500 || codes.includes('INTERNAL_SERVER_ERROR')) failures.push(`${caller.role} ${op.name}: ${res.status} ${res.text.slice(0, 160)}`);
        if (refused !== want) failures.push(`${caller.role} ${op.name}: refused with ${refused ?? 'nothing'}, expected ${want ?? 'nothing'} (${res.text.slice(0, 160)})`);
        if (isClient && rule !== 'capability' && res.text.includes(caller.target.invoiceNumber)) failures.push(`${caller.role} ${op.name} leaks`);
      }
      await caller.relogin();
    }
    console.log(`authz GraphQL calls: ${calls}`);
    expect(failures).toEqual([]);
  });
});
