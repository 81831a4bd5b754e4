import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin, createInvoice } from '../../../../test/billing-fixtures';
import { axeViolations, chooseOption, collectPageErrors, launchBrowser, MOBILE_WIDTH, newPage, rawKeyLeaks, screenshot, signedInPage, loginAsAdmin } from '../../../../test/browser';
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
    // A bank statement line of December left unreconciled: locking the year warns of it (issue 38).
    const bank = ((await api.get('/api/bank-accounts/')).body as Array<{ id: string; is_default: boolean }>).find((a) => a.is_default)!;
    expect((await api.put(`/api/bank-accounts/${bank.id}/`, { name: 'Bank', iban: 'GR1601101250000000012300695', is_default: true })).status).toBe(200);
    const december = [':20:DEC', ':25:GR1601101250000000012300695', ':28C:1/1', ':60F:C251201EUR0,00', ':61:2512201220D25,00NMSCNONREF//DEC-1', ':86:Bank charges', ':62F:D251231EUR25,00', '-'].join('\r\n');
    expect((await api.upload(`/api/bank-accounts/${bank.id}/statements/`, 'file', december, 'december.sta')).status).toBe(201);
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    page.setDefaultTimeout(60_000);
    errors = collectPageErrors(page);
    await loginAsAdmin(page, ADMIN);
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

  it('sets the lock date from Settings › Accounting; the server then refuses postings on locked days, with the reason', async () => {
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
    await page.getByTestId('books-unreconciled').getByText('Bank statement lines on or before the lock date that are not reconciled: 1.', { exact: false }).waitFor();
    const refused = await api.post('/api/journal-entries/', { date: '2025-12-31', account: RENT, debit: 5 });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'The books are locked up to 2025-12-31.', reason: 'BOOKS_LOCKED', params: { date: '2025-12-31' } });
  });

  // A phone in Greek or Russian: the refusal is the server's reason, worded by the web with the app's dates.
  const phone = async () => {
    const opened = await signedInPage(browser, server.url, ADMIN, { width: MOBILE_WIDTH });
    const mobileErrors = collectPageErrors(opened.page);
    return { ...opened, mobileErrors };
  };
  const noSidewaysScroll = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  it.each([
    ['el', 'Τα βιβλία είναι κλειδωμένα έως 31 / Δεκεμβρίου / 2025.'],
    ['ru', 'Книги закрыты по 31 / декабря / 2025.'],
  ])('in %s at 375 px the journal form shows the lock refusal under the date, in the language of the screen', async (lng, refusal) => {
    const { context, page: mobile, mobileErrors } = await phone();
    await mobile.goto(`/admin/accounting/journal-entries?lng=${lng}`);
    await mobile.getByTestId('create-entry').click();
    const modal = mobile.locator('.ant-modal-wrap:visible .ant-modal').last();
    await modal.waitFor();
    await chooseOption(mobile, '#journal-entry_accountId', 'Rent', 'Rent');
    await mobile.fill('#journal-entry_debit', '5');
    await mobile.fill('#journal-entry_date', '2025-12-31');
    await mobile.press('#journal-entry_date', 'Enter');
    // Leaves the date picker (its calendar covers the form on a phone).
    await modal.locator('.ant-modal-title').click();
    await mobile.locator('.ant-picker-dropdown:visible').waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
    expect(await mobile.inputValue('#journal-entry_date')).toMatch(/2025$/);
    const saved = mobile.waitForResponse((r) => r.url().includes('/graphql') && r.request().method() === 'POST' && (r.request().postData() ?? '').includes('JournalEntry'), { timeout: 15_000 });
    await mobile.locator('#journal-save').click();
    // What the server answered and what the form shows, should the refusal not appear under the date.
    const answer = await saved.then((r) => r.text()).catch((e: Error) => `no answer: ${e.message}`);
    const dateItem = modal.locator('.ant-form-item', { has: mobile.locator('#journal-entry_date') });
    await dateItem
      .locator('.ant-form-item-explain-error')
      .getByText(refusal, { exact: true })
      .waitFor()
      .catch(async (e: Error) => {
        await screenshot(mobile, `${SCREENS}/FAILED-journal-locked-${lng}-375`);
        throw new Error(`${e.message}\nserver answered: ${answer.slice(0, 600)}\nthe dialog shows: ${await modal.textContent({ timeout: 1000 }).catch(() => '(no dialog)')}`);
      });
    expect(await modal.textContent()).not.toContain('The books are locked');
    expect(await noSidewaysScroll(mobile)).toBeLessThanOrEqual(0);
    await screenshot(mobile, `${SCREENS}/journal-locked-${lng}-375`);
    // The form logs the refusal it shows (feedback.logged); nothing else may fail.
    expect(mobileErrors.filter((e) => !e.startsWith('console: Failed to save journal entry'))).toEqual([]);
    await context.close();
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

  it.each([
    ['el', 'Το οικονομικό έτος 01 / Ιανουαρίου / 2025 – 31 / Δεκεμβρίου / 2025 είναι κλεισμένο: ανοίξτε το ξανά πριν ξεκλειδώσετε οποιοδήποτε μέρος του.'],
    ['ru', 'Финансовый год 01 / января / 2025 – 31 / декабря / 2025 закрыт: откройте его снова, прежде чем открывать любую его часть.'],
  ])('in %s at 375 px the accounting settings show why a closed year cannot be unlocked, in the language of the screen', async (lng, refusal) => {
    const { context, page: mobile, mobileErrors } = await phone();
    await mobile.goto(`/admin/settings/accounting?lng=${lng}`);
    await mobile.getByTestId('books-lock-status').waitFor();
    await mobile.getByTestId('books-unreconciled').getByText(lng === 'el' ? 'χωρίς συμφωνία: 1.' : 'по дату закрытия: 1.', { exact: false }).waitFor();
    await mobile.locator('#books-lock-date').fill('2025-06-30');
    await mobile.locator('#books-lock-date').press('Enter');
    await mobile.locator('button', { hasText: lng === 'el' ? 'Αποθήκευση ημερομηνίας κλειδώματος' : 'Сохранить дату закрытия' }).click();
    await mobile.locator('.ant-message').getByText(refusal, { exact: true }).waitFor();
    expect(await noSidewaysScroll(mobile)).toBeLessThanOrEqual(0);
    await screenshot(mobile, `${SCREENS}/unlock-closed-year-${lng}-375`);
    expect((await api.get('/api/accounting/lock/')).body.locked_through).toBe('2025-12-31');
    expect(mobileErrors).toEqual([]);
    await context.close();
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
