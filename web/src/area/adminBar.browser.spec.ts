import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launchBrowser, loginAsAdmin, newPage, screenshot } from '../../../test/browser';
import { testBackends } from '../../../test/db';
import { ADMIN, startTestServer, type TestServer } from '../../../test/server';

// Needs `npm run build` first: the test server serves dist/web.
describe('the admin top bar in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const open = async (width: number, lng: string): Promise<Page> => {
    const { page } = await newPage(browser, server.url, { width });
    await loginAsAdmin(page, ADMIN);
    await page.goto(`/admin?lng=${lng}`);
    await page.getByTestId('admin-overview').waitFor();
    return page;
  };
  const links = (page: Page) => page.locator('#area-links .nav-link');

  for (const lng of ['en', 'el', 'ru']) {
    for (const width of [1920, 1440, 1280]) {
      it(`keeps every link on the bar's one row at ${width} px (${lng})`, async () => {
        const page = await open(width, lng);
        const errors = collectPageErrors(page);
        expect(await links(page).count()).toBe(11);
        const boxes = await Promise.all((await links(page).all()).map((l) => l.boundingBox()));
        expect(new Set(boxes.map((b) => Math.round(b!.y))).size).toBe(1);
        const bar = (await page.locator('.area-nav').boundingBox())!;
        const brand = (await page.locator('.area-nav .brand').boundingBox())!;
        // One row: the links sit beside the title, not under it, and nothing leaves the window.
        expect(boxes[0]!.y).toBeLessThan(brand.y + brand.height);
        expect(bar.height).toBeLessThan(80);
        expect(Math.max(...boxes.map((b) => b!.x + b!.width))).toBeLessThanOrEqual(width);
        // Nor do the links run under the language switcher and the user menu.
        const actions = (await page.locator('.area-actions').boundingBox())!;
        expect(Math.max(...boxes.map((b) => b!.x + b!.width))).toBeLessThanOrEqual(actions.x);
        expect(await page.locator('.area-toggle').isVisible()).toBe(false);
        if (width === 1280) await screenshot(page, `admin-bar/${lng}-${width}`);
        expect(errors).toEqual([]);
        await page.context().close();
      });
    }
  }

  for (const [width, lng] of [[1279, 'ru'], [768, 'el'], [375, 'en']] as const) {
    it(`folds the links behind a menu button below 1280 px (${width} px, ${lng})`, async () => {
      const page = await open(width, lng);
      const toggle = page.locator('.area-toggle');
      expect(await toggle.isVisible()).toBe(true);
      expect(await links(page).first().isVisible()).toBe(false);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const invoices = page.locator('#area-links .nav-link[href="/admin/invoices"]');
      await invoices.waitFor();
      await screenshot(page, `admin-bar/${lng}-${width}-open`);
      await invoices.click();
      await page.waitForURL((u) => u.pathname === '/admin/invoices');
      await links(page).first().waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await page.context().close();
    });
  }

  for (const lng of ['en', 'el', 'ru']) {
    it(`keeps the menu button beside the title on a phone's first row, the language and user menu below (375 px, ${lng})`, async () => {
      const page = await open(375, lng);
      const brand = (await page.locator('.area-nav .brand').boundingBox())!;
      const toggle = (await page.locator('.area-toggle').boundingBox())!;
      const actions = (await page.locator('.area-actions').boundingBox())!;
      // The button shares the title's row, inside the window; the other two take the row under it.
      expect(toggle.y).toBeLessThan(brand.y + brand.height);
      expect(toggle.y + toggle.height).toBeGreaterThan(brand.y);
      expect(toggle.x + toggle.width).toBeLessThanOrEqual(375);
      expect(actions.y).toBeGreaterThanOrEqual(brand.y + brand.height - 1);
      // The title shows whole at 375 px in every language (it gives way with an ellipsis only narrower).
      expect(await page.locator('.area-nav .brand-name').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await screenshot(page, `admin-bar/${lng}-375-rows`);
      await page.context().close();
    });
  }

  for (const lng of ['en', 'el', 'ru']) {
    it(`keeps the eleven accounting tabs on one row: whole at 1440 px, scrolled to the chosen one at 375 px (${lng})`, async () => {
      const page = await open(1440, lng);
      await page.goto(`/admin/accounting/vat-return?lng=${lng}`);
      const tabs = page.locator('.accounting-tabs > .ant-tabs-nav .ant-tabs-tab');
      await tabs.nth(10).waitFor();
      const row = async () => new Set((await Promise.all((await tabs.all()).map((tab) => tab.boundingBox()))).map((b) => Math.round(b!.y))).size;
      const wrap = page.locator('.accounting-tabs > .ant-tabs-nav .ant-tabs-nav-wrap');
      expect(await row()).toBe(1);
      // All eleven in view, nothing to scroll to, no overflow menu.
      expect(await wrap.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await page.locator('.accounting-tabs .ant-tabs-nav-more:visible').count()).toBe(0);
      await screenshot(page, `admin-bar/accounting-tabs-${lng}-1440`);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload();
      await tabs.nth(10).waitFor();
      expect(await row()).toBe(1);
      // The row scrolls sideways, not the page; the chosen tab (the eighth of eleven) is brought into it.
      expect(await wrap.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      const active = page.locator('.accounting-tabs .ant-tabs-tab-active');
      await expect.poll(async () => {
        const [tab, frame] = [(await active.boundingBox())!, (await wrap.boundingBox())!];
        return tab.x >= frame.x - 1 && tab.x + tab.width <= frame.x + frame.width + 1;
      }).toBe(true);
      await screenshot(page, `admin-bar/accounting-tabs-${lng}-375`);
      await page.context().close();
    });
  }
});
