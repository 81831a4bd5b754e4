import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, collectPageErrors, launchBrowser, loginAsAdmin, newPage, screenshot } from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestServer } from '../../../../test/server';

// Needs `npx vite build` first: the test server serves dist/web.
describe('the invoice line editor says the amount bounds before saving, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    errors = collectPageErrors(page);
    await loginAsAdmin(page, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const field = (id: string) => page.locator(`.ant-form-item:has(#${id})`).locator('.ant-form-item-explain');

  it('refuses the finding\'s line, a line above the bound, and reads in en, el and ru', async () => {
    for (const [lng, price, line] of [
      ['en', 'Enter at most 1.000.000.000,00 €.', "A line's amount with VAT cannot exceed 1.000.000.000,00 €."],
      ['el', 'Εισαγάγετε το πολύ 1.000.000.000,00 €.', 'Το ποσό μιας γραμμής με ΦΠΑ δεν μπορεί να υπερβαίνει τα 1.000.000.000,00 €.'],
      ['ru', 'Введите не более 1.000.000.000,00 €.', 'Сумма строки с НДС не может превышать 1.000.000.000,00 €.'],
    ] as const) {
      await page.goto(`/admin/invoices?lng=${lng}`);
      // Create Invoice, whatever the language calls it: the page's one primary button.
      await page.getByTestId('admin-invoices').locator('button.ant-btn-primary').first().click();
      await page.locator('#invoice_items_0_unitPrice').waitFor();
      await page.fill('#invoice_items_0_description', 'Licences');
      await page.fill('#invoice_items_0_quantity', '1000');
      await page.fill('#invoice_items_0_unitPrice', '99999999999.99');
      await page.fill('#invoice_items_0_vatRate', '19');
      await field('invoice_items_0_unitPrice').getByText(price).waitFor();
      await page.fill('#invoice_items_0_unitPrice', '1000000');
      await field('invoice_items_0_unitPrice').getByText(line).waitFor();
      await page.fill('#invoice_items_0_quantity', '1000001');
      await field('invoice_items_0_quantity').getByText(/1\.000\.000\.$/).waitFor();
      expect(await axeViolations(page), lng).toEqual([]);
      await screenshot(page, `admin-invoice-line-bounds-${lng}-1280`);
      // Within the bound the messages go.
      await page.fill('#invoice_items_0_quantity', '1');
      await page.fill('#invoice_items_0_unitPrice', '1000000');
      await page.locator('.ant-modal-wrap:visible .ant-form-item-explain-error').first().waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await page.locator('.ant-modal-wrap:visible').waitFor({ state: 'detached' });
    }
    expect(errors).toEqual([]);
  });
});
