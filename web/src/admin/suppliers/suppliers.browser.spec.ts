import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../../../../domain/accounting/accounts';
import {
  axeViolations,
  chooseOption,
  collectPageErrors,
  DESKTOP_WIDTH,
  launchBrowser,
  listItem,
  MOBILE_WIDTH,
  rawKeyLeaks,
  rowAction,
  screenshot,
  settled,
  sidewaysScroll,
  signedInPage,
  smallTargets,
} from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../../test/server';
import { createTestI18n } from '../../../../test/web-i18n';
import { formatMoney, localToday } from '../../common/format';

/** Both widths, each language at least once; the duplicate VAT number is refused in every one, Greek among them. */
const SCREENS = [
  ['en', 'en-US', DESKTOP_WIDTH],
  ['el', 'el-GR', DESKTOP_WIDTH],
  ['ru', 'ru-RU', MOBILE_WIDTH],
  ['el', 'el-GR', MOBILE_WIDTH],
] as const;

/** The supplier made before the tests: its VAT number is the one each screen tries again (written with the EL prefix). */
/** A Greek VAT number of its own per run (their check digits pass). */
const OWN_VAT_NUMBERS = ['EL800000002', 'EL800000014', 'EL800000026', 'EL800000038', 'EL800000040', 'EL800000051'];
const HELD = { name: 'Athens Hosting S.A.', vat_number: '094014201', country: 'GR', iban: 'GR1601101250000000012300695', payment_terms_days: 15, default_vat_rate: 24 };
/** The held IBAN with its last digit changed: the check digits no longer match. */
const BAD_IBAN = 'GR16 0110 1250 0000 0001 2300 696';
const IBAN = 'DE89 3704 0044 0532 0130 00';

