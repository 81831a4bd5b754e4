import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from './test/fixtures';

/**
 * Documents and money movements are dated from 2000-01-01 to a year from today (the clock's day):
 * the penetration test recorded payments, refunds, credit notes and credit applied on 9999-12-31,
 * and a credit note got the number CN-9999-000001. Reports still take any valid day.
 */
const LATE = 'Enter a date no later than 2027-03-15, a year from today.';
const EARLY = 'Enter a date on or after 2000-01-01.';
const OFFICE = 'a0000000-0000-4000-8000-000000005300';
const BANK = 'a0000000-0000-4000-8000-000000001000';

type GraphqlBody = { data?: Record<string, unknown> | null; errors?: { message: string; extensions: { code: string; fieldErrors?: Record<string, string[]> } }[] };

describe.each(testBackends())('date bounds of documents and money movements on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let clientId: string;
  const gql = async (query: string, variables: Record<string, unknown>) => (await admin.graphql(query, variables)).body as GraphqlBody;
  const historyOf = async (id: string) => ((await admin.get(`/api/invoices/${id}/history/`)).body as { type: string }[]).map((h) => h.type);

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
    clientId = (await createClient(admin)).id;
  });
  afterAll(() => server?.close());

  const issued = async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-03-01', due_date: '2026-03-15', items: [{ description: 'Work', quantity: 1, unit_price: 100, vat_rate: 19 }] });
    expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    return inv;
  };

  it('refuses an invoice dated more than a year ahead or before 2000, over REST and GraphQL, and takes the last day allowed', async () => {
    const late = await admin.post('/api/invoices/', { client: clientId, date: '2027-03-16', due_date: '2027-03-30' });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ message: LATE, errors: { date: [LATE] } });
    const early = await admin.post('/api/invoices/', { client: clientId, date: '1999-12-31', due_date: '2000-01-14' });
    expect(early.body).toEqual({ message: EARLY, errors: { date: [EARLY] } });
    const graphql = await gql('mutation($input: InvoiceInput!) { createInvoice(input: $input) { id } }', { input: { clientId, date: '9999-12-31', dueDate: '9999-12-31' } });
    expect(graphql.errors![0]).toMatchObject({ message: LATE, extensions: { code: 'BAD_USER_INPUT', fieldErrors: { date: [LATE] } } });
    // No number of the refused years was taken: the first invoice of 2027 is still 2027-000001.
    const last = await createInvoice(admin, { client: clientId, date: '2027-03-15', due_date: '2027-03-30' });
    expect(last.invoice_number).toBe('2027-000001');
    const moved = await admin.put(`/api/invoices/${last.id}/`, { client: clientId, date: '2027-03-16', due_date: '2027-03-30' });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual({ date: [LATE] });
  });

  it('refuses payments, refunds, credit notes and credit applied on 9999-12-31; nothing is written and no CN-9999 number is taken', async () => {
    const inv = await issued();
    const pay = await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 50, date: '9999-12-31', method: 'bank_transfer' });
    expect(pay.status).toBe(400);
    expect(pay.body.errors).toEqual({ date: [LATE] });
    const gqlPay = await gql('mutation($id: ID!, $input: InvoicePaymentInput!) { recordInvoicePayment(invoiceId: $id, input: $input) { id } }', { id: inv.id, input: { amount: 50, date: '9999-12-31', method: 'bank_transfer' } });
    expect(gqlPay.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: { date: [LATE] } });
    // Overpaid by 100, so the client holds credit to apply elsewhere.
    expect((await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 219, date: '2026-03-10', method: 'bank_transfer' })).status).toBe(201);
    const [payment] = (await admin.get(`/api/invoices/${inv.id}/payments/`)).body as { id: string }[];
    const refund = await admin.post(`/api/payments/${payment!.id}/refund/`, { amount: 1, reason: 'x', date: '9999-12-31' });
    expect(refund.status).toBe(400);
    expect(refund.body.errors).toEqual({ date: [LATE] });
    const credit = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Wrong', date: '9999-12-31' });
    expect(credit.status).toBe(400);
    expect(credit.body.errors).toEqual({ date: [LATE] });
    const other = await issued();
    const apply = await admin.post(`/api/clients/${clientId}/apply_credit/`, { invoice_id: other.id, amount: 10, date: '9999-12-31' });
    expect(apply.status).toBe(400);
    expect(apply.body.errors).toEqual({ date: [LATE] });
    expect(await historyOf(inv.id)).toEqual(['InvoiceIssued', 'InvoiceSent', 'PaymentRecorded']);
    expect(await historyOf(other.id)).toEqual(['InvoiceIssued', 'InvoiceSent']);
    const note = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Wrong', date: '2026-03-16', items: [{ description: 'Part', quantity: 1, unit_price: 10, vat_rate: 19 }] });
    expect(note.status).toBe(201);
    expect(note.body.credit_note_number).toBe('CN-2026-000001');
  });

  it('refuses journal entries out of bounds over REST and GraphQL', async () => {
    const single = await admin.post('/api/journal-entries/', { date: '9999-12-31', account: OFFICE, debit: 10, description: 'Far' });
    expect(single.status).toBe(400);
    expect(single.body.errors).toEqual({ date: [LATE] });
    const multi = await gql('mutation($input: JournalEntryInput!) { recordJournalEntry(input: $input) { id } }', {
      input: { date: '1999-12-31', description: 'Old', lines: [{ accountId: OFFICE, debit: 10 }, { accountId: BANK, credit: 10 }] },
    });
    expect(multi.errors![0]).toMatchObject({ message: EARLY, extensions: { code: 'BAD_USER_INPUT', fieldErrors: { date: [EARLY] } } });
    expect((await admin.get('/api/journal-entries/')).body).toEqual([]);
  });

  it('answers reports for any valid day, as before', async () => {
    for (const path of ['/api/reports/balance-sheet/?as_of=9999-12-31', '/api/reports/aged-receivables/?as_of=1900-01-01', '/api/reports/income-statement/?from=1900-01-01&to=9999-12-31']) {
      expect((await admin.get(path)).status, path).toBe(200);
    }
  });
});
