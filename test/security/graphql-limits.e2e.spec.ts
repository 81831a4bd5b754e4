import 'reflect-metadata';
import { parse, print, validate, type DocumentNode } from 'graphql';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS, graphqlProtection } from '../../api/graphql/armor';
import { getSchema } from '../../api/graphql/schema';
import * as webDocuments from '../../web/src/gql/graphql';
import { createClientWithLogin, createInvoice } from '../billing-fixtures';
import { testBackends } from '../db';
import { startTestServer, type TestServer } from '../server';

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'production-test-secret-0123456789abcdef',
  STRIPE_SECRET_KEY: 'sk_test_not_used',
  PUBLIC_BASE_URL: 'https://billing.example.com',
};

const aliased = (n: number, field: string) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

describe('the web client’s own operations', () => {
  it('all pass the GraphQL limits, so the limits refuse only abuse', async () => {
    const schema = await getSchema();
    const rules = graphqlProtection(true).validationRules;
    const documents = Object.entries(webDocuments).filter(([name, doc]) => name.endsWith('Document') && typeof doc === 'object') as [string, DocumentNode][];
    expect(documents.length).toBeGreaterThan(50);
    for (const [name, doc] of documents) {
      expect(validate(schema, doc, rules).map((e) => e.message), name).toEqual([]);
      expect(() => new MaxTokensParserWLexer(print(doc), { n: GRAPHQL_LIMITS.tokens }).parseDocument(), name).not.toThrow();
    }
    expect(new ApolloArmor().protect().validationRules.length).toBeGreaterThan(0);
  });
});

describe.each(testBackends())('GraphQL operation limits on $name', (backend) => {
  let server: TestServer;
  let invoiceId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { limits: { publicReadsPerIp: 6 } });
    const client = await createClientWithLogin(server.runtime.deps, 'Pay Link Ltd');
    invoiceId = (await createInvoice(server.runtime.deps, client.id, 120)).id;
  });
  afterAll(() => server?.close());

  const anonymous = (query: string) => supertest(server.url).post('/graphql').send({ query });

  it('refuses 1,000 aliased publicInvoice lookups and 5,000 aliases before running any', async () => {
    const before = Number((await server.testDb.db('rate_limits').count({ n: '*' }))[0]!.n);
    for (const query of [aliased(1000, `publicInvoice(id: "${invoiceId}") { id totalAmount }`), aliased(5000, '__typename')]) {
      const res = await anonymous(query);
      expect(res.status).toBe(400);
      expect(res.body.data).toBeUndefined();
      expect(res.body.errors[0].message).toMatch(/alias|token/i);
    }
    // Refused at validation: not one lookup ran (none spent the pay-link budget).
    expect(Number((await server.testDb.db('rate_limits').count({ n: '*' }))[0]!.n)).toBe(before);
    expect((await anonymous(aliased(GRAPHQL_LIMITS.aliases, '__typename'))).status).toBe(200);
  });

  it('refuses deep and costly documents', async () => {
    const admin = server.client();
    await admin.login();
    const deep = await admin.graphql(`{ __type(name: "Query") { ${'fields { type { '.repeat(5)}name${' } }'.repeat(5)} } }`);
    expect(deep.status).toBe(400);
    expect(deep.body.errors[0].message).toMatch(/depth/i);
    const wide = Array.from({ length: 15 }, (_, i) => `i${i}: invoices { items { id invoiceNumber totalAmount openAmount dueDate date paid client { id name } items { description quantity unitPrice total vatAmount vatCategory } payments { id amount date method fee refundedAmount reference } } }`).join(' ');
    const costly = await admin.graphql(`{ ${wide} }`);
    expect(costly.status).toBe(400);
    expect(costly.body.errors[0].message).toMatch(/cost/i);
  });

  it('rate-limits anonymous publicInvoice like GET /api/public/invoices/{id}/, on one shared budget', async () => {
    const gql = await anonymous(`{ publicInvoice(id: "${invoiceId}") { id totalAmount } }`);
    expect(gql.body.data.publicInvoice).toEqual({ id: invoiceId, totalAmount: expect.any(Number) });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await supertest(server.url).get(`/api/public/invoices/${invoiceId}/`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect((await supertest(server.url).get(`/api/public/invoices/${invoiceId}/`)).status).toBe(429);
    const limited = await anonymous(`{ publicInvoice(id: "${invoiceId}") { id } }`);
    expect(limited.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect((await supertest(server.url).get(`/api/public/invoices/${invoiceId}/pdf/`)).status).toBe(429);
    // A logged-in user is not counted here.
    const admin = server.client();
    await admin.login();
    expect((await admin.graphql(`{ publicInvoice(id: "${invoiceId}") { id } }`)).body.data.publicInvoice.id).toBe(invoiceId);
  });

  it('names the field it suggests outside production', async () => {
    const res = await anonymous('{ publicInvoic(id: "x") { id } }');
    expect(res.body.errors[0].message).toMatch(/Did you mean "publicInvoice"/);
  });
});

describe('GraphQL in production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { env: PRODUCTION });
  });
  afterAll(() => server?.close());

  it('hides field suggestions, which would reveal the schema with introspection off', async () => {
    for (const query of ['{ publicInvoic(id: "x") { id } }', '{ publicInvoice(id: "x") { invoiceNumbr } }', '{ publicInvoice(idd: "x") { id } }']) {
      const res = await supertest(server.url).post('/graphql').send({ query });
      expect(res.body.errors.length, query).toBeGreaterThan(0);
      for (const e of res.body.errors) expect(e.message, query).not.toMatch(/Did you mean/);
    }
  });
});
