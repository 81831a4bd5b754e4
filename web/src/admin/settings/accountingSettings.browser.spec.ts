import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin, createInvoice } from '../../../../test/billing-fixtures';
import { axeViolations, collectPageErrors, launchBrowser, MOBILE_WIDTH, newPage, rawKeyLeaks, screenshot } from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../../test/server';

// Needs `npm run build` first: the test server serves dist/web.
// Issue 19 items 1 and 2: the superuser locks the books and closes (and reopens) a fiscal year.
const SCREENS = 'i19-lock';
const RENT = 'a0000000-0000-4000-8000-000000005100';

describe('period lock and year-end close in Chromium', () => {
  let server: TestServer;
  let api: TestClient;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { clock: () => new Date('2026-03-15T12:00:00Z'), limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    api = server.client();
    await api.login();
    const client = await createClientWithLogin(server.runtime.deps, 'Closing Ltd');
    await createInvoice(server.runtime.deps, client.id, 1000, '2025-11-01', '2025-12-01');
    expect((await api.post('/api/journal-entries/', { date: '2025-06-10', account: RENT, debit: 100, description: 'June rent' })).status).toBe(201);
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    page.setDefaultTimeout(60_000);
    errors = collectPageErrors(page);
    await page.goto('/login');
    await page.fill('#login-username', ADMIN.username);
    await page.fill('#login-password', ADMIN.password);
    await page.click('button[type="submit"]');
    await page.waitForURL((u) => u.pathname === '/admin');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const settled = async () => {
    await page.locator('.admin-page').waitFor();
    await page.waitForLoadState('networkidle');
    await page.locator('.ant-spin-spinning, .ant-skeleton').first().waitFor({ state: 'detached' });
  };
  const status = () => page.getByTestId('books-lock-status');
  const yearRow = (text: string) => page.getByTestId('books-year').filter({ hasText: text });

  it('sets the lock date from Settings › Accounting; the server then refuses postings on locked days', async () => {
    await page.goto('/admin/settings');
    await settled();
    await page.locator('.ant-segmented').getByText('Accounting', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/admin/settings/accounting');
    await settled();
    await status().getByText('Not locked').waitFor();
    await page.locator('#books-lock-date').fill('2025-12-31');
    await page.locator('#books-lock-date').press('Enter');
    await page.getByRole('button', { name: 'Save lock date' }).click();
    await page.locator('.ant-message').getByText('Lock date saved.').waitFor();
    await status().getByText('Locked up to 31 / December / 2025').waitFor();
    const refused = await api.post('/api/journal-entries/', { date: '2025-12-31', account: RENT, debit: 5 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The books are locked up to 2025-12-31.');
  });

  it('closes 2025 after a confirmation: Retained Earnings gets the year’s result, closing twice changes nothing', async () => {
    const row = yearRow('01 / January / 2025');
    // A dismissed confirmation closes nothing.
    page.once('dialog', (d) => void d.dismiss());
    await row.getByRole('button', { name: 'Close year' }).click();
    await page.waitForLoadState('networkidle');
    await row.getByText('Open', { exact: true }).waitFor();
    expect((await api.get('/api/accounting/lock/')).body.closed_years).toEqual([]);
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await row.getByRole('button', { name: 'Close year' }).click();
    await page.locator('.ant-message').getByText(/closed\.$/).waitFor();
    expect(asked).toContain('Retained Earnings');
    await row.getByText('Closed', { exact: true }).waitFor();
    const bs = (await api.get('/api/reports/balance-sheet/?as_of=2025-12-31')).body;
    expect(bs.equity).toContainEqual({ account: 'Retained Earnings', account_id: expect.any(String), balance: 900 });
    expect((await api.post('/api/accounting/year-end-close/', { fiscal_year: 2025 })).status).toBe(200);
    expect(await server.testDb.db('ledger_entries').where({ source_type: 'year_end_close' }).count({ n: '*' }).first().then((r) => Number(r!.n))).toBe(1);
    // An earlier year cannot be closed after a later one: it offers no button.
    expect(await yearRow('01 / January / 2024').getByRole('button', { name: 'Close year' }).count()).toBe(0);
  });

  it('reopens 2025 only with a reason; the closing entry is reversed and the lock moves before the year', async () => {
    await yearRow('01 / January / 2025').getByRole('button', { name: 'Reopen' }).click();
    const dialog = page.locator('.ant-modal-wrap:visible .ant-modal').last();
    await dialog.getByText('Reopen the fiscal year').waitFor();
    expect(await dialog.getByRole('button', { name: 'Reopen' }).isDisabled()).toBe(true);
    await dialog.locator('#books-reopen-reason').fill('Late supplier invoice for December');
    await dialog.getByRole('button', { name: 'Reopen' }).click();
    await page.locator('.ant-message').getByText(/reopened\.$/).waitFor();
    await status().getByText('Locked up to 31 / December / 2024').waitFor();
    await yearRow('01 / January / 2025').getByText('Open', { exact: true }).waitFor();
    const bs = (await api.get('/api/reports/balance-sheet/?as_of=2025-12-31')).body;
    expect(bs.equity.map((l: { account: string }) => l.account)).not.toContain('Retained Earnings');
  });

  it.each(['en', 'el', 'ru'])('shows the accounting settings in %s at 1280 and 375 px', async (lng) => {
    for (const width of [1280, MOBILE_WIDTH]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 740 });
      await page.goto(`/admin/settings/accounting?lng=${lng}`);
      await settled();
      await status().waitFor();
      expect(await rawKeyLeaks(page)).toEqual([]);
      if (width === 1280) expect(JSON.stringify(await axeViolations(page))).toBe('[]');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await screenshot(page, `${SCREENS}/accounting-settings-${lng}-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin?lng=en');
    expect(errors).toEqual([]);
  });
});
