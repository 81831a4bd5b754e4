import { composeIBAN } from 'ibantools';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP_WIDTH, launchBrowser, listItem, MOBILE_WIDTH, rawKeyLeaks, rowAction, screenshot, settled, sidewaysScroll, signedInPage } from '../../../../test/browser';
import { createClientWithLogin } from '../../../../test/billing-fixtures';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../../test/server';
import { createTestI18n } from '../../../../test/web-i18n';

/** Each language at a desktop's and a phone's width. */
const SCREENS = [
  ['en', 'en-US', DESKTOP_WIDTH],
  ['el', 'el-GR', DESKTOP_WIDTH],
  ['ru', 'ru-RU', DESKTOP_WIDTH],
  ['en', 'en-US', MOBILE_WIDTH],
  ['el', 'el-GR', MOBILE_WIDTH],
  ['ru', 'ru-RU', MOBILE_WIDTH],
] as const;

/** The account made before the tests: it holds a payment, so it shows a balance and cannot be deleted. */
const HELD = { name: 'Alpha Bank Operating', iban: 'GR1601101250000000012300695' };
/** Its IBAN with the last digit changed: the check digits no longer match. */
const BAD_IBAN = 'GR16 0110 1250 0000 0001 2300 696';
/** A valid German IBAN of its own for each screen. */
const ibanOf = (i: number) => composeIBAN({ countryCode: 'DE', bban: `37040044${String(532013000 + i).padStart(10, '0')}` })!;
const grouped = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

