import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launchBrowser, listItem, MOBILE_WIDTH, newPage, screenshot, loginAsAdmin } from '../../../test/browser';
import { testBackends } from '../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../test/server';

// Needs `npm run build` first: the test server serves dist/web.
describe('admin billing details in Chromium: cancelled subscriptions, the standard VAT rate', () => {
  let server: TestServer;
  let browser: Browser;
  let api: TestClient;
  let clientId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    api = server.client();
    await api.login();
    clientId = (await api.post('/api/clients/', { name: 'Delta Ltd', email: 'billing@delta.example' })).body.id;
    const plan = (await api.post('/api/products/', { name: 'Professional plan', price: 2000, billing_cycle: 'monthly', vat_rate: 19 })).body.id;
    const support = (await api.post('/api/products/', { name: 'Support plan', price: 300, billing_cycle: 'monthly', vat_rate: 19 })).body.id;
    ids.active = (await api.post('/api/subscriptions/', { client: clientId, product: plan, start_date: '2026-01-01', auto_generate_invoices: false })).body.id;
    ids.cancelled = (await api.post('/api/subscriptions/', { client: clientId, product: support, start_date: '2026-01-01', status: 'cancelled' })).body.id;
    ids.plan = plan;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const adminPage = async (width?: number) => {
    const opened = await newPage(browser, server.url, { width });
    opened.page.setDefaultTimeout(60_000);
    const dialogs: string[] = [];
    opened.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await loginAsAdmin(opened.page, ADMIN);
    return { ...opened, dialogs, errors: collectPageErrors(opened.page) };
  };
  const row = (page: Page, text: string) => listItem(page.locator('.admin-page'), text);

  it('offers no invoicing for a cancelled subscription, and says so in Greek when it was cancelled meanwhile', async () => {
    const { context, page, dialogs } = await adminPage(MOBILE_WIDTH);
    await page.goto('/admin/subscriptions?lng=el');
    await row(page, 'Support plan').getByText('Ακυρωμένη').waitFor();
    expect(await row(page, 'Support plan').getByTestId('create-subscription-invoice').count()).toBe(0);
    const invoice = row(page, 'Professional plan').getByTestId('create-subscription-invoice');
    await invoice.waitFor();
    // Cancelled by someone else while this screen still shows it active.
    const put = await api.put(`/api/subscriptions/${ids.active}/`, { client: clientId, product: ids.plan, start_date: '2026-01-01', status: 'cancelled', auto_generate_invoices: false });
    expect(put.status).toBe(200);
    await invoice.click();
    expect(dialogs).toHaveLength(1);
    await page.locator('.ant-message').getByText('Η συνδρομή έχει ακυρωθεί· δεν τιμολογείται πλέον.', { exact: true }).waitFor();
    await screenshot(page, 'issue-24/subscriptions-cancelled-refused-el-375');
    expect((await api.get(`/api/invoices/?client=${clientId}`)).body).toHaveLength(0);
    await context.close();
  });
});
