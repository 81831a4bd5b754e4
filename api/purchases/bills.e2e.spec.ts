import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf } from '../invoicing/test/fixtures';

const HOSTING = 'a0000000-0000-4000-8000-000000005200';
const EQUIPMENT = 'a0000000-0000-4000-8000-000000001500';
const RECEIVABLES = SYSTEM_ACCOUNT_IDS.receivables;

describe.each(testBackends())('bills on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let supplier: string;
  let bank: string;

  /** What the ledger holds on an account: debit − credit, from the journal lines the projection wrote. */
  const balance = async (accountId: string): Promise<number> => {
    const row = await server.testDb.db('ledger_lines').where({ account_id: accountId }).sum({ d: 'debit_cents', c: 'credit_cents' }).first();
    return Number(row?.d ?? 0) - Number(row?.c ?? 0);
  };

  /** A download's bytes as they came. */
  const file = (url: string) => admin.download(url);

  const bill = (over: Record<string, unknown> = {}) => ({
    supplier,
    invoice_number: 'HZ-2026-0042',
    date: '2026-03-02',
    items: [
      { description: 'Dedicated server', account: HOSTING, quantity: 2, unit_price: '49.90', vat_rate: 24 },
      { description: 'Laptop', account: EQUIPMENT, quantity: 1, unit_price: 1200, vat_rate: 24 },
      { description: 'Rack space (reverse charge)', account: HOSTING, quantity: 1, unit_price: 100, vat_rate: 24, vat_category: 'AE' },
    ],
    ...over,
  });

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-20T10:00:00Z') });
    admin = await adminOf(server);
    supplier = (await admin.post('/api/suppliers/', { name: 'Hetzner Online GmbH', vat_number: 'DE812871812', country: 'DE', payment_terms_days: 14 })).body.id;
    bank = ((await admin.get('/api/bank-accounts/')).body as Array<{ id: string; is_default: boolean }>).find((a) => a.is_default)!.id;
  });
  afterAll(() => server?.close());

  it('writes a draft with its totals and the supplier’s terms as due date, books nothing until posted, then books it', async () => {
    const made = await admin.post('/api/bills/', bill({ net_amount: '1399.80', total_amount: '1711.75' }));
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ supplier, supplier_name: 'Hetzner Online GmbH', invoice_number: 'HZ-2026-0042', due_date: '2026-03-16', status: 'draft', net_amount: 1399.8, vat_amount: 311.95, self_assessed_vat_amount: 24, total_amount: 1711.75, paid_amount: 0, open_amount: 1711.75 });
    expect(made.body.items[2]).toMatchObject({ vat_category: 'AE', net_amount: 100, vat_amount: 24 });
    expect(await balance(SYSTEM_ACCOUNT_IDS.payables)).toBe(0);

    const posted = await admin.post(`/api/bills/${made.body.id}/post/`);
    expect(posted.status, posted.text).toBe(200);
    expect(posted.body).toMatchObject({ status: 'open', open_amount: 1711.75 });
    expect(await balance(SYSTEM_ACCOUNT_IDS.payables)).toBe(-171_175);
    expect(await balance(HOSTING)).toBe(19_980);
    expect(await balance(EQUIPMENT)).toBe(120_000);
    // Charged VAT is input VAT; reverse-charge VAT is debited and credited alike.
    expect(await balance(SYSTEM_ACCOUNT_IDS.vatPayable)).toBe(31_195);
    const vat = await server.testDb.db('vat_movements_daily').select('direction', 'category', 'rate_bp', 'base_cents', 'vat_cents').orderBy(['direction', 'category']);
    expect(vat.map((v) => [v.direction, v.category, Number(v.rate_bp), Number(v.base_cents), Number(v.vat_cents)])).toEqual([
      ['input', 'AE', 2400, 10_000, 2_400],
      ['input', 'S', 2400, 129_980, 31_195],
      ['output', 'AE', 2400, 10_000, 2_400],
    ]);
    expect(await balance(RECEIVABLES)).toBe(0);
  });

  it('refuses a second bill of the supplier’s number, totals that do not add up, an account that takes no purchases, and a due date before the date, writing nothing', async () => {
    const before = await server.testDb.db('bill_list').count<{ count: string }[]>('* as count');
    const again = await admin.post('/api/bills/', bill({ invoice_number: 'hz-2026-0042' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/HZ-2026-0042|hz-2026-0042/);
    const wrong = await admin.post('/api/bills/', bill({ invoice_number: 'HZ-43', total_amount: '1711.76', due_date: '2026-03-01' }));
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['due_date', 'total_amount']);
    const account = await admin.post('/api/bills/', bill({ invoice_number: 'HZ-44', items: [{ description: 'x', account: RECEIVABLES, unit_price: 1 }, { description: 'y', account: HOSTING, unit_price: 1, vat_category: 'Q' }] }));
    expect(account.status).toBe(400);
    expect(Object.keys(account.body.errors)).toEqual(['items.0.account']);
    const category = await admin.post('/api/bills/', bill({ invoice_number: 'HZ-45', items: [{ description: 'y', account: HOSTING, unit_price: 1, vat_category: 'Q' }] }));
    expect(Object.keys(category.body.errors)).toEqual(['items.0.vat_category']);
    expect(await server.testDb.db('bill_list').count<{ count: string }[]>('* as count')).toEqual(before);
  });

  it('keeps a posted bill as it is, takes payments from a money account up to what is open, and books them', async () => {
    const [posted] = (await admin.get('/api/bills/?status=open')).body as Array<{ id: string }>;
    expect((await admin.put(`/api/bills/${posted!.id}/`, bill())).status).toBe(409);
    expect((await admin.delete(`/api/bills/${posted!.id}/`)).status).toBe(409);
    const above = await admin.post(`/api/bills/${posted!.id}/payments/`, { amount: '1711.76', date: '2026-03-10', money_account: bank });
    expect(above.status).toBe(400);
    expect(Object.keys(above.body.errors)).toEqual(['amount']);
    const part = await admin.post(`/api/bills/${posted!.id}/payments/`, { amount: '711.75', date: '2026-03-10', money_account: bank, reference: 'SEPA 1' });
    expect(part.status, part.text).toBe(201);
    expect(part.body).toMatchObject({ status: 'partly_paid', paid_amount: 711.75, open_amount: 1000 });
    expect(await balance(SYSTEM_ACCOUNT_IDS.payables)).toBe(-100_000);
    expect(await balance(SYSTEM_ACCOUNT_IDS.bank)).toBe(-71_175);
    const rest = await admin.post(`/api/bills/${posted!.id}/payments/`, { amount: 1000, date: '2026-03-12', money_account: bank });
    expect(rest.body).toMatchObject({ status: 'paid', open_amount: 0 });
    expect(((await admin.get('/api/bills/?status=paid')).body as unknown[]).length).toBe(1);
  });

  it('edits and deletes a draft freely, and refuses to post one dated in a locked period', async () => {
    const draft = await admin.post('/api/bills/', bill({ invoice_number: 'HZ-50', date: '2026-01-15', items: [{ description: 'Server', account: HOSTING, unit_price: 10, vat_rate: 24 }] }));
    expect(draft.status, draft.text).toBe(201);
    const edited = await admin.put(`/api/bills/${draft.body.id}/`, bill({ invoice_number: 'HZ-50', date: '2026-01-15', items: [{ description: 'Server', account: HOSTING, unit_price: 20, vat_rate: 24 }], version: draft.body.version }));
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ total_amount: 24.8, version: 2 });
    expect((await admin.put(`/api/bills/${draft.body.id}/`, bill({ invoice_number: 'HZ-50', date: '2026-01-15', version: 1 }))).status).toBe(409);
    expect((await admin.put('/api/accounting/lock/', { locked_through: '2026-01-31' })).status).toBe(200);
    const locked = await admin.post(`/api/bills/${draft.body.id}/post/`);
    expect(locked.status).toBe(400);
    expect((await admin.get(`/api/bills/${draft.body.id}/`)).body.status).toBe('draft');
    expect((await admin.put('/api/accounting/lock/', { locked_through: null })).status).toBe(200);
    expect((await admin.delete(`/api/bills/${draft.body.id}/`)).status).toBe(204);
    expect((await admin.get(`/api/bills/${draft.body.id}/`)).status).toBe(404);
  });

  it('ages what suppliers are owed as of any day, its total the Accounts Payable balance of that day', async () => {
    const other = (await admin.post('/api/suppliers/', { name: 'Office Supplies SA', country: 'GR', payment_terms_days: 0 })).body.id as string;
    const make = async (body: Record<string, unknown>) => {
      const made = await admin.post('/api/bills/', body);
      expect(made.status, made.text).toBe(201);
      expect((await admin.post(`/api/bills/${made.body.id}/post/`)).status).toBe(200);
      return made.body.id as string;
    };
    const old = await make({ supplier: other, invoice_number: 'OS-1', date: '2025-10-01', items: [{ description: 'Paper', account: HOSTING, unit_price: 50, vat_rate: 24 }] });
    await make({ supplier: other, invoice_number: 'OS-2', date: '2026-02-20', items: [{ description: 'Toner', account: HOSTING, unit_price: 80, vat_rate: 24 }] });
    expect((await admin.post(`/api/bills/${old}/payments/`, { amount: 20, date: '2026-03-05', money_account: bank })).status).toBe(201);
    const payablesAsOf = async (day: string) => {
      const row = await server.testDb.db('ledger_lines').where({ account_id: SYSTEM_ACCOUNT_IDS.payables }).where('date', '<=', day).sum({ d: 'debit_cents', c: 'credit_cents' }).first();
      return (Number(row?.c ?? 0) - Number(row?.d ?? 0)) / 100;
    };
    for (const day of ['2025-12-31', '2026-03-01', '2026-03-11', '2026-03-20']) {
      const aged = await admin.get(`/api/reports/aged-payables/?as_of=${day}`);
      expect(aged.status, aged.text).toBe(200);
      expect(aged.body.as_of).toBe(day);
      expect(aged.body.totals.net, day).toBeCloseTo(await payablesAsOf(day), 2);
    }
    const now = (await admin.get('/api/reports/aged-payables/?as_of=2026-03-20')).body;
    const office = now.suppliers.find((s: { supplier: string }) => s.supplier === 'Office Supplies SA');
    // OS-1 (due 1 October, 170 days late) less the 20 paid; OS-2 due 20 February, 28 days late.
    expect(office).toMatchObject({ over_90: 42, days_1_30: 99.2, current: 0, total: 141.2, credit_balance: 0 });
    expect((await admin.get('/api/reports/aged-payables/?from=2026-01-01')).status).toBe(400);
    // GraphQL answers the same report, its refusals in its own argument names.
    const gql = await admin.graphql('query($d: String) { agedPayables(asOf: $d) { asOf net suppliers { supplierName total buckets { over90 days1to30 } } } }', { d: '2026-03-20' });
    expect(gql.body.data.agedPayables.net).toBe(now.totals.net);
    expect(gql.body.data.agedPayables.suppliers.find((s: { supplierName: string }) => s.supplierName === 'Office Supplies SA')).toEqual({ supplierName: 'Office Supplies SA', total: 141.2, buckets: { over90: 42, days1to30: 99.2 } });
    // As a file: XLSX rows per supplier, and a PDF in the reader's language.
    const xlsx = await file('/api/reports/aged-payables/export/?format=xlsx&as_of=2026-03-20');
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    const bytes = xlsx.body as Buffer;
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows.find((r) => r[0] === 'Office Supplies SA')).toEqual(['Office Supplies SA', 0, 99.2, 0, 0, 42, 141.2, 0]);
    const pdf = await file('/api/reports/aged-payables/export/?format=pdf&as_of=2026-03-20&lang=el');
    expect(pdfText(pdf.body as Buffer)).toEqual(expect.arrayContaining(['Ενηλικίωση υποχρεώσεων', 'Προμηθευτής', 'Office Supplies SA']));
    // The supplier's statement: what it was owed before, its bills and payments by day, and what it is owed now.
    const statement = await admin.get(`/api/suppliers/${other}/statement/?from=2026-01-01&to=2026-03-20`);
    expect(statement.status, statement.text).toBe(200);
    expect(statement.body).toMatchObject({ supplier_name: 'Office Supplies SA', opening_balance: 62, closing_balance: 141.2 });
    expect(statement.body.lines.map((l: { date: string; kind: string; amount: number; balance: number }) => [l.date, l.kind, l.amount, l.balance])).toEqual([
      ['2026-02-20', 'bill', 99.2, 161.2],
      ['2026-03-05', 'payment', -20, 141.2],
    ]);
    expect(statement.body.closing_balance).toBe(office.total);
    expect((await admin.get(`/api/suppliers/${other}/statement/?as_of=2026-03-01`)).status).toBe(400);
    expect((await admin.get('/api/suppliers/00000000-0000-4000-8000-000000000000/statement/')).status).toBe(404);
    const bad = await admin.graphql('{ agedPayables(asOf: "2026-02-30") { net } }');
    expect(Object.keys(bad.body.errors[0].extensions.fieldErrors)).toEqual(['asOf']);
  });

  it('answers the same through GraphQL: field errors in the input’s names, a draft, posted, paid', async () => {
    const CREATE = `mutation($input: BillInput!) { createBill(input: $input) { id status totalAmount selfAssessedVatAmount items { vatCategory vatAmount } } }`;
    const line = { description: 'Consulting (reverse charge)', accountId: HOSTING, unitPrice: 500, vatRate: 24, vatCategory: 'AE' };
    const refused = await admin.graphql(CREATE, { input: { supplierId: supplier, invoiceNumber: 'GQL-1', date: '2026-03-03', items: [{ ...line, vatCategory: 'Q' }], totalAmount: 1 } });
    expect(Object.keys(refused.body.errors[0].extensions.fieldErrors).sort()).toEqual(['items.0.vatCategory', 'totalAmount']);
    const made = await admin.graphql(CREATE, { input: { supplierId: supplier, invoiceNumber: 'GQL-1', date: '2026-03-03', items: [line], totalAmount: 500 } });
    expect(made.body.errors).toBeUndefined();
    expect(made.body.data.createBill).toMatchObject({ status: 'draft', totalAmount: 500, selfAssessedVatAmount: 120, items: [{ vatCategory: 'AE', vatAmount: 120 }] });
    const id = made.body.data.createBill.id as string;
    expect((await admin.graphql('mutation($id: ID!) { postBill(id: $id) { status openAmount } }', { id })).body.data.postBill).toEqual({ status: 'open', openAmount: 500 });
    const paid = await admin.graphql('mutation($id: ID!, $input: BillPaymentInput!) { recordBillPayment(id: $id, input: $input) { status paidAmount payments { amount reference } } }', {
      id,
      input: { amount: 500, date: '2026-03-15', moneyAccountId: bank, reference: 'SEPA 9' },
    });
    expect(paid.body.data.recordBillPayment).toEqual({ status: 'paid', paidAmount: 500, payments: [{ amount: 500, reference: 'SEPA 9' }] });
    const listed = await admin.graphql('query($s: ID) { bills(supplierId: $s, status: paid) { invoiceNumber supplierName status } }', { s: supplier });
    expect(listed.body.data.bills.map((b: { invoiceNumber: string }) => b.invoiceNumber)).toContain('GQL-1');
  });
});
