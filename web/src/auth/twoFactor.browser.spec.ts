import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choosePassword } from '../../../test/billing-fixtures';
import { testBackends } from '../../../test/db';
import { MOBILE_WIDTH, axeViolations, collectPageErrors, launchBrowser, newPage, screenshot } from '../../../test/browser';
import { ADMIN, startTestServer, type TestServer } from '../../../test/server';

const DIST_INDEX = path.resolve(import.meta.dirname, '../../../dist/web/index.html');
const SHOTS = 'i21-2fa';

/** The server's clock, moved by the test: each TOTP time step is accepted once. */
const testClock = () => {
  let now = Date.now();
  return { clock: () => new Date(now), advance: () => (now += 30_000), epoch: () => Math.floor(now / 1000) };
};

const signIn = async (page: Page, username: string, password: string, lng = 'en') => {
  await page.goto(`/login?lng=${lng}`);
  await page.fill('#login-username', username);
  await page.fill('#login-password', password);
  await page.locator('form button[type="submit"]').click();
};

/** Walks the enrolment: password, QR code and a first code; answers the secret and the recovery codes. */
const enrol = async (page: Page, password: string, epoch: number, shot?: string) => {
  const enrolment = page.getByTestId('two-factor-enrolment');
  await enrolment.locator('input[type="password"]').fill(password);
  await enrolment.locator('button[type="submit"]').click();
  await enrolment.locator('img.two-factor-qr').waitFor();
  expect(await enrolment.locator('img.two-factor-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (shot) await screenshot(page, `${SHOTS}/${shot}`);
  expect(await axeViolations(page)).toEqual([]);
  await enrolment.locator('input[autocomplete="one-time-code"]').fill(await generate({ secret, epoch }));
  await enrolment.locator('button[type="submit"]').click();
  await page.getByTestId('recovery-codes').waitFor();
  const codes = (await page.getByTestId('recovery-codes').locator('code').allInnerTexts()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  return { secret, codes };
};

describe('two-factor sign-in in the browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    if (!fs.existsSync(DIST_INDEX)) throw new Error('dist/web is missing: run `npx vite build` before the browser tests');
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  describe('optional enrolment', () => {
    const time = testClock();
    let server: TestServer;
    let client: { username: string; password: string };

    beforeAll(async () => {
      server = await startTestServer(testBackends()[0]!, { clock: time.clock });
      const admin = server.client();
      await admin.login();
      const created = await admin.post('/api/clients/', { name: 'Zeta Audit Ltd', email: 'zeta@audit.example', phone: '+357 22 111111', address: '1 Main St, Nicosia' });
      const login = await admin.post(`/api/clients/${created.body.id}/create_user/`);
      // The generated password is temporary: the client has chosen its own before enrolling.
      client = { username: 'zeta@audit.example', password: await choosePassword(server.client(), 'zeta@audit.example', login.body.password) };
    });
    afterAll(() => server?.close());

    it('enrols a superuser from the user menu, then asks for the code at login (desktop, en)', async () => {
      const { context, page } = await newPage(browser, server.url);
      const errors = collectPageErrors(page);
      await signIn(page, ADMIN.username, ADMIN.password);
      await page.waitForURL('**/admin**');
      await page.getByTestId('user-menu').click();
      await page.getByRole('link', { name: 'Two-factor sign-in' }).click();
      await page.waitForURL('**#two-factor');
      await page.getByText('Two-factor sign-in is off.', { exact: false }).waitFor();
      const { secret, codes } = await enrol(page, ADMIN.password, time.epoch(), 'desktop-en-enrol-qr');
      await screenshot(page, `${SHOTS}/desktop-en-recovery-codes`);
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await page.getByText('Unused recovery codes: 10').waitFor();
      await screenshot(page, `${SHOTS}/desktop-en-manage`);
      await page.keyboard.press('Escape');

      await page.getByTestId('user-menu').click();
      await page.getByText('Log Out').click();
      await page.waitForURL('**/login');
      await signIn(page, ADMIN.username, ADMIN.password);
      await page.locator('#login-otp').waitFor();
      expect(await page.locator('h1').innerText()).toBe('Two-factor sign-in');
      expect((await (await page.request.get('/api/check-auth/')).json()).isAuthenticated).toBe(false);
      // The enrolment's code was spent: the same time step is refused.
      await page.fill('#login-otp', await generate({ secret, epoch: time.epoch() }));
      await page.locator('form button[type="submit"]').click();
      expect(await page.getByTestId('login-error').innerText()).toContain('The code is not valid');
      await screenshot(page, `${SHOTS}/desktop-en-login-code-refused`);
      time.advance();
      await page.fill('#login-otp', await generate({ secret, epoch: time.epoch() }));
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL('**/admin**');
      await page.getByText('Admin Dashboard').first().waitFor();

      // A recovery code signs in too, once.
      const other = await newPage(browser, server.url);
      await signIn(other.page, ADMIN.username, ADMIN.password);
      await other.page.fill('#login-otp', codes[0]!);
      await other.page.locator('form button[type="submit"]').click();
      await other.page.waitForURL('**/admin**');
      await other.context.close();
      expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
      await context.close();
    });

    it('lets a portal user enrol and sign in with a code at 375 px (ru, el)', async () => {
      const { context, page } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
      await signIn(page, client.username, client.password, 'ru');
      await page.waitForURL('**/portal/**');
      await page.goto('/portal/dashboard#two-factor');
      await page.getByTestId('two-factor-enrolment').waitFor();
      time.advance();
      await enrol(page, client.password, time.epoch(), 'mobile-ru-enrol-qr');
      await screenshot(page, `${SHOTS}/mobile-ru-recovery-codes`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_WIDTH);
      const secret = (await server.testDb.db('users').where({ username: client.username }).first()).two_factor_enabled;
      expect(secret).toBe(true);
      await context.close();

      const second = await newPage(browser, server.url, { width: MOBILE_WIDTH });
      await signIn(second.page, client.username, client.password, 'el');
      await second.page.locator('#login-otp').waitFor();
      expect(await second.page.locator('h1').innerText()).toBe('Σύνδεση δύο παραγόντων');
      await screenshot(second.page, `${SHOTS}/mobile-el-login-code`);
      expect(await axeViolations(second.page)).toEqual([]);
      expect(await second.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_WIDTH);
      await second.context.close();
    });
  });

  describe('REQUIRE_ADMIN_2FA', () => {
    const time = testClock();
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer(testBackends()[0]!, { clock: time.clock, env: { REQUIRE_ADMIN_2FA: 'true' } });
    });
    afterAll(() => server?.close());

    it('shows a superuser the enrolment before the admin area, then lets it in (375 px, el)', async () => {
      const { context, page } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
      await signIn(page, ADMIN.username, ADMIN.password, 'el');
      await page.waitForURL('**/admin**');
      await page.getByText('Ρυθμίστε τη σύνδεση δύο παραγόντων').waitFor();
      expect(await page.getByText('Admin Dashboard').count()).toBe(0);
      await screenshot(page, `${SHOTS}/mobile-el-required`);
      await enrol(page, ADMIN.password, time.epoch(), 'mobile-el-required-qr');
      await page.locator('.two-factor-done').click();
      // The admin area's bar (its links behind the menu button on a phone).
      await page.locator('header a[href="/admin/clients"]').first().waitFor({ state: 'attached' });
      await page.goto('/admin#two-factor');
      await page.getByText('Οι διαχειριστές πρέπει να διατηρούν ενεργή τη σύνδεση δύο παραγόντων.').waitFor();
      await screenshot(page, `${SHOTS}/mobile-el-manage-required`);
      await context.close();
    });
  });
});