// Needs `npm run build` first: the test server serves dist/web.
describe('the Bank page’s money accounts in Chromium', () => {
  let server: TestServer;
  let admin: TestClient;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    admin = server.client();
    await admin.login();
    const held = await admin.post('/api/bank-accounts/', { name: HELD.name, iban: HELD.iban, bic: 'CRBAGRAA' });
    expect(held.status, held.text).toBe(201);
    // 1,190.00 paid into it: its ledger account has postings.
    const client = await createClientWithLogin(server.runtime.deps, 'Bank Test Ltd');
    const invoice = await admin.post('/api/invoices/', { client: client.id, date: '2026-11-02', due_date: '2026-11-30', items: [{ description: 'Annual licence', unit_price: 1000, vat_rate: 19 }] });
    expect(invoice.status, invoice.text).toBe(201);
    expect((await admin.post(`/api/invoices/${invoice.body.id}/send/`)).status).toBe(200);
    const paid = await admin.post(`/api/invoices/${invoice.body.id}/payments/`, { amount: 1190, date: '2026-11-10', method: 'bank_transfer', deposited_to: held.body.id });
    expect(paid.status, paid.text).toBe(201);
    // The ledger's read model follows the payment (expect.poll is for tests, not hooks).
    const balance = async () => ((await admin.get(`/api/bank-accounts/${held.body.id}/`)).body as { ledger_balance: number }).ledger_balance;
    for (let waited = 0; (await balance()) !== 1190; waited += 200) {
      if (waited > 20_000) throw new Error(`the held account's balance is ${await balance()}, not 1190`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
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
  /** Answers the page's next confirm() with OK once, then clicks the row's Delete. */
  const deleteRow = async (p: Page, row: Locator, label: string) => {
    p.once('dialog', (d) => void d.accept());
    await rowAction(p, row, label);
  };

  it.each(SCREENS.map(([lng, locale, width], i) => [lng, width, locale, i] as const))(
    '%s at %i px: lists the accounts, creates one (a bad IBAN and a taken one refused under the field), edits and deletes it, and shows the refusals of a delete',
    async (lng, width, locale, i) => {
      const { t } = await createTestI18n(lng);
      const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width, locale });
      p.setDefaultTimeout(30_000);
      const errors = collectPageErrors(p);
      await p.goto('/admin/bank');
      await p.waitForURL((u) => u.pathname === '/admin/bank/accounts');
      await p.getByRole('tab', { name: t('bank.tabs.accounts'), exact: true }).waitFor();

      // The seeded accounts and the one holding a payment: kind, IBAN in groups of four, ledger account and balance.
      const bank = listItem(p, 'Bank').filter({ hasText: '1000' }).first();
      await bank.getByText(t('bank.accounts.default'), { exact: true }).waitFor();
      const cash = listItem(p, 'Cash on Hand').first();
      await cash.getByText(t('bank.kinds.cash'), { exact: true }).waitFor();
      const held = listItem(p, HELD.name).first();
      await held.getByText(grouped(HELD.iban), { exact: true }).waitFor();
      expect(text(await held.textContent())).toContain(t('bank.kinds.bank'));
      expect(text(await held.textContent())).toContain('CRBAGRAA');
      expect(text(await held.textContent())).toContain(`1001 ${HELD.name}`);
      expect(text(await held.textContent())).toContain('1.190,00 €');

      // New account: a bad IBAN is refused in the form, one another account has by the server, under the field.
      const name = `Piraeus ${lng} ${width}`;
      await p.getByTestId('new-money-account').click();
      const modal = p.locator('.ant-modal', { has: p.locator('#moneyAccount_name') });
      await modal.getByText(t('bank.accounts.createTitle'), { exact: true }).waitFor();
      await settled(p);
      const save = modal.getByRole('button', { name: t('buttons.saveChanges') });
      await save.click();
      await fieldError(modal, 'moneyAccount_name').getByText(t('admin.validation.required'), { exact: true }).waitFor();
      await fieldError(modal, 'moneyAccount_iban').getByText(t('bank.errors.ibanRequired'), { exact: true }).waitFor();
      await modal.locator('#moneyAccount_name').fill(name);
      await modal.locator('#moneyAccount_iban').fill(BAD_IBAN);
      await save.click();
      await fieldError(modal, 'moneyAccount_iban').getByText(t('bank.errors.invalidIban'), { exact: true }).waitFor();
      expect(await rawKeyLeaks(p)).toEqual([]);
      expect(await sidewaysScroll(p)).toBeLessThanOrEqual(0);
      await screenshot(p, `bank/new-bad-iban-${lng}-${width}`);
      await modal.locator('#moneyAccount_iban').fill(HELD.iban.toLowerCase());
      await save.click();
      await fieldError(modal, 'moneyAccount_iban').getByText(t('bank.errors.ibanTaken'), { exact: true }).waitFor();
      const iban = ibanOf(i);
      await modal.locator('#moneyAccount_iban').fill(grouped(iban));
      await save.click();
      await p.locator('.ant-message').getByText(t('bank.accounts.saved', { name }), { exact: true }).waitFor();
      await modal.waitFor({ state: 'hidden' });
      const row = listItem(p, name).first();
      await row.getByText(grouped(iban), { exact: true }).waitFor();
      // Every account made here after the first is deleted again: the next one takes 1002 again.
      expect(text(await row.textContent())).toContain(`1002 ${name}`);
      expect(text(await row.textContent())).toContain('0,00 €');
      expect(text(await row.textContent())).not.toContain(t('bank.accounts.default'));
      expect(await rawKeyLeaks(p)).toEqual([]);
      expect(await sidewaysScroll(p)).toBeLessThanOrEqual(0);
      await screenshot(p, `bank/accounts-${lng}-${width}`);

      // Edit: the kind is shown, not chosen; the new name and BIC are saved and its ledger account follows.
      await rowAction(p, row, t('buttons.edit'));
      await modal.getByText(t('bank.accounts.editTitle', { name }), { exact: true }).waitFor();
      await settled(p);
      expect(await modal.getByTestId('money-account-kind').textContent()).toBe(t('bank.kinds.bank'));
      expect(await modal.locator('#moneyAccount_iban').inputValue()).toBe(grouped(iban));
      const renamed = `${name} EUR`;
      await modal.locator('#moneyAccount_name').fill(renamed);
      await modal.locator('#moneyAccount_bic').fill('NOT A BIC');
      await fieldError(modal, 'moneyAccount_bic').getByText(t('bank.errors.invalidBic'), { exact: true }).waitFor();
      expect(await sidewaysScroll(p)).toBeLessThanOrEqual(0);
      await screenshot(p, `bank/edit-bad-bic-${lng}-${width}`);
      await modal.locator('#moneyAccount_bic').fill('piragraa');
      await save.click();
      await p
        .locator('.ant-message')
        .getByText(t('bank.accounts.saved', { name: renamed }), { exact: true })
        .waitFor();
      await modal.waitFor({ state: 'hidden' });
      const edited = listItem(p, renamed).first();
      await edited.getByText('PIRAGRAA', { exact: true }).waitFor();
      expect(text(await edited.textContent())).toContain(`1002 ${renamed}`);
      expect(((await admin.get('/api/bank-accounts/')).body as Array<{ name: string; bic: string }>).find((a) => a.name === renamed)).toMatchObject({ bic: 'PIRAGRAA', kind: 'bank' });

      // Delete: asked first, then gone with its ledger account.
      await deleteRow(p, edited, t('buttons.delete'));
      await p
        .locator('.ant-message')
        .getByText(t('bank.accounts.deleted', { name: renamed }), { exact: true })
        .waitFor();
      await edited.waitFor({ state: 'detached' });
      expect(((await admin.get('/api/bank-accounts/')).body as Array<{ name: string }>).map((a) => a.name)).not.toContain(renamed);

      // Refused deletes, in the screen's language: the books' own cash box, and an account with postings.
      await deleteRow(p, cash, t('buttons.delete'));
      await p.locator('.ant-message').getByText(t('bank.errors.systemAccount'), { exact: true }).waitFor();
      await deleteRow(p, held, t('buttons.delete'));
      await p.locator('.ant-message').getByText(t('bank.errors.hasPostings'), { exact: true }).waitFor();
      expect(await listItem(p, 'Cash on Hand').count()).toBeGreaterThan(0);
      expect(await listItem(p, HELD.name).count()).toBeGreaterThan(0);
      expect(await rawKeyLeaks(p)).toEqual([]);
      expect(await sidewaysScroll(p)).toBeLessThanOrEqual(0);
      await screenshot(p, `bank/delete-refused-${lng}-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
