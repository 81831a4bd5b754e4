import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserService } from '../../api/auth/user.service';
import { testBackends } from '../../test/db';
import { collectPageErrors, launchBrowser, newPage } from '../../test/browser';
import { ADMIN, startTestServer, type TestServer } from '../../test/server';

const DIST_INDEX = path.resolve(import.meta.dirname, '../../dist/web/index.html');
const CLIENT = { username: 'shell-client', password: 'client-password-1' };

describe('web shell (Foundation)', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    if (!fs.existsSync(DIST_INDEX)) throw new Error('dist/web is missing: run `npx vite build` before the browser tests');
    server = await startTestServer(testBackends()[0]);
    await new UserService(server.testDb.db).create({ username: CLIENT.username, password: CLIENT.password });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('loads /, switches to el and ru and back, logs in as the superuser, lands on /admin and logs out', async () => {
    const { context, page } = await newPage(browser, server.url);
    const errors = collectPageErrors(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.locator('h1').waitFor();
    for (const [label, lng, word] of [['Ελληνικά', 'el', 'Διακυβέρνησης'], ['Русский', 'ru', 'управления'], ['English', 'en', 'Integrated Governance']] as const) {
      await page.getByTestId('language-switcher').click();
      await page.getByRole('link', { name: label }).click();
      await page.waitForFunction((l) => document.documentElement.lang === l, lng);
      expect(await page.locator('h1').textContent()).toContain(word);
    }

    await page.goto('/login');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin**');
    await page.getByText('Admin Dashboard').first().waitFor();
    for (const href of ['/admin/clients', '/admin/products', '/admin/subscriptions', '/admin/invoices', '/admin/accounting']) {
      expect(await page.locator(`header a[href="${href}"]`).count()).toBe(1);
    }

    await page.getByTestId('user-menu').click();
    await page.getByText('Log Out').click();
    await page.waitForURL('**/login');
    expect((await (await page.request.get('/api/check-auth/')).json()).isAuthenticated).toBe(false);
    await page.goto('/admin/clients');
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the login failure, sends a client user to /portal and keeps it out of /admin', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/login');
    await page.getByLabel('Username').fill(CLIENT.username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await page.getByTestId('login-error').textContent()).toContain('Login failed. Please check your credentials.');
    await page.getByLabel('Password').fill(CLIENT.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/portal/**');
    await page.getByText('Client Portal').first().waitFor();
    expect(await page.getByTestId('user-menu').textContent()).toContain(CLIENT.username);
    await page.goto('/admin');
    await page.waitForURL('**/portal/**');
    await context.close();
  });

  it('changes the password from the user menu dialog (#change-password)', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/login');
    await page.getByLabel('Username').fill(CLIENT.username);
    await page.getByLabel('Password').fill(CLIENT.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/portal/**');
    await page.getByTestId('user-menu').click();
    await page.getByRole('link', { name: 'Change Password' }).click();
    await page.waitForURL('**#change-password');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByLabel('New password', { exact: true }).fill('brand-new-password-2');
    await dialog.getByLabel('Confirm new password').fill('brand-new-password-2');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByRole('alert').first().waitFor();
    await dialog.getByLabel('Current password').fill(CLIENT.password);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Your password was changed.').waitFor();
    await context.close();
    const check = server.client();
    await check.login(CLIENT.username, 'brand-new-password-2');
  });

  it("shows 'Loading...' while the session check runs, and logs out even when the server call fails", async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/login');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin**');
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/check-auth/', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/products');
    await page.getByText('Loading...').waitFor();
    release();
    await page.getByText('Admin Dashboard').first().waitFor();
    await page.unroute('**/api/check-auth/');
    // The server is unreachable for the logout call: the app still ends the session in the browser.
    await page.route('**/api/logout/', (route) => route.abort());
    await page.getByTestId('user-menu').click();
    await page.getByText('Log Out').click();
    await page.waitForURL('**/login');
    await context.close();
  });
});
