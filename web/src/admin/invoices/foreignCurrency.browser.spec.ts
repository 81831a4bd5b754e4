import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choosePassword } from '../../../../test/billing-fixtures';
import {
  axeViolations,
  chooseOption,
  collectPageErrors,
  launchBrowser,
  listItem,
  loginAsAdmin,
  MOBILE_WIDTH,
  moreActions,
  newPage,
  pickOption,
  rawKeyLeaks,
  rowAction,
  screenshot,
  settled,
  signIn,
} from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { startFakeStripe, type FakeStripe } from '../../../../test/fake-stripe';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../../test/server';
import { readLocale } from '../../../../test/web-i18n';

// Needs `node scripts/build-web.mjs` first: the test server serves dist/web.
// Issue 40: a client invoiced in US dollars. Its invoices' amounts show in dollars in the screen's
// language's number format (euros keep the spec's "2.000,00 €" in every language). Credit notes,
// cancelling, write-offs, refunds of payments recorded by hand and applied credit work on them, in
// dollars; what is still for euros (the admin row's card payment, card checkout where the simulated one
// stands in for Stripe) is not offered but explained. With Stripe configured, Pay Now charges dollars.
const SHOTS = 'issue-40';
const LANGUAGES = ['en', 'el', 'ru'] as const;
type Language = (typeof LANGUAGES)[number];

/** Intl writes ru's (and some el) groups and the space before the symbol as no-break spaces: compared as spaces. */
const spaced = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

/** The same dollar amounts as each language writes them. */
const DOLLARS: Record<Language, Record<'total' | 'open' | 'paid', string>> = {
  en: { total: '$1,595.00', open: '$995.00', paid: '$600.00' },
  el: { total: '1.595,00 $', open: '995,00 $', paid: '600,00 $' },
  ru: { total: '1 595,00 $', open: '995,00 $', paid: '600,00 $' },
};

/** The amounts of a credit-and-refund flow (FLOW_ITEMS, paid 300, credited its second line, 120 refunded) as each language writes them. */
const FLOW: Record<Language, Record<'total' | 'price' | 'credit' | 'paid' | 'refund' | 'refundableLeft' | 'openAfterCredit' | 'openAfterRefund', string>> = {
  en: { total: '$1,097.50', price: '$250.00', credit: '$297.50', paid: '$300.00', refund: '$120.00', refundableLeft: '$180.00', openAfterCredit: '$500.00', openAfterRefund: '$620.00' },
  el: { total: '1.097,50 $', price: '250,00 $', credit: '297,50 $', paid: '300,00 $', refund: '120,00 $', refundableLeft: '180,00 $', openAfterCredit: '500,00 $', openAfterRefund: '620,00 $' },
  ru: { total: '1 097,50 $', price: '250,00 $', credit: '297,50 $', paid: '300,00 $', refund: '120,00 $', refundableLeft: '180,00 $', openAfterCredit: '500,00 $', openAfterRefund: '620,00 $' },
};
/** Two seats without VAT and an onboarding at 19 %: 800.00 + 297.50 USD. */
const FLOW_ITEMS = [
  { description: 'Analytics seats', quantity: 2, unit_price: 400, vat_rate: 0 },
  { description: 'Onboarding', quantity: 1, unit_price: 250, vat_rate: 19 },
];

