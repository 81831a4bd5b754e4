import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin } from '../../../test/billing-fixtures';
import { axeViolations, collectPageErrors, DESKTOP_WIDTH, launchBrowser, MOBILE_WIDTH, newPage, rawKeyLeaks, screenshot, signIn } from '../../../test/browser';
import { testBackends } from '../../../test/db';
import { startTestServer, type TestServer } from '../../../test/server';
import { createTestI18n } from '../../../test/web-i18n';

const SHOTS = 'i36-temporary-password';

// Needs `npm run build` first: the test server serves dist/web.
describe('a temporary password in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let printed: string;

  beforeAll(async () => {
    // A first start: no ADMIN_USERNAME/ADMIN_PASSWORD, so the superuser's password is printed.
    const out: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array) => {
      out.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      server = await startTestServer(testBackends()[0]!, { env: { ADMIN_USERNAME: '', ADMIN_PASSWORD: '' }, limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    } finally {
      process.stdout.write = write;
    }
    printed = /with the temporary password: (\S+)/.exec(out.join(''))![1]!;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const form = (page: Page) => page.getByTestId('password-change-required');
  const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  it('makes the superuser choose a new password at the first sign-in, then opens the admin area (desktop, en)', async () => {
    const { context, page } = await newPage(browser, server.url, { width: DESKTOP_WIDTH });
    page.setDefaultTimeout(60_000);
    const errors = collectPageErrors(page);
    await signIn(page, { username: 'admin', password: printed });
    await page.waitForURL((u) => u.pathname === '/admin');
    await form(page).getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await form(page).getByText('You signed in with a temporary password. Choose a password of your own to continue.').waitFor();
    expect(await page.getByText('Admin Dashboard').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${SHOTS}/admin-choose-en-${DESKTOP_WIDTH}`);

    // The form's own checks, then the server's: a wrong temporary password is refused.
    await page.getByLabel('Temporary password').fill('not-the-printed-one');
    await page.getByLabel('New password', { exact: true }).fill('admin-chosen-1');
    await page.getByLabel('Confirm new password').fill('admin-chosen-2');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await form(page).getByText('The two passwords do not match.').waitFor();
    await page.getByLabel('Confirm new password').fill('admin-chosen-1');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await form(page).getByRole('alert').getByText('Your old password was entered incorrectly.').first().waitFor();
    await screenshot(page, `${SHOTS}/admin-choose-refused-en-${DESKTOP_WIDTH}`);

    await page.getByLabel('Temporary password').fill(printed);
    await page.getByLabel('New password', { exact: true }).fill('admin-chosen-1');
    await page.getByLabel('Confirm new password').fill('admin-chosen-1');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    // Onward to where the sign-in was headed: the overview, which now loads.
    await page.getByTestId('overdue-count').waitFor();
    expect(await form(page).count()).toBe(0);
    expect((await (await page.request.get('/api/check-auth/')).json()).user.password_change_required).toBe(false);
    await screenshot(page, `${SHOTS}/admin-after-en-${DESKTOP_WIDTH}`);
    // The area's own reads after the change are the only ones: nothing was refused on the way.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });

  it('makes a client choose one before the portal, translated, at 375 px and on a desktop (el, ru, en)', async () => {
    for (const [lng, locale, width] of [
      ['el', 'el-GR', MOBILE_WIDTH],
      ['ru', 'ru-RU', MOBILE_WIDTH],
      ['en', 'en-US', MOBILE_WIDTH],
      ['el', 'el-GR', DESKTOP_WIDTH],
      ['ru', 'ru-RU', DESKTOP_WIDTH],
    ] as const) {
      const { t } = await createTestI18n(lng);
      const client = await createClientWithLogin(server.runtime.deps, `Temporary ${lng} ${width} Ltd`, { language: lng, temporary: true });
      const { context, page } = await newPage(browser, server.url, { width, locale });
      page.setDefaultTimeout(60_000);
      const errors = collectPageErrors(page);
      await signIn(page, client);
      await page.waitForURL((u) => u.pathname.startsWith('/portal'));
      await form(page).getByRole('heading', { name: t('auth.passwordChangeRequired.title') }).waitFor();
      await form(page).getByText(t('auth.passwordChangeRequired.help')).waitFor();
      expect(await rawKeyLeaks(page)).toEqual([]);
      expect(await noOverflow(page), `${lng} ${width}`).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `${SHOTS}/portal-choose-${lng}-${width}`);

      await page.getByLabel(t('auth.passwordChangeRequired.old')).fill(client.password);
      await page.getByLabel(t('auth.changePassword.new'), { exact: true }).fill(`${client.password}-own`);
      await page.getByLabel(t('auth.changePassword.confirm')).fill(`${client.password}-own`);
      await page.getByRole('button', { name: t('auth.passwordChangeRequired.submit') }).click();
      await page.waitForURL('**/portal/dashboard');
      await page.locator('#main').getByText(client.email).waitFor();
      expect(await form(page).count()).toBe(0);
      await screenshot(page, `${SHOTS}/portal-after-${lng}-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
