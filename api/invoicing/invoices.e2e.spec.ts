import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice, userClient } from './test/fixtures';

const items = [
  { description: 'Consulting', quantity: 2, unit_price: 150.5, vat_rate: 19 },
  { description: 'Setup', quantity: 1, unit_price: 100, vat_rate: 0 },
];

describe.each(testBackends())('invoices over HTTP on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let clientId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
    clientId = (await createClient(admin)).id;
  });
  afterAll(() => server?.close());

  it('creates an invoice with lines, VAT and an auto number, and lists it', async () => {
    const res = await admin.post('/api/invoices/', { client: clientId, date: '2026-03-01', due_date: '2026-03-15', items });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      client: { id: clientId, name: 'Acme Ltd' },
      invoice_number: expect.stringMatching(/^2026-\d{6}$/),
      date: '2026-03-01',
      due_date: '2026-03-15',
      paid: false,
      sent: false,
      net_amount: 401,
      vat_amount: 57.19,
      total_amount: 458.19,
      subscription: null,
      period_start: null,
      period_end: null,
    });
    expect(res.body.items[0]).toEqual({ description: 'Consulting', quantity: 2, unit_price: 150.5, vat_rate: 19, total: 301, vat_amount: 57.19, vat_category: 'S', vat_exemption_reason: null, product: null });
    const list = await admin.get('/api/invoices/');
    expect(list.body.map((i: { id: string }) => i.id)).toContain(res.body.id);
    const detail = await admin.get(`/api/invoices/${res.body.id}/`);
    expect(detail.body.total_amount).toBe(458.19);
  });

  it('numbers sequentially and never twice under concurrency', async () => {
    const made = await Promise.all(
      Array.from({ length: 12 }, () => admin.post('/api/invoices/', { client: clientId, date: '2027-01-05', due_date: '2027-01-20' })),
    );
    expect(made.map((r) => r.status)).toEqual(Array(12).fill(201));
    const numbers = made.map((r) => r.body.invoice_number as string).sort();
    expect(new Set(numbers).size).toBe(12);
    expect(numbers[0]).toBe('2027-000001');
    expect(numbers[11]).toBe('2027-000012');
  });

  it('answers 409 for a duplicate invoice number', async () => {
    await createInvoice(admin, { client: clientId, invoice_number: 'INV-42', date: '2026-03-02', due_date: '2026-03-16' });
    const dup = await admin.post('/api/invoices/', { client: clientId, invoice_number: 'INV-42', date: '2026-03-02', due_date: '2026-03-16' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/already exists/);
  });

  it('validates input with field errors', async () => {
    const res = await admin.post('/api/invoices/', { client: 'nope', date: '2026-02-30', items: [{ description: '', unit_price: 1.234 }] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['client', 'date', 'due_date', 'items.0.description', 'items.0.unit_price']));
    const unknown = await admin.post('/api/invoices/', { client: '00000000-0000-4000-8000-000000000000', date: '2026-03-01', due_date: '2026-03-01' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.client).toBeDefined();
    // A domain rule's field comes back under the spec's REST name.
    const early = await admin.post('/api/invoices/', { client: clientId, date: '2026-03-10', due_date: '2026-03-01' });
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual({ due_date: ['The due date cannot be before the invoice date.'] });
  });

  it('edits with optimistic versions and refuses a stale one with 409', async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-03-03', due_date: '2026-03-17', items });
    const edited = await admin.put(`/api/invoices/${inv.id}/`, { client: clientId, invoice_number: inv.invoice_number, date: '2026-03-04', due_date: '2026-03-18', version: inv.version });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ date: '2026-03-04', total_amount: 458.19 });
    expect(edited.body.version).toBe(inv.version + 1);
    const stale = await admin.put(`/api/invoices/${inv.id}/`, { client: clientId, date: '2026-03-05', due_date: '2026-03-18', version: inv.version });
    expect(stale.status).toBe(409);
    const renamed = await admin.put(`/api/invoices/${inv.id}/`, { client: clientId, invoice_number: 'RENAMED-1', date: '2026-03-04', due_date: '2026-03-18' });
    expect(renamed.body.invoice_number).toBe('RENAMED-1');
    // the old number is free again, the new one is taken
    await createInvoice(admin, { client: clientId, invoice_number: inv.invoice_number, date: '2026-03-04', due_date: '2026-03-18' });
    const taken = await admin.post('/api/invoices/', { client: clientId, invoice_number: 'RENAMED-1', date: '2026-03-04', due_date: '2026-03-18' });
    expect(taken.status).toBe(409);
  });

  it('marks as paid once, harmlessly twice, then refuses rewrites and unpaying, and cancels it on delete', async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-03-05', due_date: '2026-03-19', items });
    const first = await admin.post(`/api/invoices/${inv.id}/mark_as_paid/`);
    expect(first.status).toBe(200);
    expect(first.body.invoice).toMatchObject({ paid: true, paid_amount: 458.19, open_amount: 0 });
    const second = await admin.post(`/api/invoices/${inv.id}/mark_as_paid/`);
    expect(second.status).toBe(200);
    const history = await admin.get(`/api/invoices/${inv.id}/history/`);
    expect(history.body.map((e: { type: string }) => e.type)).toEqual(['InvoiceIssued', 'PaymentRecorded']);
    const edit = await admin.put(`/api/invoices/${inv.id}/`, { client: clientId, date: '2026-03-06', due_date: '2026-03-19' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('This invoice has been issued; correct it with a credit note.');
    const unpay = await admin.put(`/api/invoices/${inv.id}/`, { client: clientId, date: '2026-03-05', due_date: '2026-03-19', paid: false });
    expect(unpay.status).toBe(400);
    expect(unpay.body.message).toBe('A paid invoice cannot be marked as unpaid.');
    // A paid invoice is never erased: deleting it issues a full credit note, and it stays readable.
    const del = await admin.delete(`/api/invoices/${inv.id}/`);
    expect(del.status).toBe(204);
    expect((await admin.get(`/api/invoices/${inv.id}/`)).body).toMatchObject({ paid: true, cancelled: true, credited_amount: 458.19 });
  });

  it('takes the whole representation of an issued invoice back with a new due date, lines compared by what they mean', async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-03-05', due_date: '2026-03-19', items });
    expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    const read = (await admin.get(`/api/invoices/${inv.id}/`)).body;
    // As a REST client or the form sends it back: the read answer, client by id, only the due date new.
    const back = { ...read, client: read.client.id, due_date: '2026-04-30' };
    const moved = await admin.put(`/api/invoices/${inv.id}/`, back);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ due_date: '2026-04-30', items: read.items, total_amount: read.total_amount, version: read.version + 1 });
    back.version = moved.body.version;
    // The same lines written otherwise (quantities and rates as strings, padded text) are still unchanged.
    const padded = read.items.map((i: { description: string; quantity: number; unit_price: number; vat_rate: number }) => ({ ...i, description: ` ${i.description} `, quantity: i.quantity.toFixed(3), unit_price: i.unit_price.toFixed(2), vat_rate: i.vat_rate.toFixed(2) }));
    expect((await admin.put(`/api/invoices/${inv.id}/`, { ...back, items: padded, due_date: '2026-05-15' })).body).toMatchObject({ due_date: '2026-05-15', items: read.items, version: read.version + 2 });
    back.version = read.version + 2;
    // Sending the same again records nothing; a changed line is still a content change.
    expect((await admin.put(`/api/invoices/${inv.id}/`, { ...back, due_date: '2026-05-15' })).body.version).toBe(read.version + 2);
    const changed = await admin.put(`/api/invoices/${inv.id}/`, { ...back, items: [{ ...read.items[0], quantity: 3 }, read.items[1]] });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe('This invoice has been issued; correct it with a credit note.');
    const history = (await admin.get(`/api/invoices/${inv.id}/history/`)).body.map((e: { type: string }) => e.type);
    expect(history).toEqual(['InvoiceIssued', 'InvoiceSent', 'InvoiceEdited', 'InvoiceEdited']);
  });

  it('creates an invoice already paid', async () => {
    const res = await admin.post('/api/invoices/', { client: clientId, date: '2026-03-07', due_date: '2026-03-21', paid: true, items });
    expect(res.body).toMatchObject({ paid: true, open_amount: 0 });
    const paidOnly = await admin.get(`/api/invoices/?status=paid&client=${clientId}`);
    expect(paidOnly.body.every((i: { paid: boolean }) => i.paid)).toBe(true);
    expect(paidOnly.body.map((i: { id: string }) => i.id)).toContain(res.body.id);
  });

  it('deletes by voiding: gone from lists and the public view, history kept', async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-03-08', due_date: '2026-03-22', items });
    expect((await admin.delete(`/api/invoices/${inv.id}/`)).status).toBe(204);
    expect((await admin.get(`/api/invoices/${inv.id}/`)).status).toBe(404);
    expect((await admin.get('/api/invoices/')).body.map((i: { id: string }) => i.id)).not.toContain(inv.id);
    expect((await server.client().get(`/api/public/invoices/${inv.id}/`)).status).toBe(404);
    const history = await admin.get(`/api/invoices/${inv.id}/history/`);
    expect(history.body.map((e: { type: string }) => e.type)).toEqual(['InvoiceIssued', 'InvoiceVoided']);
    expect(history.body[1].data.reason).toBe('deleted');
    expect((await admin.delete(`/api/invoices/${inv.id}/`)).status).toBe(404);
  });

  it('shows the public invoice with only the listed fields', async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-03-09', due_date: '2026-03-23', items });
    const res = await server.client().get(`/api/public/invoices/${inv.id}/`);
    expect(res.status).toBe(200);
    // The lines as the PDF prints them, and no more of them: no VAT category, no account, no other invoice.
    expect(res.body).toEqual({
      id: inv.id,
      invoice_number: inv.invoice_number,
      client: { name: 'Acme Ltd' },
      date: '2026-03-09',
      due_date: '2026-03-23',
      total_amount: 458.19,
      open_amount: 458.19,
      paid: false,
      cancelled: false,
      payment_reference: null,
      currency: 'EUR',
      card_payment: true,
      items: [
        { description: 'Consulting', quantity: 2, unit_price: 150.5, vat_rate: 19, total: 301 },
        { description: 'Setup', quantity: 1, unit_price: 100, vat_rate: 0, total: 100 },
      ],
      net_amount: 401,
      vat_amount: 57.19,
    });
    expect((await server.client().get('/api/public/invoices/not-a-uuid/')).status).toBe(404);
  });

  it('filters overdue invoices', async () => {
    const overdue = await createInvoice(admin, { client: clientId, date: '2026-01-01', due_date: '2026-01-15', items });
    const res = await admin.get('/api/invoices/?overdue=true');
    expect(res.body.map((i: { id: string }) => i.id)).toContain(overdue.id);
    expect(res.body.every((i: { due_date: string; paid: boolean }) => i.due_date < '2026-03-15' && !i.paid)).toBe(true);
  });

  it('serves the PDF to the superuser and the owning client only', async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-03-10', due_date: '2026-03-24', items });
    const pdf = await admin.get(`/api/invoices/${inv.id}/pdf/`).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const owner = await userClient(server, 'owner-user', clientId);
    expect((await owner.get(`/api/invoices/${inv.id}/pdf/`)).status).toBe(200);
    const other = await userClient(server, 'other-user', (await createClient(admin, { name: 'Other' })).id);
    expect((await other.get(`/api/invoices/${inv.id}/pdf/`)).status).toBe(404);
    expect((await server.client().get(`/api/invoices/${inv.id}/pdf/`)).status).toBe(401);
  });

  it('guards every admin invoice path: 401 anonymous, 403 client user, 404 malformed', async () => {
    const anon = server.client();
    expect((await anon.get('/api/invoices/')).status).toBe(401);
    expect((await anon.post('/api/billing/generate-invoices/')).status).toBe(401);
    const user = await userClient(server, 'plain-user');
    expect((await user.get('/api/invoices/')).status).toBe(403);
    expect((await user.post('/api/invoices/', {})).status).toBe(403);
    expect((await user.post('/api/billing/generate-invoices/')).status).toBe(403);
    expect((await admin.get('/api/invoices/123/')).status).toBe(404);
    expect((await admin.post('/api/invoices/00000000-0000-4000-8000-000000000000/send/')).status).toBe(404);
    expect((await admin.post('/api/invoices/00000000-0000-4000-8000-000000000000/mark_as_paid/')).status).toBe(404);
  });

  it('pages the list with the total in X-Total-Count, and shows every change at once', async () => {
    const other = (await createClient(admin, { name: 'Paging Ltd', email: 'paging@example.com' })).id;
    const made = [];
    for (const day of ['01', '02', '03']) made.push((await createInvoice(admin, { client: other, date: `2027-02-${day}`, due_date: '2027-02-28' })).id);
    const page = async (query: string) => {
      const res = await admin.get(`/api/invoices/?client=${other}&${query}`);
      expect(res.status).toBe(200);
      return { ids: res.body.map((i: { id: string }) => i.id), total: res.headers['x-total-count'] };
    };
    expect(await page('limit=2')).toEqual({ ids: [made[2], made[1]], total: '3' });
    expect(await page('limit=2&offset=2')).toEqual({ ids: [made[0]], total: '3' });
    expect(await page('limit=2&offset=5')).toEqual({ ids: [], total: '3' });
    // The same page again right after a change: no stale answer.
    await admin.post(`/api/invoices/${made[2]}/mark_as_paid/`);
    expect((await admin.get(`/api/invoices/?client=${other}&limit=2`)).body[0]).toMatchObject({ id: made[2], paid: true });
    expect((await admin.put(`/api/clients/${other}/`, { name: 'Paging Renamed Ltd', email: 'paging@example.com' })).status).toBe(200);
    expect((await admin.get(`/api/invoices/?client=${other}&limit=2`)).body[0].client.name).toBe('Paging Renamed Ltd');
    expect((await admin.delete(`/api/invoices/${made[1]}/`)).status).toBe(204);
    expect(await page('limit=2')).toEqual({ ids: [made[2], made[0]], total: '2' });
  });
});
