import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP_WIDTH, launchBrowser, listItem, MOBILE_WIDTH, rawKeyLeaks, rowAction, screenshot, sidewaysScroll, signedInPage } from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../../test/server';
import { createTestI18n } from '../../../../test/web-i18n';

const SCREENS = [
  ['en', 'en-US', DESKTOP_WIDTH],
  ['el', 'el-GR', DESKTOP_WIDTH],
  ['ru', 'ru-RU', DESKTOP_WIDTH],
  ['en', 'en-US', MOBILE_WIDTH],
  ['el', 'el-GR', MOBILE_WIDTH],
  ['ru', 'ru-RU', MOBILE_WIDTH],
] as const;

const NONE = { bank: null, manual: null, cash: null, other: null, payout: null };
const WAIT = { timeout: 20_000 };

// Needs `npm run build` first: the test server serves dist/web.
describe('the Accounts tab’s Defaults card in Chromium', () => {
  let server: TestServer;
  let admin: TestClient;
  let browser: Browser;
  let savings: string;
  let safe: string;

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    admin = server.client();
    await admin.login();
    const made = await admin.post('/api/bank-accounts/', { name: 'Savings Account', iban: 'DE89370400440532013000' });
    expect(made.status, made.text).toBe(201);
    savings = made.body.id;
    const box = await admin.post('/api/bank-accounts/', { name: 'Office Safe', kind: 'cash' });
    expect(box.status, box.text).toBe(201);
    safe = box.body.id;
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const text = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
  const select = (card: Locator, purpose: string) => card.locator('.ant-select', { has: card.page().locator(`#default-${purpose}`) }).first();
  /** Opens a purpose's list and clicks the option, again (up to three times) when the click did not take (a touch page's list may still be settling). */
  const choose = async (p: Page, card: Locator, purpose: string, option: string) => {
    const open = p.locator('.ant-select-dropdown:visible');
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1 && (await open.count())) await select(card, purpose).click();
      await expect.poll(() => open.count(), WAIT).toBe(0);
      await select(card, purpose).click();
      await open.locator('.ant-select-item-option', { hasText: option }).first().click({ timeout: 5000 }).catch(() => undefined);
      const taken = await expect
        .poll(async () => text(await select(card, purpose).innerText()), { timeout: 3000 })
        .toContain(option)
        .then(() => true, () => false);
      if (taken) return;
      if (attempt === 3) throw new Error(`the ${purpose} default does not show "${option}" after three tries`);
    }
  };

  it.each(SCREENS)('%s (%s) at %i px: shows the built-in rule, saves a default per purpose, offers no cash for transfers and payouts, and refuses to delete a default', async (lng, locale, width) => {
    expect((await admin.put('/api/money-account-defaults/', {})).status).toBe(200);
    const { t } = await createTestI18n(lng);
    const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width, locale });
    p.setDefaultTimeout(30_000);
    const errors = collectPageErrors(p);
    await p.goto('/admin/bank/accounts');
    const card = p.getByTestId('money-account-defaults');
    await card.getByText(t('bank.defaults.title'), { exact: true }).waitFor();

    // Nothing chosen: each placeholder names where the money goes by the built-in rule.
    await expect.poll(async () => text(await select(card, 'bank').innerText()), WAIT).toBe(t('bank.defaults.fallbackBank', { name: 'Bank' }));
    expect(text(await select(card, 'cash').innerText())).toBe(t('bank.defaults.fallbackCash'));
    expect(text(await select(card, 'payout').innerText())).toBe(t('bank.defaults.fallbackPayout'));
    for (const purpose of ['bank', 'manual', 'cash', 'other', 'payout']) await card.getByText(t(`bank.defaults.purposes.${purpose}`), { exact: true }).waitFor();

    // Payouts land only in a bank account: the cash boxes are not offered.
    await select(card, 'payout').click();
    const options = p.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.allInnerTexts(), WAIT).toEqual([`Bank · ${t('bank.kinds.bank')}`, `Savings Account · ${t('bank.kinds.bank')}`]);
    await p.keyboard.press('Escape');
    await choose(p, card, 'payout', 'Savings Account');
    await choose(p, card, 'cash', 'Office Safe');
    expect(await rawKeyLeaks(p)).toEqual([]);
    expect(await sidewaysScroll(p)).toBeLessThanOrEqual(0);
    await card.getByTestId('save-defaults').click();
    await p.locator('.ant-message').getByText(t('bank.defaults.saved'), { exact: true }).waitFor();
    expect((await admin.get('/api/money-account-defaults/')).body).toEqual({ ...NONE, payout: savings, cash: safe });
    await card.scrollIntoViewIfNeeded();
    await screenshot(p, `defaults-${lng}-${width}`, '/tmp/shots/defaults');

    // Read back after a reload.
    await p.reload();
    await expect.poll(async () => text(await select(card, 'payout').innerText()), WAIT).toContain('Savings Account');
    expect(text(await select(card, 'cash').innerText())).toContain('Office Safe');

    // The cash box chosen for cash cannot be deleted; the refusal is in the screen's language.
    p.once('dialog', (d) => void d.accept());
    await rowAction(p, listItem(p, 'Office Safe').first(), t('buttons.delete'));
    await p.locator('.ant-message').getByText(t('bank.defaults.errors.defaultNotDeleted'), { exact: true }).waitFor();
    expect(await sidewaysScroll(p)).toBeLessThanOrEqual(0);
    await screenshot(p, `defaults-delete-refused-${lng}-${width}`, '/tmp/shots/defaults');

    // Cleared: back to the built-in rule.
    await select(card, 'cash').hover();
    await card.locator('.ant-select', { has: p.locator('#default-cash') }).locator('.ant-select-clear').first().click();
    await card.getByTestId('save-defaults').click();
    await expect.poll(async () => (await admin.get('/api/money-account-defaults/')).body, WAIT).toEqual({ ...NONE, payout: savings });

    // The settings' IBAN is the default bank account's, and its help says so.
    await p.goto('/admin/settings');
    const iban = p.locator('.ant-form-item', { has: p.locator('#company-settings_iban') });
    await iban.getByText(t('admin.settings.ibanHelp'), { exact: true }).waitFor();
    expect(await rawKeyLeaks(p)).toEqual([]);
    expect(await sidewaysScroll(p)).toBeLessThanOrEqual(0);
    await iban.scrollIntoViewIfNeeded();
    await p.screenshot({ path: `/tmp/shots/defaults/settings-iban-${lng}-${width}.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
});
