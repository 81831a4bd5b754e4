import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCreditorReference } from '../../../domain/bank/creditor-reference';
import { CompanySettingsService } from '../../../api/company/company-settings.service';
import { InvoiceService } from '../../../api/invoicing/invoice.service';
import { createClientWithLogin, createInvoice } from '../../../test/billing-fixtures';
import {
  axeViolations,
  clippedMoney,
  collectPageErrors,
  launchBrowser,
  MOBILE_WIDTH,
  moneyShown,
  newPage as openPage,
  rawKeyLeaks,
  screenshot,
  sidewaysScroll,
  smallTargets,
  type PageOptions,
} from '../../../test/browser';
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
    amountDue: string;
    dueOn: string;
    invoiceNumbered: string;
    overdue: string;
    totalAmount: string;
    errors: { fetch: string };
    lines: { heading: string };
    contact: { failed: string; question: string };
  };
};
const commonTexts = (lng: string) => {
  const file = path.resolve(import.meta.dirname, `../../public/static/locales/${lng}/translation.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')).common.dataState as { retry: string };
};

/** What the money on the page reads, as the page formats it (German number format, a no-break space before €). */
const euros = (value: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(value);
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The site's marketing navigation: none of it belongs on a payer's page. */
const MARKETING_LINKS = ['/features', '/about-us', '/why-us', '/pricing', '/contact', '/demo-request', '/login', '/api/demo-site/'];
const marketingLinks = (page: Page) => page.locator(MARKETING_LINKS.map((href) => `a[href="${href}"]`).join(', ')).count();

/** The page's first heading of any level, and how many h1 it has. */
const headings = (page: Page) =>
  page.evaluate(() => {
    const first = document.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]');
    return { tag: first?.tagName.toLowerCase(), text: first?.textContent ?? '', h1: document.querySelectorAll('h1').length };
  });

const SELLER = { name: 'Northwind Assurance Ltd', email: 'billing@northwind.example', phone: '+30 210 555 0142' };

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
    // The seller the pay page names and offers as the contact: the company settings, not a default.
    const settings = new CompanySettingsService(server.runtime.deps);
    const current = await settings.get();
    await settings.update(
      { ...SELLER, address: current.address, registrationNumber: current.registration_number, vatNumber: current.vat_number, jurisdiction: current.jurisdiction },
      'test',
    );
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

  // Issue 44 item 3: the pay page leads with what is due, in the payer's frame, and a bad link says whom to ask.
  const SHOTS = 'issue-44';

  /** An issued invoice of two lines, one with a long description, owing over a million euros, due long ago. */
  const largeInvoice = async () => {
    const service = new InvoiceService(server.runtime.deps);
    const lines = [
      {
        description: 'Annual GRC platform licence, enterprise tier with unlimited users, portfolios and entries (1 January to 31 December 2025)',
        quantityMilli: 1000,
        unitPriceCents: 100_000_000,
        vatRateBp: 1900,
      },
      { description: 'Onboarding workshop', quantityMilli: 1500, unitPriceCents: 80_000, vatRateBp: 1900 },
    ];
    const invoice = await service.create({ clientId, date: '2025-01-01', dueDate: '2025-01-31', lines }, 'test');
    await service.send(invoice.id, 'test');
    return invoice;
  };
  const top = async (locator: Locator) => (await locator.boundingBox())!.y;

  it.each(['en', 'el', 'ru'])('leads with the amount due and its due date, then the seller, the lines and Pay, without marketing navigation, in %s', async (lng) => {
    const t = texts(lng);
    const invoice = await largeInvoice();
    const { context, page } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    const errors = collectPageErrors(page);
    await page.goto(`/pay-invoice/${invoice.id}?lng=${lng}`);
    const pay = page.getByRole('button', { name: t.payNow });
    await pay.waitFor();

    // 1.001.200,00 € net and 19 % VAT on it.
    const due = euros(1_191_428);
    const first = await headings(page);
    expect({ ...first, text: plain(first.text) }).toEqual({ tag: 'h1', text: plain(`${t.amountDue} ${due}`), h1: 1 });
    expect(plain(await page.getByTestId('pay-amount-due').innerText())).toBe(plain(due));
    const dueLine = plain(await page.getByTestId('pay-due').innerText());
    expect(dueLine).toContain(t.dueOn.split('{{date}}')[0]!.trim());
    expect(dueLine).toMatch(/31 \/ \S+ \/ 2025/);
    expect(dueLine).toContain(t.overdue);
    if (lng === 'en') expect(dueLine).toBe('Due 31 / January / 2025 Overdue');

    // The seller by name (the company settings) beside its mark, and the lines with their amounts.
    expect(await page.getByTestId('pay-seller').innerText()).toBe(SELLER.name);
    expect(await page.locator('.pay-seller svg').count()).toBe(1);
    expect(plain(await page.locator('.pay-summary').innerText())).toContain(plain(t.invoiceNumbered.replace('{{number}}', invoice.invoice_number)));
    const lines = page.getByTestId('pay-line');
    expect(await lines.count()).toBe(2);
    expect(plain(await lines.nth(0).innerText())).toContain('Annual GRC platform licence');
    expect(plain(await lines.nth(0).innerText())).toContain(plain(euros(1_000_000)));
    expect(plain(await lines.nth(1).innerText())).toContain(plain(euros(1_200)));
    expect(plain(await page.getByTestId('pay-total').innerText())).toBe(plain(due));
    // In that order down the page: what is due, by when, what for, then Pay.
    const order = [await top(page.locator('h1')), await top(page.getByTestId('pay-due')), await top(lines.first()), await top(pay)];
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    expect(await marketingLinks(page)).toBe(0);
    expect(await page.locator('nav').count()).toBe(0);

    // At 375 px: every amount whole and inside the screen, every control big enough for a thumb.
    expect(await moneyShown(page)).toBeGreaterThanOrEqual(6);
    expect(await clippedMoney(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    await page.getByTestId('language-switcher').click();
    expect(await page.locator('.pay-header .menu-list a:visible').count()).toBe(3);
    expect(await smallTargets(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await rawKeyLeaks(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${SHOTS}/pay-page-${lng}-375`);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await clippedMoney(page)).toEqual([]);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `${SHOTS}/pay-page-${lng}-1280`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(['en', 'el', 'ru'])("answers a bad or unknown link in %s with the spec's words and whom to contact", async (lng) => {
    const t = texts(lng);
    if (lng === 'en') expect(t.errors.fetch).toBe('Failed to fetch invoice details. The link may be invalid or expired.');
    for (const [id, shot] of [[randomUUID(), 'unknown'], ['not-an-invoice', 'malformed']] as const) {
      const { context, page } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
      await page.goto(`/pay-invoice/${id}?lng=${lng}`, { waitUntil: 'networkidle' });
      const failure = page.getByTestId('pay-failure');
      await failure.waitFor();
      expect(await failure.getAttribute('data-reason')).toBe('notFound');
      expect(await failure.getByText(t.errors.fetch, { exact: true }).count()).toBe(1);
      const contact = failure.getByTestId('pay-contact');
      expect(plain(await contact.innerText())).toContain(t.contact.failed.replace('{{seller}}', SELLER.name));
      expect(await contact.locator(`a[href="mailto:${SELLER.email}"]`).innerText()).toBe(SELLER.email);
      expect(await contact.locator('a[href="tel:+302105550142"]').innerText()).toBe(SELLER.phone);
      // A link that names no invoice is not a failure to try again.
      expect(await page.getByRole('button', { name: commonTexts(lng).retry }).count()).toBe(0);
      expect(await page.getByTestId('pay-seller').innerText()).toBe(SELLER.name);
      expect(await marketingLinks(page)).toBe(0);
      expect(await smallTargets(page)).toEqual([]);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await rawKeyLeaks(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `${SHOTS}/pay-${shot}-link-${lng}-375`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await screenshot(page, `${SHOTS}/pay-${shot}-link-${lng}-1280`);
      await context.close();
    }
  });

  it('says why when the invoice cannot be read, with Retry and the contact, and shows the invoice once it reads', async () => {
    const en = texts('en');
    const invoice = await createInvoice(server.runtime.deps, clientId, 64);
    const { context, page } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    let failing = true;
    await page.route('**/api/public/invoices/*/', (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal failure 7f3a"}' }) : route.continue(),
    );
    await page.goto(`/pay-invoice/${invoice.id}?lng=en`);
    const failure = page.getByTestId('pay-failure');
    await failure.waitFor();
    expect(await failure.getAttribute('data-reason')).toBe('server');
    expect(await failure.getByText(en.errors.fetch, { exact: true }).count()).toBe(1);
    expect(await page.getByText('Internal failure 7f3a').count()).toBe(0);
    expect(await failure.getByTestId('pay-contact').locator(`a[href="mailto:${SELLER.email}"]`).count()).toBe(1);
    // No figure the page does not know.
    expect(await page.getByTestId('pay-amount-due').count()).toBe(0);
    expect(await smallTargets(page)).toEqual([]);
    await screenshot(page, `${SHOTS}/pay-failed-en-375`);
    failing = false;
    await page.getByRole('button', { name: commonTexts('en').retry }).click();
    await page.getByTestId('pay-amount-due').waitFor();
    expect(plain(await page.getByTestId('pay-amount-due').innerText())).toBe(plain(euros(64)));
    expect(await failure.count()).toBe(0);
    expect(await page.getByRole('button', { name: en.payNow }).count()).toBe(1);
    await context.close();
  });
});
