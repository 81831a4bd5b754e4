import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserService } from '../../../api/auth/user.service';
import { formatCreditorReference, isCreditorReference } from '../../../domain/bank/creditor-reference';
import { createClientWithLogin, createInvoice } from '../../../test/billing-fixtures';
import { axeViolations, collectPageErrors, launchBrowser, MOBILE_WIDTH, newPage as openPage, rawKeyLeaks, screenshot, type PageOptions, signIn } from '../../../test/browser';
import { testBackends } from '../../../test/db';
import { startTestServer, type TestServer } from '../../../test/server';

// Needs `npx vite build` first: the test server serves dist/web. No Stripe keys: the simulated checkout.
// The machine is shared: give slow page loads time rather than fail on Playwright's 30 s default.
const newPage = async (browser: Browser, url: string, options?: PageOptions) => {
  const opened = await openPage(browser, url, options);
  opened.page.setDefaultTimeout(60_000);
  opened.page.setDefaultNavigationTimeout(60_000);
  return opened;
};

describe('client portal and pay page in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let alice: Awaited<ReturnType<typeof createClientWithLogin>>;
  let bob: Awaited<ReturnType<typeof createClientWithLogin>>;
  const inv: Record<string, { id: string; invoice_number: string }> = {};

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { publicFormsPerIp: 1000, loginPerIp: 1000, loginPerUsername: 1000 } });
    const deps = server.runtime.deps;
    alice = await createClientWithLogin(deps, 'Alice Holdings');
    bob = await createClientWithLogin(deps, 'Bob Trading');
    const admin = server.client();
    await admin.login();
    const monthly = (await admin.post('/api/products/', { name: 'Professional plan', price: 2000, billing_cycle: 'monthly' })).body;
    const once = (await admin.post('/api/products/', { name: 'Onboarding workshop', price: 500, billing_cycle: 'one_time' })).body;
    expect((await admin.post('/api/subscriptions/', { client: alice.id, product: monthly.id, start_date: '2026-01-01', auto_generate_invoices: false })).status).toBe(201);
    const workshop = (await admin.post('/api/subscriptions/', { client: alice.id, product: once.id, start_date: '2026-02-01' })).body;
    inv.workshop = (await admin.post(`/api/subscriptions/${workshop.id}/create-invoice/`)).body;
    inv.older = await createInvoice(deps, alice.id, 1250.5, '2026-09-01', '2026-09-15');
    inv.newer = await createInvoice(deps, alice.id, 2000, '2026-11-01', '2026-11-15');
    inv.bobs = await createInvoice(deps, bob.id, 300, '2026-11-02', '2026-11-16');
    // Paid 25,40 € beyond what it asks: Alice's credit balance.
    inv.overpaid = await createInvoice(deps, alice.id, 100, '2026-10-01', '2026-10-15');
    expect((await admin.post(`/api/invoices/${inv.overpaid.id}/send/`)).status).toBe(200);
    expect((await admin.post(`/api/invoices/${inv.overpaid.id}/payments/`, { amount: 125.4, date: '2026-10-05', method: 'bank_transfer' })).status).toBe(201);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const login = async (page: Page, who: { username: string; password: string } = alice) => {
    await signIn(page, who);
    await page.waitForURL('**/portal/dashboard');
  };

  const invoiceRow = (page: Page, number: string) => page.locator('tr', { hasText: number });

  it('logs a client in to its own dashboard and refuses another client’s invoice', async () => {
    const { context, page } = await newPage(browser, server.url);
    const errors = collectPageErrors(page);
    await login(page);
    await page.getByText('My Invoices').waitFor();
    await page.locator('#main').getByText(alice.email).waitFor();
    expect(await page.getByText('+357 99 123456').count()).toBe(1);
    expect(await page.locator('meta[name="robots"][content*="noindex"]').count()).toBe(1);

    const numbers = await page.locator('.portal-card tbody tr td:first-child .portal-invoice-number').allTextContents();
    expect(numbers).toContain(inv.newer!.invoice_number);
    expect(numbers).not.toContain(inv.bobs!.invoice_number);
    // Newest first.
    expect(numbers.indexOf(inv.newer!.invoice_number)).toBeLessThan(numbers.indexOf(inv.older!.invoice_number));
    await invoiceRow(page, inv.older!.invoice_number).getByText('1.250,50 €').waitFor();
    await page.getByText('Once-off Done').waitFor();
    await page.getByText('Professional plan').waitFor();
    expect(await rawKeyLeaks(page)).toEqual([]);
    await screenshot(page, 'portal-dashboard-en-1280');
    expect(errors).toEqual([]);

    // The refused call logs its 404 in the console: that one is expected.
    const refused = await page.evaluate(async (id) => {
      const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('csrftoken='))!.slice(10));
      const res = await fetch(`/api/invoices/${id}/create-checkout-session/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token },
        body: '{}',
      });
      return res.status;
    }, inv.bobs!.id);
    expect(refused).toBe(404);
    const pdf = await page.request.get(`/api/invoices/${inv.older!.id}/pdf/`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await page.request.get(`/api/invoices/${inv.bobs!.id}/pdf/`)).status()).toBe(404);
    await context.close();
  });

  it('pays an unpaid invoice through the simulated checkout and shows it Paid', async () => {
    const { context, page } = await newPage(browser, server.url);
    await login(page);
    const row = invoiceRow(page, inv.newer!.invoice_number);
    await row.getByText('Unpaid').waitFor();
    await row.getByRole('button', { name: 'Pay Now' }).click();
    await page.waitForURL('**/simulated-checkout/**');
    await page.getByText('Simulated checkout').first().waitFor();
    await screenshot(page, 'simulated-checkout-1280');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/portal\/dashboard\?payment=success/);
    await page.getByText('Payment successful!').waitFor();
    await invoiceRow(page, inv.newer!.invoice_number).getByText('Paid', { exact: true }).waitFor();
    expect(await invoiceRow(page, inv.newer!.invoice_number).getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    await screenshot(page, 'portal-payment-success-en-1280');
    await context.close();
  });

  it('cancels a payment and shows the cancelled alert, the invoice still unpaid', async () => {
    const { context, page } = await newPage(browser, server.url);
    await login(page);
    await invoiceRow(page, inv.older!.invoice_number).getByRole('button', { name: 'Pay Now' }).click();
    await page.waitForURL('**/simulated-checkout/**');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/portal\/dashboard\?payment=cancelled/);
    await page.getByText('Payment was cancelled.').waitFor();
    await invoiceRow(page, inv.older!.invoice_number).getByText('Unpaid').waitFor();
    await context.close();
  });

  it('shows the spec messages when the account cannot be read, has no client, or checkout fails', async () => {
    const orphan = { username: 'orphan-user', password: 'orphan-password-1' };
    await new UserService(server.testDb.db).create({ ...orphan, clientId: '3c2b1a09-8765-4321-8abc-def012345678' });
    const { context, page } = await newPage(browser, server.url);
    await login(page, orphan);
    await page.getByText('No client data found.').waitFor();
    await context.close();

    const second = await newPage(browser, server.url);
    await login(second.page);
    await second.page.getByText('My Invoices').waitFor();
    // Fault injection: the network drops these calls, as an outage would.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await second.page.route('**/create-checkout-session/', async (route) => {
      await held;
      await route.abort();
    });
    await invoiceRow(second.page, inv.older!.invoice_number).getByRole('button', { name: 'Pay Now' }).click();
    await invoiceRow(second.page, inv.older!.invoice_number).getByText('Processing...').waitFor();
    release();
    await second.page.getByText('Failed to create Stripe checkout session.').waitFor();
    await invoiceRow(second.page, inv.older!.invoice_number).getByRole('button', { name: 'Pay Now' }).waitFor();
    await second.page.route('**/api/portal/my-account/', (route) => route.abort());
    await second.page.reload();
    await second.page.getByText('Failed to fetch your account details.').waitFor();
    await second.context.close();
  });

  it('lets an anonymous visitor pay by link, then shows the invoice as paid on reload', async () => {
    const { context, page } = await newPage(browser, server.url);
    const errors = collectPageErrors(page);
    await page.goto(`/pay-invoice/${inv.workshop!.id}`);
    await page.getByText(inv.workshop!.invoice_number, { exact: true }).waitFor();
    await page.getByText('Alice Holdings').waitFor();
    expect(await page.locator('meta[name="robots"][content*="noindex"]').count()).toBe(1);
    await screenshot(page, 'pay-invoice-en-1280');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.waitForURL('**/simulated-checkout/**');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/pay-invoice\/.*payment=success/);
    await page.getByText('Payment Successful!').waitFor();
    await page.getByText('Thank you for your payment. A confirmation email has been sent to you.').waitFor();
    await page.getByText('This invoice has already been paid.').waitFor();
    await screenshot(page, 'pay-invoice-success-en-1280');
    await page.goto(`/pay-invoice/${inv.workshop!.id}`);
    await page.getByText('This invoice has already been paid.').waitFor();
    expect(await page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the cancelled message, and the invalid-link message for a random id', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto(`/pay-invoice/${inv.older!.id}?payment=cancelled`);
    await page.getByText('Payment Cancelled').waitFor();
    await page.getByText('Your payment process was cancelled. You can try again from the link in your email.').waitFor();
    await page.goto('/pay-invoice/5b0c7d1e-2f3a-4b5c-8d9e-0a1b2c3d4e5f');
    await page.getByText('Failed to fetch invoice details. The link may be invalid or expired.').waitFor();
    await screenshot(page, 'pay-invoice-invalid-en-1280');
    await context.close();
  });

  const CREDIT_LABEL: Record<string, string> = { en: 'Credit balance', el: 'Πιστωτικό υπόλοιπο', ru: 'Кредитовый остаток' };

  it.each(['en', 'el', 'ru'])('renders the portal, its credit balance and the pay page in %s at 375 px without overflow', async (lng) => {
    const { context, page } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    await login(page);
    await page.goto(`/portal/dashboard?lng=${lng}`);
    await page.locator('.portal-card').nth(2).waitFor();
    // What Alice paid beyond her invoices, under its translated label, inside the screen.
    const credit = page.getByTestId('portal-credit-balance');
    expect((await credit.innerText()).replace(/\u00a0/g, ' ')).toBe('25,40 €');
    const item = page.locator('.ant-descriptions-row, tr', { has: credit }).last();
    expect(await item.innerText()).toContain(CREDIT_LABEL[lng]);
    const box = await credit.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE_WIDTH);
    expect(await rawKeyLeaks(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `portal-dashboard-${lng}-375`);
    await page.goto(`/pay-invoice/${inv.older!.id}?lng=${lng}&payment=cancelled`);
    await page.locator('.pay-invoice-card').waitFor();
    expect(await rawKeyLeaks(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, `pay-invoice-${lng}-375`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, `pay-invoice-${lng}-1280`);
    await page.goto(`/portal/dashboard?lng=${lng}`);
    await page.locator('.portal-card').nth(2).waitFor();
    await screenshot(page, `portal-dashboard-${lng}-1280`);
    await context.close();
  });

  it.each(['en', 'el', 'ru'])('lists a sent invoice with its payment reference and a copy button, a draft with a dash, in %s at 1280 and 375 px', async (lng) => {
    const file = path.resolve(import.meta.dirname, `../../public/static/locales/${lng}/translation.json`);
    const t = JSON.parse(fs.readFileSync(file, 'utf8')).portal.invoices as Record<string, string>;
    const admin = server.client();
    await admin.login();
    const sent = inv.overpaid!;
    const reference = (await admin.get(`/api/invoices/${sent.id}/`)).body.payment_reference as string;
    expect(isCreditorReference(reference)).toBe(true);
    const copyLabel = t.copyReference!.replace('{{number}}', sent.invoice_number);
    const { context, page } = await newPage(browser, server.url);
    // What the copy button hands the clipboard, seen where the page writes it.
    await page.addInitScript(() => {
      const copied: string[] = [];
      Object.assign(window, { copied });
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    });
    await login(page);
    await page.goto(`/portal/dashboard?lng=${lng}`);
    const row = invoiceRow(page, sent.invoice_number);
    await row.getByTestId('payment-reference').waitFor();
    expect(await row.getByTestId('payment-reference').innerText()).toContain(formatCreditorReference(reference));
    expect(await page.getByRole('columnheader', { name: t.paymentReference }).count()).toBe(1);
    expect(await invoiceRow(page, inv.older!.invoice_number).getByTestId('payment-reference').count()).toBe(0);
    // Desk-first: the table fits its card at 1280 px, no sideways scrolling, in every language.
    expect(await page.getByRole('region', { name: t.title }).evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    await row.getByRole('button', { name: copyLabel }).click();
    await row.getByRole('button', { name: t.referenceCopied }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([reference]);
    expect(await rawKeyLeaks(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `portal-reference-${lng}-1280`);

    await page.setViewportSize({ width: MOBILE_WIDTH, height: 740 });
    const card = page.getByRole('button', { name: copyLabel });
    await card.waitFor();
    expect(await page.getByText(formatCreditorReference(reference)).count()).toBeGreaterThan(0);
    // A draft's card says it has no reference yet.
    expect(await page.getByText('—', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE_WIDTH);
    await screenshot(page, `portal-reference-${lng}-375`);
    await context.close();
  });

  it.each([
    ['en', 'Partly paid'],
    ['el', 'Μερικώς εξοφλημένο'],
    ['ru', 'Частично оплачен'],
  ])('calls an invoice with part of it paid Partly paid, as the admin does, in %s', async (lng, partly) => {
    const admin = server.client();
    await admin.login();
    const bob2 = await createClientWithLogin(server.runtime.deps, `Partial ${lng} Ltd`);
    const part = await createInvoice(server.runtime.deps, bob2.id, 400, '2026-10-10', '2026-10-24');
    expect((await admin.post(`/api/invoices/${part.id}/send/`)).status).toBe(200);
    expect((await admin.post(`/api/invoices/${part.id}/payments/`, { amount: 100, date: '2026-10-12', method: 'bank_transfer' })).status).toBe(201);
    const whole = await createInvoice(server.runtime.deps, bob2.id, 50, '2026-10-11', '2026-10-25');
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, bob2);
    await page.waitForURL('**/portal/dashboard');
    await page.goto(`/portal/dashboard?lng=${lng}`);
    const row = invoiceRow(page, part.invoice_number);
    await row.locator('.billing-badge').getByText(partly, { exact: true }).waitFor();
    // The amount says what is still owed; an invoice with nothing paid stays Unpaid.
    expect((await row.innerText()).replace(/\u00a0/g, ' ')).toContain('300,00 €');
    expect(await invoiceRow(page, whole.invoice_number).locator('.billing-badge').getByText(partly, { exact: true }).count()).toBe(0);
    expect(await rawKeyLeaks(page)).toEqual([]);
    await context.close();
  });
});
