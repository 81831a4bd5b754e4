import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, chooseOption, collectPageErrors, launchBrowser, MOBILE_WIDTH, expectMoreActions, newPage, rawKeyLeaks, rowAction, screenshot, signIn, loginAsAdmin } from '../../../test/browser';
import { createInvoice } from '../../../test/billing-fixtures';
import { testBackends } from '../../../test/db';
import { ADMIN, startTestServer, type TestServer } from '../../../test/server';

// Needs `npx vite build` first: the test server serves dist/web.
describe('admin billing screens in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const dialogs: string[] = [];
  /** The next confirm() is answered Cancel. */
  let dismissNext = false;

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000, publicFormsPerIp: 1000 } });
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    errors = collectPageErrors(page);
    // The spec's confirmations are the browser's own confirm(): record the text and accept.
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      if (dismissNext) void d.dismiss();
      else void d.accept();
      dismissNext = false;
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const toast = (text: string) => page.locator('.ant-message').getByText(text, { exact: true }).waitFor();
  const modal = () => page.locator('.ant-modal-wrap:visible .ant-modal').last();
  const pickOption = (inputSelector: string, search: string, option: string) => chooseOption(page, inputSelector, search, option);

  it('logs the superuser in to the overview', async () => {
    await loginAsAdmin(page, ADMIN);
    await page.getByText('Outstanding receivables').waitFor();
    await page.getByText('No payments yet.').waitFor();
    await page.getByRole('link', { name: 'Inbox' }).waitFor();
  });

  it('creates a product in the modal, with One Time as the default cycle', async () => {
    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await modal().getByText('Create Product').waitFor();
    expect(await modal().locator('.ant-select-content, .ant-select-selection-item').first().textContent()).toContain('One Time');
    await page.fill('#product_name', 'Professional plan');
    await page.fill('#product_price', '2000');
    await page.click('#product_billingCycle');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Monthly' }).click();
    await page.fill('#product_vatRate', '19');
    await modal().getByRole('button', { name: 'Save Changes' }).click();
    const row = page.locator('tr', { hasText: 'Professional plan' });
    await row.getByText('2.000,00 €').waitFor();
    await row.getByText('Monthly').waitFor();
  });

  it('creates a client and its login, showing the generated password once', async () => {
    await page.goto('/admin/clients');
    await page.getByRole('button', { name: 'Create Client' }).click();
    expect(await page.getAttribute('#client_email', 'type')).toBe('email');
    await page.fill('#client_name', 'Acme Ltd');
    await page.fill('#client_email', 'billing@acme.example');
    await page.fill('#client_phone', '+357 22 000000');
    await page.fill('#client_address', '1 Harbour Road, Limassol');
    await modal().getByRole('button', { name: 'Save Changes' }).click();
    const row = page.locator('tr', { hasText: 'Acme Ltd' });
    await row.getByText('billing@acme.example').waitFor();
    await rowAction(page, row, 'Create User');
    const password = (await page.getByTestId('generated-password').textContent())?.trim() ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    await modal().locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    // Once the client has a login, its More menu no longer offers one (the row is drawn again first).
    await row.getByTestId('row-more').waitFor();
    await expectMoreActions(page, row, ['Delete']);
    // The password works, and is temporary: a fresh browser signs in with it, must choose its own,
    // then reaches the portal.
    const other = await newPage(browser, server.url);
    await signIn(other.page, { username: 'billing@acme.example', password });
    await other.page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await other.page.getByLabel('Temporary password').fill(password);
    await other.page.getByLabel('New password', { exact: true }).fill(`${password}-own`);
    await other.page.getByLabel('Confirm new password').fill(`${password}-own`);
    await other.page.getByRole('button', { name: 'Save and continue' }).click();
    await other.page.waitForURL('**/portal/dashboard');
    await other.context.close();
  });

  it('creates a subscription, and asks for client and product first', async () => {
    await page.goto('/admin/subscriptions');
    await page.getByRole('button', { name: 'Create Subscription' }).click();
    await modal().getByRole('button', { name: 'Save Changes' }).click();
    await modal().getByText('Please select a client and a product.').waitFor();
    await pickOption('#subscription_clientId', 'Acme', 'Acme Ltd');
    await page.click('#subscription_productId');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Professional plan' }).click();
    expect(await page.isChecked('#subscription_autoGenerateInvoices')).toBe(true);
    await modal().getByRole('button', { name: 'Save Changes' }).click();
    const row = page.locator('tr', { hasText: 'Acme Ltd' });
    await row.getByText('Active').waitFor();
    expect(await row.locator('.ant-tag', { hasText: 'Active' }).getAttribute('class')).toContain('success');
  });

  it('issues an invoice with live totals, sends it by e-mail and marks it paid', async () => {
    await page.goto('/admin/invoices');
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await pickOption('#invoice_client', 'Acme', 'Acme Ltd');
    await page.fill('#invoice_items_0_description', 'Implementation services');
    await page.fill('#invoice_items_0_quantity', '2.5');
    await page.fill('#invoice_items_0_unitPrice', '0.33');
    await page.fill('#invoice_items_0_vatRate', '19');
    // 2.5 × 0.33 = 0.825 → 0.83 net; VAT 0.1577 → 0.16: the server's half-up per line.
    await page.getByTestId('total-gross').getByText('0,99 €').waitFor();
    await page.getByTestId('add-line').click();
    await page.fill('#invoice_items_1_description', 'Licence');
    await page.fill('#invoice_items_1_unitPrice', '2000');
    await page.fill('#invoice_items_1_vatRate', '19');
    await page.getByTestId('total-net').getByText('2.000,83 €').waitFor();
    await page.getByTestId('total-vat').getByText('380,16 €').waitFor();
    await page.getByTestId('total-gross').getByText('2.380,99 €').waitFor();
    await screenshot(page, 'admin-invoice-modal-en-1280');
    await modal().getByRole('button', { name: 'Save Changes' }).click();
    await toast('Invoice issued successfully!');
    const row = page.locator('.admin-page tbody tr', { hasText: '2.380,99 €' });
    await row.getByText('Unpaid').waitFor();

    // Send e-mails the client: it asks first, naming the invoice and the client, and Cancel sends nothing.
    const sends: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && (r.postData() ?? '').includes('SendInvoice')) sends.push(r.url());
    });
    dismissNext = true;
    await row.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => dialogs.at(-1)).toMatch(/^Send invoice 20\d\d-\d{6} to Acme Ltd by e-mail, with its PDF\?$/);
    await row.getByRole('button', { name: 'Send' }).click();
    await toast('Invoice sent successfully.');
    expect(sends).toHaveLength(1);
    await row.getByText('Sent').waitFor();
    const outbox = path.join(server.dataDir, 'outbox');
    const mail = await waitFor(() => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
      return files.map((f) => fs.readFileSync(path.join(outbox, f), 'utf8')).find((m) => m.includes('billing@acme.example') && /invoice/i.test(m));
    });
    expect(mail).toMatch(/application\/pdf/);

    await row.getByRole('button', { name: 'Mark as Paid' }).click();
    await toast('Invoice marked as paid!');
    await row.getByText('Paid', { exact: true }).waitFor();
  });

  it('generates the recurring invoice of the subscription and filters by status', async () => {
    await page.getByRole('button', { name: 'Generate Recurring Invoices' }).click();
    await toast('Invoice generation process started.');
    await page.getByText('2 invoices').waitFor();
    await page.locator('.admin-page tbody tr', { hasText: '2.380,00 €' }).waitFor();
    await page.click('[data-testid="status-filter"]');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Unpaid' }).click();
    await page.getByText('1 invoices').waitFor();
    expect(page.url()).toContain('status=unpaid');
    await page.goto('/admin/subscriptions');
    await page.locator('tr', { hasText: 'Acme Ltd' }).getByText('Invoiced').waitFor();
  });

  it('shows the client page with card, subscriptions, invoices newest first and the payment banner', async () => {
    await page.goto('/admin/clients');
    // The row opens the client on a click anywhere, and its name is a link to it (keyboard, new tab).
    const acme = page.getByRole('link', { name: 'Acme Ltd', exact: true });
    expect(await acme.getAttribute('href')).toMatch(/^\/admin\/clients\/[0-9a-f-]{36}$/);
    await page.locator('tr', { hasText: 'Acme Ltd' }).getByText('billing@acme.example').click();
    await page.waitForURL(/\/admin\/clients\/[0-9a-f-]{36}$/);
    await page.getByText('Member Since').waitFor();
    await page.getByTestId('client-subscriptions').getByText('Professional plan').waitFor();
    const invoices = page.getByTestId('client-invoices');
    await invoices.getByText('2.380,99 €').waitFor();
    expect(await invoices.locator('tbody tr.ant-table-row').count()).toBe(2);
    await page.goto(`${page.url()}?payment=cancelled`);
    await page.getByText('Payment was cancelled.').waitFor();
    await page.goto(page.url().replace('cancelled', 'success'));
    await page.getByText('Payment successful!').waitFor();
    expect(await billingLeaks(page)).toEqual([]);
  });

  it('shows an invoice’s history and deletes the invoice after the spec’s confirmation', async () => {
    await page.goto('/admin/invoices');
    const row = page.locator('.admin-page tbody tr', { hasText: '2.380,99 €' });
    await rowAction(page, row, 'History');
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.locator('.ant-timeline-item').nth(2).waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'admin-invoice-history-en-1280');
    await drawer.locator('.ant-drawer-close').click();
    const generated = page.locator('.admin-page tbody tr', { hasText: '2.380,00 €' });
    await rowAction(page, generated, 'Delete');
    await generated.waitFor({ state: 'detached' });
    expect(dialogs).toContain('Are you sure you want to delete this invoice?');
    await page.getByText('1 invoices').waitFor();
  });

  it('deletes a product after the spec’s confirmation', async () => {
    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await page.fill('#product_name', 'Throwaway');
    await page.fill('#product_price', '1');
    await modal().getByRole('button', { name: 'Save Changes' }).click();
    const row = page.locator('tr', { hasText: 'Throwaway' });
    // Delete is under the row's More menu, not a red button on every row.
    await row.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    await rowAction(page, row, 'Delete');
    await row.waitFor({ state: 'detached' });
    expect(dialogs).toContain('Are you sure you want to delete this product?');
    await page.goto('/admin/overview-does-not-exist');
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.getByText('Outstanding receivables').waitFor();
    expect(await page.getByTestId('overdue-count').textContent()).toContain('Overdue invoices: 0');
  });

  it('works through the inbox: a contact message and a demo request marked handled', async () => {
    const visitor = server.client();
    expect((await visitor.post('/api/contact/', { name: 'Vera Visitor', email: 'vera@example.com', subject: 'Pricing question', message: 'Do you offer NGO pricing?' })).status).toBe(201);
    expect((await visitor.post('/api/demo-request/', { name: 'Dan Demo', email: 'dan@example.com', company: 'Dan Ltd', date: '2099-01-05', time: '10:00' })).status).toBe(201);
    await page.goto('/admin/inbox');
    const contact = page.getByTestId('contact-messages');
    const row = contact.locator('tr', { hasText: 'Pricing question' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Mark as handled' }).click();
    await toast('Marked as handled.');
    await row.waitFor({ state: 'detached' });
    await contact.getByText('No contact messages.').waitFor();
    await page.getByRole('tab', { name: /Demo requests/ }).click();
    await page.getByTestId('demo-requests').locator('tr', { hasText: 'Dan Ltd' }).waitFor();
    await page.getByText('Handled', { exact: true }).click();
    await page.getByRole('tab', { name: /Contact messages/ }).click();
    await contact.locator('tr', { hasText: 'Pricing question' }).getByRole('button', { name: 'Mark as unhandled' }).waitFor();
  });

  it('pays an invoice from the client page through the simulated checkout, after a cancelled try', async () => {
    const clientUrl = await clientPageUrl(page);
    await createInvoice(server.runtime.deps, clientUrl.split('/').pop()!, 120, '2026-10-01', '2026-10-15');
    await page.goto(clientUrl);
    const row = page.getByTestId('client-invoices').locator('tr', { hasText: '120,00 €' });
    await rowAction(page, row, 'Pay by card');
    await page.waitForURL('**/simulated-checkout/**');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((u) => u.pathname === clientUrl && u.searchParams.get('payment') === 'cancelled');
    await page.getByText('Payment was cancelled.').waitFor();
    await row.getByText('Unpaid').waitFor();
    await rowAction(page, row, 'Pay by card');
    await page.waitForURL('**/simulated-checkout/**');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((u) => u.pathname === clientUrl && u.searchParams.get('payment') === 'success');
    await page.getByText('Payment successful!').waitFor();
    await row.getByText('Paid', { exact: true }).waitFor();
    await page.goto('/admin');
    await page.locator('tr', { hasText: '120,00 €' }).getByText('Card (Stripe)').waitFor();
  });

  it('takes screenshots of every screen at 1280 and 375 px, and in Greek and Russian', async () => {
    const screens = ['/admin', '/admin/clients', '/admin/products', '/admin/subscriptions', '/admin/invoices', '/admin/inbox', '/admin/settings'];
    const clientUrl = await clientPageUrl(page);
    const violations: string[] = [];
    for (const width of [1280, MOBILE_WIDTH]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 740 });
      for (const url of [...screens, clientUrl]) {
        await page.goto(url);
        await settled(page);
        const name = url === clientUrl ? 'client-detail' : url.split('/').pop() || 'overview';
        await screenshot(page, `admin-${name === 'admin' ? 'overview' : name}-en-${width}`);
        if (width === 1280) violations.push(...(await axeViolations(page)).map((v) => `${url}: ${v.id} ${v.help} ${v.nodes.map((n) => n.html).join(' | ')}`));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${url} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
      }
    }
    expect(violations).toEqual([]);
    // The line-item modal fits a phone: its table scrolls inside, the page never does.
    await page.goto('/admin/invoices');
    await settled(page);
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await page.getByTestId('add-line').waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'admin-invoice-modal-en-375');
    const modalBox = await modal().boundingBox();
    expect(modalBox!.x).toBeGreaterThanOrEqual(0);
    expect(modalBox!.x + modalBox!.width).toBeLessThanOrEqual(MOBILE_WIDTH);
    await modal().getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const lng of ['el', 'ru']) {
      for (const url of ['/admin/invoices', clientUrl, '/admin/subscriptions']) {
        await page.goto(`${url}?lng=${lng}`);
        await settled(page);
        expect(await billingLeaks(page)).toEqual([]);
        await screenshot(page, `admin-${url === clientUrl ? 'client-detail' : url.split('/').pop()}-${lng}-1280`);
      }
    }
    await page.goto('/admin?lng=en');
    expect(errors).toEqual([]);
  });
});

const clientPageUrl = async (page: Page): Promise<string> => {
  await page.goto('/admin/clients');
  await page.locator('tr', { hasText: 'Acme Ltd' }).getByText('billing@acme.example').click();
  await page.waitForURL(/\/admin\/clients\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
};

/** The screen is drawn, its data loaded and no spinner (or its fade) is left over. */
const settled = async (page: Page) => {
  await page.locator('.admin-page').waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('.ant-spin-spinning, .ant-spin-blur, .ant-skeleton').first().waitFor({ state: 'detached' });
  await page.waitForTimeout(300);
};

/** Raw keys of the billing screens (other areas' in-progress keys are their tests' business). */
const billingLeaks = async (page: Page) =>
  (await rawKeyLeaks(page)).filter((k) => /^(admin\.(overview|clients|products|subscriptions|invoices|inbox|settings|fields|validation)|enum|buttons)\./.test(k.replace(/^\w+=/, '')));

const waitFor = async <T>(probe: () => T | undefined, timeoutMs = 15_000): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
};
