import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP_WIDTH, expectMoreActions, launchBrowser, listItem, loginAsAdmin, MOBILE_WIDTH, newPage, rawKeyLeaks, screenshot } from '../../../test/browser';
import { createClientWithLogin } from '../../../test/billing-fixtures';
import { testBackends } from '../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { createTestI18n } from '../../../test/web-i18n';

/** Each language at a desktop's and a phone's width, each on an invoice of its own. */
const SCREENS = [
  ['en', 'en-US', DESKTOP_WIDTH],
  ['el', 'el-GR', DESKTOP_WIDTH],
  ['ru', 'ru-RU', DESKTOP_WIDTH],
  ['en', 'en-US', MOBILE_WIDTH],
  ['el', 'el-GR', MOBILE_WIDTH],
  ['ru', 'ru-RU', MOBILE_WIDTH],
] as const;

/** The books are locked through this day, and the day as the refusal writes it in each language. */
const LOCKED_THROUGH = '2026-06-30';
const LOCK_SHOWN = { en: '30 / June / 2026', el: '30 / Ιουνίου / 2026', ru: '30 / июня / 2026' };

// Needs `npm run build` first: the test server serves dist/web.
describe('writing an invoice off as a bad debt in Chromium', () => {
  let server: TestServer;
  let admin: TestClient;
  let browser: Browser;
  const invoices: { id: string; invoice_number: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000, publicFormsPerIp: 1000 } });
    const client = await createClientWithLogin(server.runtime.deps, 'Doubtful Debtor Ltd');
    admin = server.client();
    await admin.login();
    // 1,190.00 due in April, 190.00 of it paid: 1,000.00 open and overdue.
    for (let i = 0; i < SCREENS.length; i++) {
      const res = await admin.post('/api/invoices/', { client: client.id, date: `2026-03-0${i + 1}`, due_date: '2026-04-01', items: [{ description: 'Annual licence', unit_price: 1000, vat_rate: 19 }] });
      expect(res.status).toBe(201);
      expect((await admin.post(`/api/invoices/${res.body.id}/send/`)).status).toBe(200);
      expect((await admin.post(`/api/invoices/${res.body.id}/payments/`, { amount: 190, date: '2026-03-20', method: 'bank_transfer', reference: `P${i}` })).status).toBe(201);
      invoices.push(res.body);
    }
    // A write-off dated on or before this day is refused by the server (BOOKS_LOCKED).
    expect((await admin.put('/api/accounting/lock/', { locked_through: LOCKED_THROUGH })).status).toBe(200);
    // The first server-rendered page (the login) loads the server's render entry: here, under the
    // hook's timeout, rather than in the first test's sign-in (over 40 s on a busy machine).
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * Chooses an item of a row's "More" menu once the menu has finished opening (see the same helper
   * in creditNotes.browser.spec.ts: clicked while it still animated in, the click could land on the
   * header of a phone's page and open nothing).
   */
  const chooseFromMore = async (p: Page, row: Locator, name: string) => {
    await row.getByTestId('row-more').click();
    await p.waitForFunction(() => {
      const open = [...document.getElementsByClassName('ant-dropdown')].filter((d) => !d.classList.contains('ant-dropdown-hidden') && !/-leave/.test(d.className));
      return open.length > 0 && open.every((d) => !/-(appear|enter)/.test(d.className));
    });
    await p.locator('.ant-dropdown-menu:visible').getByRole('menuitem', { name, exact: true }).click();
    await p.mouse.move(0, 0);
  };
  const text = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
  /**
   * Types a day (YYYY-MM-DD, which the pickers accept) and leaves the field with Tab, which closes
   * its panel and takes the day: the field then shows it in the app's format. Not Enter: the date is
   * the dialog's only one-line field, so Enter also sends the form, as it would for a user.
   */
  const setDay = async (field: Locator, day: string) => {
    await field.fill(day);
    await field.press('Tab');
    await expect.poll(() => field.inputValue(), { timeout: 15_000 }).not.toBe(day);
  };

  it.each(SCREENS.map(([lng, locale, width], i) => [lng, width, locale, i] as const))(
    '%s at %i px: writes off the open amount after a confirmation, refusing an empty reason and a locked day in the language of the screen',
    async (lng, width, locale, i) => {
      const { t } = await createTestI18n(lng);
      const invoice = invoices[i]!;
      const open = '1.000,00 €';
      const { context, page: p } = await newPage(browser, server.url, { width, locale });
      p.setDefaultTimeout(60_000);
      const errors = collectPageErrors(p);
      await loginAsAdmin(p, ADMIN);
      await p.goto('/admin/invoices');
      const row = listItem(p, invoice.invoice_number).filter({ has: p.getByTestId('row-more') }).first();
      await row.getByText(t('admin.payments.partlyPaid', { open }), { exact: true }).waitFor();
      await row.getByText(t('admin.invoices.overdue'), { exact: true }).first().waitFor();

      await chooseFromMore(p, row, t('admin.invoices.writeOff.action'));
      // The write-off dialog itself (the page also holds the others, hidden; a ':visible' wrap
      // stopped matching on a phone while the date's panel was open).
      const modal = p.locator('.ant-modal', { has: p.locator('#writeOff_reason') });
      await modal.getByText(t('admin.invoices.writeOff.title', { number: invoice.invoice_number }).replace(/<\/?nowrap>/g, ''), { exact: true }).waitFor();
      await modal.getByText(t('admin.invoices.writeOff.warning', { amount: open }), { exact: true }).waitFor();
      // Not an exact name: the button's loading icon, once the refusal is in, can stay in the page
      // (hidden, its leaving motion unfinished) and lend the button its label, "loading".
      const confirm = modal.getByRole('button', { name: t('admin.invoices.writeOff.confirm') });

      // No reason: refused in the form, nothing sent.
      await confirm.click();
      await modal.locator('.ant-form-item-explain-error', { hasText: t('admin.validation.required') }).waitFor();
      // A control character in the reason: refused in the form too.
      await modal.locator('#writeOff_reason').fill('Insolvent\u0007');
      await modal.locator('.ant-form-item-explain-error', { hasText: t('forms.errors.controlCharacters') }).waitFor();
      await modal.locator('#writeOff_reason').fill('The client is insolvent: the liquidator expects nothing for unsecured creditors.');

      // A day in the locked period: the server's refusal, in the screen's language, and the modal stays open.
      await setDay(modal.locator('#writeOff_date'), '2026-06-15');
      await confirm.click();
      const refusal = modal.getByTestId('write-off-error');
      await expect.poll(async () => text(await refusal.textContent().catch(() => ''))).toBe(t('admin.errors.booksLocked', { date: LOCK_SHOWN[lng] }));
      expect(await rawKeyLeaks(p)).toEqual([]);
      expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await screenshot(p, `write-off/modal-refused-${lng}-${width}`);

      // After the lock: written off, the list says so and nothing is open any more.
      await setDay(modal.locator('#writeOff_date'), '2026-11-20');
      await confirm.click();
      await p.locator('.ant-message').getByText(t('admin.invoices.writeOff.done', { amount: open, number: invoice.invoice_number }), { exact: true }).waitFor();
      await modal.waitFor({ state: 'hidden' });
      await row.getByText(t('admin.invoices.writeOff.tag', { amount: open }), { exact: true }).waitFor();
      expect(await row.getByText(t('admin.payments.partlyPaid', { open }), { exact: true }).count()).toBe(0);
      expect(await row.getByText(t('admin.invoices.overdue'), { exact: true }).count()).toBe(0);
      // No more write-off, credit note or cancelling; a payment may still come (a recovery).
      await expectMoreActions(
        p,
        row,
        ['admin.invoices.send', 'admin.invoices.markPaid', 'admin.invoices.pay', 'admin.payments.record', 'admin.payments.list', 'admin.documents.xml', 'admin.invoices.history', 'buttons.edit'].map((key) => t(key)),
      );
      const saved = (await admin.get(`/api/invoices/${invoice.id}/`)).body;
      expect(saved).toMatchObject({ written_off: true, written_off_amount: 1000, written_off_on: '2026-11-20', open_amount: 0, paid: false });
      expect(await rawKeyLeaks(p)).toEqual([]);
      expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await screenshot(p, `write-off/written-off-${lng}-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
