import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCreditorReference } from '../../../domain/bank/creditor-reference';
import { InvoiceService } from '../../../api/invoicing/invoice.service';
import { createClientWithLogin, createInvoice } from '../../../test/billing-fixtures';
import { axeViolations, collectPageErrors, launchBrowser, MOBILE_WIDTH, newPage as openPage, rawKeyLeaks, screenshot, type PageOptions } from '../../../test/browser';
import { testBackends } from '../../../test/db';
import { startTestServer, type TestServer } from '../../../test/server';

// Needs `npm run build` first: the test server serves dist/web. No Stripe keys: the simulated checkout.
// Issue 24 item 8: back from checkout, the pay page confirms first and says "success" only once
// the server has recorded the payment, or says plainly that it has not arrived.

const SCREENS = 'issue-24b';
const texts = (lng: string) => {
  const file = path.resolve(import.meta.dirname, `../../public/static/locales/${lng}/translation.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')).payInvoice as {
    success: { title: string; text: string; confirming: string };
    unconfirmed: { title: string; text: string; recheck: string };
    payNow: string;
    alreadyPaid: string;
    nothingToPay: string;
    paymentReference: string;
    paymentReferenceNote: string;
    copyReference: string;
    referenceCopied: string;
  };
};

const newPage = async (browser: Browser, url: string, options?: PageOptions) => {
  const opened = await openPage(browser, url, options);
  opened.page.setDefaultTimeout(60_000);
  opened.page.setDefaultNavigationTimeout(60_000);
  return opened;
};

describe('pay page back from checkout in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let clientId: string;

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { publicFormsPerIp: 1000 } });
    clientId = (await createClientWithLogin(server.runtime.deps, 'Return Holdings')).id;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** An unpaid invoice and an open simulated checkout session for it, as Pay Now makes. */
  const openCheckout = async (euros: number) => {
    const invoice = await createInvoice(server.runtime.deps, clientId, euros);
    const res = await server.client().agent.post(`/api/invoices/${invoice.id}/create-checkout-session/`).send({});
    expect(res.status).toBe(200);
    return { invoice, sessionId: res.body.sessionId as string };
  };
  const payAtCheckout = async (sessionId: string) => {
    expect((await server.client().agent.post(`/simulated-checkout/${sessionId}/pay`).redirects(0)).status).toBe(303);
  };
  const returnUrl = (invoiceId: string, sessionId: string, lng = 'en') => `/pay-invoice/${invoiceId}?lng=${lng}&payment=success&session_id=${sessionId}`;
  const count = (page: Page, text: string) => page.getByText(text, { exact: true }).count();

  it('a €0 invoice says there is nothing to pay and offers no Pay Now, as checkout refuses it (issue 18)', async () => {
    const invoice = await createInvoice(server.runtime.deps, clientId, 0, '2026-01-01', '2026-01-15');
    for (const lng of ['en', 'el', 'ru']) {
      const { context, page } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
      await page.goto(`/pay-invoice/${invoice.id}?lng=${lng}`);
      await page.getByTestId('pay-invoice-nothing').waitFor();
      expect(await count(page, texts(lng).nothingToPay)).toBe(1);
      expect(await page.getByRole('button', { name: texts(lng).payNow }).count()).toBe(0);
      // Nothing is owed, so nothing is overdue although the due date has passed.
      expect(await page.locator('.pay-invoice-card').getByText(/Overdue|Ληξιπρόθεσμο|Просрочен/).count()).toBe(0);
      expect(await rawKeyLeaks(page)).toEqual([]);
      await screenshot(page, `${SCREENS}/pay-nothing-to-pay-${lng}-375`);
      await context.close();
    }
    expect((await server.client().agent.post(`/api/invoices/${invoice.id}/create-checkout-session/`).send({})).body).toEqual({ message: 'This invoice has nothing to pay.' });
  });

  it('shows only "Confirming your payment..." until the payment is recorded, then the success text', async () => {
    const en = texts('en');
    const { invoice, sessionId } = await openCheckout(120);
    const { context, page } = await newPage(browser, server.url);
    const errors = collectPageErrors(page);
    await page.goto(returnUrl(invoice.id, sessionId));
    await page.getByTestId('payment-confirming').getByText(en.success.confirming).waitFor();
    await page.locator('.pay-invoice-card').waitFor();
    expect(await count(page, en.success.title)).toBe(0);
    expect(await count(page, en.success.text)).toBe(0);
    expect(await page.getByRole('button', { name: en.payNow }).count()).toBe(0);
    await screenshot(page, `${SCREENS}/pay-return-confirming-en-1280`);

    // The webhook arrives while the page polls.
    await payAtCheckout(sessionId);
    await page.getByText(en.success.title).waitFor();
    await page.getByText(en.success.text).waitFor();
    await page.getByText(en.alreadyPaid).waitFor();
    expect(await count(page, en.success.confirming)).toBe(0);
    await screenshot(page, `${SCREENS}/pay-return-confirmed-en-1280`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says so when the payment does not arrive, offers no second Pay Now, and checks again', async () => {
    const en = texts('en');
    const { invoice, sessionId } = await openCheckout(75);
    const { context, page } = await newPage(browser, server.url);
    await page.goto(returnUrl(invoice.id, sessionId));
    await page.getByText(en.success.confirming).waitFor();
    await page.getByTestId('payment-unconfirmed').getByText(en.unconfirmed.title).waitFor({ timeout: 40_000 });
    await page.getByText(en.unconfirmed.text).waitFor();
    expect(await count(page, en.success.title)).toBe(0);
    expect(await count(page, en.success.confirming)).toBe(0);
    expect(await page.getByRole('button', { name: en.payNow }).count()).toBe(0);
    await screenshot(page, `${SCREENS}/pay-return-unconfirmed-en-1280`);

    await payAtCheckout(sessionId);
    await page.getByRole('button', { name: en.unconfirmed.recheck }).click();
    await page.getByText(en.success.title).waitFor();
    expect(await count(page, en.unconfirmed.title)).toBe(0);
    await context.close();
  });

  it.each(['en', 'el', 'ru'])('shows the confirming and unconfirmed states in %s at 375 and 1280 px', async (lng) => {
    const t = texts(lng);
    const { invoice, sessionId } = await openCheckout(33.3);
    const { context, page } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    // Held: the page stays in its confirming state for the screenshots.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/payments/reconcile/', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(returnUrl(invoice.id, sessionId, lng));
    await page.getByText(t.success.confirming).waitFor();
    await page.locator('.pay-invoice-card').waitFor();
    const check = async (name: string) => {
      expect(await page.evaluate(() => document.body.innerText.includes('payInvoice.'))).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await screenshot(page, `${SCREENS}/${name}-${lng}-375`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await screenshot(page, `${SCREENS}/${name}-${lng}-1280`);
      await page.setViewportSize({ width: MOBILE_WIDTH, height: 740 });
    };
    await check('pay-return-confirming');
    expect(await count(page, t.success.title)).toBe(0);
    release();
    await page.getByText(t.unconfirmed.title).waitFor({ timeout: 40_000 });
    await check('pay-return-unconfirmed');
    await payAtCheckout(sessionId);
    await page.getByRole('button', { name: t.unconfirmed.recheck }).click();
    await page.getByText(t.success.title).waitFor();
    await check('pay-return-confirmed');
    await context.close();
  });

  it.each(['en', 'el', 'ru'])('shows an issued invoice its payment reference in %s with a copy button, a draft none', async (lng) => {
    const t = texts(lng);
    const draft = await createInvoice(server.runtime.deps, clientId, 410, '2026-02-01', '2099-02-15');
    const issued = await createInvoice(server.runtime.deps, clientId, 420, '2026-02-01', '2099-02-15');
    const reference = (await new InvoiceService(server.runtime.deps).send(issued.id, 'test')).payment_reference!;
    expect(reference).toMatch(/^RF\d{2}\d{10}$/);
    const { context, page } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    const errors = collectPageErrors(page);
    // What the copy button hands the clipboard, seen where the page writes it.
    await page.addInitScript(() => {
      const copied: string[] = [];
      Object.assign(window, { copied });
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    });

    await page.goto(`/pay-invoice/${draft.id}?lng=${lng}`);
    await page.getByRole('button', { name: t.payNow }).waitFor();
    expect(await page.getByTestId('payment-reference').count()).toBe(0);
    expect(await count(page, t.paymentReference)).toBe(0);

    await page.goto(`/pay-invoice/${issued.id}?lng=${lng}`);
    const shown = page.getByTestId('payment-reference');
    await shown.waitFor();
    expect(await shown.innerText()).toContain(formatCreditorReference(reference));
    expect(await count(page, t.paymentReference)).toBe(1);
    expect(await count(page, t.paymentReferenceNote)).toBe(1);
    expect(await rawKeyLeaks(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // The card clips what overflows it: the details must fit inside, the reference's row too.
    expect(await page.locator('.pay-invoice-card .ant-descriptions-view').evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, `${SCREENS}/pay-reference-${lng}-375`);
    await page.getByRole('button', { name: t.copyReference }).click();
    await page.getByRole('button', { name: t.referenceCopied }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([reference]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, `${SCREENS}/pay-reference-${lng}-1280`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
