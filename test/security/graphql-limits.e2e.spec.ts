import 'reflect-metadata';
import { parse, print, validate, type DocumentNode } from 'graphql';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS, graphqlProtection } from '../../api/platform/graphql/armor';
import { getSchema } from '../../api/main/schema';
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
/** Over the token limit with no alias, nesting or cost to speak of: only the token limit refuses it. */
const overTokenLimit = `{ ${'__typename '.repeat(GRAPHQL_LIMITS.tokens)}}`;

/**
 * Documents and variables that graphql-js answers with a suggestion, one per wording: a field,
 * an argument, a type, an input field (in the document and in variables), an enum value (in the
 * document and in variables, "Did you mean the enum value …?") and a leaf without a selection.
 * All are refused before any resolver runs, so anyone can send them.
 */
const SUGGESTING: { kind: string; query: string; variables?: Record<string, unknown> }[] = [
  { kind: 'field', query: '{ publicInvoic(id: "x") { id } }' },
  { kind: 'nested field', query: '{ publicInvoice(id: "x") { invoiceNumbr } }' },
  { kind: 'argument', query: '{ publicInvoice(idd: "x") { id } }' },
  { kind: 'type', query: 'query($s: InvoicePaidFiltr) { invoices(status: $s) { total } }' },
  { kind: 'input field', query: 'mutation { createClient(input: { nam: "x", email: "x@example.org" }) { id } }' },
  {
    kind: 'input field in variables',
    query: 'mutation($c: ClientInput!) { createClient(input: $c) { id } }',
    variables: { c: { nam: 'x', email: 'x@example.org' } },
  },
  { kind: 'enum value', query: '{ invoices(status: paidd) { total } }' },
  { kind: 'enum value in variables', query: 'query($s: InvoicePaidFilter) { invoices(status: $s) { total } }', variables: { s: 'paidd' } },
];

describe('the web client’s own operations', () => {
  it('all pass the GraphQL limits, so the limits refuse only abuse', async () => {
    const schema = await getSchema();
    const rules = graphqlProtection().validationRules;
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
      // Both are far over the token limit, which refuses them before they are even parsed.
      expect(res.body.errors[0].message).toMatch(/token/i);
    }
    // Not one lookup ran (none spent the pay-link budget).
    expect(Number((await server.testDb.db('rate_limits').count({ n: '*' }))[0]!.n)).toBe(before);
  });

  it('refuses one alias past the alias limit in a document well under the token limit', async () => {
    const over = aliased(GRAPHQL_LIMITS.aliases + 1, '__typename');
    expect(() => new MaxTokensParserWLexer(over, { n: GRAPHQL_LIMITS.tokens }).parseDocument()).not.toThrow();
    const res = await anonymous(over);
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors[0].message).toMatch(/alias/i);
    expect((await anonymous(aliased(GRAPHQL_LIMITS.aliases, '__typename'))).status).toBe(200);
  });

  it('refuses a document over the token limit that no other limit would refuse', async () => {
    // An invoice with many lines: tokens without aliases, depth or cost. Anonymous, so nothing is written.
    const invoice = (lines: number) =>
      `mutation { createInvoice(input: { clientId: "x", date: "2026-11-27", dueDate: "2026-12-27", items: [${'{ description: "x", unitPrice: 1 } '.repeat(lines)}] }) { id } }`;
    const within = (doc: string) => {
      try {
        new MaxTokensParserWLexer(doc, { n: GRAPHQL_LIMITS.tokens }).parseDocument();
        return true;
      } catch {
        return false;
      }
    };
    expect([within(invoice(115)), within(invoice(125))]).toEqual([true, false]);
    const under = await anonymous(invoice(115));
    expect(under.status).toBe(200);
    expect(under.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const over = await anonymous(invoice(125));
    expect(over.status).toBe(400);
    expect(over.body.errors[0].message).toMatch(/token/i);
  });

  it('applies the token limit to GET /graphql?query=… as to a POST', async () => {
    const get = (query: string) => supertest(server.url).get('/graphql').query({ query }).set('apollo-require-preflight', 'true');
    expect((await get('{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
    const res = await get(overTokenLimit);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/token/i);
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

  it('suggests names outside production, in every wording', async () => {
    for (const { kind, query, variables } of SUGGESTING) {
      const res = await supertest(server.url).post('/graphql').send({ query, variables });
      expect(res.body.errors.map((e: { message: string }) => e.message).join(' '), kind).toMatch(/Did you mean/);
    }
    const res = await anonymous('{ invoices(status: paidd) { total } }');
    expect(res.body.errors[0].message).toMatch(/Did you mean the enum value "paid"/);
  });
});

describe('GraphQL in production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { env: PRODUCTION });
  });
  afterAll(() => server?.close());

  it('hides every suggestion, which would reveal the schema with introspection off', async () => {
    const leaks = [];
    for (const { kind, query, variables } of SUGGESTING) {
      const res = await supertest(server.url).post('/graphql').send({ query, variables });
      expect(res.status, kind).toBe(400);
      expect(res.body.errors.length, kind).toBeGreaterThan(0);
      for (const { message } of res.body.errors as { message: string }[]) {
        if (/Did you mean|"paid"|"unpaid"/.test(message)) leaks.push(`${kind}: ${message}`);
        expect(message, kind).toMatch(/\S$/);
      }
    }
    expect(leaks).toEqual([]);
    // The rest of the message stays.
    const res = await supertest(server.url).post('/graphql').send({ query: '{ invoices(status: paidd) { total } }' });
    expect(res.body.errors[0].message).toBe('Value "paidd" does not exist in "InvoicePaidFilter" enum.');
  });
});
