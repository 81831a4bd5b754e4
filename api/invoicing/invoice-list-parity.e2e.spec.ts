import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice, createProduct, createSubscription, userClient } from './test/fixtures';

// The GraphQL invoice list answers from the same cached page as the REST list, and a repeated query
// from its kept answer (api/invoicing/versioned-answers.ts): this suite holds the two lists to the same
// answer, field by field, cold and warm, so that no faster path can drift from the other.

/** Every field of a REST invoice and its GraphQL name. A REST field missing here fails the suite. */
const INVOICE_FIELDS = {
  id: 'id',
  client: 'client',
  invoice_number: 'invoiceNumber',
  date: 'date',
  due_date: 'dueDate',
  paid: 'paid',
  sent: 'sent',
  total_amount: 'totalAmount',
  net_amount: 'netAmount',
  vat_amount: 'vatAmount',
  paid_amount: 'paidAmount',
  credited_amount: 'creditedAmount',
  open_amount: 'openAmount',
  issued: 'issued',
  cancelled: 'cancelled',
  written_off: 'writtenOff',
  written_off_amount: 'writtenOffAmount',
  written_off_on: 'writtenOffOn',
  recovered_amount: 'recoveredAmount',
  reverse_charge: 'reverseCharge',
  items: 'items',
  subscription: 'subscriptionId',
  period_start: 'periodStart',
  period_end: 'periodEnd',
  version: 'version',
  payment_reference: 'paymentReference',
  currency: 'currency',
  exchange_rate: 'exchangeRate',
} as const;

const ITEM_FIELDS = {
  description: 'description',
  quantity: 'quantity',
  unit_price: 'unitPrice',
  vat_rate: 'vatRate',
  total: 'total',
  vat_amount: 'vatAmount',
  vat_category: 'vatCategory',
  vat_exemption_reason: 'vatExemptionReason',
  product: 'productId',
} as const;

const CLIENT_FIELDS = { id: 'id', name: 'name' } as const;

const selection = (fields: Record<string, string>, nested: Record<string, string> = {}) =>
  Object.values(fields)
    .map((f) => (nested[f] ? `${f} { ${nested[f]} }` : f))
    .join(' ');

const INVOICE_SELECTION = selection(INVOICE_FIELDS, { client: selection(CLIENT_FIELDS), items: selection(ITEM_FIELDS) });

const LIST = `query($page: PageInput, $clientId: ID, $status: InvoicePaidFilter, $overdue: Boolean) {
  invoices(page: $page, clientId: $clientId, status: $status, overdue: $overdue) { total items { ${INVOICE_SELECTION} } }
}`;

type Wire = Record<string, unknown>;

/** Compares one REST object with its GraphQL twin through a field table, both ways. */
const expectTwin = (rest: Wire, graphql: Wire, fields: Record<string, string>, where: string) => {
  expect(Object.keys(rest).sort(), `${where}: REST fields`).toEqual(Object.keys(fields).sort());
  expect(Object.keys(graphql).sort(), `${where}: GraphQL fields`).toEqual(Object.values(fields).sort());
  for (const [restName, graphqlName] of Object.entries(fields)) {
    if (restName === 'client') expectTwin(rest.client as Wire, graphql.client as Wire, CLIENT_FIELDS, `${where}.client`);
    else if (restName === 'items') {
      const [restItems, graphqlItems] = [rest.items as Wire[], graphql.items as Wire[]];
      expect(graphqlItems.length, `${where}.items`).toBe(restItems.length);
      restItems.forEach((item, i) => expectTwin(item, graphqlItems[i]!, ITEM_FIELDS, `${where}.items.${i}`));
    } else expect(graphql[graphqlName], `${where}.${restName}`).toStrictEqual(rest[restName]);
  }
};

interface Filters {
  client?: string;
  status?: 'paid' | 'unpaid';
  overdue?: boolean;
  page?: { limit: number; offset: number };
}

