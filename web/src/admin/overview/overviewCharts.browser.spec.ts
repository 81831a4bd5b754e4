import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, collectPageErrors, DESKTOP_WIDTH, launchBrowser, MOBILE_WIDTH, newPage, rawKeyLeaks, screenshot, loginAsAdmin } from '../../../../test/browser';
import { createClientWithLogin, createInvoice } from '../../../../test/billing-fixtures';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestServer } from '../../../../test/server';

// Needs `npm run build` first: the test server serves dist/web.
describe('the admin overview charts in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 }, clock: () => new Date('2026-11-20T10:00:00Z') });
    const { deps, services } = server.runtime;
    const client = await createClientWithLogin(deps, 'Chart Client Ltd');
    const open = await createInvoice(deps, client.id, 1200, '2026-09-05', '2026-09-20');
    const paid = await createInvoice(deps, client.id, 800, '2026-10-03', '2026-10-17');
    for (const i of [open, paid]) await services.billing.invoices.send(i.id, 'test');
    await services.billing.invoices.recordManualPayment({ invoiceId: paid.id, amountCents: 80000, date: '2026-10-10', method: 'bank', reference: 'CHART-1' }, 'test');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const login = (page: Page) => loginAsAdmin(page, ADMIN);

  // October's month end as every admin date reads (the spec's 'dd / MMMM / yyyy').
  const OCTOBER_END = { en: '31 / October / 2026', el: '31 / Οκτωβρίου / 2026', ru: '31 / октября / 2026' } as const;
  // The English axis writes money as the spec does ("1,5K €"), never "€1.5K".
  const ENGLISH_TICK = /^-?\d+(,\d)?K?\u00a0€$/;

  for (const [width, lng] of [[DESKTOP_WIDTH, 'en'], [MOBILE_WIDTH, 'en'], [MOBILE_WIDTH, 'el'], [MOBILE_WIDTH, 'ru']] as const) {
    it(`draws invoicing, receivables by age and cash, with a table of the same figures (${lng}, ${width} px)`, async () => {
      const { context, page } = await newPage(browser, server.url, { width });
      page.setDefaultTimeout(60_000);
      const errors = collectPageErrors(page);
      await login(page);
      if (lng !== 'en') await page.goto(`/admin?lng=${lng}`);
      for (const id of ['chart-revenue', 'chart-aging', 'chart-cash']) {
        await page.getByTestId(id).locator('svg.recharts-surface').first().waitFor();
      }
      // The charts fit the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      // The accessible alternative: the same numbers, exact.
      const revenue = page.getByTestId('chart-revenue');
      await revenue.locator('.ant-collapse-header').click();
      // Twelve months, oldest first: December 2025 to November 2026; October's invoicing and collection.
      await expect.poll(() => revenue.locator('tbody tr.ant-table-row').count()).toBe(12);
      const october = revenue.locator('tbody tr.ant-table-row').nth(10);
      if (lng === 'en') await october.getByText('October 2026').waitFor();
      expect((await october.locator('td').allInnerTexts()).map((t) => t.replace(/\s/g, ' '))).toEqual([expect.stringContaining('2026'), '800,00 €', '800,00 €']);
      const cash = page.getByTestId('chart-cash');
      await cash.locator('.ant-collapse-header').click();
      await cash.locator('tbody tr', { hasText: OCTOBER_END[lng] }).getByText(/800,00\s€/).waitFor();
      expect(await cash.locator('tbody').innerText()).not.toMatch(/\d\d\.\d\d\.\d{4}/);
      // With their tables open, no card spills past its edge (a wide table scrolls inside its own region).
      expect(await page.evaluate(() => Array.from(document.querySelectorAll('.admin-chart')).map((c) => c.scrollWidth - c.clientWidth))).toEqual([0, 0, 0]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      const ticks = await page.getByTestId('chart-revenue').locator('svg text', { hasText: '€' }).allTextContents();
      expect(ticks.length).toBeGreaterThan(1);
      for (const tick of ticks) expect(tick).toMatch(lng === 'en' ? ENGLISH_TICK : /^-?\d+(,\d)?(\u00a0\S+)?\u00a0€$/);
      // The charts, their legends and the opened tables stay accessible on a phone and in every language.
      expect(await axeViolations(page)).toEqual([]);
      expect(await rawKeyLeaks(page)).toEqual([]);
      await screenshot(page, `overview-charts/${lng}-${width}`);
      // Each card on its own too: the full page has the sticky header painted across one of them.
      if (width === MOBILE_WIDTH) await page.getByTestId('chart-aging').screenshot({ path: await screenshot(page, `overview-charts/${lng}-${width}-aging`) });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
