import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from './test/fixtures';

/**
 * Every amount is bounded so that it, and every sum of it, stays exact (domain/shared/money.ts):
 * the penetration test's invoice (1,000 × 99,999,999,999.99) was saved, answered 500 without its
 * id and broke every list and report after it. Now each writer refuses it with a 400 that says the
 * limit, and nothing is written.
 */
const LIMIT = 'Ensure this value is less than or equal to 1000000000.';
const LINE = "A line's amount with VAT cannot exceed 1,000,000,000.00.";
const TOTAL = "An invoice's total cannot exceed 1,000,000,000.00.";
const OFFICE = 'a0000000-0000-4000-8000-000000005300';

type GraphqlBody = { data?: Record<string, unknown> | null; errors?: { message: string; extensions: { code: string; fieldErrors?: Record<string, string[]> } }[] };

describe.each(testBackends())('amount bounds over REST and GraphQL on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let clientId: string;
  const gql = async (query: string, variables: Record<string, unknown>) => (await admin.graphql(query, variables)).body as GraphqlBody;
  const invoiceCount = async () => Number((await admin.get('/api/invoices/?limit=1')).headers['x-total-count']);

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
    clientId = (await createClient(admin)).id;
  });
  afterAll(() => server?.close());

  it("refuses the finding's invoice with a 400 that says the limit; nothing is written and every list still answers", async () => {
    const before = await invoiceCount();
    const res = await admin.post('/api/invoices/', { client: clientId, date: '2026-03-01', due_date: '2026-03-15', items: [{ description: 'x', quantity: 1000, unit_price: 99999999999.99, vat_rate: 19 }] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'items.0.unit_price': [LIMIT] });
    expect(await invoiceCount()).toBe(before);
    for (const path of ['/api/invoices/', '/api/journal-entries/', '/api/reports/aged-receivables/', '/api/reports/trial-balance/export/', `/api/clients/${clientId}/statement/`]) {
      expect((await admin.get(path)).status, path).toBe(200);
    }
    const graphql = await gql('mutation($input: InvoiceInput!) { createInvoice(input: $input) { id } }', {
      input: { clientId, date: '2026-03-01', dueDate: '2026-03-15', items: [{ description: 'x', quantity: 1000, unitPrice: 99999999999.99, vatRate: 19 }] },
    });
    expect(graphql.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: { 'items.0.unitPrice': [LIMIT] } });
    expect(await invoiceCount()).toBe(before);
  });

  it('refuses a line or a total above the bound though every typed number is within it (REST and GraphQL, create and update)', async () => {
    const big = { description: 'Licences', quantity: 1000, unit_price: 1000000, vat_rate: 19 };
    const line = await admin.post('/api/invoices/', { client: clientId, date: '2026-03-01', due_date: '2026-03-15', items: [big] });
    expect(line.status).toBe(400);
    expect(line.body).toEqual({ message: LINE, errors: { 'items.0.unit_price': [LINE] } });
    const half = { description: 'Half', quantity: 1, unit_price: 600000000, vat_rate: 0 };
    const total = await admin.post('/api/invoices/', { client: clientId, date: '2026-03-01', due_date: '2026-03-15', items: [half, half] });
    expect(total.status).toBe(400);
    expect(total.body).toEqual({ message: TOTAL, errors: { items: [TOTAL] } });
    const inv = await createInvoice(admin, { client: clientId, date: '2026-03-01', due_date: '2026-03-15', items: [half] });
    const edit = await admin.put(`/api/invoices/${inv.id}/`, { client: clientId, date: '2026-03-01', due_date: '2026-03-15', items: [half, half] });
    expect(edit.status).toBe(400);
    expect(edit.body.errors).toEqual({ items: [TOTAL] });
    expect((await admin.get(`/api/invoices/${inv.id}/`)).body.total_amount).toBe(600000000);
    const graphql = await gql('mutation($id: ID!, $input: InvoiceInput!) { updateInvoice(id: $id, input: $input) { id } }', {
      id: inv.id,
      input: { clientId, date: '2026-03-01', dueDate: '2026-03-15', items: [{ description: 'Licences', quantity: 1000, unitPrice: 1000000, vatRate: 19 }] },
    });
    expect(graphql.errors![0]).toMatchObject({ message: LINE, extensions: { code: 'BAD_USER_INPUT', fieldErrors: { 'items.0.unitPrice': [LINE] } } });
  });

  it('refuses credit notes, payments, refunds and credit applied above the bound', async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-03-01', due_date: '2026-03-15', items: [{ description: 'Work', quantity: 1, unit_price: 100, vat_rate: 19 }] });
    expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    const credit = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'x', items: [{ description: 'All', quantity: 1000, unit_price: 1000000, vat_rate: 19 }] });
    expect(credit.status).toBe(400);
    expect(credit.body.errors).toEqual({ 'items.0.unit_price': [LINE] });
    const pay = await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 1000000000.01, date: '2026-03-05', method: 'bank_transfer' });
    expect(pay.status).toBe(400);
    expect(pay.body.errors.amount).toEqual([LIMIT]);
    const gqlPay = await gql('mutation($id: ID!, $input: InvoicePaymentInput!) { recordInvoicePayment(invoiceId: $id, input: $input) { id } }', {
      id: inv.id,
      input: { amount: 1000000000.01, date: '2026-03-05', method: 'bank_transfer' },
    });
    expect(gqlPay.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: { amount: [LIMIT] } });
    const paid = await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 200, date: '2026-03-05', method: 'bank_transfer' });
    expect(paid.status).toBe(201);
    const payments = (await admin.get(`/api/invoices/${inv.id}/payments/`)).body as { id: string }[];
    const refund = await admin.post(`/api/payments/${payments[0]!.id}/refund/`, { amount: '1000000000.01', reason: 'x', date: '2026-03-06' });
    expect(refund.status).toBe(400);
    expect(refund.body.errors.amount).toEqual([LIMIT]);
    const apply = await admin.post(`/api/clients/${clientId}/apply_credit/`, { invoice_id: inv.id, amount: 1000000000.01 });
    expect(apply.status).toBe(400);
    expect(apply.body.errors.amount).toEqual([LIMIT]);
  });

  it('refuses journal entries above the bound: a single line over REST, a multi-line total over GraphQL', async () => {
    const single = await admin.post('/api/journal-entries/', { date: '2026-03-10', account: OFFICE, debit: 1000000000.01, description: 'Big' });
    expect(single.status).toBe(400);
    expect(single.body.errors.debit).toEqual([LIMIT]);
    const lines = [
      { accountId: OFFICE, debit: 600000000 },
      { accountId: OFFICE, debit: 600000000 },
      { accountId: 'a0000000-0000-4000-8000-000000001000', credit: 600000000 },
      { accountId: 'a0000000-0000-4000-8000-000000001000', credit: 600000000 },
    ];
    const multi = await gql('mutation($input: JournalEntryInput!) { recordJournalEntry(input: $input) { id } }', { input: { date: '2026-03-10', description: 'Split', lines } });
    expect(multi.errors![0]).toMatchObject({ message: "A journal entry's total cannot exceed 1,000,000,000.00.", extensions: { code: 'BAD_USER_INPUT', fieldErrors: { lines: ["A journal entry's total cannot exceed 1,000,000,000.00."] } } });
    expect((await admin.get('/api/journal-entries/')).body).toEqual([]);
  });

  it('refuses a product price above the bound over REST and GraphQL', async () => {
    const rest = await admin.post('/api/products/', { name: 'Gold', price: 1000000000.01, billing_cycle: 'monthly', vat_rate: 19 });
    expect(rest.status).toBe(400);
    expect(rest.body.errors.price).toEqual([LIMIT]);
    const graphql = await gql('mutation($input: ProductInput!) { createProduct(input: $input) { id } }', { input: { name: 'Gold', price: 1000000000.01, billingCycle: 'monthly', vatRate: 19 } });
    expect(graphql.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: { price: [LIMIT] } });
    expect((await admin.post('/api/products/', { name: 'Top', price: 1000000000, billing_cycle: 'monthly', vat_rate: 19 })).status).toBe(201);
  });
});
