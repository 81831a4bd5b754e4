import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceStreamId, type InvoiceEvent } from '../../../../domain/invoice/events';
import { formatEuros } from '../../../../domain/shared/money';
import { collectPageErrors, launchBrowser, MOBILE_WIDTH, newPage, rawKeyLeaks, screenshot, loginAsAdmin } from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { pdfText } from '../../../../test/pdf-text';
import { ADMIN, startTestServer, type TestServer } from '../../../../test/server';

const SHOTS = 'i19-reports';

/** The rows of a downloaded workbook's first sheet (cell values, first column first). */
const sheetRows = async (file: Buffer): Promise<unknown[][]> => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

// Needs `npm run build` first: the test server serves dist/web.
describe('report comparisons, columns and file exports in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const today = dayjs().format('YYYY-MM-DD');
  const invoiceId = randomUUID();

  const open = async (locale: string, width: number) => {
    const { page } = await newPage(browser, server.url, { locale, width });
    const errors = collectPageErrors(page);
    await loginAsAdmin(page, ADMIN);
    return { page, errors };
  };

  const downloaded = async (page: Page, testId: string): Promise<{ file: Buffer; name: string }> => {
    const [download] = (await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).first().click()])) as [Download, unknown];
    const path = await download.path();
    return { file: fs.readFileSync(path!), name: download.suggestedFilename() };
  };

  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    const events: InvoiceEvent[] = [
      {
        type: 'InvoiceIssued',
        data: { invoiceId, invoiceNumber: 'INV-0077', clientId: randomUUID(), date: today, dueDate: today, lines: [], totals: { netCents: 100000, vatCents: 19000, grossCents: 119000 }, period: { subscriptionId: randomUUID(), start: today, end: today }, parties: null },
      },
      { type: 'PaymentRecorded', data: { invoiceId, paymentId: randomUUID(), amountCents: 119000, date: today, method: 'stripe', reference: 'pi_77' } },
    ];
    const appended = await server.runtime.deps.eventStore.append(invoiceStreamId(invoiceId), events.map((e) => ({ type: e.type, data: e.data, metadata: { actor: 'system', schemaVersion: 1 } })));
    expect(await server.runtime.deps.projections.waitFor(appended.position, { timeoutMs: 10_000 })).toBe(true);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('en, 1280 px: the balance sheet compared with a year earlier, its PDF opened and read; the income statement as XLSX and by month', async () => {
    const { page, errors } = await open('en-US', 1280);
    await page.goto(`/admin/accounting/balance-sheet?asOf=${today}`);
    await page.getByTestId('balance-sheet').getByTestId('statement').waitFor();
    await page.getByTestId('compare-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'A year earlier' }).click();
    await page.getByTestId('compare-totalAssets').waitFor();
    expect((await page.getByTestId('amount-totalAssets').textContent())?.replace(/\u00a0/g, ' ')).toBe('1.190,00 €');
    expect((await page.getByTestId('compare-totalAssets').textContent())?.replace(/\u00a0/g, ' ')).toBe('0,00 €');
    await screenshot(page, `${SHOTS}/balance-sheet-compared-en-1280`);

    const pdf = await downloaded(page, 'export-pdf');
    expect(pdf.name).toBe(`balance-sheet_${today}.pdf`);
    const text = pdfText(pdf.file);
    expect(text).toEqual(expect.arrayContaining(['Balance sheet', 'Total assets', formatEuros(119000), `As of: ${dayjs(today).format('DD.MM.YYYY')}`]));
    expect(text.some((l) => l.startsWith('Compared with: '))).toBe(true);
    expect(text.some((l) => l.startsWith('Generated: '))).toBe(true);

    await page.goto('/admin/accounting/income-statement?compare=previous_year');
    await page.getByTestId('compare-netIncome').waitFor();
    expect((await page.getByTestId('compare-netIncome').textContent())?.replace(/\u00a0/g, ' ')).toBe('0,00 €');
    await screenshot(page, `${SHOTS}/income-compared-en-1280`);
    await page.goto('/admin/accounting/income-statement');
    await page.getByTestId('income-statement').getByTestId('statement').waitFor();
    const xlsx = await downloaded(page, 'export-xlsx');
    expect(xlsx.name).toMatch(/^income-statement_\d{4}-01-01_\d{4}-12-31\.xlsx$/);
    const rows = await sheetRows(xlsx.file);
    expect(rows[1]).toEqual(['Income statement']);
    expect(rows).toContainEqual(['Total revenue', 1000]);

    await page.getByTestId('income-view').getByText('By month').click();
    await page.getByTestId('income-columns').waitFor();
    const monthIndex = dayjs(today).month();
    const netRow = page.getByTestId('income-columns').locator('tr', { hasText: 'Net Income' });
    const cells = (await netRow.locator('td').allTextContents()).map((s) => s.replace(/\u00a0/g, ' '));
    expect(cells[1 + monthIndex]).toBe('1.000,00 €');
    expect(cells[cells.length - 1]).toBe('1.000,00 €');
    await screenshot(page, `${SHOTS}/income-by-month-en-1280`);
    const monthly = await sheetRows((await downloaded(page, 'export-xlsx')).file);
    expect(monthly.find((r) => r[0] === 'Net income')?.[1 + monthIndex]).toBe(1000);

    await page.goto('/admin/accounting/journal-entries');
    await page.getByTestId('journal-export').waitFor();
    const journal = await sheetRows((await downloaded(page, 'journal-export-xlsx')).file);
    expect(journal[0]).toEqual(expect.arrayContaining(['Event id', 'Author', 'Document']));
    // The invoice's three lines name the invoice; the payment's two its reference.
    expect(journal.filter((r) => r.includes('INV-0077')).length).toBe(3);
    expect(journal.filter((r) => r.includes('pi_77')).length).toBe(2);
    expect(errors).toEqual([]);
  });

  it('el and ru at 375 px: comparisons, columns and export buttons fit the phone; the Greek PDF is in Greek', async () => {
    const el = await open('el-GR', MOBILE_WIDTH);
    await el.page.goto(`/admin/accounting/balance-sheet?asOf=${today}&compare=previous_period`);
    await el.page.getByTestId('compare-totalAssets').waitFor();
    await el.page.getByTestId('export-pdf').waitFor();
    expect(await noSidewaysScroll(el.page)).toBe(true);
    expect(await rawKeyLeaks(el.page)).toEqual([]);
    await screenshot(el.page, `${SHOTS}/balance-sheet-compared-el-375`);
    const greek = pdfText((await downloaded(el.page, 'export-pdf')).file);
    expect(greek).toEqual(expect.arrayContaining(['Ισολογισμός', 'Σύνολο ενεργητικού', formatEuros(119000)]));
    expect(el.errors).toEqual([]);

    const ru = await open('ru-RU', MOBILE_WIDTH);
    await ru.page.goto('/admin/accounting/income-statement?view=quarter');
    await ru.page.getByTestId('income-columns').waitFor();
    expect(await noSidewaysScroll(ru.page)).toBe(true);
    expect(await rawKeyLeaks(ru.page)).toEqual([]);
    await screenshot(ru.page, `${SHOTS}/income-by-quarter-ru-375`);
    await ru.page.goto(`/admin/accounting/cash-flow`);
    await ru.page.getByTestId('amount-closingCash').waitFor();
    expect(await noSidewaysScroll(ru.page)).toBe(true);
    await screenshot(ru.page, `${SHOTS}/cash-flow-ru-375`);
    const ruXlsx = await sheetRows((await downloaded(ru.page, 'export-xlsx')).file);
    expect(ruXlsx).toContainEqual(['Денежные средства на конец периода', 1190]);
    await ru.page.goto('/admin/accounting/journal-entries');
    await ru.page.getByTestId('journal-export-csv').waitFor();
    expect(await noSidewaysScroll(ru.page)).toBe(true);
    await screenshot(ru.page, `${SHOTS}/journal-export-ru-375`);
    const csv = (await downloaded(ru.page, 'journal-export-csv')).file.toString('utf8');
    expect(csv.split('\r\n')[0]).toContain('Автор');
    expect(ru.errors).toEqual([]);
  });

  it('with a fiscal year from July, the statements default to it and the columns start in July', async () => {
    const admin = server.client();
    await admin.login();
    const set = await admin.graphql('mutation { setFiscalYearStartMonth(month: 7) { fiscalYearStartMonth } }');
    expect(set.body.errors).toBeUndefined();
    const startYear = dayjs().month() >= 6 ? dayjs().year() : dayjs().year() - 1;
    const { page, errors } = await open('en-US', 1280);
    await page.goto('/admin/accounting/cash-flow');
    await page.getByTestId('cash-flow').getByText(`From 01 / July / ${startYear} to 30 / June / ${startYear + 1}`).waitFor();
    await page.goto('/admin/accounting/income-statement?view=month');
    await page.getByTestId('income-columns').waitFor();
    const headings = await page.getByTestId('income-columns').locator('thead th').allTextContents();
    expect(headings.slice(1, 3)).toEqual([`Jul ${startYear}`, `Aug ${startYear}`]);
    expect(await page.getByTestId('fiscal-year-select').textContent()).toBe(`${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`);
    expect(errors).toEqual([]);
  });
});