describe.each(testBackends())('the GraphQL invoice list answers as the REST list on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let acme: string;
  let german: string;
  const ids: Record<string, string> = {};
  /** GraphQL answers that the warm query of `both` took from the kept answers. */
  let cachedAnswers = 0;
  const hits = async () => (await server.runtime.deps.metrics.graphqlCachedAnswers.get()).values.find((v) => v.labels.outcome === 'hit')?.value ?? 0;

  const both = async (filters: Filters = {}) => {
    const params = new URLSearchParams();
    if (filters.client) params.set('client', filters.client);
    if (filters.status) params.set('status', filters.status);
    if (filters.overdue !== undefined) params.set('overdue', String(filters.overdue));
    if (filters.page) {
      params.set('limit', String(filters.page.limit));
      params.set('offset', String(filters.page.offset));
    }
    const variables = { page: filters.page, clientId: filters.client, status: filters.status, overdue: filters.overdue };
    // GraphQL first and last: a cold and a warm cache on each side.
    const first = await admin.graphql(LIST, variables);
    const rest = await admin.get(`/api/invoices/?${params}`);
    const graphql = await admin.graphql(LIST, variables);
    expect(rest.status).toBe(200);
    for (const answer of [first, graphql]) {
      expect(answer.status).toBe(200);
      expect(answer.body.errors).toBeUndefined();
    }
    expect(first.body.data).toStrictEqual(graphql.body.data);
    cachedAnswers += 1;
    return { rest: rest.body as Wire[], restTotal: Number(rest.headers['x-total-count'] ?? rest.body.length), graphql: graphql.body.data.invoices as { total: number; items: Wire[] } };
  };

  const expectSameList = async (filters: Filters = {}) => {
    const { rest, restTotal, graphql } = await both(filters);
    expect(graphql.total).toBe(restTotal);
    expect(graphql.items.map((i) => i.id)).toEqual(rest.map((i) => i.id));
    rest.forEach((invoice, i) => expectTwin(invoice, graphql.items[i]!, INVOICE_FIELDS, `invoice ${String(invoice.invoice_number)}`));
    return rest;
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
    acme = (await createClient(admin, { name: 'Acme Ltd' })).id;
    german = (await createClient(admin, { name: 'Kunde GmbH', country: 'DE', vat_number: 'DE123456788' })).id;
    const lines = [
      { description: 'Consulting', quantity: 2.5, unit_price: 150.55, vat_rate: 19 },
      { description: 'Books', quantity: 3, unit_price: 12.3, vat_rate: 5 },
      { description: 'Export', quantity: 1, unit_price: 80, vat_rate: 0, vat_category: 'Z' },
      { description: 'Training', quantity: 1, unit_price: 500, vat_rate: 0, vat_category: 'E', vat_exemption_reason: 'Article 132(1)(i) of Directive 2006/112/EC' },
    ];
    const invoice = async (name: string, fields: Record<string, unknown>) => (ids[name] = (await createInvoice(admin, { client: acme, date: '2026-03-01', due_date: '2026-03-31', items: lines, ...fields })).id);
    await invoice('draft', {});
    await invoice('overdue', { date: '2026-02-01', due_date: '2026-02-28', items: [lines[0]] });
    await invoice('paid', { date: '2026-02-10', due_date: '2026-02-20', paid: true });
    await invoice('partly paid', { date: '2026-01-05', due_date: '2026-04-05' });
    expect((await admin.post(`/api/invoices/${ids['partly paid']}/send/`)).status).toBe(200);
    const part = await admin.post(`/api/invoices/${ids['partly paid']}/payments/`, { amount: 100.1, date: '2026-03-02', method: 'bank_transfer', reference: 'Part' });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    await invoice('sent', { date: '2026-03-05', due_date: '2026-03-20', items: [lines[1]] });
    expect((await admin.post(`/api/invoices/${ids.sent}/send/`)).status).toBe(200);
    await invoice('credited', { date: '2026-03-03', items: [lines[0], lines[1]] });
    expect((await admin.post(`/api/invoices/${ids.credited}/send/`)).status).toBe(200);
    expect((await admin.post(`/api/invoices/${ids.credited}/credit-notes/`, { reason: 'Cancelled order' })).status).toBe(201);
    await invoice('reverse charge', { client: german, items: [{ description: 'Platform licence', quantity: 1, unit_price: 1000, vat_rate: 19 }] });
    await invoice('deleted', {});
    expect((await admin.delete(`/api/invoices/${ids.deleted}/`)).status).toBe(204);
    const product = await createProduct(admin, { name: 'Monthly plan', price: 49.99, vat_rate: 19 });
    await createSubscription(admin, { client: acme, product: product.id, start_date: '2026-02-01' });
    const generated = await admin.post('/api/billing/generate-invoices/');
    expect(generated.status).toBe(200);
  });
  afterAll(() => server?.close());

  it('gives the same invoices with the same fields: items, money, dates, status, payments, subscription periods', async () => {
    const rest = await expectSameList();
    const byId = new Map(rest.map((i) => [i.id, i]));
    // The data covers what the comparison is about (else a field could agree by being empty).
    expect(rest).toHaveLength(9);
    expect(byId.has(ids.deleted!)).toBe(false);
    expect(byId.get(ids.paid!)).toMatchObject({ paid: true, issued: true, open_amount: 0 });
    expect(byId.get(ids['partly paid']!)).toMatchObject({ paid: false, paid_amount: 100.1 });
    expect(byId.get(ids.sent!)).toMatchObject({ sent: true, issued: true });
    expect(byId.get(ids.credited!)).toMatchObject({ cancelled: true, open_amount: 0 });
    expect(byId.get(ids['reverse charge']!)).toMatchObject({ reverse_charge: true, client: { id: german, name: 'Kunde GmbH' } });
    expect((byId.get(ids.draft!)!.items as Wire[]).map((i) => i.vat_category)).toEqual(['S', 'S', 'Z', 'E']);
    expect(rest.filter((i) => i.subscription !== null).map((i) => [i.period_start, i.period_end])).toEqual([
      ['2026-03-01', '2026-03-31'],
      ['2026-02-01', '2026-02-28'],
    ]);
  });

  it('pages and filters alike', async () => {
    await expectSameList({ page: { limit: 3, offset: 0 } });
    await expectSameList({ page: { limit: 3, offset: 3 } });
    await expectSameList({ page: { limit: 4, offset: 8 } });
    await expectSameList({ status: 'paid' });
    await expectSameList({ status: 'unpaid', page: { limit: 50, offset: 0 } });
    await expectSameList({ overdue: true });
    await expectSameList({ overdue: false });
    await expectSameList({ client: german });
    // Every warm query was answered from the kept answer, and every one was still the REST list's.
    expect(await hits()).toBe(cachedAnswers);
  });

  it('keeps answers per user and per day: a client is refused, never handed the admin answer', async () => {
    const variables = { page: { limit: 50, offset: 0 } };
    expect((await admin.graphql(LIST, variables)).body.errors).toBeUndefined();
    const before = await hits();
    const client = await userClient(server, 'acme-user', acme);
    const refused = await client.graphql(LIST, variables);
    expect(refused.body.data).toBeNull();
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await hits()).toBe(before);
  });

  it('never serves a kept answer after any write to the tables it read, a hand-written one too', async () => {
    const variables = { page: { limit: 50, offset: 0 } };
    const read = async () => (await admin.graphql(LIST, variables)).body.data.invoices as { items: Wire[] };
    await read();
    const kept = await read();
    await server.runtime.deps.db('clients').where({ id: german }).update({ name: 'Kunde AG' });
    const after = await read();
    expect(kept.items.find((i) => (i.client as Wire).id === german)?.client).toMatchObject({ name: 'Kunde GmbH' });
    expect(after.items.filter((i) => (i.client as Wire).id === german).map((i) => (i.client as Wire).name)).toEqual(['Kunde AG']);
  });

  it('shows a change on both at once: a payment, an edit and a new invoice', async () => {
    await expectSameList({ page: { limit: 50, offset: 0 } });
    expect((await admin.post(`/api/invoices/${ids.overdue}/mark_as_paid/`)).status).toBe(200);
    const edit = await admin.put(`/api/invoices/${ids.draft}/`, { client: acme, date: '2026-03-01', due_date: '2026-04-15', items: [{ description: 'Edited', quantity: 1, unit_price: 9.99, vat_rate: 19 }] });
    expect(edit.status).toBe(200);
    await createInvoice(admin, { client: german, date: '2026-03-14', due_date: '2026-03-28', items: [{ description: 'Late addition', quantity: 1, unit_price: 1, vat_rate: 19 }] });
    const rest = await expectSameList({ page: { limit: 50, offset: 0 } });
    expect(rest).toHaveLength(10);
    expect(rest.find((i) => i.id === ids.overdue)).toMatchObject({ paid: true });
    expect(rest.find((i) => i.id === ids.draft)).toMatchObject({ due_date: '2026-04-15', total_amount: 11.89 });
  });
});
