import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, collectPageErrors, launchBrowser, MOBILE_WIDTH, newPage, rawKeyLeaks, screenshot, loginAsAdmin } from '../../../test/browser';
import { createClientWithLogin } from '../../../test/billing-fixtures';
import { testBackends } from '../../../test/db';
import { ADMIN, startTestServer, type TestServer } from '../../../test/server';

// Needs `npm run build` first: the test server serves dist/web.
describe("resetting a client login's password in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let client: Awaited<ReturnType<typeof createClientWithLogin>>;

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    client = await createClientWithLogin(server.runtime.deps, 'Forgetful Ltd');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const modal = (p: Page) => p.locator('.ant-modal-wrap:visible .ant-modal').last();

  it('asks first, shows the new password once, and logs the client out everywhere', async () => {
    const portal = server.client();
    await portal.login(client.username, client.password);
    const { context, page } = await newPage(browser, server.url);
    page.setDefaultTimeout(60_000);
    const errors = collectPageErrors(page);
    await login(page);
    await page.goto(`/admin/clients/${client.id}`);
    await page.getByTestId('reset-password').click();
    await page.locator('.ant-popconfirm').getByText('Every session of the login ends.', { exact: false }).waitFor();
    await screenshot(page, 'i21-sec/reset-confirm-en-1280');
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Reset password' }).click();
    const dialog = modal(page);
    await dialog.getByText('New password for Forgetful Ltd').waitFor();
    const password = (await dialog.getByTestId('generated-password').innerText()).trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'i21-sec/reset-done-en-1280');
    expect((await portal.get('/api/check-auth/')).body.isAuthenticated).toBe(false);
    await server.client().login(client.username, password);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is translated and fits a phone in Greek and Russian', async () => {
    for (const [locale, lng, button] of [
      ['el-GR', 'el', 'Επαναφορά κωδικού'],
      ['ru-RU', 'ru', 'Сбросить пароль'],
    ] as const) {
      for (const width of [1280, MOBILE_WIDTH]) {
        const { context, page } = await newPage(browser, server.url, { width, locale });
        page.setDefaultTimeout(60_000);
        await login(page);
        await page.goto(`/admin/clients/${client.id}`);
        await page.getByTestId('reset-password').getByText(button).click();
        await page.locator('.ant-popconfirm').getByRole('button', { name: button }).click();
        await modal(page).getByTestId('generated-password').waitFor();
        await page.waitForTimeout(400);
        await screenshot(page, `i21-sec/reset-done-${lng}-${width}`);
        expect(await rawKeyLeaks(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${lng} ${width}`).toBeLessThanOrEqual(0);
        const box = await modal(page).boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        await context.close();
      }
    }
  });
});

const login = (page: Page) => loginAsAdmin(page, ADMIN);
