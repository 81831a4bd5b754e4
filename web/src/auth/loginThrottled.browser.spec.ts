import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../../test/db';
import { DESKTOP_WIDTH, MOBILE_WIDTH, axeViolations, collectPageErrors, launchBrowser, newPage, rawKeyLeaks, screenshot } from '../../../test/browser';
import { ADMIN, startTestServer, type TestServer } from '../../../test/server';
import { readLocale } from '../../../test/web-i18n';

const DIST_INDEX = path.resolve(import.meta.dirname, '../../../dist/web/index.html');
const SHOTS = 'i21-login-throttled';

/** Two free failures, then a two-minute wait (Retry-After 61-120 s, always "2 minutes"): the third try is throttled whatever the password. */
const LIMITS = { loginPerUsername: 2, loginDelayMs: 120_000, loginMaxDelayMs: 120_000, loginPerIp: 1000 };

const texts = (lng: string) => (readLocale(lng) as { auth: Record<string, string> }).auth;

const tryLogin = async (page: Page, username: string, password: string) => {
  await page.fill('#login-username', username);
  await page.fill('#login-password', password);
  await page.locator('form button[type="submit"]').click();
};

const banner = async (page: Page, text: string) => {
  const alert = page.getByTestId('login-error');
  await alert.filter({ hasText: text }).waitFor();
  return (await alert.innerText()).trim();
};

describe('the login page when sign-in is throttled', () => {
  let browser: Browser;
  let server: TestServer;

  beforeAll(async () => {
    if (!fs.existsSync(DIST_INDEX)) throw new Error('dist/web is missing: run `npm run build` before the browser tests');
    browser = await launchBrowser();
    server = await startTestServer(testBackends()[0]!, { limits: LIMITS });
  });
  afterAll(async () => {
    await server?.close();
    await browser?.close();
  });

  it.each([
    ['en', MOBILE_WIDTH, 'admin', '2 minutes'],
    ['el', MOBILE_WIDTH, 'someone-el', '2 λεπτά'],
    ['ru', MOBILE_WIDTH, 'someone-ru', '2 минуты'],
    ['ru', DESKTOP_WIDTH, 'someone-ru-wide', '2 минуты'],
    ['el', DESKTOP_WIDTH, 'someone-el-wide', '2 λεπτά'],
  ])('%s at %i px: says to wait, with the wait, instead of "check your credentials"', async (lng, width, username, wait) => {
    const auth = texts(lng);
    const { context, page } = await newPage(browser, server.url, { width });
    const errors = collectPageErrors(page);
    await page.goto(`/login?lng=${lng}`);
    await tryLogin(page, username, 'wrong-1');
    expect(await banner(page, auth.loginFailed!)).toBe(auth.loginFailed);
    await tryLogin(page, username, 'wrong-2');
    await page.getByTestId('login-error').filter({ hasText: auth.loginFailed! }).waitFor();
    // The third try is refused with 429 before the password is looked at: even the right one.
    await tryLogin(page, username, username === 'admin' ? ADMIN.password : 'wrong-3');
    const expected = auth.tooManyAttempts!.replace('{{wait}}', wait);
    expect(await banner(page, expected)).toBe(expected);
    expect(expected).not.toContain(auth.loginFailed);
    expect(page.url()).toContain('/login');
    await screenshot(page, `${SHOTS}/${lng}-${width}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);
    expect(await rawKeyLeaks(page)).toEqual([]);
    // The browser logs the 401 and 429 answers themselves; nothing else may fail.
    expect(errors.filter((e) => !/status of (401|429)/.test(e))).toEqual([]);
    await context.close();
  });
});
