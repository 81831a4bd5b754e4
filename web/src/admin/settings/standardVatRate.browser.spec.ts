import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin } from '../../../../test/billing-fixtures';
import { axeViolations, collectPageErrors, launchBrowser, MOBILE_WIDTH, newPage, rawKeyLeaks, screenshot, loginAsAdmin } from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestServer } from '../../../../test/server';

// Needs `npm run build` first: the test server serves dist/web.
// Issue 24 item 4: new products and invoice lines start with the company's standard VAT rate
// (19 % for the sample company), and a rate the user typed is never overwritten.
const SCREENS = 'issue-24b';

describe('standard VAT rate in the admin forms in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    await createClientWithLogin(server.runtime.deps, 'Rate Holdings');
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    page.setDefaultTimeout(60_000);
    errors = collectPageErrors(page);
    await loginAsAdmin(page, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const modal = () => page.locator('.ant-modal-wrap:visible .ant-modal').last();
  const value = (selector: string) => page.locator(selector).inputValue();
  const settled = async () => {
    await page.locator('.admin-page').waitFor();
    await page.waitForLoadState('networkidle');
    await page.locator('.ant-spin-spinning, .ant-skeleton').first().waitFor({ state: 'detached' });
  };
  const openCreateProduct = async () => {
    await page.goto('/admin/products');
    await settled();
    await page.getByRole('button', { name: 'Create Product' }).click();
    await modal().getByText('Create Product').waitFor();
  };
  const openCreateInvoice = async () => {
    await page.goto('/admin/invoices');
    await settled();
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await page.locator('#invoice_items_0_vatRate').waitFor();
  };

  it("starts a new product at the company's 19 % and keeps a rate typed over it", async () => {
    await openCreateProduct();
    await page.waitForFunction(() => (document.querySelector('#product_vatRate') as HTMLInputElement | null)?.value === '19.00');
    await page.fill('#product_name', 'Reduced-rate handbook');
    await page.fill('#product_price', '40');
    await page.fill('#product_vatRate', '5');
    await modal().getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('tr', { hasText: 'Reduced-rate handbook' }).getByText('5 %').waitFor();
    await page.getByRole('button', { name: 'Create Product' }).click();
    await page.fill('#product_name', 'Standard licence');
    await page.fill('#product_price', '100');
    expect(await value('#product_vatRate')).toBe('19.00');
    await modal().getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('tr', { hasText: 'Standard licence' }).getByText('19 %').waitFor();
  });

  it('starts every new invoice line at 19 %, never touching a line whose rate was typed', async () => {
    await openCreateInvoice();
    expect(await value('#invoice_items_0_vatRate')).toBe('19.00');
    await page.fill('#invoice_items_0_description', 'Books');
    await page.fill('#invoice_items_0_unitPrice', '100');
    await page.fill('#invoice_items_0_vatRate', '5');
    await page.getByTestId('add-line').click();
    await page.fill('#invoice_items_1_description', 'Licence');
    await page.fill('#invoice_items_1_unitPrice', '100');
    expect(await value('#invoice_items_1_vatRate')).toBe('19.00');
    expect(await value('#invoice_items_0_vatRate')).toBe('5.00');
    await page.getByTestId('total-vat').getByText('24,00 €').waitFor();
    await screenshot(page, `${SCREENS}/invoice-lines-standard-rate-en-1280`);
    await modal().getByRole('button', { name: 'Cancel' }).click();
  });

  it('takes a rate changed in Settings for the next product and line', async () => {
    await page.goto('/admin/settings');
    await settled();
    expect(await value('#company-settings_standardVatRate')).toBe('19.00');
    await page.fill('#company-settings_standardVatRate', '24');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('.ant-message').getByText('Company information saved.').waitFor();
    await openCreateProduct();
    await page.waitForFunction(() => (document.querySelector('#product_vatRate') as HTMLInputElement | null)?.value === '24.00');
    await modal().getByRole('button', { name: 'Cancel' }).click();
    await openCreateInvoice();
    await page.waitForFunction(() => (document.querySelector('#invoice_items_0_vatRate') as HTMLInputElement | null)?.value === '24.00');
    await modal().getByRole('button', { name: 'Cancel' }).click();
  });

  it('asks for a rate in Settings rather than saving none', async () => {
    await page.goto('/admin/settings');
    await settled();
    await page.fill('#company-settings_standardVatRate', '');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('#company-settings_standardVatRate_help').getByText('This field is required.').waitFor();
    await page.fill('#company-settings_standardVatRate', '24');
  });

  it('fills the rate in when it arrives after the form opened, keeping what was typed meanwhile', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: Route) => {
      if (route.request().postDataJSON()?.operationName === 'StandardVatRate') await held;
      await route.continue();
    };
    await page.route('**/graphql', hold);
    try {
      // Not settled(): the held query keeps the network busy.
      await page.goto('/admin/invoices');
      await page.getByRole('button', { name: 'Create Invoice' }).click();
      await page.locator('#invoice_items_0_vatRate').waitFor();
      expect(await value('#invoice_items_0_vatRate')).toBe('');
      await page.fill('#invoice_items_0_vatRate', '7');
      await page.getByTestId('add-line').click();
      expect(await value('#invoice_items_1_vatRate')).toBe('');
      release();
      await page.waitForFunction(() => (document.querySelector('#invoice_items_1_vatRate') as HTMLInputElement | null)?.value === '24.00');
      expect(await value('#invoice_items_0_vatRate')).toBe('7.00');
      await modal().getByRole('button', { name: 'Cancel' }).click();
    } finally {
      release();
      await page.unroute('**/graphql', hold);
    }
  });

  it.each(['en', 'el', 'ru'])('%s at 375 px: Save pressed at the foot of the settings with the name emptied brings the name into view, below the header, with the cursor in it', async (lng) => {
    await page.setViewportSize({ width: MOBILE_WIDTH, height: 740 });
    try {
      await page.goto(`/admin/settings?lng=${lng}`);
      await settled();
      const name = page.locator('#company-settings_name');
      await name.fill('');
      const save = page.locator('form#company-settings button[type=submit]');
      await save.scrollIntoViewIfNeeded();
      // The name is out of sight above the window when Save is pressed.
      expect((await name.boundingBox())!.y + 32).toBeLessThan(0);
      await save.click();
      await page.locator('.ant-form-item', { has: name }).locator('.ant-form-item-explain-error').waitFor();
      await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
      const header = await page.evaluate(() => Math.max(0, ...Array.from(document.querySelectorAll('header')).map((h) => (getComputedStyle(h).position === 'sticky' || getComputedStyle(h).position === 'fixed' ? h.getBoundingClientRect().bottom : 0))));
      await expect.poll(async () => (await name.boundingBox())!.y).toBeGreaterThanOrEqual(header);
      expect((await name.boundingBox())!.y + 32).toBeLessThanOrEqual(740);
      await screenshot(page, `${SCREENS}/settings-first-error-${lng}-375`);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it.each(['en', 'el', 'ru'])('shows the settings field and the forms in %s at 1280 and 375 px', async (lng) => {
    for (const width of [1280, MOBILE_WIDTH]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 740 });
      await page.goto(`/admin/settings?lng=${lng}`);
      await settled();
      await page.locator('#company-settings_standardVatRate').waitFor();
      expect(await rawKeyLeaks(page)).toEqual([]);
      if (width === 1280) expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await screenshot(page, `${SCREENS}/settings-standard-rate-${lng}-${width}`);
      await page.goto(`/admin/products?lng=${lng}`);
      await settled();
      await page.locator('.admin-page-header button.ant-btn-primary, .admin-page button.ant-btn-primary').first().click();
      await page.waitForFunction(() => (document.querySelector('#product_vatRate') as HTMLInputElement | null)?.value === '24.00');
      // The modal's opening animation.
      await page.waitForTimeout(500);
      await screenshot(page, `${SCREENS}/product-form-standard-rate-${lng}-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin?lng=en');
    expect(errors).toEqual([]);
  });
});
