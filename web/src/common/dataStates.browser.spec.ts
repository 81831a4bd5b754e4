import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin, createInvoice } from '../../../test/billing-fixtures';
import { axeViolations, MOBILE_WIDTH, launchBrowser, rawKeyLeaks, screenshot, signedInPage } from '../../../test/browser';
import { testBackends } from '../../../test/db';
import { ADMIN, startTestServer, type TestServer } from '../../../test/server';

const WIDE = 1440;

/** What a screen must never show while it does not know: zeros, "nothing here", the raw transport message. */
const NEVER_WHEN_FAILED = ['0,00', 'No invoices found.', 'No payments yet.', 'No client data found.', 'Received status code', 'TypeError'];
/** The browser's own words for a dropped request (the portal's spec text "Failed to fetch your account details." is ours). */
const RAW_NETWORK_MESSAGE = /Failed to fetch(?! your account)/;

// Needs `npm run build` first: the test server serves dist/web.
describe('loading, failed and empty states in Chromium, with the API failing (intercepted)', () => {
  let server: TestServer;
  let browser: Browser;
  let invoiceNumber: string;
  let clientLogin: { username: string; password: string };

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 }, clock: () => new Date('2026-11-20T10:00:00Z') });
    const { deps, services } = server.runtime;
    const client = await createClientWithLogin(deps, 'States Client Ltd');
    clientLogin = { username: client.username, password: client.password };
    const invoice = await createInvoice(deps, client.id, 1200, '2026-11-02', '2026-11-30');
    await services.billing.invoices.send(invoice.id, 'test');
    invoiceNumber = invoice.invoice_number!;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const open = async (width: number, lng = 'en') => {
    const opened = await signedInPage(browser, server.url, ADMIN, { width, locale: lng === 'en' ? 'en-US' : lng });
    opened.page.setDefaultTimeout(60_000);
    return opened;
  };

  /** Every GraphQL answer fails: a 500 with a plain body (as a proxy in front of a crashed server sends), or no answer at all. */
  const failGraphql = (page: Page, how: '500' | 'abort') =>
    page.route('**/graphql', (route: Route) => (how === 'abort' ? route.abort('failed') : route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' })));

  const visibleText = (page: Page) => page.locator('main, [data-testid^="admin-"]').first().innerText();

  /** The failure shown, its reason, no zeros or empty texts, and no toast repeating the transport's words. */
  const expectFailed = async (page: Page, reason: string) => {
    const failure = page.getByTestId('load-error').first();
    await failure.waitFor();
    expect(await failure.getAttribute('data-reason')).toBe(reason);
    await expect.poll(() => page.getByTestId('load-skeleton').count()).toBe(0);
    const text = await visibleText(page);
    for (const never of NEVER_WHEN_FAILED) expect(text).not.toContain(never);
    expect(text).not.toMatch(RAW_NETWORK_MESSAGE);
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);
    expect(await page.getByTestId('load-retry').count()).toBeGreaterThan(0);
  };

  it('the overview: a 500 shows the reason and Retry, its money cards a dash, never 0,00 €; Retry brings the figures', async () => {
    const { context, page } = await open(WIDE);
    await failGraphql(page, '500');
    await page.goto('/admin');
    await expectFailed(page, 'server');
    const failure = page.getByTestId('load-error').first();
    expect(await failure.innerText()).toContain('Something went wrong on the server');
    // The four figures are dashes, not amounts; no invoice counts either.
    expect((await page.locator('.admin-figures .ant-statistic-content').allInnerTexts()).map((s) => s.trim())).toEqual(['—', '—', '—', '—']);
    expect(await page.getByTestId('overdue-count').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await rawKeyLeaks(page)).toEqual([]);
    await screenshot(page, 'states/overview-500-en-1440');

    await page.unroute('**/graphql');
    await failure.getByTestId('load-retry').click();
    await page.locator('.admin-figures').getByText('1.200,00\u00a0€').first().waitFor();
    await page.getByTestId('chart-revenue').waitFor();
    expect(await page.getByTestId('load-error').count()).toBe(0);
    await screenshot(page, 'states/overview-retried-en-1440');
    await context.close();
  });

  it('the invoices list: no answer at all says the server could not be reached, not "No invoices found."; Retry lists them', async () => {
    const { context, page } = await open(WIDE);
    await failGraphql(page, 'abort');
    await page.goto('/admin/invoices');
    await expectFailed(page, 'offline');
    expect(await page.getByTestId('load-error').first().innerText()).toContain('The server could not be reached');
    await screenshot(page, 'states/invoices-abort-en-1440');

    await page.unroute('**/graphql');
    await page.getByTestId('load-retry').first().click();
    await page.locator('tbody tr.ant-table-row', { hasText: invoiceNumber }).waitFor();
    expect(await page.getByTestId('load-error').count()).toBe(0);
    await context.close();
  });

  it('a report (the balance sheet): a 500 shows the failure, no statement of zeros; Retry draws it', async () => {
    const { context, page } = await open(WIDE);
    await failGraphql(page, '500');
    await page.goto('/admin/accounting/balance-sheet');
    await expectFailed(page, 'server');
    expect(await page.getByTestId('statement').count()).toBe(0);
    await screenshot(page, 'states/balance-sheet-500-en-1440');

    await page.unroute('**/graphql');
    await page.getByTestId('balance-sheet').getByTestId('load-retry').click();
    await page.getByTestId('statement').waitFor();
    expect(await page.getByTestId('load-error').count()).toBe(0);
    await context.close();
  });

  it('a slow answer shows a skeleton, never the empty text, then the rows (phone cards)', async () => {
    const { context, page } = await open(MOBILE_WIDTH);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      if (route.request().postDataJSON()?.operationName === 'AdminInvoices') await held;
      await route.continue();
    });
    await page.goto('/admin/invoices');
    await page.getByTestId('load-skeleton').first().waitFor();
    expect(await page.getByText('No invoices found.').count()).toBe(0);
    await screenshot(page, 'states/invoices-loading-en-375');
    release();
    await page.locator('li.list-card', { hasText: invoiceNumber }).waitFor();
    expect(await page.getByTestId('load-skeleton').count()).toBe(0);
    await context.close();
  });

  it('the portal (REST): a 503 says the service is unavailable, with Retry, not "No client data found."; Retry shows the account', async () => {
    const { context, page } = await signedInPage(browser, server.url, clientLogin, { width: MOBILE_WIDTH });
    page.setDefaultTimeout(60_000);
    await page.route('**/api/portal/my-account/', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service Unavailable' }) }));
    await page.goto('/portal');
    await expectFailed(page, 'unavailable');
    expect(await page.getByTestId('load-error').innerText()).toContain('Failed to fetch your account details.');
    await screenshot(page, 'states/portal-503-en-375');
    await page.unroute('**/api/portal/my-account/');
    await page.getByTestId('load-retry').click();
    await page.locator('li.list-card', { hasText: invoiceNumber }).waitFor();
    expect(await page.getByTestId('load-error').count()).toBe(0);
    await context.close();
  });

  for (const [lng, width, reason] of [['el', MOBILE_WIDTH, 'Παρουσιάστηκε σφάλμα στον διακομιστή'], ['ru', WIDE, 'На сервере произошла ошибка']] as const) {
    it(`the overview and the invoices list say why in ${lng} at ${width} px`, async () => {
      const { context, page } = await open(width, lng);
      await failGraphql(page, '500');
      await page.goto(`/admin?lng=${lng}`);
      await expectFailed(page, 'server');
      expect(await page.getByTestId('load-error').first().innerText()).toContain(reason);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      expect(await rawKeyLeaks(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `states/overview-500-${lng}-${width}`);
      await page.goto(`/admin/invoices?lng=${lng}`);
      await expectFailed(page, 'server');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await screenshot(page, `states/invoices-500-${lng}-${width}`);
      await context.close();
    });
  }
});
