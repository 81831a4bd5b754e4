import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceStreamId, type InvoiceEvent } from '../../../../domain/invoice/events';
import { axeViolations, chooseOption, collectPageErrors, launchBrowser, MOBILE_WIDTH, newPage, rawKeyLeaks, screenshot, settled, loginAsAdmin } from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestServer } from '../../../../test/server';

// Needs `npx vite build` first: the test server serves dist/web.
describe('admin accounting and operations screens in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const dialogs: string[] = [];
  const today = dayjs().format('YYYY-MM-DD');
  const invoiceId = randomUUID();

  const login = (p: Page) => loginAsAdmin(p, ADMIN);

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    // Billing's events, as billing appends them: an issued invoice and its card payment.
    const events: InvoiceEvent[] = [
      {
        type: 'InvoiceIssued',
        data: { invoiceId, invoiceNumber: 'INV-0042', clientId: randomUUID(), date: today, dueDate: today, lines: [], totals: { netCents: 100000, vatCents: 19000, grossCents: 119000 }, period: { subscriptionId: randomUUID(), start: today, end: today }, parties: null },
      },
      { type: 'PaymentRecorded', data: { invoiceId, paymentId: randomUUID(), amountCents: 119000, date: today, method: 'stripe', reference: 'pi_42' } },
    ];
    const appended = await server.runtime.deps.eventStore.append(invoiceStreamId(invoiceId), events.map((e) => ({ type: e.type, data: e.data, metadata: { actor: 'system', schemaVersion: 1 } })));
    expect(await server.runtime.deps.projections.waitFor(appended.position, { timeoutMs: 10_000 })).toBe(true);
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    errors = collectPageErrors(page);
    page.on('response', (r) => r.status() === 404 && errors.push(`404: ${r.url()}`));
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await login(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const modal = () => page.locator('.ant-modal-wrap:visible .ant-modal').last();
  const amount = (key: string) => page.getByTestId(`amount-${key}`).first().textContent().then((s) => s?.replace(/\u00a0/g, ' '));
  const pickAccount = (selector: string, name: string) => chooseOption(page, selector, name, name);
  const openStatement = async (path: string, testId: string) => {
    await page.goto(`/admin/accounting/${path}`);
    await page.getByTestId(testId).getByTestId('statement').waitFor();
  };

  it('lands on Journal Entries; automatic postings link to their invoice and cannot be edited', async () => {
    await page.goto('/admin/accounting');
    await page.waitForURL((u) => u.pathname === '/admin/accounting/journal-entries');
    for (const tab of ['Journal Entries', 'Income Statement', 'Balance Sheet', 'Cash Flow', 'Trial Balance', 'Chart of Accounts']) await page.getByRole('tab', { name: tab }).waitFor();
    const invoiceRow = page.locator('tr', { hasText: 'From invoice' });
    await invoiceRow.waitFor();
    expect(await invoiceRow.getByRole('link', { name: 'From invoice' }).getAttribute('href')).toBe(`/admin/invoices?invoice=${invoiceId}`);
    expect(await invoiceRow.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await page.locator('tr', { hasText: 'From payment' }).waitFor();
    await page.getByRole('link', { name: 'Operations' }).waitFor();
  });

  it('"From invoice" opens that invoice alone, with a way back to all invoices', async () => {
    await page.goto('/admin/accounting/journal-entries');
    await page.locator('tr', { hasText: 'From invoice' }).getByRole('link', { name: 'From invoice' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/invoices' && u.searchParams.get('invoice') === invoiceId);
    await page.getByText('Showing invoice INV-0042 only.').waitFor();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('INV-0042');
    expect(await page.locator('.ant-pagination').count()).toBe(0);
    await page.getByRole('button', { name: 'Show all invoices' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/invoices' && !u.searchParams.has('invoice'));
    await page.locator('.ant-pagination').first().waitFor();
    expect(await page.getByText('Showing invoice INV-0042 only.').count()).toBe(0);

    await page.goto(`/admin/invoices?invoice=${randomUUID()}`);
    await page.getByText('This invoice no longer exists.').waitFor();
    expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(0);
  });

  it('income statement before manual entries: revenue from the invoice', async () => {
    await openStatement('income-statement', 'income-statement');
    expect(await amount('totalRevenue')).toBe('1.000,00 €');
    expect(await amount('totalExpenses')).toBe('0,00 €');
    expect(await amount('netIncome')).toBe('1.000,00 €');
  });

  it('records a single-line journal entry in the spec modal', async () => {
    await page.goto('/admin/accounting/journal-entries');
    await page.getByTestId('create-entry').click();
    await modal().getByText('Create Journal Entry').waitFor();
    expect(await page.getAttribute('#journal-entry_description', 'rows')).toBe('3');
    await modal().getByText('Select Account').waitFor();
    await pickAccount('#journal-entry_accountId', 'Rent');
    await page.fill('#journal-entry_debit', '250');
    await page.fill('#journal-entry_description', 'Office rent');
    await modal().getByRole('button', { name: 'Save' }).click();
    const row = page.locator('tr', { hasText: 'Office rent' });
    await row.getByText('250,00 €', { exact: true }).waitFor();
    await row.getByText('Rent').first().waitFor();
    // Its other side, on Suspense, shows in the list too.
    await row.getByTestId('journal-other-side').getByText('Other side: Suspense, credit 250,00 €').waitFor();
    await openStatement('income-statement', 'income-statement');
    expect(await page.getByTestId('income-statement').getByRole('link', { name: 'Rent' }).count()).toBe(1);
    expect(await amount('totalExpenses')).toBe('(250,00 €)');
    expect(await amount('netIncome')).toBe('750,00 €');
  });

  it("shows the fiscal year by month and by quarter: a chart and the statement as columns, today's month holding its figures", async () => {
    await openStatement('income-statement', 'income-statement');
    await page.getByTestId('income-view').getByText('By month').click();
    await page.getByTestId('income-columns-chart').locator('svg.recharts-surface').first().waitFor();
    const net = page.getByTestId('income-columns').locator('tr.ant-table-row', { hasText: 'Net Income' });
    const texts = async () => (await net.locator('td').allInnerTexts()).map((x) => x.replace(/\s/g, ' '));
    // The label, twelve months and the year's total.
    await expect.poll(async () => (await texts()).length).toBe(14);
    expect((await texts()).filter((x) => x === '750,00 €')).toHaveLength(2);
    await page.getByTestId('income-view').getByText('By quarter').click();
    await expect.poll(async () => (await texts()).length).toBe(6);
    expect((await texts()).filter((x) => x === '750,00 €')).toHaveLength(2);
    expect(await page.getByTestId('income-columns-chart').locator('.recharts-xAxis .recharts-cartesian-axis-tick').count()).toBe(4);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'income-columns/en-1280');
  });

  it.each(['el', 'ru'])('shows the income statement by month as a chart on a 375 px phone in %s: on screen, euro ticks, axe clean', async (lng) => {
    const { context, page: phone } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    const phoneErrors = collectPageErrors(phone);
    await login(phone);
    await phone.goto(`/admin/accounting/income-statement?lng=${lng}`);
    await phone.getByTestId('income-statement').getByTestId('statement').waitFor();
    // "By month", whatever the language calls it.
    await phone.getByTestId('income-view').locator('.ant-segmented-item').nth(1).click();
    const chart = phone.getByTestId('income-columns-chart');
    await chart.locator('svg.recharts-surface').first().waitFor();
    await phone.waitForLoadState('networkidle');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const box = (await chart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE_WIDTH);
    const ticks = await chart.locator('svg text', { hasText: '€' }).allTextContents();
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick).toMatch(/^-?\d+(,\d)?(\u00a0\S+)?\u00a0€$/);
    expect(await axeViolations(phone)).toEqual([]);
    expect(await rawKeyLeaks(phone)).toEqual([]);
    await screenshot(phone, `income-columns/${lng}-375`);
    expect(phoneErrors).toEqual([]);
    await context.close();
  });

  it('multi-line entry: the balance indicator refuses an unbalanced entry, then saves the balanced one', async () => {
    await page.goto('/admin/accounting/journal-entries');
    await page.getByTestId('create-entry').click();
    await modal().getByText('Multiple lines').waitFor();
    await settled(page);
    await modal().getByText('Multiple lines').click();
    await pickAccount('#journal-entry_lines_0_accountId', 'Equipment');
    await page.fill('#journal-entry_lines_0_debit', '2000');
    await pickAccount('#journal-entry_lines_1_accountId', 'Bank');
    await page.fill('#journal-entry_lines_1_credit', '1500');
    await page.fill('#journal-entry_description', 'Laptops');
    await page.getByTestId('balance-problem').getByText('differ by 500,00 €').waitFor();
    expect(await page.locator('#journal-save').isDisabled()).toBe(true);
    await screenshot(page, 'accounting-journal-multi-unbalanced-1280');
    await page.getByTestId('add-line').click();
    await pickAccount('#journal-entry_lines_2_accountId', 'Loans');
    await page.fill('#journal-entry_lines_2_credit', '500');
    await page.locator('[data-testid="balance-indicator"][data-balanced="true"]').waitFor();
    expect((await page.getByTestId('total-debit').textContent())?.replace(/\u00a0/g, ' ')).toBe('2.000,00 €');
    await screenshot(page, 'accounting-journal-multi-balanced-1280');
    await page.locator('#journal-save').click();
    const row = page.locator('tr', { hasText: 'Laptops' });
    await row.waitFor();
    await row.getByText('2.000,00 €').first().waitFor();
  });

  it('the three statements changed as expected and the balance sheet balances on screen', async () => {
    await openStatement('cash-flow', 'cash-flow');
    expect(await amount('netIncome')).toBe('750,00 €');
    expect(await amount('cashFromOperations')).toBe('1.190,00 €');
    expect(await amount('cashFromInvesting')).toBe('(2.000,00 €)');
    expect(await amount('cashFromFinancing')).toBe('500,00 €');
    expect(await amount('netCashFlow')).toBe('(310,00 €)');
    await screenshot(page, 'accounting-cash-flow-1280');
    await openStatement('balance-sheet', 'balance-sheet');
    const assets = await amount('totalAssets');
    expect(assets).toBe('1.690,00 €');
    expect(await amount('totalLiabilitiesAndEquity')).toBe(assets);
    expect(await amount('totalLiabilities')).toBe('940,00 €');
    expect(await amount('totalEquity')).toBe('750,00 €');
    await screenshot(page, 'accounting-balance-sheet-1280');
    await openStatement('income-statement', 'income-statement');
    await screenshot(page, 'accounting-income-statement-1280');
    await page.goto('/admin/accounting/trial-balance');
    await page.getByTestId('trial-balanced').getByText('Debits = Credits').waitFor();
    expect(await page.getByTestId('trial-total-debit').textContent()).toBe(await page.getByTestId('trial-total-credit').textContent());
    await screenshot(page, 'accounting-trial-balance-1280');
  });

  it('edits the single-line entry and shows who changed what in the history drawer', async () => {
    await page.goto('/admin/accounting/journal-entries');
    const row = page.locator('tr', { hasText: 'Office rent' });
    await row.getByRole('button', { name: 'Edit' }).click();
    await modal().getByText('Edit Journal Entry').waitFor();
    // The entry's values are in the form (typed before they arrive, 300 would be overwritten), and the dialog has stopped moving.
    await expect.poll(() => page.inputValue('#journal-entry_debit')).not.toBe('');
    await settled(page);
    await page.fill('#journal-entry_debit', '300');
    await modal().getByRole('button', { name: 'Save' }).click();
    await row.getByText('300,00 €', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'History' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Entry recorded').waitFor({ timeout: 10_000 }).catch(async (err) => {
      await screenshot(page, 'debug-history');
      throw err;
    });
    await drawer.getByText('Entry corrected').waitFor();
    expect(await drawer.getByTestId('history-event').count()).toBe(2);
    await drawer.getByText(/by admin on/).first().waitFor();
    await drawer.locator('del', { hasText: 'Rent: debit 250,00' }).waitFor();
    await drawer.locator('ins', { hasText: 'Rent: debit 300,00' }).waitFor();
    await screenshot(page, 'accounting-history-drawer-1280');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await page.locator('tr', { hasText: 'From invoice' }).getByRole('button', { name: 'History' }).click();
    await page.getByRole('dialog').getByText('Invoice issued').waitFor();
    await page.getByRole('dialog').getByText('Payment recorded').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  });

  it('deletes an entry after the spec confirmation', async () => {
    await page.goto('/admin/accounting/journal-entries');
    await page.getByTestId('create-entry').click();
    await pickAccount('#journal-entry_accountId', 'Travel');
    await page.fill('#journal-entry_debit', '12.5');
    await page.fill('#journal-entry_description', 'Taxi to be deleted');
    await modal().getByRole('button', { name: 'Save' }).click();
    const row = page.locator('tr', { hasText: 'Taxi to be deleted' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    expect(dialogs).toContain('Are you sure you want to delete this journal entry?');
  });

  it('chart of accounts: adds an account, refuses to delete one with postings with the server message', async () => {
    await page.goto('/admin/accounting/accounts');
    await page.getByTestId('create-account').click();
    await page.fill('#account_accountName', 'Training');
    await modal().getByRole('button', { name: 'Save' }).click();
    await page.locator('tr', { hasText: 'Training' }).waitFor();
    await page.locator('tr', { hasText: 'Equipment' }).getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-message').getByText('This account has postings and cannot be deleted. Deactivate it instead.').waitFor();
    await page.locator('tr', { hasText: 'Training' }).getByRole('button', { name: 'Delete' }).click();
    await page.locator('tr', { hasText: 'Training' }).waitFor({ state: 'detached' });
    await screenshot(page, 'accounting-chart-of-accounts-1280');
    await page.locator('tr', { hasText: 'Equipment' }).getByRole('link', { name: 'Equipment' }).click();
    await page.getByTestId('account-ledger').getByText('Laptops').waitFor();
    expect((await page.getByTestId('ledger-closing').textContent())?.replace(/\u00a0/g, ' ')).toContain('2.000,00 €');
    await screenshot(page, 'accounting-ledger-1280');
  });

  it('operations page: rebuilds the ledger projection; the statements are unchanged afterwards', async () => {
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Operations' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/operations');
    const row = page.locator('tr', { hasText: 'ledger' }).first();
    await row.getByText('Running').waitFor();
    await screenshot(page, 'operations-1280');
    await page.getByTestId('rebuild-ledger').click();
    await page.locator('.ant-message').getByText(/Projection ledger rebuilt in \d+ ms\./).waitFor({ timeout: 60_000 });
    expect(dialogs.at(-1)).toBe('Rebuild the projection ledger? Its tables are emptied and replayed from the first event.');
    expect(await page.getByTestId('lag-ledger').textContent()).toBe('0');
    expect(await page.locator('tr', { hasText: 'invoice_mail' }).getByRole('button', { name: 'Rebuild' }).count()).toBe(0);
    await openStatement('balance-sheet', 'balance-sheet');
    expect(await amount('totalAssets')).toBe('1.690,00 €');
    expect(await amount('totalLiabilitiesAndEquity')).toBe('1.690,00 €');
    await openStatement('income-statement', 'income-statement');
    expect(await amount('netIncome')).toBe('700,00 €');
  });

  it('is accessible and translated, with no page errors', async () => {
    await page.goto('/admin/accounting/journal-entries');
    await page.locator('tr', { hasText: 'Laptops' }).waitFor();
    await screenshot(page, 'accounting-journal-entries-1280');
    expect(await axeViolations(page)).toEqual([]);
    for (const [path, testId] of [
      ['balance-sheet', 'balance-sheet'],
      ['cash-flow', 'cash-flow'],
      ['trial-balance', 'trial-balance'],
      ['accounts', 'chart-of-accounts'],
    ]) {
      await page.goto(`/admin/accounting/${path}`);
      await page.getByTestId(testId).locator('.ant-table-row, [data-testid="statement"]').first().waitFor();
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.goto('/admin/operations');
    await page.getByTestId('rebuild-ledger').waitFor();
    expect(await axeViolations(page), 'operations').toEqual([]);
    await page.goto('/admin/accounting/journal-entries');
    await page.getByTestId('create-entry').click();
    await modal().getByText('Multiple lines').waitFor();
    await settled(page);
    await modal().getByText('Multiple lines').click();
    await page.getByTestId('balance-indicator').waitFor();
    expect(await axeViolations(page), 'journal modal').toEqual([]);
    for (const lng of ['el', 'ru']) {
      await page.goto(`/admin/accounting/journal-entries?lng=${lng}`);
      await page.locator('tr', { hasText: 'Laptops' }).waitFor();
      expect(await rawKeyLeaks(page)).toEqual([]);
      await screenshot(page, `accounting-journal-entries-${lng}-1280`);
      await openStatement(`income-statement?lng=${lng}`, 'income-statement');
      expect(await rawKeyLeaks(page)).toEqual([]);
      await screenshot(page, `accounting-income-statement-${lng}-1280`);
      await page.goto(`/admin/operations?lng=${lng}`);
      await page.getByTestId('rebuild-ledger').waitFor();
      await page.locator('.ant-spin-blur').waitFor({ state: 'detached' });
      await screenshot(page, `operations-${lng}-1280`);
    }
    await page.goto('/admin/accounting/journal-entries?lng=en');
    expect(errors).toEqual([]);
  });

  it('date pickers show dd / MMMM / yyyy, the month in the genitive in Greek and Russian', async () => {
    // antd puts the test id on the picker's input, or on its wrapper.
    const pickerInput = (p: Page, testId: string) => p.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
    await page.goto('/admin/accounting/journal-entries?lng=en');
    await page.getByTestId('create-entry').click();
    await modal().getByText('Create Journal Entry').waitFor();
    expect(await page.inputValue('#journal-entry_date')).toBe(dayjs().format('DD / MMMM / YYYY'));
    await modal().getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/admin/accounting/balance-sheet?asOf=2026-11-24');
    expect(await pickerInput(page, 'as-of-picker').inputValue()).toBe('24 / November / 2026');
    const { context, page: mobile } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    await login(mobile);
    for (const [lng, asOf, from] of [
      ['el', '24 / Νοεμβρίου / 2026', '01 / Ιανουαρίου / 2026'],
      ['ru', '24 / ноября / 2026', '01 / января / 2026'],
    ] as const) {
      await mobile.goto(`/admin/accounting/balance-sheet?asOf=2026-11-24&lng=${lng}`);
      await expect.poll(() => pickerInput(mobile, 'as-of-picker').inputValue()).toBe(asOf);
      await screenshot(mobile, `balance-sheet-as-of-${lng}-375`);
      await mobile.goto(`/admin/accounting/income-statement?from=2026-01-01&to=2026-11-24&lng=${lng}`);
      await expect.poll(() => pickerInput(mobile, 'period-picker').inputValue()).toBe(from);
      await mobile.goto(`/admin/accounting/journal-entries?lng=${lng}`);
      await mobile.getByTestId('create-entry').click();
      await mobile.locator('.ant-modal-wrap:visible .ant-modal').waitFor();
      expect(await mobile.inputValue('#journal-entry_date')).toMatch(/^\d{2} \/ \S+ \/ \d{4}$/);
      await screenshot(mobile, `journal-modal-date-${lng}-375`);
    }
    await context.close();
  });

  it('fits a 375 px screen', async () => {
    const { context, page: mobile } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    const mobileErrors = collectPageErrors(mobile);
    await login(mobile);
    const shots: Array<[string, string]> = [
      ['/admin/accounting/journal-entries', 'journal-entries'],
      ['/admin/accounting/income-statement', 'income-statement'],
      ['/admin/accounting/balance-sheet', 'balance-sheet'],
      ['/admin/accounting/cash-flow', 'cash-flow'],
      ['/admin/accounting/trial-balance', 'trial-balance'],
      ['/admin/accounting/accounts', 'chart-of-accounts'],
      ['/admin/operations', 'operations-page'],
    ];
    for (const [path, testId] of shots) {
      await mobile.goto(path);
      await mobile.getByTestId(testId).waitFor();
      await mobile.waitForLoadState('networkidle');
      const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await screenshot(mobile, `${testId}-375`);
    }
    await mobile.goto('/admin/accounting/journal-entries');
    await mobile.getByTestId('create-entry').click();
    await mobile.locator('.ant-modal-wrap:visible .ant-modal').getByText('Multiple lines').waitFor();
    await settled(mobile);
    await mobile.locator('.ant-modal-wrap:visible .ant-modal').getByText('Multiple lines').click();
    await screenshot(mobile, 'accounting-journal-modal-375');
    const box = await mobile.locator('.ant-modal-wrap:visible .ant-modal').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(MOBILE_WIDTH);
    await mobile.goto('/admin/accounting/balance-sheet?lng=ru');
    await mobile.getByTestId('balance-sheet').getByTestId('statement').waitFor();
    await screenshot(mobile, 'balance-sheet-ru-375');
    expect(mobileErrors).toEqual([]);
    await context.close();
  });
});
