import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUED_IMMUTABLE } from '../../domain/invoice/decide';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { NO_LONGER_PAYABLE } from '../payments/payment.service';
import { adminOf, createClient, createInvoice } from './test/fixtures';

const items = [
  { description: 'Consulting', quantity: 2, unit_price: 150.5, vat_rate: 24 },
  { description: 'Setup', quantity: 1, unit_price: 100, vat_rate: 24 },
];

describe.each(testBackends())('issued invoices and credit notes on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let clientId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
    clientId = (await createClient(admin)).id;
  });
  afterAll(() => server?.close());

  const issued = async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-03-01', due_date: '2026-03-15', items });
    expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    return inv;
  };
  const creditNotes = async (invoiceId: string) => (await admin.get(`/api/credit-notes/?invoice=${invoiceId}`)).body as { credit_note_number: string }[];

  it('keeps an issued invoice as it was: only the due date may change, and nothing is written on a refusal', async () => {
    const inv = await issued();
    const rewrite = await admin.put(`/api/invoices/${inv.id}/`, { client: clientId, date: '2026-03-01', due_date: '2026-03-15', items: [items[0]] });
    expect(rewrite.status).toBe(409);
    expect(rewrite.body.message).toBe(ISSUED_IMMUTABLE);
    const renumber = await admin.put(`/api/invoices/${inv.id}/`, { client: clientId, invoice_number: 'NEW-1', date: '2026-03-01', due_date: '2026-03-15' });
    expect(renumber.status).toBe(409);
    const history = await admin.get(`/api/invoices/${inv.id}/history/`);
    expect(history.body.map((h: { type: string }) => h.type)).toEqual(['InvoiceIssued', 'InvoiceSent']);
    const moved = await admin.put(`/api/invoices/${inv.id}/`, { client: clientId, date: '2026-03-01', due_date: '2026-04-30' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ due_date: '2026-04-30', total_amount: inv.total_amount, issued: true, cancelled: false });
  });

  it('refuses to credit a draft, to over-credit, or a blank reason, with 400 and nothing written', async () => {
    const draft = await createInvoice(admin, { client: clientId, date: '2026-03-01', due_date: '2026-03-15', items });
    const onDraft = await admin.post(`/api/invoices/${draft.id}/credit-notes/`, { reason: 'Wrong' });
    expect(onDraft.status).toBe(400);
    expect(onDraft.body.message).toMatch(/draft/);
    const inv = await issued();
    const over = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Too much', items: [{ description: 'All', quantity: 10, unit_price: 1000, vat_rate: 24 }] });
    expect(over.status).toBe(400);
    expect(over.body.errors.items).toBeDefined();
    const blank = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.reason).toBeDefined();
    const badRate = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'x', items: [{ description: 'A', unit_price: 1, vat_rate: 'abc' }] });
    expect(badRate.status).toBe(400);
    expect(badRate.body.errors['items.0.vat_rate']).toBeDefined();
    expect(await creditNotes(draft.id)).toEqual([]);
    expect(await creditNotes(inv.id)).toEqual([]);
  });

  it('credits in part with its own gap-free series, then cancels the rest by DELETE, posting both', async () => {
    const before = (await admin.get('/api/reports/income-statement/?from=2026-01-01&to=2026-12-31')).body.total_revenue as number;
    const inv = await issued();
    const part = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, {
      reason: 'Setup waived',
      items: [{ description: 'Setup', quantity: 1, unit_price: 100, vat_rate: 24 }],
    });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({
      credit_note_number: expect.stringMatching(/^CN-2026-\d{6}$/),
      invoice: { id: inv.id, invoice_number: inv.invoice_number, date: '2026-03-01' },
      client: { id: clientId },
      date: '2026-03-15',
      reason: 'Setup waived',
      net_amount: 100,
      vat_amount: 24,
      total_amount: 124,
      full: false,
    });
    const afterPart = (await admin.get(`/api/invoices/${inv.id}/`)).body;
    expect(afterPart).toMatchObject({ credited_amount: 124, open_amount: inv.total_amount - 124, cancelled: false });

    expect((await admin.delete(`/api/invoices/${inv.id}/`)).status).toBe(204);
    const cancelled = (await admin.get(`/api/invoices/${inv.id}/`)).body;
    expect(cancelled).toMatchObject({ cancelled: true, open_amount: 0, credited_amount: inv.total_amount });
    const notes = await creditNotes(inv.id);
    expect(notes).toHaveLength(2);
    const [rest, first] = notes as { credit_note_number: string; total_amount: number; full: boolean }[];
    expect(Number(rest!.credit_note_number.slice(-6))).toBe(Number(first!.credit_note_number.slice(-6)) + 1);
    expect(rest).toMatchObject({ total_amount: Math.round((inv.total_amount - 124) * 100) / 100, full: true });

    const pub = await server.client().get(`/api/public/invoices/${inv.id}/`);
    expect(pub.body).toMatchObject({ cancelled: true, paid: false });
    const checkout = await server.client().post(`/api/invoices/${inv.id}/create-checkout-session/`);
    expect(checkout.status).toBe(400);
    expect(checkout.body.message).toBe(NO_LONGER_PAYABLE);
    expect((await admin.get(`/api/invoices/?status=unpaid`)).body.map((i: { id: string }) => i.id)).not.toContain(inv.id);

    const after = (await admin.get('/api/reports/income-statement/?from=2026-01-01&to=2026-12-31')).body.total_revenue as number;
    expect(after).toBeCloseTo(before, 2);
    const history = (await admin.get(`/api/credit-notes/${part.body.id}/history/`)).body;
    expect(history.map((h: { type: string }) => h.type)).toEqual(['InvoiceCredited']);
    const pdf = await admin.get(`/api/credit-notes/${part.body.id}/pdf/`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`credit-note-${part.body.credit_note_number}.pdf`);
  });

  it('deletes a draft as before: gone from the lists, no credit note', async () => {
    const draft = await createInvoice(admin, { client: clientId, date: '2026-03-01', due_date: '2026-03-15', items });
    expect((await admin.delete(`/api/invoices/${draft.id}/`)).status).toBe(204);
    expect((await admin.get(`/api/invoices/${draft.id}/`)).status).toBe(404);
    expect(await creditNotes(draft.id)).toEqual([]);
  });

  it('credits only the VAT the invoice charged, rate by rate, over REST and GraphQL (59.50 at 100 % against 19 %)', async () => {
    const vatReturn = async () => (await admin.get('/api/reports/vat-return/?from=2026-03-01&to=2026-03-31')).body as { output_vat: number; rows: unknown[] };
    const inv = await createInvoice(admin, { client: clientId, date: '2026-03-01', due_date: '2026-03-15', items: [{ description: 'Audit', unit_price: 100, vat_rate: 19 }, { description: 'Books', unit_price: 100, vat_rate: 0 }] });
    expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    const before = await vatReturn();

    // The finding: 59.50 at 100 % on an invoice at 19 % would have reclaimed 40.50 of VAT never charged.
    const foreign = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Discount', items: [{ description: 'Audit', unit_price: 59.5, vat_rate: 100 }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ reason: 'CREDIT_VAT_NOT_CHARGED', params: { line: '1', rate: '100', category: 'S' } });
    expect(foreign.body.errors).toEqual({
      'items.0.vat_rate': ['Line 1: the invoice charged no VAT at 100 % (standard rate); credit it at a rate the invoice charged: 19 % (standard rate), 0 % (zero rated).'],
    });
    // Within the invoice's total (219.00) but beyond what it charged at 19 % (100.00 net, 19.00 VAT).
    const beyond = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Discount', items: [{ description: 'Audit', unit_price: 150, vat_rate: 19 }] });
    expect(beyond.status).toBe(400);
    expect(beyond.body).toMatchObject({ reason: 'CREDIT_VAT_EXCEEDS_CHARGED', params: { rate: '19', net: '100.00', vat: '19.00' } });
    expect(Object.keys(beyond.body.errors)).toEqual(['items.0.unit_price']);
    const exempt = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Discount', items: [{ description: 'Books', unit_price: 10, vat_rate: 0, vat_category: 'E' }] });
    expect(Object.keys(exempt.body.errors)).toEqual(['items.0.vat_category']);

    const mutation = 'mutation($id: ID!, $i: CreditNoteInput!) { issueCreditNote(invoiceId: $id, input: $i) { creditNoteNumber vatAmount } }';
    const gql = await admin.graphql(mutation, { id: inv.id, i: { reason: 'Discount', items: [{ description: 'Books', unitPrice: 10, vatRate: 0 }, { description: 'Audit', unitPrice: 59.5, vatRate: 100 }] } });
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'CREDIT_VAT_NOT_CHARGED', params: { line: '2', rate: '100' } });
    expect(Object.keys(gql.body.errors[0].extensions.fieldErrors)).toEqual(['items.1.vatRate']);
    const gqlBeyond = await admin.graphql(mutation, { id: inv.id, i: { reason: 'Discount', items: [{ description: 'Audit', unitPrice: 80, vatRate: 19 }, { description: 'Audit', unitPrice: 30, vatRate: 19 }] } });
    expect(Object.keys(gqlBeyond.body.errors[0].extensions.fieldErrors)).toEqual(['items.0.unitPrice', 'items.1.unitPrice']);

    // Nothing was written: no credit note, the VAT return as it was.
    expect(await creditNotes(inv.id)).toEqual([]);
    expect(await vatReturn()).toEqual(before);

    // What the invoice charged at 19 % may be credited, once.
    const ok = await admin.graphql(mutation, { id: inv.id, i: { reason: 'Discount', items: [{ description: 'Audit', unitPrice: 100, vatRate: 19 }] } });
    expect(ok.body.data.issueCreditNote.vatAmount).toBe(19);
    expect((await vatReturn()).output_vat).toBeCloseTo(before.output_vat - 19, 2);
    const again = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Discount', items: [{ description: 'Audit', unit_price: 0.01, vat_rate: 19 }] });
    expect(again.body).toMatchObject({ reason: 'CREDIT_VAT_EXCEEDS_CHARGED', params: { net: '0.00', vat: '0.00' } });
    expect((await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Discount', items: [{ description: 'Books', unit_price: 100, vat_rate: 0 }] })).status).toBe(201);
  });

  it('issues credit notes over GraphQL, naming fields as its input does', async () => {
    const inv = await issued();
    const mutation = 'mutation($id: ID!, $i: CreditNoteInput!) { issueCreditNote(invoiceId: $id, input: $i) { creditNoteNumber totalAmount full invoice { invoiceNumber } } }';
    const bad = await admin.post('/graphql', { query: mutation, variables: { id: inv.id, i: { reason: 'x', items: [{ description: 'A', unitPrice: 1.234 }] } } });
    expect(bad.body.errors[0].extensions.fieldErrors).toEqual({ 'items.0.unitPrice': [expect.any(String)] });
    const full = await admin.post('/graphql', { query: mutation, variables: { id: inv.id, i: { reason: 'Ordered by mistake' } } });
    expect(full.body.data.issueCreditNote).toMatchObject({ totalAmount: inv.total_amount, full: true, invoice: { invoiceNumber: inv.invoice_number } });
    const listed = await admin.post('/graphql', { query: 'query($id: ID!) { creditNotes(invoiceId: $id) { creditNoteNumber } }', variables: { id: inv.id } });
    expect(listed.body.data.creditNotes).toEqual([{ creditNoteNumber: full.body.data.issueCreditNote.creditNoteNumber }]);
  });
});
