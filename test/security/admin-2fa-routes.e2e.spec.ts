import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSchema } from '../../api/main/schema';
import { createClientWithLogin, createInvoice } from '../billing-fixtures';
import { testBackends } from '../db';
import { startTestServer, type TestClient, type TestServer } from '../server';
import { REST_TABLE, graphqlRuleOf } from './access-table';
import { enumerateOperations, enumerateRoutes, operationDocument, routeKey } from './surface';

const LIMITS = { loginPerIp: 10_000, loginPerUsername: 10_000, publicFormsPerIp: 10_000, publicReadsPerIp: 10_000 };
const SETUP_REQUIRED = 'TWO_FACTOR_SETUP_REQUIRED';

/**
 * REQUIRE_ADMIN_2FA over the whole app: every route and operation is enumerated from the running
 * express app and the GraphQL schema, so a route added without the superuser guard (as the PDF and
 * UBL downloads once were) fails here. A superuser who has not enrolled is refused everything that
 * the access table gives the superuser role (or the owner rule, downloads), with the reason the
 * web app sends to enrolment; what any signed-in user may do still answers as it does for anyone.
 */
describe('REQUIRE_ADMIN_2FA on every admin route', () => {
  let server: TestServer;
  let app: Express;
  let admin: TestClient;
  let invoiceId: string;
  let creditNoteId: string;

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: LIMITS, env: { REQUIRE_ADMIN_2FA: 'true' } });
    app = server.runtime.app;
    const client = await createClientWithLogin(server.runtime.deps, 'Enrolment Check Ltd');
    invoiceId = (await createInvoice(server.runtime.deps, client.id, 120)).id;
    // Issued by a service call, as the seed would: the policy flags the signed-in admin, not the services.
    await server.runtime.services.billing.invoices.send(invoiceId, 'system');
    creditNoteId = (await server.runtime.services.billing.invoices.credit({ invoiceId, reason: 'Enrolment check' }, 'system')).id;
    admin = server.client();
    const login = await admin.login();
    expect(login.body.user.two_factor_setup_required).toBe(true);
  });
  afterAll(() => server?.close());

  const pathOf = (path: string) => path.replace(':id', path.startsWith('/api/credit-notes/') ? creditNoteId : invoiceId);

  it('refuses every superuser and owner route to a superuser who has not enrolled', async () => {
    const routes = enumerateRoutes(app).filter((r) => !r.path.endsWith('/logout/'));
    const guarded = routes.filter((r) => ['superuser', 'owner'].includes(REST_TABLE[routeKey(r)]?.rule ?? ''));
    expect(guarded.length).toBeGreaterThan(60);
    expect(guarded.map(routeKey)).toEqual(expect.arrayContaining(['GET /api/invoices/:id/pdf/', 'GET /api/invoices/:id/ubl/', 'GET /api/credit-notes/:id/pdf/']));
    const failures: string[] = [];
    for (const route of guarded) {
      const res = await admin[route.method === 'patch' ? 'put' : route.method](pathOf(route.path), route.method === 'get' ? undefined : {});
      if (res.status !== 403 || res.body?.reason !== SETUP_REQUIRED) failures.push(`${routeKey(route)}: ${res.status} ${res.text.slice(0, 100)}`);
    }
    expect(failures).toEqual([]);
  });

  it('still lets the superuser reach what any signed-in user or visitor may (enrolment itself included)', async () => {
    const open = enumerateRoutes(app).filter((r) => ['authenticated', 'public', 'capability'].includes(REST_TABLE[routeKey(r)]?.rule ?? '') && r.method === 'get');
    expect(open.map(routeKey)).toContain('GET /api/two-factor/');
    for (const route of open) {
      const res = await admin.get(pathOf(route.path));
      expect(res.body?.reason, routeKey(route)).not.toBe(SETUP_REQUIRED);
      expect(res.status, routeKey(route)).toBe(REST_TABLE[routeKey(route)]!.superuser);
    }
  });

  it('refuses every superuser GraphQL operation with the same reason', async () => {
    const ops = enumerateOperations(await getSchema()).filter((o) => graphqlRuleOf(o.name) === 'superuser');
    expect(ops.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const op of ops) {
      const { query, variables } = operationDocument(op, invoiceId);
      const res = await admin.graphql(query, variables);
      const error = res.body?.errors?.[0];
      if (error?.extensions?.code !== 'FORBIDDEN' || error?.extensions?.reason !== SETUP_REQUIRED) failures.push(`${op.name}: ${res.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});
