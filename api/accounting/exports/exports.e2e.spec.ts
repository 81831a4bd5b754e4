import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS as A } from '../../../domain/accounting/accounts';
import { invoiceStreamId, type InvoiceEvent } from '../../../domain/invoice/events';
import { formatEuros } from '../../../domain/shared/money';
import { testBackends } from '../../../test/db';
import { REPORT_EXPORTERS } from './report-export.service';
import { pdfText } from '../../../test/pdf-text';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';

const RENT = 'a0000000-0000-4000-8000-000000005100';
const LOANS = 'a0000000-0000-4000-8000-000000002500';
const EQUIPMENT = 'a0000000-0000-4000-8000-000000001500';
const totals = { netCents: 100000, vatCents: 19000, grossCents: 119000 };

const download = async (client: TestClient, url: string) => {
  const res = await client.download(url);
  return { status: res.status, headers: res.headers, body: res.body as Buffer };
};

const sheetRows = async (xlsx: Buffer): Promise<unknown[][]> => {
  const book = new ExcelJS.Workbook();
  // A copy as a plain ArrayBuffer: JSZip inside exceljs does not take vitest's Buffer for a node buffer.
  await book.xlsx.load(xlsx.buffer.slice(xlsx.byteOffset, xlsx.byteOffset + xlsx.byteLength) as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

/** A downloaded XLSX's first sheet, after checking it was one. */
const xlsxRows = async (client: TestClient, url: string) => {
  const res = await download(client, url);
  expect(res.status, `${url}: ${res.body.toString('utf8').slice(0, 200)}`).toBe(200);
  return sheetRows(res.body);
};

describe.each(testBackends())('report exports and the journal export on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  const invoiceId = randomUUID();

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-06-15T12:00:00Z') });
    admin = server.client();
    await admin.login();
    const store = server.runtime.deps.eventStore;
    const events: InvoiceEvent[] = [
      { type: 'InvoiceIssued', data: { invoiceId, invoiceNumber: 'INV-0001', clientId: randomUUID(), date: '2026-02-01', dueDate: '2026-03-01', lines: [], totals, period: { subscriptionId: randomUUID(), start: '2026-02-01', end: '2026-03-01' }, parties: null } },
      { type: 'PaymentRecorded', data: { invoiceId, paymentId: randomUUID(), amountCents: 119000, date: '2026-02-20', method: 'stripe', reference: 'pi_123' } },
    ];
    const result = await store.append(invoiceStreamId(invoiceId), events.map((e) => ({ type: e.type, data: e.data, metadata: { actor: 'system', schemaVersion: 1 } })));
    expect(await server.runtime.deps.projections.waitFor(result.position, { timeoutMs: 10_000 })).toBe(true);
    for (const [lines, date] of [
      [[[A.bank, 50000, 0], [LOANS, 0, 50000]], '2026-01-10'],
      [[[EQUIPMENT, 2000, 0], [A.bank, 0, 2000]], '2026-03-05'],
      [[[RENT, 1500.55, 0], [A.bank, 0, 1500.55]], '2026-04-01'],
    ] as Array<[Array<[string, number, number]>, string]>) {
      const res = await admin.graphql('mutation ($input: JournalEntryInput!) { recordJournalEntry(input: $input) { id } }', {
        input: { date, description: 'Rent & loans, "quoted"', lines: lines.map(([accountId, debit, credit]) => ({ accountId, debit, credit })) },
      });
      expect(res.body.errors).toBeUndefined();
    }
  });
  afterAll(() => server?.close());

  it('the balance sheet as PDF names the company, the day, the time of generation and the figures, in Greek too', async () => {
    const company = (await admin.get('/api/company-info/')).body.name as string;
    const en = await download(admin, '/api/reports/balance-sheet/export/?as_of=2026-04-30&format=pdf&lang=en');
    expect(en.status).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.headers['content-disposition']).toContain('balance-sheet_2026-04-30.pdf');
    const text = pdfText(en.body);
    expect(text).toEqual(expect.arrayContaining([company, 'Balance sheet', 'As of: 30.04.2026', 'Generated: 15.06.2026 12:00 UTC', 'Total assets', formatEuros(4968945)]));
    const el = pdfText((await download(admin, '/api/reports/balance-sheet/export/?as_of=2026-04-30&compare=previous_period&lang=el')).body);
    expect(el).toEqual(expect.arrayContaining(['Ισολογισμός', 'Σύνολο ενεργητικού', 'Σε σύγκριση με: 31.03.2026', formatEuros(5119000), 'Αποτελέσματα περιόδου']));
    const ru = pdfText((await download(admin, '/api/reports/cash-flow/export/?from=2026-03-01&to=2026-04-30&lang=ru')).body);
    expect(ru).toEqual(expect.arrayContaining(['Отчёт о движении денежных средств', 'Денежные средства на начало периода', formatEuros(5119000), formatEuros(4768945)]));
  });

  it('every report exports as XLSX with numbers a spreadsheet can sum', async () => {
    const is = await download(admin, '/api/reports/income-statement/export/?from=2026-01-01&to=2026-12-31&compare=previous_year&format=xlsx');
    expect(is.status).toBe(200);
    expect(is.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await sheetRows(is.body);
    expect(rows[1]).toEqual(['Income statement']);
    expect(rows).toContainEqual(['Period', '01.01.2026 – 31.12.2026']);
    expect(rows).toContainEqual(['Compared with', '01.01.2025 – 31.12.2025']);
    expect(rows).toContainEqual(['Rent', 1500.55, 0]);
    expect(rows).toContainEqual(['Net income', -500.55, 0]);

    const monthly = await xlsxRows(admin, '/api/reports/income-statement/export/?columns=month&fiscal_year=2026&format=xlsx');
    const revenue = monthly.find((r) => r[0] === 'Total revenue')!;
    expect(revenue).toHaveLength(14);
    expect(revenue.slice(1, 3)).toEqual([0, 1000]);
    expect(revenue[13]).toBe(1000);

    const tb = await xlsxRows(admin, '/api/reports/trial-balance/export/?as_of=2026-12-31&format=xlsx');
    const last = tb[tb.length - 1]!;
    expect(last[1]).toBe('Totals');
    expect(last[2]).toBe(last[3]);
    const vatJson = (await admin.get('/api/reports/vat-return/?from=2026-01-01&to=2026-12-31')).body;
    const vat = await xlsxRows(admin, '/api/reports/vat-return/export/?from=2026-01-01&to=2026-12-31&format=xlsx');
    expect(vat[1]).toEqual(['VAT return']);
    expect(vat.find((r) => r[0] === 'Net VAT payable (output − input)')![3]).toBe(vatJson.net_vat);
    expect(vatJson.net_vat).not.toBe(0);
    const aged = await xlsxRows(admin, '/api/reports/aged-receivables/export/?format=xlsx');
    expect(aged.some((r) => r[0] === 'Net (Accounts Receivable)')).toBe(true);
    const ledger = await xlsxRows(admin, `/api/reports/account-ledger/export/?account_id=${A.bank}&from=2026-01-01&to=2026-12-31&format=xlsx`);
    expect(ledger[ledger.length - 1]).toEqual(['31.12.2026', 'Closing balance', null, null, null, 46499.45].map((v) => v ?? undefined));
  });

  it('refuses unknown formats, comparisons and a ledger without its account', async () => {
    for (const [url, field] of [
      ['/api/reports/balance-sheet/export/?format=docx', 'format'],
      ['/api/reports/income-statement/export/?compare=yesterday', 'compare'],
      ['/api/reports/income-statement/export/?columns=week', 'columns'],
      // Arguments an export would otherwise drop without a word.
      ['/api/reports/income-statement/export/?columns=month&compare=previous_year', 'compare'],
      ['/api/reports/income-statement/export/?columns=month&from=2026-01-01', 'from'],
      ['/api/reports/income-statement/export/?columns=quarter&to=2026-06-30', 'to'],
      ['/api/reports/income-statement/export/?columns=month&as_of=2026-06-30', 'as_of'],
      ['/api/reports/income-statement/export/?fiscal_year=2026', 'fiscal_year'],
      ['/api/reports/balance-sheet/export/?columns=month', 'columns'],
      ['/api/reports/cash-flow/export/?fiscal_year=2026', 'fiscal_year'],
      ['/api/reports/trial-balance/export/?closing=before', 'closing'],
      ['/api/reports/balance-sheet/export/?closing=exclude', 'closing'],
      ['/api/reports/account-ledger/export/', 'account_id'],
      ['/api/accounting/journal-export/?format=pdf', 'format'],
      ['/api/accounting/journal-export/?from=2026-05-01&to=2026-04-01', 'to'],
    ]) {
      const res = await admin.get(url!);
      expect(res.status, url).toBe(400);
      expect(res.body.errors[field!], url).toBeDefined();
    }
  });

  it('the journal export lists every ledger line with its entry, document, event id, author and time (CSV and XLSX)', async () => {
    const csv = await download(admin, '/api/accounting/journal-export/?from=2026-01-01&to=2026-12-31&format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = csv.body.toString('utf8');
    expect(text.startsWith('\uFEFFDate,Entry,')).toBe(true);
    const lines = text.trim().split('\r\n');
    const header = lines[0]!.replace('\uFEFF', '').split(',');
    expect(header).toEqual(['Date', 'Entry', 'Entry description', 'Entry status', 'Version', 'Kind', 'Line', 'Account code', 'Account', 'Debit', 'Credit', 'Line description', 'Source', 'Source id', 'Document', 'Invoice id', 'Event id', 'Author', 'Recorded at']);
    // Invoice (3 lines), payment (2 lines), three entries of two lines each.
    expect(lines).toHaveLength(1 + 3 + 2 + 6);
    const rent = lines.find((l) => l.startsWith('2026-04-01') && l.includes(',5100,'))!;
    expect(rent).toContain(',1500.55,0.00,"Rent & loans, ""quoted""",manual,');
    expect(rent).toMatch(/,admin,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const invoiceLine = lines.find((l) => l.includes(',invoice,'))!;
    expect(invoiceLine).toContain(',INV-0001,');
    expect(invoiceLine).toContain(',system,');
    const eventIds = new Set(lines.slice(1).map((l) => l.split(',').at(-3)));
    expect(eventIds.size).toBe(5);

    const xlsx = await xlsxRows(admin, '/api/accounting/journal-export/?from=2026-03-01&to=2026-03-31&format=xlsx');
    expect(xlsx).toHaveLength(3);
    expect(xlsx[1]!.slice(7, 11)).toEqual(['1500', 'Equipment', 2000, 0]);
  });

  it('writes a description that a spreadsheet would run as a formula as text in the CSV, and as a plain string in the XLSX', async () => {
    const formula = '=HYPERLINK("http://evil.example","Invoice")';
    const res = await admin.graphql('mutation ($input: JournalEntryInput!) { recordJournalEntry(input: $input) { id } }', {
      input: { date: '2026-05-05', description: formula, lines: [{ accountId: RENT, debit: 10 }, { accountId: A.bank, credit: 10 }] },
    });
    expect(res.body.errors).toBeUndefined();
    const csv = (await download(admin, '/api/accounting/journal-export/?from=2026-05-05&to=2026-05-05&format=csv')).body.toString('utf8');
    const lines = csv.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toContain(`,"'=HYPERLINK(""http://evil.example"",""Invoice"")",`);
      expect(line).not.toMatch(/,"?=/);
    }
    // Amounts stay numbers: the credit line's debit and the debit line's credit are 0.00, never quoted.
    expect(lines.find((l) => l.includes(',5100,'))).toContain(',10.00,0.00,');
    const book = new ExcelJS.Workbook();
    const xlsx = (await download(admin, '/api/accounting/journal-export/?from=2026-05-05&to=2026-05-05&format=xlsx')).body;
    await book.xlsx.load(xlsx.buffer.slice(xlsx.byteOffset, xlsx.byteOffset + xlsx.byteLength) as ArrayBuffer);
    const cell = book.worksheets[0]!.getRow(2).getCell(3);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(formula);
  });

  it('every report exports as a PDF that names the company and the report and holds one of its figures, unwrapped', async () => {
    // An invoice still owed, so the aged receivables have a figure: 16 days past due on June 15.
    const owedId = randomUUID();
    const owed: InvoiceEvent = {
      type: 'InvoiceIssued',
      data: { invoiceId: owedId, invoiceNumber: 'INV-0002', clientId: randomUUID(), date: '2026-05-20', dueDate: '2026-05-30', lines: [], totals: { netCents: 50000, vatCents: 9500, grossCents: 59500 }, period: { subscriptionId: randomUUID(), start: '2026-05-20', end: '2026-06-19' }, parties: null },
    };
    const appended = await server.runtime.deps.eventStore.append(invoiceStreamId(owedId), [{ type: owed.type, data: owed.data, metadata: { actor: 'system', schemaVersion: 1 } }]);
    expect(await server.runtime.deps.projections.waitFor(appended.position, { timeoutMs: 10_000 })).toBe(true);
    const cents = (euros: number) => Math.round(euros * 100);
    const company = (await admin.get('/api/company-info/')).body.name as string;
    const income = (await admin.get('/api/reports/income-statement/?from=2026-01-01&to=2026-12-31')).body;
    const balance = (await admin.get('/api/reports/balance-sheet/?as_of=2026-06-15')).body;
    const cash = (await admin.get('/api/reports/cash-flow/?from=2026-01-01&to=2026-06-30')).body;
    const trial = (await admin.graphql('{ trialBalance(asOf: "2026-12-31") { totalDebit } }')).body.data.trialBalance;
    const aged = (await admin.get('/api/reports/aged-receivables/?as_of=2026-06-15')).body;
    const vat = (await admin.get('/api/reports/vat-return/?from=2026-01-01&to=2026-12-31')).body;
    const payables = (await admin.get('/api/reports/aged-payables/?as_of=2026-06-15')).body;
    const ecSales = (await admin.get('/api/reports/ec-sales-list/?from=2026-01-01&to=2026-12-31')).body;
    expect(aged.totals.total).toBe(595);
    expect(income.total_revenue).toBe(1500);
    const cases: Record<string, Array<{ query: string; title: string; figures: string[]; landscape?: boolean }>> = {
      'income-statement': [
        { query: 'from=2026-01-01&to=2026-12-31&compare=previous_year', title: 'Income statement', figures: [formatEuros(cents(income.total_revenue)), formatEuros(cents(income.total_expenses)), formatEuros(cents(income.net_income))] },
        // Twelve months and the year on a landscape page: every amount fits its narrow column on one line.
        { query: 'columns=month&fiscal_year=2026', title: 'Income statement', figures: [formatEuros(100000), formatEuros(50000), formatEuros(150055), formatEuros(cents(income.total_revenue))], landscape: true },
      ],
      'balance-sheet': [{ query: 'as_of=2026-06-15', title: 'Balance sheet', figures: [formatEuros(cents(balance.total_assets))] }],
      'cash-flow': [{ query: 'from=2026-01-01&to=2026-06-30', title: 'Cash flow statement', figures: [formatEuros(cents(cash.closing_cash))] }],
      'trial-balance': [{ query: 'as_of=2026-12-31', title: 'Trial balance', figures: [formatEuros(cents(trial.totalDebit))] }],
      'account-ledger': [{ query: `account_id=${A.bank}&from=2026-01-01&to=2026-12-31`, title: 'Account ledger: Bank', figures: ['Closing balance', formatEuros(4648945)], landscape: true }],
      'aged-receivables': [{ query: 'as_of=2026-06-15', title: 'Aged receivables', figures: [formatEuros(cents(aged.totals.total))], landscape: true }],
      'aged-payables': [{ query: 'as_of=2026-06-15', title: 'Aged payables', figures: ['Net (Accounts Payable)', formatEuros(cents(payables.totals.net))], landscape: true }],
      'vat-return': [{ query: 'from=2026-01-01&to=2026-12-31', title: 'VAT return', figures: [formatEuros(cents(vat.net_vat))], landscape: true }],
      'ec-sales-list': [{ query: 'from=2026-01-01&to=2026-12-31', title: 'EC Sales List', figures: ['Customer VAT number', formatEuros(cents(ecSales.total))] }],
    };
    // A report added to the exporters fails here until it has its case.
    expect(Object.keys(cases).sort()).toEqual(Object.keys(REPORT_EXPORTERS).sort());
    for (const [report, list] of Object.entries(cases)) {
      for (const c of list) {
        const url = `/api/reports/${report}/export/?${c.query}&format=pdf&lang=en`;
        const res = await download(admin, url);
        expect(res.status, url).toBe(200);
        expect(res.headers['content-type'], url).toBe('application/pdf');
        const text = pdfText(res.body);
        expect(text, url).toEqual(expect.arrayContaining([company, c.title, 'Generated: 15.06.2026 12:00 UTC', ...c.figures]));
        const [, , width, height] = /\/MediaBox \[([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)\]/.exec(res.body.toString('latin1'))!.slice(1).map(Number);
        expect(width! > height!, `${url} landscape`).toBe(!!c.landscape);
      }
    }
  });
});
