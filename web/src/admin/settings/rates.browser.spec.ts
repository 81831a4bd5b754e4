import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, chooseOption, clippedMoney, collectPageErrors, launchBrowser, listItem, loginAsAdmin, MOBILE_WIDTH, newPage, rawKeyLeaks, screenshot, settled, sidewaysScroll, signedInPage } from '../../../../test/browser';
import { createClient, createInvoice } from '../../../../api/invoicing/test/fixtures';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../../test/server';
import { createTestI18n } from '../../../../test/web-i18n';

// Needs `node scripts/build-web.mjs` first: the test server serves dist/web.
// Settings › Exchange rates: the ECB's files imported by the drop zone, a rate entered by hand that
// wins on its day and is removed again, the history filtered and paged by the server.
const SCREENS = 'rates';
const fixture = (name: string): string => readFileSync(new URL(`../../../../domain/currency/fixtures/${name}`, import.meta.url), 'utf8');
const DAILY = fixture('eurofxref-daily.xml');
const HISTORY = fixture('eurofxref-hist-excerpt.csv');
/** The excerpt with a cell that is not a rate on its last line (line 6): the server refuses the whole file. */
const BROKEN = `${HISTORY.trimEnd()}\n2001-01-02,0.9423,notarate,N/A,N/A,35.0,0.6275,1.5141,\n`.replace(/2026-10-3/g, '2019-10-3');
const BAD_REQUEST = 'console: Failed to load resource: the server responded with a status of 400 (Bad Request)';

