import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, collectPageErrors, DESKTOP_WIDTH, launchBrowser, listItem, MOBILE_WIDTH, rawKeyLeaks, rowAction, screenshot, signedInPage } from '../../../test/browser';
import { testBackends } from '../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../test/server';

const LANGUAGES = ['en', 'el', 'ru'] as const;
const WIDTHS = [DESKTOP_WIDTH, MOBILE_WIDTH] as const;

// Needs `npm run build` first: the test server serves dist/web.
describe('payment reminders in Chromium: the schedule in Settings, the client checkbox, the history', () => {
  let server: TestServer;
  let browser: Browser;
  let api: TestClient;
  let clientId: string;
  let invoiceId: string;
  let now = new Date('2027-03-01T09:00:00Z');

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 }, clock: () => now });
    api = server.client();
    await api.login();
    clientId = (await api.post('/api/clients/', { name: 'Ελληνική Εταιρεία', email: 'logistirio@example.gr', language: 'el' })).body.id;
    const invoice = await api.post('/api/invoices/', { client: clientId, date: '2027-03-01', due_date: '2027-03-15', items: [{ description: 'Professional', quantity: 1, unit_price: 1000, vat_rate: 19 }] });
    invoiceId = invoice.body.id;
    expect((await api.post(`/api/invoices/${invoiceId}/send/`)).status).toBe(200);
    now = new Date('2027-03-12T09:00:00Z');
    expect((await server.runtime.services.billing.reminders.run()).sent).toBe(1);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const adminPage = async (width: number) => {
    const opened = await signedInPage(browser, server.url, ADMIN, { width });
    opened.page.setDefaultTimeout(60_000);
    return { ...opened, errors: collectPageErrors(opened.page) };
  };

  it('edits the schedule as days around the due date, refuses what the domain refuses, and saves it', async () => {
    const { context, page, errors } = await adminPage(DESKTOP_WIDTH);
    await page.goto('/admin/settings');
    const field = page.locator('.ant-form-item', { hasText: 'Reminder schedule' });
    for (const tag of ['3 days before', '1 day after', '7 days after', '14 days after']) await field.getByText(tag, { exact: true }).waitFor();
    await field.locator('.ant-tag', { hasText: '14 days after' }).locator('.ant-tag-close-icon').click();
    const input = field.locator('input');
    await input.fill('30');
    await input.press('Enter');
    await input.fill('400');
    await input.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await field.getByText('Each reminder is from -60 to 365 days from the due date.').waitFor();
    await screenshot(page, 'reminders/settings-refused-en-1280');
    await field.locator('.ant-tag', { hasText: '400' }).locator('.ant-tag-close-icon').click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Company information saved.').waitFor();
    expect((await api.graphql('{ companySettings { reminderDays } }')).body.data.companySettings.reminderDays).toEqual([-3, 1, 7, 30]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('excludes a client from reminders with the form checkbox, keeping its language', async () => {
    const { context, page, errors } = await adminPage(MOBILE_WIDTH);
    await page.goto('/admin/clients?lng=el');
    await listItem(page, 'Ελληνική Εταιρεία').getByRole('button', { name: 'Επεξεργασία' }).click();
    const modal = page.locator('.ant-modal:visible');
    await modal.getByText('Ελληνικά', { exact: true }).waitFor();
    const checkbox = modal.getByRole('checkbox', { name: 'Να μην αποστέλλονται υπενθυμίσεις πληρωμής' });
    expect(await checkbox.isChecked()).toBe(false);
    await checkbox.check();
    await screenshot(page, 'reminders/client-form-checked-el-375');
    await modal.getByRole('button', { name: 'Αποθήκευση αλλαγών' }).click();
    await modal.waitFor({ state: 'hidden' });
    const saved = (await api.get(`/api/clients/${clientId}/`)).body;
    expect(saved).toMatchObject({ reminders_excluded: true, language: 'el' });
    await page.goto(`/admin/clients/${clientId}?lng=el`);
    await page.getByTestId('client-reminders').getByText('Δεν αποστέλλονται (εξαίρεση)').waitFor();
    await screenshot(page, 'reminders/client-card-excluded-el-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the reminder in the invoice history', async () => {
    const { context, page, errors } = await adminPage(DESKTOP_WIDTH);
    await page.goto('/admin/invoices?lng=el');
    await rowAction(page, listItem(page, 'Ελληνική Εταιρεία'), 'Ιστορικό');
    const drawer = page.locator('.ant-drawer:visible');
    const reminder = drawer.getByTestId('history-event').filter({ hasText: 'Στάλθηκε υπενθύμιση πληρωμής' });
    await reminder.waitFor();
    expect(await reminder.innerText()).toContain('3 ημέρες πριν');
    expect(await reminder.innerText()).toContain('από τον αυτόματο προγραμματισμό');
    await page.waitForTimeout(400);
    await screenshot(page, 'reminders/history-el-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(LANGUAGES)('reads well in %s at 1280 and 375 px: settings, client form, history', async (lng) => {
    for (const width of WIDTHS) {
      const { context, page, errors } = await adminPage(width);
      await page.goto(`/admin/settings?lng=${lng}`);
      await page.locator('.ant-select-selection-item, .ant-tag').first().waitFor();
      await page.waitForTimeout(300);
      expect(await rawKeyLeaks(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `reminders/settings-${lng}-${width}`);

      await page.goto(`/admin/clients/${clientId}?lng=${lng}`);
      await page.getByTestId('client-reminders').waitFor();
      await screenshot(page, `reminders/client-card-${lng}-${width}`);
      await page.goto(`/admin/clients?lng=${lng}`);
      await listItem(page, 'Ελληνική Εταιρεία').locator('button').first().click();
      const modal = page.locator('.ant-modal:visible');
      await modal.getByRole('checkbox').waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, `reminders/client-form-top-${lng}-${width}`);
      await modal.getByRole('checkbox').scrollIntoViewIfNeeded();
      expect(await rawKeyLeaks(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `reminders/client-form-${lng}-${width}`);

      await page.goto(`/admin/invoices?lng=${lng}`);
      // History is under the row's (or card's) More menu, whatever the language calls it.
      await listItem(page, 'Ελληνική Εταιρεία').getByTestId('row-more').click();
      await page.locator('.ant-dropdown-menu:visible .ant-dropdown-menu-item:has(.anticon-history)').click();
      await page.locator('.ant-drawer:visible').getByTestId('history-event').nth(2).waitFor();
      await page.waitForTimeout(400);
      expect(await rawKeyLeaks(page)).toEqual([]);
      await screenshot(page, `reminders/history-${lng}-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
