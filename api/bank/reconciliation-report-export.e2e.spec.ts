import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuros } from '../../domain/shared/money';
import { testBackends } from '../../test/db';
import { pdfText } from '../../test/pdf-text';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from '../invoicing/test/fixtures';
import { writeMt940 } from './mt940-writer';

const GR = 'GR1601101250000000012300695';

/** An MT940 statement of GR for March 2026, opening at 1,000.00, with the lines given. */
const mt940 = (lines: Array<{ day: string; cents: number; ref: string; text: string }>): string => writeMt940({ id: 'MARCH', iban: GR, opening: { day: '2026-03-01', cents: 100_000 }, closingDay: '2026-03-31', lines });

const download = async (client: TestClient, url: string) => {
  const res = await client.download(url);
  return { status: res.status, headers: res.headers, body: res.body as Buffer };
};

const sheetRows = async (xlsx: Buffer): Promise<unknown[][]> => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.buffer.slice(xlsx.byteOffset, xlsx.byteOffset + xlsx.byteLength) as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

describe.each(testBackends())('the reconciliation report as PDF and XLSX on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let bankId: string;
  let ledgerAccount: string;
  const url = (query: string) => `/api/bank-accounts/${bankId}/reconciliation-report/export/?${query}`;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-04-15T10:00:00Z') });
    admin = await adminOf(server);
    const bank = ((await admin.get('/api/bank-accounts/')).body as Array<{ id: string; is_default: boolean }>).find((a) => a.is_default)!;
    bankId = bank.id;
    expect((await admin.put(`/api/bank-accounts/${bankId}/`, { name: 'Main bank', iban: GR, is_default: true })).status).toBe(200);
    ledgerAccount = ((await admin.get(`/api/bank-accounts/${bankId}/`)).body as { ledger_account: { id: string } }).ledger_account.id;
    const file = mt940([
      { day: '2026-03-02', cents: -11_900, ref: 'L1', text: 'Hosting March' },
      { day: '2026-03-09', cents: 25_000, ref: 'L2', text: 'Client payment' },
      { day: '2026-03-12', cents: -1_005, ref: 'L3', text: 'Card fee' },
    ]);
    expect((await admin.upload(`/api/bank-accounts/${bankId}/statements/`, 'file', file, 'march.sta')).status).toBe(201);
    const lines = (await admin.get(`/api/bank-accounts/${bankId}/statement-lines/`)).body as Array<{ id: string; description: string }>;
    const chart = (await admin.get('/api/accounts/')).body as Array<{ code: string; account_name: string }>;
    const expense = chart.find((a) => a.account_name === 'Office Expenses')!.code;
    const hosting = lines.find((l) => l.description === 'Hosting March')!;
    const reconciled = await admin.post(`/api/bank-accounts/${bankId}/statement-lines/${hosting.id}/reconcile/`, { parts: [{ kind: 'account', account: expense, amount: -119 }] });
    expect(reconciled.status, reconciled.text).toBe(200);
    // A payment recorded in the books that no statement shows yet.
    const client = await createClient(admin, { name: 'Beta Ltd' });
    const invoice = await createInvoice(admin, { client: client.id, date: '2026-03-01', due_date: '2026-03-31', items: [{ description: 'Audit', unit_price: 80.01, vat_rate: 0 }] });
    expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
    expect((await admin.post(`/api/invoices/${invoice.id}/payments/`, { amount: 80.01, date: '2026-03-30', method: 'bank_transfer', deposited_to: bankId })).status).toBe(201);
  });
  afterAll(() => server?.close());

  it('prints the figures, the verdict and both lists to the cent, in English, Greek and Russian', async () => {
    // Statement 1,000.00 − 119.00 + 250.00 − 10.05 = 1,120.95; ledger −119.00 + 80.01 = −38.99;
    // explained −38.99 + 239.95 − 80.01 = 120.95; the opening 1,000.00 is not in the books yet.
    const en = await download(admin, url('format=pdf&lang=en'));
    expect(en.status, en.body.toString('utf8').slice(0, 200)).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.headers['content-disposition']).toContain('bank-reconciliation_Main-bank_2026-03-31.pdf');
    const company = (await admin.get('/api/company-info/')).body.name as string;
    const text = pdfText(en.body);
    expect(text).toEqual(
      expect.arrayContaining([
        company, 'Bank reconciliation', 'Account: Main bank (GR16 0110 1250 0000 0001 2300 695)', 'As of: 31.03.2026', 'Generated: 15.04.2026 10:00 UTC',
        'Result: Not proven: the books and the bank differ',
        'Statement balance', formatEuros(112_095), 'Ledger balance', formatEuros(-3_899), formatEuros(23_995), formatEuros(8_001), 'Explained balance', formatEuros(12_095), 'Difference', formatEuros(100_000),
        'Client payment', formatEuros(25_000), 'Card fee', formatEuros(-1_005), '12.03.2026', '30.03.2026',
      ]),
    );
    expect(text).not.toContain('Hosting March');

    const el = pdfText((await download(admin, url('lang=el'))).body);
    expect(el).toEqual(expect.arrayContaining(['Συμφωνία τραπεζικού λογαριασμού', 'Υπόλοιπο αντιγράφου κίνησης', 'Διαφορά', formatEuros(100_000), 'Αποτέλεσμα: Δεν αποδείχθηκε: τα βιβλία διαφέρουν από την τράπεζα']));
    const ru = pdfText((await download(admin, url('format=pdf&lang=ru'))).body);
    expect(ru).toEqual(expect.arrayContaining(['Сверка с банком', 'Остаток по выписке', 'Расхождение', 'Несверенные строки выписки', formatEuros(112_095)]));
  });

  it('exports XLSX cells a spreadsheet can sum, and turns to proven once the opening balance is posted', async () => {
    const before = await download(admin, url('format=xlsx&date=2026-04-10'));
    expect(before.status).toBe(200);
    expect(before.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(before.headers['content-disposition']).toContain('bank-reconciliation_Main-bank_2026-03-31.xlsx');
    const rows = await sheetRows(before.body);
    expect(rows[1]).toEqual(['Bank reconciliation']);
    expect(rows).toContainEqual(['Statement balance', 1120.95]);
    expect(rows).toContainEqual(['Ledger balance', -38.99]);
    expect(rows).toContainEqual(['+ Unreconciled statement lines', 239.95]);
    expect(rows).toContainEqual(['− Ledger movements on no statement', 80.01]);
    expect(rows).toContainEqual(['Explained balance', 120.95]);
    expect(rows).toContainEqual(['Difference', 1000]);
    expect(rows).toContainEqual(['09.03.2026', 'Client payment', 250]);
    expect(rows).toContainEqual(['12.03.2026', 'Card fee', -10.05]);
    expect(rows.filter((r) => r[0] === 'Total').map((r) => r[2])).toEqual([239.95, 80.01]);

    const opening = await admin.post('/api/journal-entries/', { date: '2026-02-28', account: ledgerAccount, debit: 1000, description: 'Opening balance' });
    expect(opening.status, opening.text).toBe(201);
    const after = await sheetRows((await download(admin, url('format=xlsx&lang=en'))).body);
    expect(after).toContainEqual(['Ledger balance', 961.01]);
    expect(after).toContainEqual(['Difference', 0]);
    expect(after).toContainEqual(['Result', 'Proven: the books equal the bank; items still to reconcile']);
    const ru = await sheetRows((await download(admin, url('format=xlsx&lang=ru'))).body);
    expect(ru).toContainEqual(['Результат', 'Доказано: учёт совпадает с банком; остались несверенные позиции']);
    expect(ru).toContainEqual(['Остаток по выписке', 1120.95]);
  });

  it('refuses a format or a day it cannot take, and an account or day without a statement', async () => {
    for (const query of ['format=csv', 'format=pdf&date=2026-13-01', 'date=yesterday']) {
      const res = await admin.get(url(query));
      expect(res.status, query).toBe(400);
    }
    expect((await admin.get(url('format=csv'))).body.errors).toHaveProperty('format');
    expect((await admin.get(url('date=2026-13-01'))).body.errors).toHaveProperty('date');
    expect((await admin.get(url('date=2026-02-01'))).status).toBe(404);
    expect((await admin.get('/api/bank-accounts/00000000-0000-4000-8000-000000000000/reconciliation-report/export/')).status).toBe(404);
  });
});