// Needs `node scripts/build-web.mjs` first: the test server serves dist/web.
describe('the Suppliers screen in Chromium', () => {
  let server: TestServer;
  let admin: TestClient;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    admin = server.client();
    await admin.login();
    const held = await admin.post('/api/suppliers/', { ...HELD, address: 'Leoforos Kifisias 12\n11526 Athens', default_account: SYSTEM_ACCOUNT_IDS.paymentFees });
    expect(held.status, held.text).toBe(201);
    // The first server-rendered page (the login) loads the server's render entry here, under the hook's timeout.
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const text = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
  const fieldError = (modal: Locator, id: string) => modal.locator('.ant-form-item', { has: modal.page().locator(`#${id}`) }).locator('.ant-form-item-explain-error');
  const checks = async (p: Page, width: number, within = 'body') => {
    expect(await rawKeyLeaks(p)).toEqual([]);
    expect(await axeViolations(p)).toEqual([]);
    if (width === MOBILE_WIDTH) {
      expect(await sidewaysScroll(p)).toBeLessThanOrEqual(0);
      expect(await smallTargets(p, within)).toEqual([]);
    }
  };

  it.each(SCREENS.map(([lng, locale, width], i) => [lng, width, locale, i] as const))(
    '%s at %i px: lists the suppliers, creates one with every field (a bad IBAN and a taken VAT number refused), edits it, shows its history and deletes it',
    async (lng, width, locale, i) => {
      const { t } = await createTestI18n(lng);
      const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width, locale });
      p.setDefaultTimeout(30_000);
      const errors = collectPageErrors(p);
      await p.goto('/admin/suppliers');
      await p.getByRole('heading', { name: t('admin.suppliers.title'), level: 1 }).waitFor();
      if (width === DESKTOP_WIDTH) await p.getByRole('link', { name: t('admin.layout.suppliers'), exact: true }).waitFor();

      // The held supplier: VAT number, country by name, terms, its default account by code and name, the IBAN in groups of four.
      const held = listItem(p, HELD.name).first();
      await held.getByText('GR16 0110 1250 0000 0001 2300 695', { exact: true }).waitFor();
      await held.getByText('5500', { exact: true }).waitFor();
      const heldText = text(await held.textContent());
      expect(heldText).toContain(HELD.vat_number);
      expect(heldText).toContain('(GR)');
      expect(heldText).toContain(t('admin.suppliers.days', { count: 15 }));
      expect(heldText).toContain('5500 Bank and Payment Fees');
      await checks(p, width);
      await screenshot(p, `i39-suppliers/list-${lng}-${width}`);

      // New supplier with every field; first a bad IBAN, under its field. A try that failed midway left its supplier: gone first.
      const name = `Kifisias Legal ${lng} ${width}`;
      for (const left of ((await admin.get('/api/suppliers/')).body as Array<{ id: string; name: string }>).filter((s) => s.name === name)) {
        expect((await admin.delete(`/api/suppliers/${left.id}/`)).status).toBe(204);
      }
      await p.getByTestId('new-supplier').click();
      const modal = p.locator('.ant-modal', { has: p.locator('#supplier_name') });
      await modal.getByText(t('admin.suppliers.createTitle'), { exact: true }).waitFor();
      await settled(p);
      await modal.locator('#supplier_name').fill(name);
      await modal.locator('#supplier_vatNumber').fill('EL 094 014 201');
      await chooseOption(p, '#supplier_country', '(GR)', '(GR)');
      await modal.locator('#supplier_address').fill('Solonos 10\n10673 Athens');
      await modal.locator('#supplier_iban').fill(BAD_IBAN);
      await chooseOption(p, '#supplier_defaultAccountId', '5400', '5400 Professional Fees');
      await modal.locator('#supplier_defaultVatRate').fill('24');
      await modal.locator('#supplier_paymentTermsDays').fill('30');
      const save = modal.getByRole('button', { name: t('buttons.saveChanges') });
      await save.click();
      await fieldError(modal, 'supplier_iban').getByText(t('bank.errors.invalidIban'), { exact: true }).waitFor();
      await checks(p, width, '.ant-modal');
      await screenshot(p, `i39-suppliers/new-bad-iban-${lng}-${width}`);

      // A good IBAN; the VAT number, written with Greece's EL prefix and spaces, is the held supplier's: refused under it, naming it.
      await modal.locator('#supplier_iban').fill(IBAN);
      await save.click();
      const taken = fieldError(modal, 'supplier_vatNumber');
      await taken.getByText(t('admin.suppliers.errors.vatTakenBy', { name: HELD.name }), { exact: true }).waitFor();
      if (lng === 'el') expect(text(await taken.textContent())).toBe(`Άλλος προμηθευτής, ${HELD.name}, έχει αυτόν τον ΑΦΜ.`);
      // In view, also on a phone where Save is at the foot of the dialog.
      await expect.poll(() => taken.evaluate((e) => e.getBoundingClientRect().top >= 0 && e.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
      await checks(p, width, '.ant-modal');
      await screenshot(p, `i39-suppliers/new-vat-taken-${lng}-${width}`);

      // A VAT number of its own: saved, and listed with every field as written.
      const vat = OWN_VAT_NUMBERS[i]!;
      await modal.locator('#supplier_vatNumber').fill(vat);
      await save.click();
      await p.locator('.ant-message').getByText(t('admin.suppliers.saved', { name }), { exact: true }).first().waitFor();
      await modal.waitFor({ state: 'hidden' });
      const row = listItem(p, name).first();
      await row.getByText(IBAN, { exact: true }).waitFor();
      const rowText = text(await row.textContent());
      expect(rowText).toContain(vat);
      expect(rowText).toContain('5400 Professional Fees');
      expect(rowText).toContain(t('admin.suppliers.days', { count: 30 }));
      const saved = ((await admin.get('/api/suppliers/')).body as Array<{ id: string; name: string }>).find((s) => s.name === name);
      expect(saved).toMatchObject({ vat_number: vat, country: 'GR', address: 'Solonos 10\n10673 Athens', iban: IBAN.replace(/ /g, ''), default_vat_rate: 24, payment_terms_days: 30 });

      // Edit: the form shows what was saved; the terms change.
      await rowAction(p, row, t('buttons.edit'));
      await modal.getByText(t('admin.suppliers.editTitle', { name }), { exact: true }).waitFor();
      await settled(p);
      expect(await modal.locator('#supplier_iban').inputValue()).toBe(IBAN);
      expect(await modal.locator('#supplier_address').inputValue()).toBe('Solonos 10\n10673 Athens');
      await modal.locator('#supplier_paymentTermsDays').fill('45');
      await save.click();
      await p.locator('.ant-message').getByText(t('admin.suppliers.saved', { name }), { exact: true }).first().waitFor();
      await modal.waitFor({ state: 'hidden' });
      await row.getByText(t('admin.suppliers.days', { count: 45 }), { exact: true }).waitFor();

      // History: created, then changed, by the admin, the changed field named with its before and after.
      await rowAction(p, row, t('admin.suppliers.historyAction'));
      const drawer = p.getByTestId('supplier-history');
      await drawer.getByText(t('admin.suppliers.history.title', { name }), { exact: true }).waitFor();
      const events = drawer.getByTestId('history-event');
      await expect.poll(() => events.count()).toBe(2);
      expect(text(await events.nth(0).textContent())).toContain(t('admin.suppliers.history.actions.create'));
      expect(text(await events.nth(0).textContent())).toContain(`${t('admin.suppliers.fields.defaultAccount')}: 5400 Professional Fees`);
      const change = text(await events.nth(1).textContent());
      expect(change).toContain(t('admin.suppliers.history.actions.update'));
      expect(change).toContain(ADMIN.username);
      expect(change).toContain(`${t('admin.suppliers.fields.paymentTerms')}: ${t('admin.suppliers.days', { count: 30 })} → ${t('admin.suppliers.days', { count: 45 })}`);
      expect(await events.nth(1).getByTestId('history-change').count()).toBe(1);
      await settled(p);
      await checks(p, width, '.ant-drawer');
      await screenshot(p, `i39-suppliers/history-${lng}-${width}`);
      await p.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });

      // Delete, asked first: gone from the list and the server.
      p.once('dialog', (d) => {
        expect(d.message()).toBe(t('admin.suppliers.confirmDelete', { name }));
        void d.accept();
      });
      await rowAction(p, row, t('buttons.delete'));
      await p.locator('.ant-message').getByText(t('admin.suppliers.deleted', { name }), { exact: true }).first().waitFor();
      await row.waitFor({ state: 'detached' });
      expect(((await admin.get('/api/suppliers/')).body as Array<{ name: string }>).map((s) => s.name)).not.toContain(name);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each([
    ['en', DESKTOP_WIDTH, 'en-US'],
    ['ru', MOBILE_WIDTH, 'ru-RU'],
  ] as const)('%s at %i px: shows a supplier’s statement for the year to date (after a failed load and Retry), and nothing for a later period', async (lng, width, locale) => {
    const { t } = await createTestI18n(lng);
    const name = `Statement ${lng} ${width} Ltd`;
    const made = await admin.post('/api/suppliers/', { name, country: 'GR', payment_terms_days: 30 });
    expect(made.status, made.text).toBe(201);
    const supplier = (made.body as { id: string }).id;
    const bank = ((await admin.get('/api/bank-accounts/')).body as Array<{ id: string }>)[0]!.id;
    const line = (price: number) => [{ description: 'Hosting', account: SYSTEM_ACCOUNT_IDS.paymentFees, quantity: 1, unit_price: price, vat_rate: 24 }];
    const bill = await admin.post('/api/bills/', { supplier, invoice_number: `ST-${lng}-1`, date: '2026-03-01', items: line(100) });
    expect(bill.status, bill.text).toBe(201);
    expect((await admin.post(`/api/bills/${bill.body.id}/post/`)).status).toBe(200);
    expect((await admin.post(`/api/bills/${bill.body.id}/payments/`, { amount: 100, date: '2026-03-10', money_account: bank, reference: 'SEPA 1' })).status).toBe(201);
    const credit = await admin.post('/api/bills/', { supplier, invoice_number: `ST-${lng}-CN`, date: '2026-03-15', document_type: 'credit_note', credited_bill: bill.body.id, items: line(20) });
    expect(credit.status, credit.text).toBe(201);
    expect((await admin.post(`/api/bills/${credit.body.id}/post/`)).status).toBe(200);
    expect((await admin.post(`/api/bills/${credit.body.id}/payments/`, { amount: 24.8, date: '2026-03-20', money_account: bank, reference: 'Refund 1' })).status).toBe(201);

    const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width, locale });
    p.setDefaultTimeout(30_000);
    const errors = collectPageErrors(p);
    // The first load fails (the server unreachable): the drawer says so and Retry loads it.
    let failures = 1;
    await p.route('**/api/suppliers/*/statement/**', (route) => (failures-- > 0 ? route.abort('connectionfailed') : route.continue()));
    await p.goto('/admin/suppliers');
    await p.getByRole('heading', { name: t('admin.suppliers.title'), level: 1 }).waitFor();
    const row = listItem(p, name).first();
    await row.scrollIntoViewIfNeeded();
    await rowAction(p, row, t('admin.suppliers.statement.action'));
    const drawer = p.getByTestId('supplier-statement');
    await drawer.getByText(t('admin.suppliers.statement.title', { name }), { exact: true }).waitFor();
    await drawer.getByTestId('load-error').waitFor();
    await settled(p);
    await screenshot(p, `i39-suppliers/statement-error-${lng}-${width}`);
    await drawer.getByTestId('load-retry').click();

    // The year to date: the bill, its payment, the credit note and its refund, each with the balance after it.
    const lines = drawer.locator('tbody tr.ant-table-row, li.list-card');
    await expect.poll(() => lines.count()).toBe(4);
    for (const kind of ['bill', 'payment', 'credit_note', 'refund'] as const) await drawer.getByText(t(`admin.suppliers.statement.kinds.${kind}`), { exact: true }).first().waitFor();
    expect(text(await drawer.getByTestId('statement-opening').textContent())).toBe(text(formatMoney(0)));
    expect(text(await drawer.getByTestId('statement-closing').textContent())).toBe(text(formatMoney(2400)));
    expect(text(await lines.nth(2).textContent())).toContain(`ST-${lng}-CN`);
    await settled(p);
    await checks(p, width, '.ant-drawer');
    await screenshot(p, `i39-suppliers/statement-${lng}-${width}`);

    // A period after every entry: nothing in it, the balance carried to both ends.
    await drawer.locator('#statement-from').fill('2026-04-01');
    await drawer.locator('#statement-from').press('Enter');
    await drawer.getByText(t('admin.suppliers.statement.empty'), { exact: true }).waitFor();
    await expect.poll(async () => text(await drawer.getByTestId('statement-opening').textContent())).toBe(text(formatMoney(2400)));
    await p.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
    await settled(p);
    await checks(p, width, '.ant-drawer');
    await screenshot(p, `i39-suppliers/statement-empty-${lng}-${width}`);
    // To cannot go before From (2026-04-01): back in To's calendar to April, the day before is not offered.
    await drawer.locator('#statement-to').click();
    const today = localToday();
    for (let months = (Number(today.slice(0, 4)) - 2026) * 12 + Number(today.slice(5, 7)) - 4; months > 0; months--) await p.locator('.ant-picker-dropdown:visible .ant-picker-header-prev-btn').click();
    const cell = (day: string) => p.locator(`.ant-picker-dropdown:visible td[title="${day}"]`);
    await cell('2026-04-01').waitFor();
    expect(await cell('2026-04-01').getAttribute('class')).not.toContain('ant-picker-cell-disabled');
    expect(await cell('2026-03-31').getAttribute('class')).toContain('ant-picker-cell-disabled');
    expect(errors.filter((e) => !e.includes('ERR_') && !e.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  });
});
