import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, collectPageErrors, launchBrowser, MOBILE_WIDTH, newPage, rawKeyLeaks, screenshot, loginAsAdmin } from '../../../test/browser';
import { createClientWithLogin, createInvoice } from '../../../test/billing-fixtures';
import { testBackends } from '../../../test/db';
import { ADMIN, startTestServer, type TestServer, type TestClient } from '../../../test/server';
import { SimulatedCheckoutGateway } from '../../../api/payments/simulated-gateway';
import { addDays } from '../../../domain/shared/dates';

// Needs `npm run build` first: the test server serves dist/web.
describe('payment alerts in the admin inbox in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let client: Awaited<ReturnType<typeof createClientWithLogin>>;
  const inv: Record<'cancelled' | 'deleted', { id: string; invoice_number: string }> = {} as never;
  /** Moves the server's clock (the simulated card network's too) back, to pay on an earlier day. */
  let clockShiftMs = 0;

  // Paid through the simulated checkout, so the payment is a card charge the simulated Stripe can refund.
  const payByCard = async (invoiceId: string, beforePaying: () => Promise<void>) => {
    const visitor = server.client();
    const session = await visitor.agent.post(`/api/invoices/${invoiceId}/create-checkout-session/`).send({});
    expect(session.status).toBe(200);
    await beforePaying();
    expect((await visitor.agent.post(`/simulated-checkout/${session.body.sessionId}/pay`).redirects(0)).status).toBe(303);
  };

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { clock: () => new Date(Date.now() + clockShiftMs), limits: { loginPerIp: 1000, loginPerUsername: 1000, publicFormsPerIp: 1000 } });
    const admin: TestClient = server.client();
    await admin.login();
    client = await createClientWithLogin(server.runtime.deps, 'Late Payer Ltd');
    // Cancelled by a full credit note while the client sat on the checkout page.
    const cancelled = await createInvoice(server.runtime.deps, client.id, 70);
    await server.runtime.services.billing.invoices.send(cancelled.id, 'test');
    await payByCard(cancelled.id, async () => {
      expect((await admin.post(`/api/invoices/${cancelled.id}/credit-notes/`, { reason: 'Order cancelled' })).status).toBe(201);
    });
    // A draft deleted after its pay link was opened.
    const deleted = await createInvoice(server.runtime.deps, client.id, 30);
    await payByCard(deleted.id, async () => {
      expect((await admin.delete(`/api/invoices/${deleted.id}/`)).status).toBe(204);
    });
    inv.cancelled = cancelled;
    inv.deleted = deleted;
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    page.setDefaultTimeout(60_000);
    errors = collectPageErrors(page);
    await login(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const toast = (text: string) => page.locator('.ant-message').getByText(text, { exact: true }).waitFor();
  const modal = (p: Page = page) => p.locator('.ant-modal-wrap:visible .ant-modal').last();
  const alerts = (p: Page = page) => p.getByTestId('payment-alerts');
  const row = (number: string, p: Page = page) => alerts(p).locator('tbody tr', { hasText: number });

  it('counts the unhandled alerts on the tab and lists them with their reason, client and amounts', async () => {
    await page.goto('/admin/inbox');
    const tab = page.getByRole('tab', { name: /Payment alerts/ });
    await tab.locator('.ant-badge', { hasText: '2' }).waitFor();
    await tab.click();
    await page.getByText("Card payments that need a look: those for invoices already cancelled or deleted are kept as the client's credit balance until refunded or applied; those paid on a day the books had already locked are posted on the first open day.").waitFor();
    const cancelled = row(inv.cancelled.invoice_number);
    await cancelled.getByText('Invoice cancelled').waitFor();
    await cancelled.getByText('70,00 €', { exact: true }).waitFor();
    await cancelled.getByText('0,00 €', { exact: true }).waitFor();
    expect(await cancelled.locator('td').nth(6).innerText()).toMatch(/^pi_sim_/);
    expect(await cancelled.getByRole('link', { name: 'Late Payer Ltd' }).getAttribute('href')).toBe(`/admin/clients/${client.id}`);
    await row(inv.deleted.invoice_number).getByText('Invoice deleted').waitFor();
    await row(inv.deleted.invoice_number).getByText('30,00 €', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'alerts/inbox-payment-alerts-en-1280');
  });

  it('refunds through the dialog: a reason required, the server refusing under the amount what a refund meanwhile took, then the refund', async () => {
    // Refunded in part elsewhere after the list was read: the list (and the dialog) still say 70,00 €.
    const paymentId = (await server.testDb.db('invoice_payments').where({ invoice_id: inv.cancelled.id }).first('payment_id')).payment_id as string;
    const admin = server.client();
    await admin.login();
    expect((await admin.post(`/api/payments/${paymentId}/refund/`, { amount: '10', reason: 'Refunded on the phone' })).status).toBe(201);
    await row(inv.cancelled.invoice_number).getByRole('button', { name: 'Refund' }).click();
    const dialog = modal();
    await dialog.getByText(`Refund a payment on invoice ${inv.cancelled.invoice_number}`).waitFor();
    await dialog.getByTestId('refundable').getByText('Refundable: 70,00 €').waitFor();
    await dialog.getByTestId('refund-note').getByText(/refunded through Stripe/).waitFor();
    expect(await dialog.locator('#refund_amount').inputValue()).toBe('70.00');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.locator('.ant-form-item-explain-error', { hasText: 'This field is required.' }).waitFor();
    await dialog.locator('#refund_reason').fill('Invoice was cancelled');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.locator('.ant-form-item-explain-error', { hasText: 'A refund cannot exceed what remains refundable on the payment (60.00).' }).waitFor();
    await screenshot(page, 'alerts/refund-dialog-refused-en-1280');
    await dialog.locator('#refund_amount').fill('60');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await toast(`Refund of 60,00 € recorded on invoice ${inv.cancelled.invoice_number}.`);
    // Closed, its fade included: the mask would take the next click.
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });
    const cancelled = row(inv.cancelled.invoice_number);
    await cancelled.locator('td').nth(5).getByText('70,00 €', { exact: true }).waitFor();
    expect(await cancelled.getByRole('button', { name: 'Refund' }).isDisabled()).toBe(true);
    const payment = await server.testDb.db('invoice_payments').where({ payment_id: paymentId }).first('refunded_cents');
    expect(Number(payment.refunded_cents)).toBe(7000);
  });

  it("refunds part of a deleted invoice's payment: no invoice to show, still no error", async () => {
    await row(inv.deleted.invoice_number).getByRole('button', { name: 'Refund' }).click();
    const dialog = modal();
    await dialog.getByTestId('refundable').getByText('Refundable: 30,00 €').waitFor();
    await dialog.locator('#refund_amount').fill('10');
    await dialog.locator('#refund_reason').fill('Half the seats were used');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await toast(`Refund of 10,00 € recorded on invoice ${inv.deleted.invoice_number}.`);
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });
    await row(inv.deleted.invoice_number).locator('td').nth(5).getByText('10,00 €', { exact: true }).waitFor();
  });

  it('marks the refunded alert handled with its toggle: it leaves the unhandled list and the badge counts one', async () => {
    const cancelled = row(inv.cancelled.invoice_number);
    const handled = (p: Page = page) => row(inv.cancelled.invoice_number, p).getByRole('switch', { name: `Payment for invoice ${inv.cancelled.invoice_number} handled` });
    expect(await handled().isChecked()).toBe(false);
    await handled().click();
    await toast('Marked as handled.');
    await cancelled.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /Payment alerts/ }).locator('.ant-badge', { hasText: '1' }).waitFor();
    await page.locator('.ant-segmented').getByText('Handled', { exact: true }).click();
    await handled().waitFor();
    expect(await handled().isChecked()).toBe(true);
    expect(await row(inv.deleted.invoice_number).count()).toBe(0);
    await page.locator('.ant-segmented').getByText('All', { exact: true }).click();
    await row(inv.deleted.invoice_number).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'alerts/inbox-payment-alerts-all-en-1280');
    expect(errors).toEqual([]);
  });

  it('lists a card payment made on a day the books locked before it was reported, with the day it posted on', async () => {
    const admin = server.client();
    await admin.login();
    const late = await createInvoice(server.runtime.deps, client.id, 45);
    await server.runtime.services.billing.invoices.send(late.id, 'test');
    const session = await server.client().agent.post(`/api/invoices/${late.id}/create-checkout-session/`).send({});
    const gateway = server.runtime.services.payments.gateway as SimulatedCheckoutGateway;
    // Paid three days ago; the report of it arrives only after the books were locked through the day before yesterday.
    clockShiftMs = -3 * DAY_MS;
    const delivery = (await gateway.pay(session.body.sessionId))!;
    clockShiftMs = 0;
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.put('/api/accounting/lock/', { locked_through: addDays(today, -2) })).status).toBe(200);
    try {
      const res = await server.client().agent.post('/api/stripe/webhook/').set('Content-Type', 'application/json').set('Stripe-Signature', delivery.signature).send(delivery.payload);
      expect(res.body).toEqual({ received: true, outcome: 'recorded' });
      await openAlertsTab(page, 'Payment alerts');
      const locked = row(late.invoice_number);
      await locked.getByText(`Paid in a locked period, posted on ${longDate(addDays(today, -1))}`).waitFor();
      expect(await locked.locator('td').first().innerText()).toBe(longDate(addDays(today, -3)));
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'alerts/inbox-payment-alert-locked-en-1280');
    } finally {
      await admin.put('/api/accounting/lock/', { locked_through: null });
    }
  });

  it('works in Greek on a phone: translated reasons, no sideways scrolling, the refund dialog fits', async () => {
    const { context, page: phone } = await newPage(browser, server.url, { width: MOBILE_WIDTH, locale: 'el-GR' });
    phone.setDefaultTimeout(60_000);
    const phoneErrors = collectPageErrors(phone);
    await login(phone);
    await openAlertsTab(phone, 'Ειδοποιήσεις πληρωμών');
    await phone.getByText(/παραμένουν πιστωτικό υπόλοιπο του πελάτη/).waitFor();
    const deleted = row(inv.deleted.invoice_number, phone);
    await deleted.getByText('Διαγραμμένο τιμολόγιο').waitFor();
    await deleted.getByText('30,00 €', { exact: true }).waitFor();
    await deleted.getByText('10,00 €', { exact: true }).waitFor();
    expect(await rawKeyLeaks(phone)).toEqual([]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_WIDTH);
    await screenshot(phone, 'alerts/inbox-payment-alerts-el-375');
    await deleted.getByRole('button', { name: 'Επιστροφή χρημάτων' }).click();
    const dialog = modal(phone);
    await dialog.getByTestId('refundable').getByText('Διαθέσιμο για επιστροφή: 20,00 €').waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE_WIDTH);
    await phone.waitForTimeout(400);
    await screenshot(phone, 'alerts/refund-dialog-el-375');
    await dialog.getByRole('button', { name: 'Ακύρωση' }).click();
    expect(phoneErrors).toEqual([]);
    await context.close();
  });

  it('takes the screenshots in English, Greek and Russian at 1280 and 375 px', async () => {
    for (const [locale, lng, tabName] of [
      ['en-US', 'en', 'Payment alerts'],
      ['el-GR', 'el', 'Ειδοποιήσεις πληρωμών'],
      ['ru-RU', 'ru', 'Оповещения о платежах'],
    ] as const) {
      for (const width of [1280, MOBILE_WIDTH]) {
        const { context, page: p } = await newPage(browser, server.url, { width, locale });
        p.setDefaultTimeout(60_000);
        await login(p);
        await openAlertsTab(p, tabName);
        await p.locator('.ant-segmented-item').last().click();
        await row(inv.cancelled.invoice_number, p).waitFor();
        await p.waitForLoadState('networkidle');
        await p.waitForTimeout(300);
        expect(await rawKeyLeaks(p)).toEqual([]);
        expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        // On a desktop the whole row shows, actions included; on a phone the table scrolls inside the page.
        if (width === 1280) expect(await alerts(p).locator('.ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
        await screenshot(p, `alerts/inbox-payment-alerts-all-${lng}-${width}`);
        await row(inv.deleted.invoice_number, p).getByRole('button').click();
        await modal(p).getByTestId('refundable').waitFor();
        await p.waitForTimeout(400);
        await screenshot(p, `alerts/refund-dialog-${lng}-${width}`);
        await context.close();
      }
    }
  });
});

const login = (page: Page) => loginAsAdmin(page, ADMIN);

const DAY_MS = 86_400_000;
/** A day as the admin shows dates in English: 'dd / MMMM / yyyy'. */
const longDate = (day: string) => `${day.slice(8)} / ${new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))} / ${day.slice(0, 4)}`;

/** The inbox's third tab (on a phone antd may fold it into the tabs' overflow menu). */
const openAlertsTab = async (page: Page, name: string) => {
  await page.goto('/admin/inbox');
  const tab = page.getByRole('tab', { name: new RegExp(name) });
  await tab.waitFor({ state: 'attached' });
  const alerts = page.getByTestId('payment-alerts');
  if (await tab.isVisible()) await tab.click();
  // On a phone the four tabs scroll in their bar (the last ones behind its menu), where a click can land on the bar's edge: the inbox opens on a tab by its key too.
  if (!(await alerts.waitFor({ timeout: 5_000 }).then(() => true, () => false))) await page.goto('/admin/inbox?tab=alerts');
  await alerts.waitFor();
};
