import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceStreamId, type InvoiceEvent } from '../../../../domain/invoice/events';
import { axeViolations, chooseOption, collectPageErrors, launchBrowser, MOBILE_WIDTH, newPage, rawKeyLeaks, screenshot, settled, loginAsAdmin } from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestServer } from '../../../../test/server';
import { pdfText } from '../../../../test/pdf-text';
import { formatEuros } from '../../../../domain/shared/money';
import { reportExportLabels } from '../../../../api/accounting/exports/report-export.texts';

const SHOTS = process.env.SCREENSHOT_DIR ?? '/work/screens';

// Needs `npx vite build` first: the test server serves dist/web.
describe('VAT return screen in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const today = dayjs().format('YYYY-MM-DD');
  const text = (testId: string, p: Page = page) => p.getByTestId(testId).first().textContent().then((s) => s?.replace(/\u00a0/g, ' '));

  const login = (p: Page) => loginAsAdmin(p, ADMIN);

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    // An invoice of today as billing appends it: 1.000 € at 24 % and 300 € exempt.
    const invoiceId = randomUUID();
    const line = (description: string, net: number, vatRateBp: number, vatCategory: 'S' | 'E') => ({ description, quantity: 1, unitPriceCents: net, vatRateBp, netCents: net, vatCents: (net * vatRateBp) / 10000, grossCents: net + (net * vatRateBp) / 10000, vatCategory });
    const events: InvoiceEvent[] = [
      {
        type: 'InvoiceIssued',
        data: { invoiceId, invoiceNumber: 'INV-0077', clientId: randomUUID(), date: today, dueDate: today, lines: [line('Audit', 100000, 2400, 'S'), line('Training', 30000, 0, 'E')], totals: { netCents: 130000, vatCents: 24000, grossCents: 154000 }, period: null, parties: null },
      },
    ];
    const appended = await server.runtime.deps.eventStore.append(invoiceStreamId(invoiceId), events.map((e) => ({ type: e.type, data: e.data, metadata: { actor: 'system', schemaVersion: 1 } })));
    expect(await server.runtime.deps.projections.waitFor(appended.position, { timeoutMs: 10_000 })).toBe(true);
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    errors = collectPageErrors(page);
    await login(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const pickAccount = (selector: string, name: string) => chooseOption(page, selector, name, name);

  it('records a purchase with its VAT tag in the journal entry form', async () => {
    await page.goto('/admin/accounting/journal-entries');
    await page.getByTestId('create-entry').click();
    // Clicked while the dialog still zooms in, the switch can miss (the lines never came, under load).
    await page.locator('.ant-modal-wrap:visible .ant-modal').getByText('Multiple lines').waitFor();
    await settled(page);
    await page.locator('.ant-modal-wrap:visible .ant-modal').getByText('Multiple lines').click();
    await pickAccount('#journal-entry_lines_0_accountId', 'Office Expenses');
    await page.fill('#journal-entry_lines_0_debit', '500');
    await page.getByTestId('line-vat-0').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Standard (S)' }).click();
    await page.fill('#journal-entry_lines_0_vatRate', '24');
    await pickAccount('#journal-entry_lines_1_accountId', 'VAT Payable');
    await page.fill('#journal-entry_lines_1_debit', '120');
    await page.getByTestId('add-line').click();
    await pickAccount('#journal-entry_lines_2_accountId', 'Bank');
    await page.fill('#journal-entry_lines_2_credit', '620');
    await page.fill('#journal-entry_description', 'Printer paper');
    await page.locator('[data-testid="balance-indicator"][data-balanced="true"]').waitFor();
    await screenshot(page, 'vat-journal-form-1280', SHOTS);
    await page.locator('#journal-save').click();
    const row = page.locator('tr', { hasText: 'Printer paper' });
    await row.waitFor();
    await row.getByRole('button', { name: /expand/i }).first().click();
    await page.locator('.journal-expanded', { hasText: 'VAT S 24 %' }).waitFor();
  });

  it('shows the current quarter: output and input VAT per category and rate, and the net payable', async () => {
    await page.goto('/admin/accounting/vat-return');
    await page.getByTestId('vat-return').locator('.ant-table-row').first().waitFor();
    const s24 = page.locator('.ant-table-row', { hasText: 'Standard rate (S) 24 %' });
    await s24.getByText('1.000,00 €').waitFor();
    await s24.getByText('240,00 €').waitFor();
    await s24.getByText('500,00 €').waitFor();
    await page.locator('.ant-table-row', { hasText: 'Exempt (E) 0 %' }).getByText('300,00 €').waitFor();
    expect(await text('vat-total-outputVat')).toBe('240,00 €');
    expect(await text('vat-total-inputVat')).toBe('120,00 €');
    expect(await text('vat-net')).toBe('120,00 €');
    await screenshot(page, 'vat-return-en-1280', SHOTS);
    expect(await axeViolations(page)).toEqual([]);
    // Another period: nothing in it.
    await page.goto('/admin/accounting/vat-return?from=2020-01-01&to=2020-03-31');
    await page.getByText('No VAT in this period.').waitFor();
    expect(await text('vat-net')).toBe('0,00 €');
  });

  it('speaks Greek and Russian and fits a 375 px screen', async () => {
    for (const lng of ['el', 'ru']) {
      await page.goto(`/admin/accounting/vat-return?lng=${lng}`);
      await page.getByTestId('vat-return').locator('.ant-table-row').first().waitFor();
      expect(await rawKeyLeaks(page)).toEqual([]);
      await screenshot(page, `vat-return-${lng}-1280`, SHOTS);
    }
    const { context, page: mobile } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    await login(mobile);
    for (const lng of ['en', 'el', 'ru']) {
      await mobile.goto(`/admin/accounting/vat-return?lng=${lng}`);
      await mobile.getByTestId('vat-return').locator('.ant-table-row').first().waitFor();
      await mobile.waitForLoadState('networkidle');
      expect(await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await text('vat-net', mobile)).toBe('120,00 €');
      await screenshot(mobile, `vat-return-${lng}-375`, SHOTS);
    }
    // The return's own file buttons, in Russian on the phone: the downloaded PDF and XLSX hold the net payable.
    const downloaded = async (testId: string): Promise<Buffer> => {
      const [download] = (await Promise.all([mobile.waitForEvent('download'), mobile.getByTestId(testId).first().click()])) as [Download, unknown];
      return fs.readFileSync((await download.path())!);
    };
    const ru = reportExportLabels('ru');
    const pdf = pdfText(await downloaded('export-pdf'));
    expect(pdf).toContain(ru.titles.vatReturn);
    // The label wraps in its column; the net payable follows it.
    expect(pdf.join('')).toContain(`${ru.vat.net}${formatEuros(12000)}`);
    const xlsx = await downloaded('export-xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.buffer.slice(xlsx.byteOffset, xlsx.byteOffset + xlsx.byteLength) as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows.find((r) => r[0] === ru.vat.net)?.[3]).toBe(120);
    await mobile.goto('/admin/accounting/journal-entries?lng=en');
    await mobile.getByTestId('create-entry').click();
    await mobile.locator('.ant-modal-wrap:visible .ant-modal').getByText('Multiple lines').waitFor();
    await settled(mobile);
    await mobile.locator('.ant-modal-wrap:visible .ant-modal').getByText('Multiple lines').click();
    await screenshot(mobile, 'vat-journal-form-375', SHOTS);
    await context.close();
    await page.goto('/admin/accounting/vat-return?lng=en');
    expect(errors).toEqual([]);
  });
});
