import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, chooseOption, collectPageErrors, DESKTOP_WIDTH, launchBrowser, listItem, MOBILE_WIDTH, rawKeyLeaks, rowAction, screenshot, settled, sidewaysScroll, signedInPage } from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../../test/server';

const LINES = `query($clientId: ID) { invoices(clientId: $clientId) { items { id invoiceNumber items { description productId unitPrice vatRate } } } }`;
const CREATE_PRODUCT = `mutation($input: ProductInput!) { createProduct(input: $input) { id } }`;

// Needs `npm run build` first: the test server serves dist/web.
describe('an invoice line names the catalogue product it sells, in Chromium', () => {
  let server: TestServer;
  let admin: TestClient;
  let browser: Browser;
  let audit: string;
  let acme: string;
  let liberty: string;

  const modal = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal').last();
  const value = (page: Page, id: string) => page.locator(id).inputValue();
  const linesOf = async (clientId: string) =>
    (await admin.graphql(LINES, { clientId })).body.data.invoices.items as Array<{ id: string; invoiceNumber: string; items: Array<{ description: string; productId: string | null; unitPrice: number; vatRate: number }> }>;

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    admin = server.client();
    await admin.login();
    const made = await admin.graphql(CREATE_PRODUCT, { input: { name: 'GRC audit', price: 1250.5, billingCycle: 'one_time', vatRate: 24 } });
    expect(made.body.errors, JSON.stringify(made.body)).toBeUndefined();
    audit = made.body.data.createProduct.id;
    expect((await admin.graphql(CREATE_PRODUCT, { input: { name: 'Policy handbook', price: 40, billingCycle: 'one_time', vatRate: 0 } })).body.errors).toBeUndefined();
    acme = (await admin.post('/api/clients/', { name: 'Acme Ltd', email: 'ap@acme.example', country: 'DE' })).body.id;
    const usd = await admin.post('/api/clients/', { name: 'Liberty Analytics Inc.', email: 'ap@liberty.example', country: 'US', currency: 'USD' });
    expect(usd.status, usd.text).toBe(201);
    liberty = usd.body.id;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('fills a line from the product chosen, keeps the product when the description changes, and saves it on create and on edit (en, 1280 px)', async () => {
    const { context, page } = await signedInPage(browser, server.url, ADMIN, { width: DESKTOP_WIDTH });
    const errors = collectPageErrors(page);
    await page.goto('/admin/invoices?lng=en');
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await chooseOption(page, '#invoice_client', 'Acme', 'Acme Ltd');
    await modal(page).getByRole('columnheader', { name: 'Product and description' }).waitFor();
    await chooseOption(page, '#invoice_items_0_productId', 'GRC', 'GRC audit');
    expect(await value(page, '#invoice_items_0_description')).toBe('GRC audit');
    expect(await value(page, '#invoice_items_0_unitPrice')).toBe('1250.50');
    expect(await value(page, '#invoice_items_0_vatRate')).toBe('24.00');
    await page.getByTestId('total-gross').getByText('1.550,62 €').waitFor();
    // The description is the user's to change; the line still sells the product.
    await page.fill('#invoice_items_0_description', 'GRC audit, March');
    await modal(page).locator('.ant-select', { has: page.locator('#invoice_items_0_productId') }).getByTitle('GRC audit').waitFor();
    // A line without a product works as before.
    await page.getByTestId('add-line').click();
    await page.fill('#invoice_items_1_description', 'Travel');
    await page.fill('#invoice_items_1_unitPrice', '100');
    await page.fill('#invoice_items_1_vatRate', '24');
    await page.getByTestId('total-gross').getByText('1.674,62 €').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await rawKeyLeaks(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'product-line/invoice-product-en-1280');
    await modal(page).getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('.ant-message').getByText('Invoice issued successfully!', { exact: true }).waitFor();

    const [created] = await linesOf(acme);
    expect(created!.items).toEqual([
      { description: 'GRC audit, March', productId: audit, unitPrice: 1250.5, vatRate: 24 },
      { description: 'Travel', productId: null, unitPrice: 100, vatRate: 24 },
    ]);

    // Editing the draft loads the product back, and saving keeps it.
    const row = listItem(page, created!.invoiceNumber);
    await row.waitFor();
    await rowAction(page, row, 'Edit');
    await modal(page).locator('.ant-select', { has: page.locator('#invoice_items_0_productId') }).getByTitle('GRC audit').waitFor();
    await page.fill('#invoice_items_1_unitPrice', '120');
    await modal(page).getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('.ant-message').getByText('Invoice saved.', { exact: true }).waitFor();
    const [edited] = await linesOf(acme);
    expect(edited!.items.map((i) => [i.productId, i.unitPrice])).toEqual([
      [audit, 1250.5],
      [null, 120],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("credits a line with the product it sold: the credit note's line keeps it (en, 1280 px)", async () => {
    const [invoice] = await linesOf(acme);
    expect((await admin.post(`/api/invoices/${invoice!.id}/send/`)).status).toBe(200);
    const { context, page } = await signedInPage(browser, server.url, ADMIN, { width: DESKTOP_WIDTH });
    const errors = collectPageErrors(page);
    await page.goto('/admin/invoices?lng=en');
    const row = listItem(page, invoice!.invoiceNumber);
    await row.waitFor();
    await rowAction(page, row, 'Issue credit note');
    const dialog = modal(page);
    await dialog.locator('#creditNote_reason').fill('Audit postponed');
    const first = dialog.getByTestId('credit-note-pick').getByRole('checkbox').first();
    await first.click();
    await expect.poll(() => first.isChecked()).toBe(true);
    // The invoice's line as it was: its product shown in the line editor.
    await dialog.locator('.ant-select', { has: page.locator('#creditNote_items_0_productId') }).getByTitle('GRC audit').waitFor();
    expect(await value(page, '#creditNote_items_0_description')).toBe('GRC audit, March');
    await settled(page);
    await screenshot(page, 'product-line/credit-note-product-en-1280');
    await dialog.getByRole('button', { name: 'Issue credit note' }).click();
    await page.locator('.ant-message').getByText(/^Credit note \S+ issued\.$/).waitFor();
    const notes = await admin.graphql('query($id: ID) { creditNotes(invoiceId: $id) { items { description productId } } }', { id: invoice!.id });
    expect(notes.body.data.creditNotes).toEqual([{ items: [{ description: 'GRC audit, March', productId: audit }] }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves the price of a product to the user on an invoice in dollars: the catalogue is in euros (el, 375 px)', async () => {
    const { context, page } = await signedInPage(browser, server.url, ADMIN, { width: MOBILE_WIDTH, locale: 'el-GR' });
    const errors = collectPageErrors(page);
    await page.goto('/admin/invoices?lng=el');
    await page.getByTestId('admin-invoices').locator('button.ant-btn-primary').first().click();
    await chooseOption(page, '#invoice_client', 'Liberty', 'Liberty Analytics Inc.');
    await page.getByTestId('currency-hint').waitFor();
    await chooseOption(page, '#invoice_items_0_productId', 'GRC', 'GRC audit');
    expect(await value(page, '#invoice_items_0_description')).toBe('GRC audit');
    expect(await value(page, '#invoice_items_0_unitPrice')).toBe('');
    expect(await value(page, '#invoice_items_0_vatRate')).toBe('24.00');
    expect(await page.getByTestId('product-price-note').textContent()).toBe(
      'Οι τιμές του καταλόγου είναι σε ευρώ: το προϊόν συμπληρώνει την περιγραφή και τον συντελεστή ΦΠΑ της γραμμής του, ενώ η τιμή πληκτρολογείται σε USD.',
    );
    await page.fill('#invoice_items_0_unitPrice', '1400');
    await modal(page).getByRole('columnheader', { name: 'Προϊόν και περιγραφή' }).waitFor();
    // The line table scrolls in its own box; the page does not.
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await rawKeyLeaks(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'product-line/invoice-product-usd-el-375');
    // Cleared, the product goes; what it filled in stays.
    await modal(page).locator('.ant-select', { has: page.locator('#invoice_items_0_productId') }).hover();
    await modal(page).locator('.ant-select', { has: page.locator('#invoice_items_0_productId') }).locator('.ant-select-clear').click();
    await page.getByTestId('product-price-note').waitFor({ state: 'detached' });
    expect(await value(page, '#invoice_items_0_description')).toBe('GRC audit');
    expect(await linesOf(liberty)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
