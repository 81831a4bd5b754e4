import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_ON_DRAFT } from '../../domain/invoice/decide';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from './test/fixtures';

const items = [{ description: 'Licence', quantity: 1, unit_price: 1000, vat_rate: 19 }];

describe.each(testBackends())('payments recorded by hand on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let clientId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
    clientId = (await createClient(admin)).id;
  });
  afterAll(() => server?.close());

  const sentInvoice = async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-03-01', due_date: '2026-03-31', items });
    await admin.post(`/api/invoices/${inv.id}/send/`);
    return inv;
  };
  const ledgerOf = async (invoiceId: string) =>
    (await admin.graphql('query($id: ID!) { invoice(id: $id) { paidAmount openAmount paid payments { amount date method reference } } }', { id: invoiceId })).body.data.invoice;

  it('records dated partial payments by method, leaving an open amount, then paid', async () => {
    const inv = await sentInvoice();
    const first = await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 400, date: '2026-03-05', method: 'bank_transfer', reference: 'TRX-1' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ paid: false, paid_amount: 400, open_amount: 790 });
    const second = await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 790, date: '2026-03-10', method: 'card' });
    expect(second.body).toMatchObject({ paid: true, open_amount: 0 });
    const listed = await admin.get(`/api/invoices/${inv.id}/payments/`);
    expect(listed.body.map((p: Record<string, unknown>) => [p.amount, p.date, p.method, p.reference])).toEqual([
      [400, '2026-03-05', 'bank_transfer', 'TRX-1'],
      [790, '2026-03-10', 'card', null],
    ]);
    expect(await ledgerOf(inv.id)).toMatchObject({ paidAmount: 1190, openAmount: 0, paid: true });
  });

  it('marks a partly paid invoice as paid with one bank transfer of what is still open, dated today', async () => {
    const inv = await sentInvoice();
    await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 400, date: '2026-03-05', method: 'bank_transfer' });
    const marked = await admin.post(`/api/invoices/${inv.id}/mark_as_paid/`);
    expect(marked.status).toBe(200);
    expect(marked.body.invoice).toMatchObject({ paid: true, paid_amount: 1190, open_amount: 0 });
    const listed = await admin.get(`/api/invoices/${inv.id}/payments/`);
    expect(listed.body.map((p: Record<string, unknown>) => [p.amount, p.date, p.method])).toEqual([
      [400, '2026-03-05', 'bank_transfer'],
      [790, '2026-03-15', 'bank_transfer'],
    ]);
    // Posted to Bank on that day, for the remainder only.
    const bank = await server.testDb
      .db('ledger_lines as l')
      .join('ledger_entries as e', 'e.entry_id', 'l.entry_id')
      .join('accounts as a', 'a.id', 'l.account_id')
      .where({ 'e.invoice_id': inv.id, 'e.source_type': 'payment', 'a.account_name': 'Bank' })
      .select('l.date', 'l.debit_cents');
    expect(bank.map((l) => [String(l.date instanceof Date ? l.date.toISOString().slice(0, 10) : l.date), Number(l.debit_cents)]).sort()).toEqual([
      ['2026-03-05', 40_000],
      ['2026-03-15', 79_000],
    ]);
  });

  it('posts each payment on its own date to Cash on Hand, the default bank account or Stripe clearing by method', async () => {
    const inv = await sentInvoice();
    await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 100, date: '2026-03-07', method: 'cash' });
    await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 50, date: '2026-03-08', method: 'card' });
    await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 30, date: '2026-03-09', method: 'bank_transfer' });
    const entries = await admin.graphql('{ journalEntries(source: "payment", page: { limit: 500 }) { items { date lines { accountName debit credit } } } }');
    const lines = entries.body.data.journalEntries.items.flatMap((e: { date: string; lines: { accountName: string; debit: number }[] }) =>
      e.lines.filter((l) => l.debit > 0).map((l) => [e.date, l.accountName, l.debit]),
    );
    expect(lines).toEqual(expect.arrayContaining([['2026-03-07', 'Cash on Hand', 100], ['2026-03-08', 'Stripe Clearing', 50], ['2026-03-09', 'Bank', 30]]));
  });

  it('refuses a zero, negative or over-precise amount, an unknown method, a date before the invoice and a draft, writing nothing', async () => {
    const inv = await sentInvoice();
    const refusals = [
      [{ amount: 0, date: '2026-03-05', method: 'cash' }, 'amount'],
      [{ amount: -5, date: '2026-03-05', method: 'cash' }, 'amount'],
      [{ amount: 1.234, date: '2026-03-05', method: 'cash' }, 'amount'],
      [{ amount: 5, date: '2026-03-05', method: 'cheque' }, 'method'],
      [{ amount: 5, date: '2026-02-28', method: 'cash' }, 'date'],
    ] as const;
    for (const [body, field] of refusals) {
      const res = await admin.post(`/api/invoices/${inv.id}/payments/`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    }
    const draft = await createInvoice(admin, { client: clientId, date: '2026-03-01', due_date: '2026-03-31', items });
    const onDraft = await admin.post(`/api/invoices/${draft.id}/payments/`, { amount: 5, date: '2026-03-05', method: 'cash' });
    expect(onDraft.status).toBe(400);
    expect(onDraft.body.message).toBe(PAYMENT_ON_DRAFT);
    expect((await admin.get(`/api/invoices/${inv.id}/payments/`)).body).toEqual([]);
    expect((await admin.get(`/api/invoices/${draft.id}/payments/`)).body).toEqual([]);
  });

  it('records over GraphQL with the input\'s field names, and an overpayment leaves nothing open', async () => {
    const inv = await sentInvoice();
    const mutation = 'mutation($id: ID!, $i: InvoicePaymentInput!) { recordInvoicePayment(invoiceId: $id, input: $i) { paid openAmount paidAmount } }';
    const bad = await admin.graphql(mutation, { id: inv.id, i: { amount: 0, date: '2026-03-05', method: 'cash' } });
    expect(Object.keys(bad.body.errors[0].extensions.fieldErrors)).toEqual(['amount']);
    const over = await admin.graphql(mutation, { id: inv.id, i: { amount: 1500, date: '2026-03-05', method: 'bank_transfer' } });
    expect(over.body.data.recordInvoicePayment).toEqual({ paid: true, openAmount: 0, paidAmount: 1500 });
  });
});