type Texts = Record<string, Record<string, unknown>>;
const text = (lng: Language, key: string, values: Record<string, string> = {}): string => {
  let value: unknown = readLocale(lng);
  for (const part of key.split('.')) value = (value as Texts)[part];
  if (typeof value !== 'string') throw new Error(`no text ${key} in ${lng}`);
  return value.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
};
/** A text of the locale with a value not known beforehand (a number the server gives): a pattern with `(\S+)` in its place. */
const textPattern = (lng: Language, key: string, unknown: string, values: Record<string, string> = {}): RegExp => {
  const [before, after] = text(lng, key, { ...values, [unknown]: '\u0000' }).split('\u0000') as [string, string];
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escape(before)}(\\S+)${escape(after)}$`);
};

describe('invoices in another currency than the euro (issue 40) in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestClient;
  let page: Page;
  let errors: string[];
  let usd: { id: string; email: string };
  let invoice: { id: string; number: string };
  let euro: { clientId: string; id: string; number: string };
  let portalLogin: { username: string; password: string };

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000, publicFormsPerIp: 1000 } });
    admin = server.client();
    await admin.login();
    // Rates before today (the editor dates a new invoice today): it takes the last one, 1.10.
    for (const [date, rate] of [
      ['2026-01-02', '1.05'],
      ['2026-06-01', '1.10'],
    ] as const) {
      const res = await admin.post('/api/exchange-rates/', { date, currency: 'USD', rate });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    page.setDefaultTimeout(60_000);
    errors = collectPageErrors(page);
    // Send asks first with the browser's confirm(): accepted.
    page.on('dialog', (d) => void d.accept());
    await loginAsAdmin(page, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const modal = () => page.locator('.ant-modal-wrap:visible .ant-modal').last();
  /** Opens a screen in a language and waits until the app has switched to it (and kept it for the next screens). */
  const visit = async (url: string, lng: Language, p: Page = page) => {
    await p.goto(`${url}?lng=${lng}`);
    await p.locator(`html[lang="${lng}"]`).waitFor();
    await p.locator('#main').waitFor();
  };
  const toast = (message: string) => page.locator('.ant-message').getByText(message, { exact: true }).waitFor();
  const clean = async (p: Page = page) => {
    expect(await rawKeyLeaks(p)).toEqual([]);
    expect(await axeViolations(p)).toEqual([]);
  };
  /**
   * A full-page shot of a page with a dialog, a drawer or a menu open: the window first made as tall
   * as the page and the dialog's or drawer's own scroll box, so that the fixed overlay (and the
   * header) is drawn whole over a long list instead of torn at the list's scroll position.
   */
  const shootOverlay = async (name: string) => {
    const size = page.viewportSize()!;
    const height = await page.evaluate(() =>
      Math.max(
        document.documentElement.scrollHeight,
        ...Array.from(document.querySelectorAll('.ant-modal-wrap, .ant-drawer-body'), (e) => e.scrollHeight + Math.max(0, e.getBoundingClientRect().top)),
      ),
    );
    await page.setViewportSize({ width: size.width, height: Math.max(size.height, Math.ceil(height)) });
    await settled(page);
    await screenshot(page, name);
    await page.setViewportSize(size);
  };
  /**
   * Chooses an item of a row's "More" menu once the menu has stopped moving: clicked while it still
   * opened, on a 375 px page the click could land beside it and no dialog opened.
   */
  const fromMore = async (row: Locator, name: string) => {
    await row.getByTestId('row-more').click();
    const item = page.locator('.ant-dropdown-menu:visible').getByRole('menuitem', { name, exact: true });
    await item.waitFor();
    await settled(page);
    await item.click();
    await page.mouse.move(0, 0);
  };

  it("creates a client invoiced in US dollars through the form's Currency select, the euro by default", async () => {
    await page.goto('/admin/clients');
    await page.getByRole('button', { name: 'Create Client' }).click();
    await modal().getByText('Currency', { exact: true }).waitFor();
    expect(spaced(await modal().getByTestId('client-currency').textContent())).toBe('EUR · Euro');
    await page.fill('#client_name', 'Liberty Analytics Inc.');
    await page.fill('#client_email', 'ap@liberty.example');
    await page.fill('#client_address', '200 Park Avenue, New York');
    // The euro first, then the currencies the ECB quotes, each with its name.
    await page.click('#client_currency');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1).waitFor();
    const options = await page.locator('.ant-select-dropdown:visible .ant-select-item-option').allTextContents();
    expect(options.slice(0, 2)).toEqual(['EUR · Euro', 'USD · US Dollar']);
    await page.keyboard.press('Escape');
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached' });
    await chooseOption(page, '#client_currency', 'USD', 'USD · US Dollar');
    await settled(page);
    await screenshot(page, `${SHOTS}/client-form-currency-en-1280`);
    await modal().getByRole('button', { name: 'Save Changes' }).click();
    await listItem(page, 'Liberty Analytics Inc.').getByText('ap@liberty.example').waitFor();
    const row = ((await admin.get('/api/clients/')).body as { id: string; name: string; currency: string }[]).find((c) => c.name === 'Liberty Analytics Inc.')!;
    expect(row.currency).toBe('USD');
    usd = { id: row.id, email: 'ap@liberty.example' };

    // The client's page names the currency, as its invoices are in it.
    await page.goto(`/admin/clients/${usd.id}`);
    expect(spaced(await page.getByTestId('client-card-currency').textContent())).toBe('USD · US Dollar');
  });

  it('writes an invoice for it in the editor with prices and live totals in dollars', async () => {
    await page.goto('/admin/invoices');
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await chooseOption(page, '#invoice_client', 'Liberty', 'Liberty Analytics Inc.');
    await page.getByTestId('currency-hint').getByText(text('en', 'admin.invoices.currency.editorHint', { currency: 'USD' })).waitFor();
    await page.fill('#invoice_items_0_description', 'Platform licence');
    await page.fill('#invoice_items_0_unitPrice', '1000');
    await page.fill('#invoice_items_0_vatRate', '0');
    await page.getByTestId('total-gross').getByText('$1,000.00').waitFor();
    // The price field says which money it takes.
    expect(await modal().locator('.ant-input-number-prefix').first().textContent()).toBe('$');
    await page.getByTestId('add-line').click();
    await page.fill('#invoice_items_1_description', 'Implementation workshop');
    await page.fill('#invoice_items_1_unitPrice', '500');
    await page.fill('#invoice_items_1_vatRate', '19');
    await page.getByTestId('total-gross').getByText('$1,595.00').waitFor();
    expect(await page.getByTestId('total-net').textContent()).toBe('$1,500.00');
    expect(await page.getByTestId('total-vat').textContent()).toBe('$95.00');
    expect(await modal().locator('.admin-line-items .money').allTextContents()).toEqual(['$1,000.00', '$595.00']);
    await settled(page);
    await screenshot(page, `${SHOTS}/invoice-editor-usd-en-1280`);
    await modal().getByRole('button', { name: 'Save Changes' }).click();
    await toast('Invoice issued successfully!');
    const listed = await admin.graphql('query($id: ID) { invoices(clientId: $id) { items { id invoiceNumber currency exchangeRate totalAmount } } }', { id: usd.id });
    const [made] = listed.body.data.invoices.items;
    expect(made).toMatchObject({ currency: 'USD', exchangeRate: 1.1, totalAmount: 1595 });
    invoice = { id: made.id, number: made.invoiceNumber };
    await listItem(page, invoice.number).getByText('$1,595.00').waitFor();
  });

  it('lists the invoice in dollars in en, el and ru, a euro invoice still "2.000,00 €", at 1280 and 375 px', async () => {
    expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
    const zurich = (await admin.post('/api/clients/', { name: 'Zurich Risk AG', email: 'ap@zurich.example', country: 'CH' })).body;
    const made = await admin.post('/api/invoices/', { client: zurich.id, date: '2026-11-02', due_date: '2026-12-02', items: [{ description: 'GRC audit', quantity: 1, unit_price: 2000, vat_rate: 0 }] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.currency).toBe('EUR');
    expect((await admin.post(`/api/invoices/${made.body.id}/send/`)).status).toBe(200);
    euro = { clientId: zurich.id, id: made.body.id, number: made.body.invoice_number };

    for (const lng of LANGUAGES) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await visit(`/admin/invoices`, lng);
      const dollars = listItem(page, invoice.number);
      await dollars.locator('.admin-amount').waitFor();
      expect(spaced(await dollars.locator('.admin-amount').textContent())).toBe(DOLLARS[lng].total);
      expect(spaced(await listItem(page, euro.number).locator('.admin-amount').textContent())).toBe('2.000,00 €');
      await settled(page);
      await clean();
      await screenshot(page, `${SHOTS}/invoices-${lng}-1280`);
      await page.setViewportSize({ width: MOBILE_WIDTH, height: 740 });
      const card = listItem(page, invoice.number);
      await card.locator('.money').waitFor();
      expect(spaced(await card.locator('.money').first().textContent())).toBe(DOLLARS[lng].total);
      expect(spaced(await listItem(page, euro.number).locator('.money').first().textContent())).toBe('2.000,00 €');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await settled(page);
      await screenshot(page, `${SHOTS}/invoices-${lng}-375`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await visit('/admin/invoices', 'en');
    // The invoice itself (an issued one opens read-only): its lines' prices in dollars.
    const row = listItem(page, invoice.number);
    await rowAction(page, row, 'Edit');
    await modal().getByTestId('invoice-items').waitFor();
    // Issued: corrected by a credit note, which is in dollars as the invoice.
    await modal().getByTestId('issued-hint').getByText(text('en', 'admin.invoices.currency.issuedHint', { currency: 'USD' })).waitFor();
    const prices = await modal().getByTestId('invoice-items').locator('tbody tr.ant-table-row td:nth-child(3)').allTextContents();
    expect(prices.map(spaced)).toEqual(['$1,000.00', '$500.00']);
    await settled(page);
    await screenshot(page, `${SHOTS}/invoice-issued-usd-en-1280`);
    await modal().getByRole('button', { name: 'Cancel' }).click();
    for (const lng of ['el', 'ru'] as const) {
      await visit(`/admin/invoices`, lng);
      await rowAction(page, listItem(page, invoice.number), text(lng, 'buttons.edit'));
      await modal().getByTestId('invoice-items').waitFor();
      const shown = await modal().getByTestId('invoice-items').locator('tbody tr.ant-table-row td:nth-child(3)').allTextContents();
      expect(shown.map(spaced)).toEqual(lng === 'el' ? ['1.000,00 $', '500,00 $'] : ['1 000,00 $', '500,00 $']);
      await modal().getByRole('button', { name: text(lng, 'buttons.cancel') }).click();
    }
    await visit('/admin/invoices', 'en');
    await listItem(page, invoice.number).locator('.admin-amount').waitFor();
  });

  it('offers a credit note, cancelling and a write-off on it but no card payment from this screen, and says why; the euro invoice keeps them all', async () => {
    const row = listItem(page, invoice.number);
    const offered = await moreActions(page, row);
    for (const kept of ['Record payment', 'Payments', 'Issue credit note', 'Cancel with a credit note', 'Write off']) expect(offered).toContain(kept);
    expect(offered).toContain(text('en', 'admin.invoices.currency.issuedLimits', { currency: 'USD' }));
    expect(offered).not.toContain('Pay by card');
    await row.getByRole('button', { name: 'Mark as Paid' }).waitFor();
    await page.locator('.ant-dropdown-menu:visible').waitFor({ state: 'detached' });
    await row.getByTestId('row-more').click();
    await page.locator('.ant-dropdown-menu:visible').getByTestId('currency-note').waitFor();
    await settled(page);
    await screenshot(page, `${SHOTS}/invoice-actions-usd-en-1280`);
    await row.getByTestId('row-more').click();
    await page.locator('.ant-dropdown-menu:visible').waitFor({ state: 'detached' });
    await page.mouse.move(0, 0);
    const euroOffered = await moreActions(page, listItem(page, euro.number));
    for (const kept of ['Pay by card', 'Issue credit note', 'Write off', 'Cancel with a credit note']) expect(euroOffered).toContain(kept);
    expect(euroOffered.some((a) => a.startsWith('Invoice in'))).toBe(false);
  });

  it('records a payment in dollars: the open amount, the field and the toast in the invoice’s currency, at most what is open', async () => {
    const row = listItem(page, invoice.number);
    await rowAction(page, row, 'Record payment');
    await modal().getByTestId('payment-open').getByText('Still owed: $1,595.00').waitFor();
    await modal().getByText('Amount in USD', { exact: true }).waitFor();
    expect(await modal().locator('.ant-input-number-prefix').textContent()).toBe('$');
    expect(await page.inputValue('#payment_amount')).toBe('1595.00');
    await page.fill('#payment_amount', '2000');
    await modal().getByRole('button', { name: 'Record payment' }).click();
    await modal().getByText('At most what is still owed: $1,595.00.').waitFor();
    await settled(page);
    await screenshot(page, `${SHOTS}/record-payment-usd-en-1280`);
    await page.fill('#payment_amount', '600');
    await modal().getByRole('button', { name: 'Record payment' }).click();
    await toast(`Payment of $600.00 recorded on invoice ${invoice.number}.`);
    await row.getByText('Partly paid · $995.00 open').waitFor();

    await rowAction(page, row, 'Payments');
    const drawer = page.getByTestId('payments-drawer');
    await drawer.getByTestId('payments-open').getByText('$995.00').waitFor();
    await drawer.getByTestId('payment-card').locator('.ant-card-head').getByText('$600.00').waitFor();
    // Recorded by hand: it can be refunded, in dollars (refunds of it are proved on invoices of their own below).
    await drawer.getByTestId('payment-card').getByRole('button', { name: 'Refund' }).waitFor();
    expect(spaced(await drawer.getByTestId('payment-refundable').textContent())).toBe('$600.00');
    await settled(page);
    await clean();
    await screenshot(page, `${SHOTS}/payments-usd-en-1280`);
    await page.setViewportSize({ width: MOBILE_WIDTH, height: 740 });
    await settled(page);
    await screenshot(page, `${SHOTS}/payments-usd-en-375`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await drawer.locator('.ant-drawer-close').click();

    for (const lng of ['el', 'ru'] as const) {
      await visit(`/admin/invoices`, lng);
      const status = listItem(page, invoice.number).locator('.admin-badges .ant-tag').first();
      await status.waitFor();
      expect(spaced(await status.textContent())).toBe(spaced(text(lng, 'admin.payments.partlyPaid', { open: DOLLARS[lng].open })));
    }
    await visit('/admin/invoices', 'en');
  });

  it("shows the client's page in dollars, keeps its currency once it has invoices, and shows the server's refusal under the field", async () => {
    await page.goto(`/admin/clients/${usd.id}`);
    const invoices = page.getByTestId('client-invoices');
    await invoices.getByText('$1,595.00').waitFor();
    await invoices.getByText('Partly paid · $995.00 open').waitFor();
    await settled(page);
    await clean();
    await screenshot(page, `${SHOTS}/client-detail-usd-en-1280`);
    await page.setViewportSize({ width: MOBILE_WIDTH, height: 740 });
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, `${SHOTS}/client-detail-usd-en-375`);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Its invoices are in dollars: the form shows the currency and does not offer another.
    await page.goto('/admin/clients');
    await listItem(page, 'Liberty Analytics Inc.').waitFor();
    await rowAction(page, listItem(page, 'Liberty Analytics Inc.'), 'Edit');
    await modal().getByText(text('en', 'admin.clients.currencyKept')).waitFor();
    expect(spaced(await modal().getByTestId('client-currency').textContent())).toBe('USD · US Dollar');
    expect(await page.locator('#client_currency').isDisabled()).toBe(true);
    await settled(page);
    await screenshot(page, `${SHOTS}/client-form-kept-en-1280`);
    await modal().getByRole('button', { name: 'Cancel' }).click();

    // A client whose first invoice arrives while its form is open: the server's refusal shows under Currency.
    const fresh = (await admin.post('/api/clients/', { name: 'Nordic Trust AB', email: 'ap@nordic.example' })).body;
    await page.reload();
    await listItem(page, 'Nordic Trust AB').waitFor();
    await rowAction(page, listItem(page, 'Nordic Trust AB'), 'Edit');
    await modal().getByText(text('en', 'admin.clients.currencyHelp')).waitFor();
    expect(await page.locator('#client_currency').isDisabled()).toBe(false);
    const made = await admin.post('/api/invoices/', { client: fresh.id, date: '2026-11-02', due_date: '2026-12-02', items: [{ description: 'Audit', quantity: 1, unit_price: 100, vat_rate: 0 }] });
    expect(made.status).toBe(201);
    await chooseOption(page, '#client_currency', 'SEK', 'SEK · Swedish Krona');
    await modal().getByRole('button', { name: 'Save Changes' }).click();
    await modal().locator('#client_currency_help').getByText(text('en', 'admin.clients.currencyFixed')).waitFor();
    await settled(page);
    await screenshot(page, `${SHOTS}/client-form-refused-en-1280`);
    // The same in Greek: the server's text in the screen's language.
    await modal().getByRole('button', { name: 'Cancel' }).click();
    await visit('/admin/clients', 'el');
    await listItem(page, 'Nordic Trust AB').waitFor();
    await rowAction(page, listItem(page, 'Nordic Trust AB'), text('el', 'buttons.edit'));
    // Now known to have an invoice: kept.
    await modal().getByText(text('el', 'admin.clients.currencyKept')).waitFor();
    await modal().getByRole('button', { name: text('el', 'buttons.cancel') }).click();
    await visit('/admin', 'en');
    expect((await admin.get(`/api/clients/${fresh.id}/`)).body.currency).toBe('EUR');
  });

  it('shows the client its invoice in dollars in the portal, with no Pay Now and the bank transfer to make', async () => {
    const login = await admin.post(`/api/clients/${usd.id}/create_user/`);
    expect(login.status).toBe(201);
    const password = await choosePassword(server.client(), login.body.username, login.body.password);
    portalLogin = { username: login.body.username, password };
    for (const lng of LANGUAGES) {
      for (const width of [1280, MOBILE_WIDTH]) {
        const portal = await newPage(browser, server.url, { width });
        portal.page.setDefaultTimeout(60_000);
        const portalErrors = collectPageErrors(portal.page);
        await signIn(portal.page, { username: login.body.username, password });
        await portal.page.waitForURL('**/portal/dashboard');
        await visit(`/portal/dashboard`, lng, portal.page);
        const row = listItem(portal.page, invoice.number);
        await row.locator('.money').first().waitFor();
        const amount = spaced(await row.locator('.money').first().textContent());
        expect(amount).toBe(`${DOLLARS[lng].total}${spaced(text(lng, 'portal.invoices.open', { amount: DOLLARS[lng].open }))}`);
        await row.getByTestId('portal-transfer-note').getByText(text(lng, 'portal.invoices.bankTransferOnly', { currency: 'USD' })).waitFor();
        await row.getByTestId('payment-reference').waitFor();
        expect(await row.getByRole('button', { name: text(lng, 'portal.invoices.payNow') }).count()).toBe(0);
        await settled(portal.page);
        await clean(portal.page);
        expect(await portal.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await screenshot(portal.page, `${SHOTS}/portal-usd-${lng}-${width}`);
        expect(portalErrors).toEqual([]);
        await portal.context.close();
      }
    }
  });

  it('shows the pay link in dollars with no Pay Now, the bank transfer note and the payment reference; a euro invoice keeps Pay Now', async () => {
    for (const lng of LANGUAGES) {
      for (const width of [1280, MOBILE_WIDTH]) {
        const payer = await newPage(browser, server.url, { width });
        payer.page.setDefaultTimeout(60_000);
        const payerErrors = collectPageErrors(payer.page);
        await visit(`/pay-invoice/${invoice.id}`, lng, payer.page);
        await payer.page.getByTestId('pay-bank-transfer').waitFor();
        expect(spaced(await payer.page.getByTestId('pay-amount-due').textContent())).toBe(DOLLARS[lng].open);
        expect(spaced(await payer.page.getByTestId('pay-total').textContent())).toBe(DOLLARS[lng].total);
        expect(spaced(await payer.page.getByTestId('pay-invoice-open').textContent())).toBe(DOLLARS[lng].open);
        expect((await payer.page.locator('.pay-line .pay-money').allTextContents()).map(spaced)).toEqual(
          lng === 'en' ? ['$1,000.00', '$500.00'] : lng === 'el' ? ['1.000,00 $', '500,00 $'] : ['1 000,00 $', '500,00 $'],
        );
        const note = payer.page.getByTestId('pay-bank-transfer');
        await note.getByText(text(lng, 'payInvoice.bankTransfer.title', { currency: 'USD' })).waitFor();
        await note.getByText(text(lng, 'payInvoice.bankTransfer.withReference')).waitFor();
        expect(await payer.page.getByRole('button', { name: text(lng, 'payInvoice.payNow') }).count()).toBe(0);
        await payer.page.getByTestId('payment-reference').waitFor();
        await payer.page.getByText(text(lng, 'payInvoice.paymentReferenceNote')).waitFor();
        await clean(payer.page);
        expect(await payer.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await screenshot(payer.page, `${SHOTS}/pay-usd-${lng}-${width}`);

        await visit(`/pay-invoice/${euro.id}`, lng, payer.page);
        await payer.page.getByRole('button', { name: text(lng, 'payInvoice.payNow') }).waitFor();
        expect(spaced(await payer.page.getByTestId('pay-amount-due').textContent())).toBe('2.000,00 €');
        expect(await payer.page.getByTestId('pay-bank-transfer').count()).toBe(0);
        expect(payerErrors).toEqual([]);
        await payer.context.close();
      }
    }
  });

  it('says which rate is missing when the invoice is dated before any rate of its currency', async () => {
    await page.goto('/admin/invoices');
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await chooseOption(page, '#invoice_client', 'Liberty', 'Liberty Analytics Inc.');
    await page.getByTestId('currency-hint').waitFor();
    await page.locator('#invoice_date').fill('2025-12-01');
    await page.locator('#invoice_date').press('Enter');
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
    await page.fill('#invoice_items_0_description', 'Early licence');
    await page.fill('#invoice_items_0_unitPrice', '100');
    await modal().getByRole('button', { name: 'Save Changes' }).click();
    await toast(text('en', 'admin.invoices.currency.noRate', { currency: 'USD', date: '01 / December / 2025' }));
    await settled(page);
    await screenshot(page, `${SHOTS}/invoice-no-rate-en-1280`);
    await modal().getByRole('button', { name: 'Cancel' }).click();
  });

  // One flow per language and width, each on a dollar invoice of its own (FLOW_ITEMS, 300 paid by bank transfer).
  for (const lng of LANGUAGES) {
    for (const width of [1280, MOBILE_WIDTH]) {
      it(`credits part of a dollar invoice and refunds its payment in dollars, with no card payment offered (${lng}, ${width} px)`, async () => {
        const made = await admin.post('/api/invoices/', { client: usd.id, date: '2026-11-10', due_date: '2026-12-10', items: FLOW_ITEMS });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        expect((await admin.post(`/api/invoices/${made.body.id}/send/`)).status).toBe(200);
        const paid = await admin.post(`/api/invoices/${made.body.id}/payments/`, { amount: 300, date: '2026-11-20', method: 'bank_transfer' });
        expect(paid.status, JSON.stringify(paid.body)).toBe(201);
        const number = made.body.invoice_number as string;
        const amounts = FLOW[lng];
        const shot = (name: string) => shootOverlay(`${SHOTS}/${name}-${lng}-${width}`);
        const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        await page.setViewportSize({ width, height: width === MOBILE_WIDTH ? 740 : 900 });
        await visit('/admin/invoices', lng);
        const row = listItem(page, number);
        await row.getByText(number).first().waitFor();

        // "More" offers the credit note and cancelling; no card payment, and the note says what is still missing.
        await row.getByTestId('row-more').click();
        const menu = page.locator('.ant-dropdown-menu:visible');
        await menu.getByTestId('currency-note').waitFor();
        const offered = (await menu.getByRole('menuitem').allTextContents()).map((s) => s.trim());
        for (const key of ['admin.creditNotes.issue', 'admin.creditNotes.cancelInvoice', 'admin.payments.list']) expect(offered).toContain(text(lng, key));
        expect(offered).not.toContain(text(lng, 'admin.invoices.pay'));
        expect(offered).toContain(text(lng, 'admin.invoices.currency.issuedLimits', { currency: 'USD' }));
        await shot('credit-menu-usd');

        // The credit note dialog: what is creditable, the invoice's lines and the new note's totals in dollars.
        await settled(page);
        await menu.getByRole('menuitem', { name: text(lng, 'admin.creditNotes.issue'), exact: true }).click();
        await page.mouse.move(0, 0);
        const credit = modal();
        await credit.getByTestId('creditable').waitFor();
        expect(spaced(await credit.getByTestId('creditable').textContent())).toBe(spaced(text(lng, 'admin.creditNotes.creditable', { amount: amounts.total })));
        await credit.locator('#creditNote_reason').fill('Onboarding not needed');
        const onboarding = credit.getByTestId('credit-note-pick').getByRole('checkbox', { name: text(lng, 'admin.creditNotes.pickLine', { description: 'Onboarding', quantity: '1', price: amounts.price }) });
        await onboarding.click();
        await expect.poll(() => onboarding.isChecked()).toBe(true);
        await credit.getByTestId('total-gross').waitFor();
        expect(spaced(await credit.getByTestId('total-gross').textContent())).toBe(amounts.credit);
        expect(await credit.locator('.ant-input-number-prefix').first().textContent()).toBe('$');
        await settled(page);
        await clean();
        if (width === MOBILE_WIDTH) expect(await sideways()).toBeLessThanOrEqual(0);
        await shot('credit-note-usd');
        await credit.getByRole('button', { name: text(lng, 'admin.creditNotes.issue') }).click();
        await page.locator('.ant-message').getByText(textPattern(lng, 'admin.creditNotes.issued', 'number')).waitFor();
        const notes = await admin.graphql('query($id: ID) { creditNotes(invoiceId: $id) { creditNoteNumber currency totalAmount } }', { id: made.body.id });
        const [note] = notes.body.data.creditNotes as { creditNoteNumber: string; currency: string; totalAmount: number }[];
        expect(note).toMatchObject({ currency: 'USD', totalAmount: 297.5 });
        const status = row.locator('.admin-badges .ant-tag').first();
        await expect.poll(async () => spaced(await status.textContent())).toBe(spaced(text(lng, 'admin.payments.partlyPaid', { open: amounts.openAfterCredit })));

        // The credit notes tab lists it with its dollar amount.
        await page.getByRole('tab', { name: text(lng, 'admin.creditNotes.title'), exact: true }).click();
        const listed = listItem(page.getByTestId('credit-notes'), note!.creditNoteNumber);
        const amount = listed.locator(width === MOBILE_WIDTH ? '.money' : '.admin-amount').first();
        await amount.waitFor();
        expect(spaced(await amount.textContent())).toBe(amounts.credit);
        await settled(page);
        if (width === MOBILE_WIDTH) expect(await sideways()).toBeLessThanOrEqual(0);
        await shot('credit-notes-usd');
        await page.getByRole('tab', { name: text(lng, 'admin.invoices.title'), exact: true }).click();

        // Its payment, recorded by hand, is refunded in dollars: at most what is refundable.
        await fromMore(listItem(page, number), text(lng, 'admin.payments.list'));
        const drawer = page.getByTestId('payments-drawer');
        const card = drawer.getByTestId('payment-card');
        await card.getByRole('button', { name: text(lng, 'admin.refunds.refund') }).click();
        const refund = modal();
        await refund.getByTestId('refundable').waitFor();
        expect(spaced(await refund.getByTestId('refundable').textContent())).toBe(spaced(text(lng, 'admin.refunds.refundable', { amount: amounts.paid })));
        expect(spaced(await refund.getByTestId('refund-payment').textContent())).toContain(amounts.paid);
        expect(await refund.locator('.ant-input-number-prefix').textContent()).toBe('$');
        expect(await refund.locator('#refund_amount').inputValue()).toBe('300.00');
        await refund.locator('#refund_amount').fill('400');
        await refund.locator('#refund_reason').fill('Seat returned');
        await refund.getByRole('button', { name: text(lng, 'admin.refunds.refund') }).click();
        const tooHigh = refund.locator('#refund_amount_help');
        await tooHigh.waitFor();
        await expect.poll(async () => spaced(await tooHigh.textContent())).toBe(spaced(text(lng, 'admin.refunds.amountTooHigh', { amount: amounts.paid })));
        await settled(page);
        await clean();
        if (width === MOBILE_WIDTH) expect(await sideways()).toBeLessThanOrEqual(0);
        await shot('refund-usd');
        await refund.locator('#refund_amount').fill('120');
        await refund.getByRole('button', { name: text(lng, 'admin.refunds.refund') }).click();
        await toast(text(lng, 'admin.refunds.done', { amount: amounts.refund, number }));
        await expect.poll(async () => spaced(await card.getByTestId('payment-refunded').textContent())).toBe(amounts.refund);
        expect(spaced(await card.getByTestId('payment-refundable').textContent())).toBe(amounts.refundableLeft);
        await expect.poll(async () => spaced(await drawer.getByTestId('payments-open').textContent())).toBe(amounts.openAfterRefund);
        await settled(page);
        await shot('payments-refunded-usd');
        await drawer.locator('.ant-drawer-close').click();
        await drawer.waitFor({ state: 'hidden' });
      });
    }
  }

  it('cancels a dollar invoice with a full credit note in dollars', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const made = await admin.post('/api/invoices/', { client: usd.id, date: '2026-11-12', due_date: '2026-12-12', items: [{ description: 'Pilot', quantity: 1, unit_price: 150, vat_rate: 0 }] });
    expect(made.status).toBe(201);
    expect((await admin.post(`/api/invoices/${made.body.id}/send/`)).status).toBe(200);
    const number = made.body.invoice_number as string;
    await visit('/admin/invoices', 'en');
    const row = listItem(page, number);
    await rowAction(page, row, 'Cancel with a credit note');
    await toast(`Invoice ${number} cancelled with a credit note.`);
    await row.getByText('Cancelled').waitFor();
    const notes = await admin.graphql('query($id: ID) { creditNotes(invoiceId: $id) { full currency totalAmount } }', { id: made.body.id });
    expect(notes.body.data.creditNotes).toEqual([{ full: true, currency: 'USD', totalAmount: 150 }]);
  });

  it("shows a credit balance in dollars on the client's page and in the portal, and applies it to another dollar invoice in dollars", async () => {
    // Paid in full, then 50.00 USD credited: the client holds 50.00 USD.
    const made = await admin.post('/api/invoices/', { client: usd.id, date: '2026-11-14', due_date: '2026-12-14', items: [{ description: 'Advisory', quantity: 1, unit_price: 200, vat_rate: 0 }] });
    expect((await admin.post(`/api/invoices/${made.body.id}/send/`)).status).toBe(200);
    expect((await admin.post(`/api/invoices/${made.body.id}/payments/`, { amount: 200, date: '2026-11-20', method: 'bank_transfer' })).status).toBe(201);
    const credited = await admin.post(`/api/invoices/${made.body.id}/credit-notes/`, { reason: 'Shorter engagement', items: [{ description: 'Advisory', quantity: 1, unit_price: 50, vat_rate: 0 }] });
    expect(credited.status, JSON.stringify(credited.body)).toBe(201);
    expect((await admin.get(`/api/clients/${usd.id}/`)).body.credit_balance).toBe(50);

    // 20.00 USD of it goes to the first dollar invoice (995.00 open) in each: 50 → 30 → 10 left, 995 → 975 → 955 open.
    const steps = [
      { lng: 'en', width: 1280, held: '$50.00', open: '$995.00', applied: '$20.00', left: '$30.00', openAfter: 975 },
      { lng: 'ru', width: MOBILE_WIDTH, held: '30,00 $', open: '975,00 $', applied: '20,00 $', left: '10,00 $', openAfter: 955 },
    ] as const;
    for (const { lng, width, held, open, applied, left, openAfter } of steps) {
      await page.setViewportSize({ width, height: width === MOBILE_WIDTH ? 740 : 900 });
      await visit(`/admin/clients/${usd.id}`, lng);
      const balance = page.getByTestId('client-credit-balance');
      await balance.waitFor();
      expect(spaced(await balance.textContent())).toBe(held);
      // The client's credit notes, each in dollars.
      const notes = page.getByTestId('client-credit-notes');
      await notes.getByText('Shorter engagement').waitFor();
      const amounts = (await notes.locator(width === MOBILE_WIDTH ? '.money' : '.admin-amount').allTextContents()).map(spaced);
      expect(amounts).toContain(lng === 'en' ? '$50.00' : '50,00 $');
      expect(amounts).toContain(FLOW[lng].credit);
      expect(amounts.every((a) => a.includes('$'))).toBe(true);
      await page.getByTestId('apply-credit').click();
      const apply = modal();
      await apply.locator('#apply-credit_amount').waitFor();
      expect(spaced(await apply.locator('p.admin-muted').textContent())).toBe(spaced(text(lng, 'admin.clients.applyCredit.available', { amount: held })));
      expect(await apply.getByTestId('apply-credit-note').count()).toBe(0);
      // Its open dollar invoices are offered, their open amounts in dollars; the amount is in dollars too.
      await pickOption(page, '#apply-credit_invoiceId', `${invoice.number} ·`);
      expect(spaced(await apply.locator('.ant-select-content').textContent())).toBe(spaced(text(lng, 'admin.clients.applyCredit.option', { number: invoice.number, open })));
      expect(await apply.locator('.ant-input-number-prefix').textContent()).toBe('$');
      expect(await apply.locator('#apply-credit_amount').inputValue()).toBe(lng === 'en' ? '50.00' : '30.00');
      await apply.locator('#apply-credit_amount').fill('20');
      await settled(page);
      await clean();
      if (width === MOBILE_WIDTH) expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await shootOverlay(`${SHOTS}/apply-credit-usd-${lng}-${width}`);
      await apply.getByRole('button', { name: text(lng, 'admin.clients.applyCredit.submit') }).click();
      await toast(text(lng, 'admin.clients.applyCredit.applied', { amount: applied, number: invoice.number }));
      await apply.waitFor({ state: 'hidden' });
      await expect.poll(async () => spaced(await balance.textContent())).toBe(left);
      expect((await admin.get(`/api/invoices/${invoice.id}/`)).body).toMatchObject({ currency: 'USD', open_amount: openAfter });
    }
    expect((await admin.get(`/api/clients/${usd.id}/`)).body.credit_balance).toBe(10);
    await page.setViewportSize({ width: 1280, height: 900 });

    const portal = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    portal.page.setDefaultTimeout(60_000);
    const portalErrors = collectPageErrors(portal.page);
    await signIn(portal.page, portalLogin);
    await portal.page.waitForURL('**/portal/dashboard');
    await visit('/portal/dashboard', 'el', portal.page);
    const held = portal.page.getByTestId('portal-credit-balance');
    await held.waitFor();
    expect(spaced(await held.textContent())).toBe('10,00 $');
    await settled(portal.page);
    await screenshot(portal.page, `${SHOTS}/portal-credit-usd-el-375`);
    expect(portalErrors).toEqual([]);
    await portal.context.close();
    await visit('/admin', 'en');
  });

  it('left no error in the admin page but the refused save the spec logs', () => {
    // The refusals the screens log on purpose: the client's currency, the invoice without a rate.
    const logged = ['console: Failed to save client CombinedGraphQLErrors: Please correct the errors below.', 'console: Failed to save invoice CombinedGraphQLErrors: There is no USD exchange rate'];
    expect(errors.filter((e) => !logged.some((l) => e.startsWith(l)))).toEqual([]);
  });
});

describe('Pay Now of a dollar invoice with Stripe configured (issue 40) in Chromium', () => {
  let fake: FakeStripe;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startTestServer(testBackends()[0]!, {
      env: { STRIPE_SECRET_KEY: 'sk_test_browser_fx', STRIPE_WEBHOOK_SECRET: 'whsec_browser_fx', STRIPE_API_BASE: fake.url },
      limits: { publicFormsPerIp: 1000 },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fake?.close();
  });

  it('offers Pay Now on the pay link, which opens a Checkout Session in dollars', async () => {
    const admin = server.client();
    await admin.login();
    expect((await admin.post('/api/exchange-rates/', { date: '2026-06-01', currency: 'USD', rate: '1.10' })).status).toBe(201);
    const client = await admin.post('/api/clients/', { name: 'Liberty Analytics Inc.', email: 'ap@liberty.example', country: 'US', currency: 'USD' });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const made = await admin.post('/api/invoices/', { client: client.body.id, date: '2026-11-02', due_date: '2026-12-02', items: [{ description: 'Platform licence', quantity: 1, unit_price: 1000, vat_rate: 0 }] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await admin.post(`/api/invoices/${made.body.id}/send/`)).status).toBe(200);

    const { context, page } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    page.setDefaultTimeout(60_000);
    const errors = collectPageErrors(page);
    // The hosted checkout is Stripe's page: stood in for by an empty one.
    await page.route('https://checkout.stripe.test/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Checkout</title>' }));
    await page.goto(`/pay-invoice/${made.body.id}?lng=en`);
    await page.locator('html[lang="en"]').waitFor();
    const payNow = page.getByRole('button', { name: text('en', 'payInvoice.payNow') });
    await payNow.waitFor();
    expect(spaced(await page.getByTestId('pay-amount-due').textContent())).toBe('$1,000.00');
    expect(await page.getByTestId('pay-bank-transfer').count()).toBe(0);
    await settled(page);
    await screenshot(page, `${SHOTS}/pay-usd-stripe-en-375`);
    await payNow.click();
    await page.waitForURL('https://checkout.stripe.test/**');
    const sessions = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.params).toMatchObject({ currency: 'usd', line_items: [{ price_data: { currency: 'usd', unit_amount: '100000' } }] });
    expect(errors).toEqual([]);
    await context.close();
  });
});