describe('exchange rates in Chromium', () => {
  let server: TestServer;
  let api: TestClient;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let t: Awaited<ReturnType<typeof createTestI18n>>['t'];

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    api = server.client();
    await api.login();
    ({ t } = await createTestI18n('en'));
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

  /** The screen has loaded: no skeleton, no spinner, nothing moving. */
  const ready = async (p: Page) => {
    await p.getByTestId('admin-rates').waitFor();
    await p.waitForLoadState('networkidle');
    await p.locator('.ant-spin-spinning, .ant-skeleton').first().waitFor({ state: 'detached' });
    await settled(p);
  };
  const text = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
  const upload = (p: Page, name: string, body: string) => p.getByTestId('rates-import').locator('input[type=file]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(body) });
  /** A currency's row of the latest rates (on a phone its first cell also holds the day). */
  const latestRow = (p: Page, currency: string) => p.getByTestId('rates-latest').locator('tbody tr.ant-table-row', { has: p.locator('td:first-child', { hasText: new RegExp(`^${currency}`) }) });
  const latestRate = async (p: Page, currency: string) => text(await latestRow(p, currency).locator('.admin-amount').textContent());
  const history = (p: Page) => p.getByTestId('rates-history');
  const historyRows = (p: Page) => history(p).locator('tbody tr.ant-table-row, li.list-card');
  const fieldError = (p: Page, id: string) => p.locator('.ant-form-item', { has: p.locator(id) }).locator('.ant-form-item-explain-error');
  const total = async (query = '') => Number((await api.get(`/api/exchange-rates/?${query}`)).headers['x-total-count']);
  const pickDate = async (p: Page, id: string, iso: string) => {
    await p.locator(id).fill(iso);
    await p.locator(id).press('Enter');
    await p.locator('.ant-picker-dropdown:visible').waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
  };

  it('opens from the settings tabs with no rates yet, then imports the ECB daily XML by the drop zone: the counts, and the 29 rates as the latest', async () => {
    await page.goto('/admin/settings');
    await page.locator('.ant-segmented').getByText('Exchange rates', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/admin/settings/rates');
    await ready(page);
    // The tab of this screen is the one shown as chosen.
    expect(text(await page.locator('.ant-segmented-item-selected').textContent())).toBe('Exchange rates');
    await page.getByTestId('rates-latest').getByText(t('admin.settings.rates.latest.empty'), { exact: true }).waitFor();

    await upload(page, 'eurofxref-daily.xml', DAILY);
    const result = page.getByTestId('rates-import-result');
    await result.getByText('eurofxref-daily.xml imported.', { exact: true }).waitFor();
    await result.getByText('Date: 27 / November / 2026. Rates in the file: 29, currencies: 29.', { exact: true }).waitFor();
    expect(text(await page.getByTestId('rates-import-counts').textContent())).toBe('Added: 29. Changed: 0. Unchanged: 0.');
    // The latest rates follow the import: every currency of the file, each of its day, from the ECB.
    await latestRow(page, 'GBP').waitFor();
    expect(await page.getByTestId('rates-latest').locator('tbody tr.ant-table-row').count()).toBe(29);
    expect(text(await latestRow(page, 'GBP').textContent())).toBe('GBP0.8683527 / November / 2026ECB');
    // Rates are shown exactly, never rounded to the money's two decimals.
    expect(await latestRate(page, 'IDR')).toBe((await api.get('/api/exchange-rates/?currency=IDR')).body[0].rate.toLocaleString('en', { maximumFractionDigits: 6 }));
    expect(await total()).toBe(29);

    // The same file again changes nothing, and says so.
    await upload(page, 'eurofxref-daily.xml', DAILY);
    await page.getByTestId('rates-import-counts').getByText('Added: 0. Changed: 0. Unchanged: 29.', { exact: true }).waitFor();
    expect(await total()).toBe(29);
  });

  it('imports the historical CSV (a range of days), and shows a broken file refused as the server words it, naming the line, with nothing written', async () => {
    await upload(page, 'eurofxref-hist.csv', HISTORY);
    await page.getByTestId('rates-import-result').getByText('Dates: 31 / December / 2007 – 30 / October / 2026. Rates in the file: 23, currencies: 7.', { exact: true }).waitFor();
    expect(text(await page.getByTestId('rates-import-counts').textContent())).toBe('Added: 23. Changed: 0. Unchanged: 0.');
    expect(await total()).toBe(52);

    await upload(page, 'broken.csv', BROKEN);
    const refused = page.getByTestId('rates-import-refused');
    await refused.getByText('The file broken.csv was refused; nothing was imported.', { exact: true }).waitFor();
    const reason = text(await refused.locator('.ant-typography').textContent());
    expect(reason).toMatch(/^line 6, column JPY: "notarate" is not a rate/);
    // The answer of the earlier import is gone: the screen shows only the last file's outcome.
    expect(await page.getByTestId('rates-import-result').count()).toBe(0);
    expect(await total()).toBe(52);
    expect(await total('from=2019-01-01&to=2019-12-31')).toBe(0);
    await screenshot(page, `${SCREENS}/import-refused-en-1280`);
    expect(errors.splice(0)).toEqual([BAD_REQUEST]);
  });

  it('enters a manual USD rate with a decimal comma: refused under the field when it has too many decimals, then saved, winning in the latest rates and marking the ECB row replaced', async () => {
    await pickDate(page, '#rate-entry_date', '2026-11-27');
    await chooseOption(page, '#rate-entry_currency', 'USD', 'USD');
    await page.fill('#rate-entry_rate', '1,1234567');
    await page.getByTestId('rates-save').click();
    // The server's refusal, under the rate, in the screen's words.
    await fieldError(page, '#rate-entry_rate').getByText('A rate has at most 6 decimals.', { exact: true }).waitFor();
    expect(await total('currency=USD')).toBe(5);

    await page.fill('#rate-entry_rate', '1,2');
    await page.getByTestId('rates-save').click();
    await page.locator('.ant-message').getByText('USD rate of 27 / November / 2026 saved: 1.2.', { exact: true }).waitFor();
    // The rate field is emptied for the next one; the day and currency stay.
    expect(await page.inputValue('#rate-entry_rate')).toBe('');
    await latestRow(page, 'USD').getByText('Manual', { exact: true }).waitFor();
    expect(text(await latestRow(page, 'USD').textContent())).toBe('USD1.227 / November / 2026Manual');
    expect((await api.get('/api/exchange-rates/latest/')).body).toContainEqual(expect.objectContaining({ currency: 'USD', rate: 1.2, source: 'manual' }));

    // The history: the manual row first, the ECB's of the same day muted and marked replaced.
    await chooseOption(page, '#rates-filter-currency', 'USD', 'USD');
    await ready(page);
    const rows = historyRows(page);
    await expect.poll(() => rows.count()).toBe(6);
    const [manual, ecb] = [rows.nth(0), rows.nth(1)];
    expect(text(await manual.textContent())).toContain('27 / November / 2026USD1.2Manual');
    expect(await manual.getByRole('button', { name: 'Remove the manual USD rate of 27 / November / 2026' }).count()).toBe(1);
    expect(text(await ecb.textContent())).toBe('27 / November / 2026USD1.1594ECBReplaced by a manual rate');
    expect(await ecb.locator('.admin-muted').count()).toBeGreaterThanOrEqual(3);
    // An ECB row offers no Remove: only a manual rate can be taken back.
    expect(await ecb.getByRole('button').count()).toBe(0);
    expect(await rows.nth(2).locator('.admin-muted').count()).toBe(0);
    expect(errors.splice(0)).toEqual([BAD_REQUEST]);
  });

  it('filters the history by currency and days, and pages it 50 at a time by the server’s total', async () => {
    await chooseOption(page, '#rates-filter-currency', 'GBP', 'GBP');
    await ready(page);
    const rows = historyRows(page);
    await expect.poll(() => rows.count()).toBe(5);
    const currencies = await rows.locator('td:nth-child(2)').allTextContents();
    expect(new Set(currencies)).toEqual(new Set(['GBP']));
    // Newest first.
    expect(text(await rows.nth(0).locator('td').first().textContent())).toBe('27 / November / 2026');
    expect(text(await rows.nth(4).locator('td').first().textContent())).toBe('31 / December / 2007');

    await pickDate(page, '#rates-filter-from', '2026-10-29');
    await pickDate(page, '#rates-filter-to', '2026-10-30');
    await ready(page);
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.locator('td:first-child').allTextContents()).toEqual(['30 / October / 2026', '29 / October / 2026']);

    // All currencies, all days: 29 + 23 imported and the manual one make 53, two pages.
    await chooseOption(page, '#rates-filter-currency', 'All currencies', 'All currencies');
    for (const id of ['#rates-filter-from', '#rates-filter-to']) {
      await page.locator('.ant-picker', { has: page.locator(id) }).hover();
      await page.locator('.ant-picker', { has: page.locator(id) }).locator('.ant-picker-clear').click();
    }
    await ready(page);
    await expect.poll(() => rows.count()).toBe(50);
    await history(page).locator('.ant-pagination-item-2').click();
    await ready(page);
    await expect.poll(() => rows.count()).toBe(3);
    // The last page holds the oldest rates: the historical excerpt's 31 December 2007.
    expect(new Set(await rows.locator('td:first-child').allTextContents())).toEqual(new Set(['31 / December / 2007']));
    expect(await total()).toBe(53);
    expect(errors).toEqual([]);
  });

  it.each(['en', 'el', 'ru'])('shows the rates screen in %s at 1280 and 375 px: translated, rates in the language’s decimals, no sideways scroll', async (lng) => {
    const { t: tl } = await createTestI18n(lng);
    const decimal = lng === 'en' ? '0.86835' : '0,86835';
    for (const width of [1280, MOBILE_WIDTH]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 740 });
      await page.goto(`/admin/settings/rates?lng=${lng}`);
      await ready(page);
      await page.getByTestId('rates-latest').getByText(tl('admin.settings.rates.latest.title'), { exact: true }).waitFor();
      expect(text(await page.locator('.ant-segmented-item-selected').textContent())).toBe(tl('admin.settings.rates.tab'));
      expect(await latestRate(page, 'GBP')).toBe(decimal);
      await latestRow(page, 'USD').getByText(tl('admin.settings.rates.sources.manual'), { exact: true }).waitFor();
      // The history on a phone is a card per rate; the replaced ECB rate says so on its card too.
      const replaced = listItem(history(page), tl('admin.settings.rates.replaced'));
      await replaced.first().waitFor();
      expect(await replaced.count()).toBe(1);
      expect(await rawKeyLeaks(page)).toEqual([]);
      expect(JSON.stringify(await axeViolations(page))).toBe('[]');
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      // Every rate and the manual rate's Remove show whole: no table hides them past its scroll edge.
      expect(await clippedMoney(page, '.admin-amount, [data-testid="rate-remove"]')).toEqual([]);
      expect(await history(page).getByTestId('rate-remove').count()).toBe(1);
      await screenshot(page, `${SCREENS}/rates-${lng}-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(errors).toEqual([]);
  });

  it.each([
    ['el', 'abc', 'Η ισοτιμία είναι αριθμός, π.χ. 1,0856.'],
    ['ru', '-1', 'Курс должен быть больше 0.'],
  ])('in %s at 375 px a refused rate shows under its field in the screen’s language, and a refused file the server’s words, within the screen', async (lng, typed, refusal) => {
    const { t: tl } = await createTestI18n(lng);
    const { context, page: phone } = await signedInPage(browser, server.url, ADMIN, { width: MOBILE_WIDTH });
    const phoneErrors = collectPageErrors(phone);
    await phone.goto(`/admin/settings/rates?lng=${lng}`);
    await ready(phone);
    await chooseOption(phone, '#rate-entry_currency', 'CHF', 'CHF');
    await phone.fill('#rate-entry_rate', typed);
    await phone.getByTestId('rates-save').click();
    await fieldError(phone, '#rate-entry_rate').getByText(refusal, { exact: true }).waitFor();
    expect(await total('currency=CHF')).toBe(5);

    // The refusal's title in the screen's language, its reason as the server gave it (one long line, wrapped).
    await upload(phone, 'broken.csv', BROKEN);
    const refused = phone.getByTestId('rates-import-refused');
    await refused.getByText(tl('admin.settings.rates.import.refused', { name: 'broken.csv' }), { exact: true }).waitFor();
    expect(text(await refused.locator('.ant-typography').textContent())).toMatch(/^line 6, column JPY: "notarate" is not a rate/);
    expect(await sidewaysScroll(phone)).toBeLessThanOrEqual(0);
    // From the top: a full-page picture of a scrolled page draws the sticky header over the form.
    await phone.evaluate(() => window.scrollTo(0, 0));
    await screenshot(phone, `${SCREENS}/refused-${lng}-375`);
    expect(phoneErrors).toEqual([BAD_REQUEST, BAD_REQUEST]);
    await context.close();
  });

  it('removes the manual rate after a confirmation: the ECB rate is in effect again and no longer marked replaced', async () => {
    await page.goto('/admin/settings/rates?lng=en');
    await ready(page);
    await chooseOption(page, '#rates-filter-currency', 'USD', 'USD');
    await ready(page);
    const manual: Locator = historyRows(page).filter({ has: page.locator('.ant-tag', { hasText: /^Manual$/ }) });
    const remove = manual.getByRole('button', { name: 'Remove the manual USD rate of 27 / November / 2026' });

    // A dismissed confirmation removes nothing.
    page.once('dialog', (d) => void d.dismiss());
    await remove.click();
    await page.waitForLoadState('networkidle');
    expect(await manual.count()).toBe(1);
    expect(await total('currency=USD')).toBe(6);

    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await remove.click();
    await page.locator('.ant-message').getByText('The manual USD rate of 27 / November / 2026 was removed.', { exact: true }).waitFor();
    expect(asked).toBe("Remove the manual USD rate of 27 / November / 2026 (1.2)? The ECB's rate of that day applies again, if there is one.");
    await manual.waitFor({ state: 'detached' });
    await ready(page);
    expect(await historyRows(page).count()).toBe(5);
    expect(text(await historyRows(page).nth(0).textContent())).toBe('27 / November / 2026USD1.1594ECB');
    await latestRow(page, 'USD').getByText('ECB', { exact: true }).waitFor();
    expect(text(await latestRow(page, 'USD').textContent())).toBe('USD1.159427 / November / 2026ECB');
    expect((await api.get('/api/exchange-rates/latest/')).body).toContainEqual(expect.objectContaining({ currency: 'USD', rate: 1.1594, source: 'ecb' }));
    expect(errors).toEqual([]);
  });

  it('revalues an open USD invoice at a month end after a confirmation: its gain, the totals, the rate used and the reversal, at 1280 and 375 px and in Russian', async () => {
    // Booked at 1.10 on 1 September, valued at 1.08 on 30 September: USD 1,000.00 are 909.09 € booked, 925.93 € revalued.
    for (const [date, rate] of [
      ['2026-09-01', '1.10'],
      ['2026-09-30', '1.08'],
    ]) {
      expect((await api.post('/api/exchange-rates/', { date, currency: 'USD', rate })).status).toBe(201);
    }
    const client = await createClient(api, { name: 'Liberty Analytics Inc.', country: 'US', email: 'ap@liberty.test', currency: 'USD' });
    const invoice = await createInvoice(api, { client: client.id, date: '2026-09-01', due_date: '2026-09-30', items: [{ description: 'Licence', quantity: 1, unit_price: 1000, vat_rate: 0 }] });
    expect((await api.post(`/api/invoices/${invoice.id}/send/`)).status).toBeLessThan(300);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/settings/rates?lng=en');
    await ready(page);
    const card = page.getByTestId('revaluation');
    await card.getByText(t('admin.settings.rates.revaluation.help'), { exact: true }).waitFor();
    // The last day of the previous month is offered.
    expect(await page.inputValue('#revaluation-date')).not.toBe('');
    await pickDate(page, '#revaluation-date', '2026-09-30');

    // A dismissed confirmation posts nothing.
    await page.getByTestId('revaluation-run').click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await confirm.getByText('Revalue the open foreign balances on 30 / September / 2026?', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' }).catch(() => undefined);
    expect(await page.getByTestId('revaluation-result').count()).toBe(0);

    await page.getByTestId('revaluation-run').click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Revalue and post' }).click();
    const outcome = page.getByTestId('revaluation-outcome');
    await outcome.getByText('Revaluation of 30 / September / 2026 posted: gain 16,84 €, loss 0,00 €.', { exact: true }).waitFor();
    await outcome.getByText('The entry is reversed on 01 / October / 2026.', { exact: true }).waitFor();
    // The row names the invoice by its number once it is read.
    const row = listItem(page.getByTestId('revaluation'), `Invoice ${invoice.invoice_number}`);
    await row.waitFor();
    expect(text(await row.textContent())).toBe(`Invoice ${invoice.invoice_number}USD$1,000.00owed by the client909,09 €925,93 €16,84 € gain`);
    expect(text(await page.getByTestId('revaluation-gain').textContent())).toBe('16,84 €');
    expect(text(await page.getByTestId('revaluation-loss').textContent())).toBe('0,00 €');
    expect(text(await page.getByTestId('revaluation-rates').textContent())).toBe('USD 1.08, rate of 30 / September / 2026');
    expect(text(await page.getByTestId('revaluation-reversal').textContent())).toBe('01 / October / 2026');
    expect(JSON.stringify(await axeViolations(page))).toBe('[]');
    // From the top: a full-page picture of a scrolled page draws the sticky header over the screen.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${SCREENS}/revaluation-en-1280`);

    // On a phone the document is a card, the totals a last card under it, nothing wider than the screen.
    await page.setViewportSize({ width: MOBILE_WIDTH, height: 740 });
    const phoneRow = page.getByTestId('revaluation-items').locator('li.list-card');
    await phoneRow.waitFor();
    expect(text(await phoneRow.textContent())).toContain('16,84 € gain');
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await clippedMoney(page, '[data-testid="revaluation"] .admin-amount')).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${SCREENS}/revaluation-en-375`);

    // The same day again is refused as the server words it.
    await page.getByTestId('revaluation-run').click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Revalue and post' }).click();
    await page.getByTestId('revaluation-refused').getByText('The open foreign balances were already revalued on 2026-09-30.', { exact: true }).waitFor();
    expect(await page.getByTestId('revaluation-result').count()).toBe(0);
    expect(errors.splice(0)).toEqual([BAD_REQUEST]);

    // In Russian at 375 px, October's end: 30 September's revaluation reversed, the same 16.84 € gain at the rate of 30 October.
    const { t: ru } = await createTestI18n('ru');
    await page.goto('/admin/settings/rates?lng=ru');
    await ready(page);
    await pickDate(page, '#revaluation-date', '2026-10-31');
    await page.getByTestId('revaluation-run').click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: ru('admin.settings.rates.revaluation.confirmOk') }).click();
    await page.getByTestId('revaluation-outcome').getByText(ru('admin.settings.rates.revaluation.posted', { date: '31 / октября / 2026', gain: '16,84 €', loss: '0,00 €' }), { exact: true }).waitFor();
    expect(text(await page.getByTestId('revaluation-gain').first().textContent())).toBe('16,84 €');
    expect(text(await page.getByTestId('revaluation-items').locator('li.list-card').textContent())).toContain(ru('admin.settings.rates.revaluation.gainAmount', { amount: '16,84 €' }));
    expect(await rawKeyLeaks(page)).toEqual([]);
    expect(JSON.stringify(await axeViolations(page))).toBe('[]');
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${SCREENS}/revaluation-ru-375`);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(errors).toEqual([]);
  });
});
