import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launchBrowser, listItem, MOBILE_WIDTH, expectMoreActions, newPage, rawKeyLeaks, rowAction, screenshot, signIn, loginAsAdmin } from '../../../test/browser';
import { createClientWithLogin } from '../../../test/billing-fixtures';
import { testBackends } from '../../../test/db';
import { ADMIN, startTestServer, type TestServer } from '../../../test/server';
import { createTestI18n } from '../../../test/web-i18n';

// Needs `npx vite build` first: the test server serves dist/web.
describe('credit notes and e-invoice downloads in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let client: Awaited<ReturnType<typeof createClientWithLogin>>;
  const dialogs: string[] = [];
  const inv: Record<string, { id: string; invoice_number: string }> = {};

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000, publicFormsPerIp: 1000 } });
    client = await createClientWithLogin(server.runtime.deps, 'Credit Test Ltd');
    const admin = server.client();
    await admin.login();
    const issue = async (items: unknown[], date: string) => {
      const res = await admin.post('/api/invoices/', { client: client.id, date, due_date: '2026-12-31', items });
      expect((await admin.post(`/api/invoices/${res.body.id}/send/`)).status).toBe(200);
      return res.body as { id: string; invoice_number: string };
    };
    inv.partial = await issue([{ description: 'Licence', unit_price: 1000, vat_rate: 19 }, { description: 'Workshop', unit_price: 500, vat_rate: 19 }], '2026-11-01');
    inv.full = await issue([{ description: 'Audit', unit_price: 300, vat_rate: 19 }], '2026-11-02');
    inv.deleted = await issue([{ description: 'Training', unit_price: 200, vat_rate: 19 }], '2026-11-03');
    // Due long before today's date in the browser: overdue in the portal and on the pay page.
    inv.late = (await admin.post('/api/invoices/', { client: client.id, date: '2026-09-01', due_date: '2026-09-15', items: [{ description: 'Review', unit_price: 80, vat_rate: 19 }] })).body;
    // The first server-rendered page (the login) loads the server's render entry: here, with the
    // hook's own timeout, rather than in the sign-in's navigation (over 40 s on a busy machine).
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    page.setDefaultTimeout(60_000);
    errors = collectPageErrors(page);
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await loginAsAdmin(page, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  // The invoices tab's rows (the credit notes tab names invoices too, and stays in the page once opened).
  const row = (number: string) => page.locator('.admin-page tbody tr:visible', { hasText: number }).filter({ has: page.getByTestId('row-more') }).first();
  const creditModal = () => page.locator('.ant-modal-wrap:visible .ant-modal').last();
  const cancelledRowCount = (p: Page, number: string, text: string) => listItem(p, number).getByText(text).count();
  const toast = (text: string) => page.locator('.ant-message').getByText(text, { exact: true }).waitFor();
  /**
   * Chooses an item of a row's "More" menu once the menu has finished opening. Clicked while antd's
   * appear animation still ran, the item was "not stable" to Playwright, whose last try then
   * scrolled the page; the menu realigned to the scrolled row between the press and the release,
   * the release landed on the header's language switcher, and no modal opened (on a 375 px page
   * about one try in five: the VAT test below timed out waiting for its modal).
   */
  const chooseFromMore = async (p: Page, item: Locator, name: string) => {
    await item.getByTestId('row-more').click();
    await popupOpened(p, 'ant-dropdown');
    await p.locator('.ant-dropdown-menu:visible').getByRole('menuitem', { name, exact: true }).click();
    await p.mouse.move(0, 0);
  };
  /**
   * Waits until the open popup of this class (a menu, a select's options) has finished its appear
   * animation. Before that it can also be 0 px high for a frame, when Playwright counts it hidden.
   */
  const popupOpened = (p: Page, popup: 'ant-dropdown' | 'ant-select-dropdown') =>
    p.waitForFunction((cls) => {
      const open = [...document.getElementsByClassName(cls)].filter((d) => !d.classList.contains(`${cls}-hidden`) && !/-leave/.test(d.className));
      return open.length > 0 && open.every((d) => !/-(appear|enter)/.test(d.className));
    }, popup);

  it('issues a credit note for chosen lines, and shows the refusal when it would credit too much', async () => {
    await page.goto('/admin/invoices');
    await rowAction(page, row(inv.partial!.invoice_number), 'Issue credit note');
    const modal = creditModal();
    await modal.getByText(`Credit note for invoice ${inv.partial!.invoice_number}`).waitFor();
    await modal.getByText('Still creditable: 1.785,00 €').waitFor();
    await modal.locator('#creditNote_reason').fill('Workshop cancelled');
    // Nothing is credited until a line is picked, and cancelling the invoice is never preselected.
    expect(await modal.getByRole('radio', { name: 'Chosen lines' }).isChecked()).toBe(true);
    expect(await modal.getByRole('radio', { name: 'Everything still creditable (cancels the invoice)' }).isChecked()).toBe(false);
    await modal.getByRole('button', { name: 'Issue credit note' }).click();
    await modal.getByTestId('credit-note-error').getByText('Choose at least one line of the invoice to credit, or credit everything still creditable.', { exact: true }).waitFor();
    for (const box of await modal.getByTestId('credit-note-pick').getByRole('checkbox').all()) {
      // Checked once the form's watch has the line: clicked, then waited for.
      await box.click();
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    // Too much first: the server's message shows in the modal, which stays open.
    await modal.getByRole('spinbutton', { name: 'Unit price' }).first().fill('5000');
    await modal.getByRole('button', { name: 'Issue credit note' }).click();
    await modal.getByTestId('credit-note-error').getByText(/cannot exceed what remains creditable/).waitFor();
    await modal.getByRole('button', { name: 'Remove line' }).first().click();
    await modal.getByRole('spinbutton', { name: 'Unit price' }).first().fill('500');
    await screenshot(page, 'issue-17/credit-note-modal-lines-en-1280');
    await modal.getByRole('button', { name: 'Issue credit note' }).click();
    await toast('Credit note CN-2026-000001 issued.');
    await row(inv.partial!.invoice_number).getByText('Credited').waitFor();
  });

  it('cancels an invoice with a full credit note: tagged cancelled, no more payment actions', async () => {
    await rowAction(page, row(inv.full!.invoice_number), 'Issue credit note');
    const modal = creditModal();
    await modal.locator('#creditNote_reason').fill('Contract ended');
    await modal.getByText('Everything still creditable (cancels the invoice)').click();
    await modal.getByRole('button', { name: 'Issue credit note' }).click();
    await toast('Credit note CN-2026-000002 issued.');
    const cancelled = row(inv.full!.invoice_number);
    await cancelled.getByText('Cancelled').waitFor();
    expect(await cancelled.getByRole('button', { name: 'Mark as Paid' }).count()).toBe(0);
    await expectMoreActions(page, cancelled, ['Payments', 'Download e-invoice (XML)', 'History']);
  });

  it('asks before cancelling an issued invoice by delete, and lists every credit note with its downloads', async () => {
    await rowAction(page, row(inv.deleted!.invoice_number), 'Cancel with a credit note');
    await toast(`Invoice ${inv.deleted!.invoice_number} cancelled with a credit note.`);
    expect(dialogs).toContain(`Invoice ${inv.deleted!.invoice_number} has been issued and cannot be deleted. Cancel it with a full credit note?`);
    await row(inv.deleted!.invoice_number).getByText('Cancelled').waitFor();
    await page.getByRole('tab', { name: 'Credit notes' }).click();
    for (const n of ['CN-2026-000001', 'CN-2026-000002', 'CN-2026-000003']) await page.getByTestId('credit-notes').getByText(n).waitFor();
    const first = page.getByTestId('credit-notes').locator('tbody tr', { hasText: 'CN-2026-000001' });
    await first.getByText('Workshop cancelled').waitFor();
    const xml = await first.getByRole('link', { name: 'Download e-invoice (XML)' }).getAttribute('href');
    const res = await page.request.get(xml!);
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    await screenshot(page, 'issue-17/credit-notes-list-en-1280');
  });

  it("shows an issued invoice's form with only the due date and paid flag to change", async () => {
    await page.getByRole('tab', { name: 'Invoices' }).click();
    await rowAction(page, row(inv.partial!.invoice_number), 'Edit');
    const modal = creditModal();
    await modal.getByTestId('issued-hint').waitFor();
    expect(await modal.locator('#invoice_date').isDisabled()).toBe(true);
    expect(await modal.locator('#invoice_invoiceNumber').isDisabled()).toBe(true);
    await modal.getByTestId('invoice-items').getByText('Licence').waitFor();
    expect(await modal.getByRole('button', { name: 'Add line' }).count()).toBe(0);
    await screenshot(page, 'issue-17/issued-invoice-form-en-1280');
    await modal.getByRole('button', { name: 'Cancel' }).click();
  });

  it('records a dated partial payment, refusing one dated before the invoice', async () => {
    await rowAction(page, row(inv.partial!.invoice_number), 'Record payment');
    const modal = creditModal();
    await modal.getByText('Still owed: 1.190,00 €').waitFor();
    await modal.locator('#payment_amount').fill('500');
    await modal.locator('#payment_date').fill('2026-10-01');
    await modal.locator('#payment_date').press('Enter');
    await modal.getByRole('button', { name: 'Record payment' }).click();
    await modal.getByTestId('payment-error').getByText(/cannot be dated before its invoice/).waitFor();
    await modal.locator('#payment_date').fill('2026-11-20');
    await modal.locator('#payment_date').press('Enter');
    await modal.getByRole('button', { name: 'Record payment' }).click();
    await toast(`Payment of 500,00 € recorded on invoice ${inv.partial!.invoice_number}.`);
    await row(inv.partial!.invoice_number).getByText('Partly paid · 690,00 € open').waitFor();
  });

  it("opens an invoice's history when its row is clicked, with its credit notes in it", async () => {
    await page.goto('/admin/invoices');
    await row(inv.partial!.invoice_number).locator('td').first().click();
    const drawer = page.getByTestId('history-drawer');
    await drawer.getByText(`History of invoice ${inv.partial!.invoice_number}`).waitFor();
    await drawer.getByText('Credit note issued').waitFor();
    await drawer.getByText('CN-2026-000001').waitFor();
    await drawer.locator('.ant-drawer-close').click();
  });

  it('shows the credit notes on the client page', async () => {
    await page.goto(`/admin/clients/${client.id}`);
    await page.getByTestId('client-credit-notes').getByText('CN-2026-000002').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows aged receivables netting to Accounts Receivable, with a CSV export', async () => {
    await page.goto('/admin/accounting/aged-receivables');
    const table = page.getByTestId('aged-receivables');
    await table.locator('tbody tr', { hasText: 'Credit Test Ltd' }).waitFor();
    const api = await page.request.get('/api/reports/aged-receivables/');
    const net = (await api.json()).totals.net as number;
    expect(net).toBeGreaterThan(0);
    const shown = await table.getByTestId('aging-net').innerText();
    expect(shown.replace(/[^\d,]/g, '')).toBe(net.toFixed(2).replace('.', ','));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^aged-receivables_\d{4}-\d{2}-\d{2}\.csv$/);
    await screenshot(page, 'issue-18/aged-receivables-en-1280');
  });

  it('lets the client download PDF and XML in the portal and see the cancelled invoice', async () => {
    const { context, page: portal } = await newPage(browser, server.url, { width: MOBILE_WIDTH, locale: 'el-GR' });
    portal.setDefaultTimeout(60_000);
    await signIn(portal, client);
    await portal.waitForURL((u) => u.pathname.startsWith('/portal'));
    await listItem(portal, inv.late!.invoice_number).getByText('Ληξιπρόθεσμο').waitFor();
    expect(await cancelledRowCount(portal, inv.full!.invoice_number, 'Ληξιπρόθεσμο')).toBe(0);
    // The partly paid and credited invoice shows what is still owed.
    await listItem(portal, inv.partial!.invoice_number).getByText('Υπόλοιπο 690,00 €').waitFor();
    const cancelledRow = listItem(portal, inv.full!.invoice_number);
    await cancelledRow.getByText('Ακυρωμένο').waitFor();
    expect(await cancelledRow.getByRole('button', { name: /Πληρωμή|Pay/ }).count()).toBe(0);
    const xml = await cancelledRow.getByRole('link', { name: `Λήψη του τιμολογίου ${inv.full!.invoice_number} ως ηλεκτρονικό τιμολόγιο XML` }).getAttribute('href');
    const res = await portal.request.get(xml!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/xml');
    expect(await rawKeyLeaks(portal)).toEqual([]);
    // A long username (an e-mail) never widens the phone's page.
    expect(await portal.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_WIDTH);
    await screenshot(portal, 'issue-17/portal-documents-el-375');
    await context.close();
  });

  it('shows on the pay page what is still owed, which is what Pay Now charges', async () => {
    const { context, page: pay } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    pay.setDefaultTimeout(60_000);
    await pay.goto(`/pay-invoice/${inv.partial!.id}`);
    await pay.getByTestId('pay-invoice-open').getByText('690,00 €').waitFor();
    await pay.locator('.pay-invoice-action button').waitFor();
    expect(await pay.getByText('Overdue', { exact: true }).count()).toBe(0);
    await pay.goto(`/pay-invoice/${inv.late!.id}`);
    await pay.getByText('Overdue', { exact: true }).waitFor();
    await context.close();
  });

  it('says on the pay page that a cancelled invoice is no longer payable, and offers PDF and XML', async () => {
    for (const [locale, text] of [
      ['en-US', 'This invoice has been cancelled and is no longer payable.'],
      ['ru-RU', 'Этот счёт аннулирован и больше не подлежит оплате.'],
    ] as const) {
      const { context, page: pay } = await newPage(browser, server.url, { width: MOBILE_WIDTH, locale });
      pay.setDefaultTimeout(60_000);
      await pay.goto(`/pay-invoice/${inv.full!.id}`);
      await pay.getByTestId('pay-invoice-cancelled').getByText(text).waitFor();
      expect(await pay.locator('.pay-invoice-action').count()).toBe(0);
      const links = await pay.locator('.pay-invoice-documents a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(links).toEqual([`/api/public/invoices/${inv.full!.id}/pdf/`, `/api/public/invoices/${inv.full!.id}/ubl/`]);
      expect(await pay.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_WIDTH);
      await screenshot(pay, `issue-17/pay-page-cancelled-${locale.slice(0, 2)}-375`);
      await context.close();
    }
  });

  it("offers chosen lines only the invoice's VAT rates and categories, and words a refusal at a rate in the screen's language", async () => {
    // 100.00 at 19 % and 100.00 zero rated: crediting 150.00 at 19 % stays within the invoice's 219.00 but not within its 19 %.
    const admin = server.client();
    await admin.login();
    const mixed = await admin.post('/api/invoices/', { client: client.id, date: '2026-11-05', due_date: '2026-12-31', items: [{ description: 'Audit', unit_price: 100, vat_rate: 19 }, { description: 'Books', unit_price: 100, vat_rate: 0 }] });
    expect((await admin.post(`/api/invoices/${mixed.body.id}/send/`)).status).toBe(200);
    const number = mixed.body.invoice_number as string;
    const text = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
    for (const [lng, locale, width] of [['en', 'en-US', 1280], ['el', 'el-GR', MOBILE_WIDTH], ['ru', 'ru-RU', MOBILE_WIDTH]] as const) {
      const { t } = await createTestI18n(lng);
      const { context, page: p } = await newPage(browser, server.url, { width, locale });
      p.setDefaultTimeout(60_000);
      await loginAsAdmin(p, ADMIN);
      await p.goto('/admin/invoices');
      await chooseFromMore(p, listItem(p, number).filter({ has: p.getByTestId('row-more') }).first(), t('admin.creditNotes.issue'));
      const modal = p.locator('.ant-modal-wrap:visible .ant-modal').last();
      // A control character in the reason or a line's description is refused before sending, in the screen's language.
      const unclean = modal.locator('.ant-form-item-explain-error', { hasText: t('forms.errors.controlCharacters') });
      await modal.locator('#creditNote_reason').fill('Audit\u0007reduced');
      await unclean.first().waitFor();
      await modal.locator('#creditNote_reason').fill('Audit reduced');
      // Its message folds away, moving the fields under it: click the scope once it is gone.
      await unclean.first().waitFor({ state: 'detached' });
      await modal.getByText(t('admin.creditNotes.lines')).click();
      // The invoice's two lines picked to credit.
      for (const box of await modal.getByTestId('credit-note-pick').getByRole('checkbox').all()) {
        // Checked once the form's watch has the line: clicked, then waited for.
        await box.click();
        await expect.poll(() => box.isChecked()).toBe(true);
      }
      // The lines show on the render after the choice: read the count once they are there (count() does not wait).
      const vat = modal.getByRole('combobox', { name: t('admin.invoices.vatRateAndCategory') });
      await expect.poll(() => vat.count(), { timeout: 15_000 }).toBe(2);
      const description = modal.getByRole('textbox', { name: t('admin.invoices.description') }).first();
      await description.fill('Audit\u0007');
      await unclean.first().waitFor();
      await description.fill('Audit');
      await unclean.first().waitFor({ state: 'detached' });
      // Each line starts at its own rate, and offers nothing but the invoice's two.
      expect((await modal.locator('.vat-choice').allTextContents()).map(text)).toEqual([`19 % · ${t('admin.invoices.vatCategories.S')}`, `0 % · ${t('admin.invoices.vatCategories.Z')}`]);
      await vat.first().click();
      await popupOpened(p, 'ant-select-dropdown');
      const options = p.locator('.ant-select-dropdown:visible .ant-select-item-option');
      expect((await options.allTextContents()).map(text)).toEqual([`19 % · ${t('admin.invoices.vatCategories.S')}`, `0 % · ${t('admin.invoices.vatCategories.Z')}`]);
      await p.keyboard.press('Escape');
      await modal.getByRole('button', { name: t('admin.invoices.removeLine') }).nth(1).click();
      await modal.getByRole('spinbutton', { name: t('admin.invoices.unitPrice') }).first().fill('150');
      await modal.getByRole('button', { name: t('admin.creditNotes.issue') }).click();
      const refusal = t('admin.errors.creditVatExceedsCharged', { line: '1', rate: '19', category: t('admin.invoices.vatCategories.S'), net: '100,00 €', vat: '19,00 €' });
      await expect.poll(async () => text(await modal.getByTestId('credit-note-error').textContent().catch(() => ''))).toBe(text(refusal));
      expect(await rawKeyLeaks(p)).toEqual([]);
      expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await screenshot(p, `i36-credit-vat/credit-note-refused-${lng}-${width}`);
      await context.close();
    }
    expect(errors).toEqual([]);
  });
});
