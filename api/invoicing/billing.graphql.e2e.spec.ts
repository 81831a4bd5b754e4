import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, userClient } from './test/fixtures';

const gql = async (c: TestClient, query: string, variables?: Record<string, unknown>) => {
  const res = await c.graphql(query, variables);
  return res.body as { data?: Record<string, any>; errors?: { message: string; extensions: { code: string; fieldErrors?: Record<string, string[]> } }[] };
};

describe.each(testBackends())('billing over GraphQL on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
  });
  afterAll(() => server?.close());

  it('runs the billing cycle: client, product, subscription, generation, paid filter', async () => {
    const client = await gql(admin, 'mutation($i: ClientInput!) { createClient(input: $i) { id name vatNumber user { id } version } }', {
      i: { name: 'Graph Ltd', email: 'g@graph.test', vatNumber: 'CY99999999Q' },
    });
    expect(client.data!.createClient).toMatchObject({ name: 'Graph Ltd', vatNumber: 'CY99999999Q', user: null, version: 1 });
    const clientId = client.data!.createClient.id;
    const product = await gql(admin, 'mutation { createProduct(input: {name: "Pro", price: 2000, billingCycle: monthly, vatRate: 19}) { id price billingCycle vatRate } }');
    expect(product.data!.createProduct).toMatchObject({ price: 2000, billingCycle: 'monthly', vatRate: 19 });
    const sub = await gql(admin, 'mutation($i: SubscriptionInput!) { createSubscription(input: $i) { id status autoGenerateInvoices nextBillingDate invoiceStatus product { name billingCycle } } }', {
      i: { clientId, productId: product.data!.createProduct.id, startDate: '2026-02-01' },
    });
    expect(sub.data!.createSubscription).toMatchObject({ status: 'active', autoGenerateInvoices: true, nextBillingDate: '2026-02-01', invoiceStatus: 'Due' });
    const run = await gql(admin, 'mutation { generateRecurringInvoices { created skipped } }');
    expect(run.data!.generateRecurringInvoices).toEqual({ created: 2, skipped: 0 });
    const page = await gql(admin, 'query($c: ID) { invoices(clientId: $c, page: {offset: 0, limit: 1}) { total items { invoiceNumber totalAmount periodStart periodEnd subscriptionId items { description unitPrice vatRate total } } } }', { c: clientId });
    expect(page.data!.invoices.total).toBe(2);
    expect(page.data!.invoices.items).toHaveLength(1);
    expect(page.data!.invoices.items[0]).toMatchObject({ totalAmount: 2380, periodStart: '2026-03-01', periodEnd: '2026-03-31' });
    const firstId = (await gql(admin, 'query($c: ID) { invoices(clientId: $c) { items { id date } } }', { c: clientId })).data!.invoices.items[1].id;
    await gql(admin, 'mutation($id: ID!) { markInvoicePaid(id: $id) { paid } }', { id: firstId });
    const paid = await gql(admin, 'query($c: ID) { invoices(clientId: $c, status: paid) { total } unpaid: invoices(clientId: $c, status: unpaid) { total } overdue: invoices(clientId: $c, overdue: true) { total } }', { c: clientId });
    expect(paid.data).toEqual({ invoices: { total: 1 }, unpaid: { total: 1 }, overdue: { total: 0 } });
    const detail = await gql(admin, 'query($id: ID!) { client(id: $id) { subscriptions { invoicedUntil nextBillingDate invoiceStatus } invoices { date paid } } }', { id: clientId });
    expect(detail.data!.client.subscriptions[0]).toEqual({ invoicedUntil: '2026-03-31', nextBillingDate: '2026-04-01', invoiceStatus: 'Invoiced' });
    expect(detail.data!.client.invoices.map((i: { date: string }) => i.date)).toEqual(['2026-03-01', '2026-02-01']);
  });

  it('creates invoices, reports validation and conflicts with codes', async () => {
    const clientId = (await gql(admin, 'mutation { createClient(input: {name: "Codes", email: "c@codes.test"}) { id } }')).data!.createClient.id;
    const bad = await gql(admin, 'mutation($i: InvoiceInput!) { createInvoice(input: $i) { id } }', { i: { clientId, date: '2026-02-31', dueDate: '2026-03-01' } });
    expect(bad.errors![0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.errors![0].extensions.fieldErrors!.date).toBeDefined();
    // A domain rule's field is named as the input names it (REST answers due_date for the same).
    const early = await gql(admin, 'mutation($i: InvoiceInput!) { createInvoice(input: $i) { id } }', { i: { clientId, date: '2026-03-10', dueDate: '2026-03-01' } });
    expect(early.errors![0].extensions.fieldErrors).toEqual({ dueDate: ['The due date cannot be before the invoice date.'] });
    const badPrice = await gql(admin, 'mutation($i: InvoiceInput!) { createInvoice(input: $i) { id } }', {
      i: { clientId, date: '2026-03-01', dueDate: '2026-03-10', items: [{ description: 'Work', unitPrice: 1.234 }] },
    });
    expect(Object.keys(badPrice.errors![0].extensions.fieldErrors!)).toEqual(['items.0.unitPrice']);
    const made = await gql(admin, 'mutation($i: InvoiceInput!) { createInvoice(input: $i) { id invoiceNumber version totalAmount } }', {
      i: { clientId, invoiceNumber: 'G-1', date: '2026-03-01', dueDate: '2026-03-10', items: [{ description: 'Work', quantity: 3, unitPrice: 10.1, vatRate: 19 }] },
    });
    expect(made.data!.createInvoice).toMatchObject({ invoiceNumber: 'G-1', totalAmount: 36.06, version: 0 });
    const dup = await gql(admin, 'mutation($i: InvoiceInput!) { createInvoice(input: $i) { id } }', { i: { clientId, invoiceNumber: 'G-1', date: '2026-03-01', dueDate: '2026-03-10' } });
    expect(dup.errors![0].extensions.code).toBe('CONFLICT');
    const id = made.data!.createInvoice.id;
    const stale = await gql(admin, 'mutation($id: ID!, $i: InvoiceInput!) { updateInvoice(id: $id, input: $i) { id } }', { id, i: { clientId, date: '2026-03-02', dueDate: '2026-03-10', version: 7 } });
    expect(stale.errors![0].extensions.code).toBe('CONFLICT');
    const missing = await gql(admin, 'query { invoice(id: "nope") { id } }');
    expect(missing.errors![0].extensions.code).toBe('NOT_FOUND');
    const pub = await gql(server.client(), 'query($id: ID!) { publicInvoice(id: $id) { invoiceNumber clientName totalAmount paid } }', { id });
    expect(pub.data!.publicInvoice).toEqual({ invoiceNumber: 'G-1', clientName: 'Codes', totalAmount: 36.06, paid: false });
    expect((await gql(admin, 'mutation($id: ID!) { deleteInvoice(id: $id) }', { id })).data!.deleteInvoice).toBe(true);
    const history = await gql(admin, 'query($id: ID!) { invoiceHistory(id: $id) { type actor revision } }', { id });
    expect(history.data!.invoiceHistory.map((h: { type: string }) => h.type)).toEqual(['InvoiceIssued', 'InvoiceVoided']);
    expect((await gql(server.client(), 'query($id: ID!) { publicInvoice(id: $id) { id } }', { id })).errors![0].extensions.code).toBe('NOT_FOUND');
  });

  it('moves the due date of an issued invoice when its unchanged lines are sent back, and refuses a changed line', async () => {
    const clientId = (await gql(admin, 'mutation { createClient(input: {name: "Due Ltd", email: "d@due.test"}) { id } }')).data!.createClient.id;
    const lineFields = 'description quantity unitPrice vatRate vatCategory vatExemptionReason';
    const made = await gql(admin, `mutation($i: InvoiceInput!) { createInvoice(input: $i) { id } }`, {
      i: { clientId, date: '2026-03-02', dueDate: '2026-03-16', items: [{ description: 'Audit', quantity: 1.5, unitPrice: 800.1, vatRate: 19 }, { description: 'Travel', unitPrice: 40, vatRate: 0 }] },
    });
    const id = made.data!.createInvoice.id;
    await gql(admin, 'mutation($id: ID!) { sendInvoice(id: $id) { sent } }', { id });
    const read = (await gql(admin, `query($id: ID!) { invoice(id: $id) { invoiceNumber date dueDate version items { ${lineFields} } } }`, { id })).data!.invoice;
    const input = { clientId, invoiceNumber: read.invoiceNumber, date: read.date, dueDate: '2026-04-15', version: read.version, items: read.items };
    const update = `mutation($id: ID!, $i: InvoiceInput!) { updateInvoice(id: $id, input: $i) { dueDate version items { ${lineFields} } } }`;
    const moved = await gql(admin, update, { id, i: input });
    expect(moved.errors).toBeUndefined();
    expect(moved.data!.updateInvoice).toEqual({ dueDate: '2026-04-15', version: read.version + 1, items: read.items });
    const changed = await gql(admin, update, { id, i: { ...input, version: undefined, items: [read.items[0], { ...read.items[1], unitPrice: 41 }] } });
    expect(changed.errors![0]).toMatchObject({ message: 'This invoice has been issued; correct it with a credit note.', extensions: { code: 'CONFLICT' } });
  });

  it('reads and updates company settings', async () => {
    const before = await gql(admin, '{ companySettings { name vatNumber } }');
    expect(before.data!.companySettings.name).toBeTruthy();
    const input = { name: 'Seller Ltd', address: 'Street 1', phone: '1', email: 'info@seller.test', registrationNumber: 'HE 1', vatNumber: 'CY1', jurisdiction: 'Cyprus' };
    const after = await gql(admin, 'mutation($i: CompanySettingsInput!) { updateCompanySettings(input: $i) { name vatNumber jurisdiction } }', { i: input });
    expect(after.data!.updateCompanySettings).toEqual({ name: 'Seller Ltd', vatNumber: 'CY1', jurisdiction: 'Cyprus' });
    const invalid = await gql(admin, 'mutation($i: CompanySettingsInput!) { updateCompanySettings(input: $i) { name } }', { i: { ...input, email: 'nope' } });
    expect(invalid.errors![0].extensions.fieldErrors!.email).toBeDefined();
    const longVat = await gql(admin, 'mutation($i: CompanySettingsInput!) { updateCompanySettings(input: $i) { name } }', { i: { ...input, vatNumber: 'x'.repeat(101) } });
    expect(Object.keys(longVat.errors![0].extensions.fieldErrors!)).toEqual(['vatNumber']);
  });

  it('names field errors as each input does', async () => {
    const client = await gql(admin, 'mutation { createClient(input: {name: "A", email: "a@a.test", vatNumber: "' + 'x'.repeat(51) + '"}) { id } }');
    expect(Object.keys(client.errors![0].extensions.fieldErrors!)).toEqual(['vatNumber']);
    const product = await gql(admin, 'mutation { createProduct(input: {name: "P", price: 10, vatRate: 120}) { id } }');
    expect(Object.keys(product.errors![0].extensions.fieldErrors!)).toEqual(['vatRate']);
    const clientId = (await gql(admin, 'mutation { createClient(input: {name: "Sub", email: "s@s.test"}) { id } }')).data!.createClient.id;
    const noProduct = await gql(admin, `mutation { createSubscription(input: {clientId: "${clientId}", startDate: "2026-03-01"}) { id } }`);
    expect(noProduct.errors![0]).toMatchObject({ message: 'Please select a client and a product.', extensions: { fieldErrors: { productId: expect.any(Array) } } });
    const unknownProduct = await gql(admin, `mutation { createSubscription(input: {clientId: "${clientId}", productId: "00000000-0000-4000-8000-000000000000", startDate: "2026-03-01"}) { id } }`);
    expect(Object.keys(unknownProduct.errors![0].extensions.fieldErrors!)).toEqual(['productId']);
  });

  it('refuses anonymous callers and client users', async () => {
    expect((await gql(server.client(), '{ clients { total } }')).errors![0].extensions.code).toBe('UNAUTHENTICATED');
    const user = await userClient(server, 'gql-user');
    for (const q of ['{ clients { total } }', '{ products { id } }', '{ subscriptions { total } }', '{ invoices { total } }', '{ companySettings { name } }', 'mutation { generateRecurringInvoices { created } }']) {
      expect((await gql(user, q)).errors![0].extensions.code, q).toBe('FORBIDDEN');
    }
  });
});
