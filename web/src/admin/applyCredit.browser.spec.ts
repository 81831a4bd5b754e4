import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, collectPageErrors, launchBrowser, MOBILE_WIDTH, newPage, rawKeyLeaks, screenshot, loginAsAdmin } from '../../../test/browser';
import { createClientWithLogin, createInvoice } from '../../../test/billing-fixtures';
import { testBackends } from '../../../test/db';
import { ADMIN, startTestServer, type TestServer } from '../../../test/server';

// Needs `npm run build` first: the test server serves dist/web.
describe("applying a client's credit balance in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let clientId: string;
  const inv: Record<'overpaid' | 'open' | 'later', { id: string; invoice_number: string }> = {} as never;

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    const { deps, services } = server.runtime;
    clientId = (await createClientWithLogin(deps, 'Overpaid Twice Ltd')).id;
    inv.overpaid = await createInvoice(deps, clientId, 100);
    inv.open = await createInvoice(deps, clientId, 300);
    inv.later = await createInvoice(deps, clientId, 40);
    for (const i of Object.values(inv)) await services.billing.invoices.send(i.id, 'test');
    await services.billing.invoices.recordManualPayment({ invoiceId: inv.overpaid.id, amountCents: 25000, date: '2026-11-02', method: 'bank', reference: 'TRX-9' }, 'test');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const modal = (p: Page) => p.locator('.ant-modal-wrap:visible .ant-modal').last();
  const invoiceRow = (p: Page, number: string) => p.getByTestId('client-invoices').locator('tbody tr', { hasText: number });

  it('applies part of the credit to the open invoice it proposes, then refuses more than is left', async () => {
    const { context, page } = await newPage(browser, server.url);
    page.setDefaultTimeout(60_000);
    const errors = collectPageErrors(page);
    await login(page);
    await page.goto(`/admin/clients/${clientId}`);
    await page.getByTestId('client-credit-balance').getByText('150,00 €').waitFor();
    await page.getByTestId('apply-credit').click();
    const dialog = modal(page);
    await dialog.getByText('Apply credit balance of Overpaid Twice Ltd').waitFor();
    await dialog.getByText('Credit balance: 150,00 €').waitFor();
    // The first open invoice, with as much as both allow.
    await dialog.getByText(`${inv.open.invoice_number} · 300,00 € open`).waitFor();
    expect(await dialog.locator('#apply-credit_amount').inputValue()).toBe('150.00');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'apply-credit/dialog-en-1280');
    await dialog.locator('#apply-credit_amount').fill('120');
    await dialog.getByRole('button', { name: 'Apply credit' }).click();
    await page.locator('.ant-message').getByText(`Credit of 120,00 € applied to invoice ${inv.open.invoice_number}.`, { exact: true }).waitFor();
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });
    await page.getByTestId('client-credit-balance').getByText('30,00 €').waitFor();
    await invoiceRow(page, inv.open.invoice_number).getByText('180,00 €').first().waitFor();

    // More than the 30 € left: the server's refusal shows in the dialog, which stays open.
    await page.getByTestId('apply-credit').click();
    await dialog.locator('#apply-credit_amount').fill('50');
    await dialog.locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: inv.later.invoice_number }).click();
    expect(await dialog.locator('#apply-credit_amount').inputValue()).toBe('30.00');
    await dialog.locator('#apply-credit_amount').fill('31');
    await dialog.getByRole('button', { name: 'Apply credit' }).click();
    await dialog.getByTestId('apply-credit-error').getByText(/cannot exceed/).waitFor();
    await screenshot(page, 'apply-credit/dialog-refused-en-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The receiving invoice lists it as credit, which no one can refund.
    const payments = await server.testDb.db('invoice_payments').where({ invoice_id: inv.open.id });
    expect(payments.map((p) => [p.method, Number(p.amount_cents), p.reference])).toEqual([['credit', 12000, inv.overpaid.invoice_number]]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works in Greek and Russian on a phone and a desktop: translated, no sideways scrolling, the dialog fits', async () => {
    for (const [locale, lng, button] of [
      ['el-GR', 'el', 'Συμψηφισμός πίστωσης'],
      ['ru-RU', 'ru', 'Зачесть кредит'],
      ['en-US', 'en', 'Apply credit'],
    ] as const) {
      for (const width of [1280, MOBILE_WIDTH]) {
        const { context, page } = await newPage(browser, server.url, { width, locale });
        page.setDefaultTimeout(60_000);
        await login(page);
        await page.goto(`/admin/clients/${clientId}`);
        await page.getByTestId('apply-credit').getByText(button).click();
        const dialog = modal(page);
        await dialog.locator('#apply-credit_amount').waitFor();
        await page.waitForTimeout(400);
        await screenshot(page, `apply-credit/dialog-${lng}-${width}`);
        expect(await rawKeyLeaks(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${lng} ${width}`).toBeLessThanOrEqual(0);
        const box = await dialog.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        await context.close();
      }
    }
  });
});

const login = (page: Page) => loginAsAdmin(page, ADMIN);
