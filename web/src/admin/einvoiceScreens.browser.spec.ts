import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, collectPageErrors, launchBrowser, listItem, MOBILE_WIDTH, moreActions, expectMoreActions, newPage, rawKeyLeaks, rowAction, screenshot, type PageOptions, signIn } from '../../../test/browser';
import { choosePassword } from '../../../test/billing-fixtures';
import { testBackends } from '../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../test/server';

// Needs `npx vite build` first: the test server serves dist/web.
// What a Greek or Russian speaker sees on a phone: credit notes, issued invoices, VAT fields and
// the documents a client downloads, each screen without sideways scrolling at 375 px.
// The machine is shared: slow page loads get time rather than fail on Playwright's 30 s default.
const WAIT_MS = Number(process.env.BROWSER_WAIT_MS ?? 60_000);
const SHOTS = path.join(process.env.SCREENSHOT_DIR ?? '/work/screens', 'issue-17');

describe('credit notes, issued invoices and e-invoice downloads at 375 px, in Greek and Russian', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestClient;
  const clients: Record<string, { id: string; username: string; password: string }> = {};
  const inv: Record<string, { id: string; invoice_number: string }> = {};

  beforeAll(async () => {
    // A Greek seller: the Greek client is domestic, the German business is invoiced under reverse charge.
    server = await startTestServer(testBackends()[0]!, {
      env: { COMPANY_COUNTRY: 'GR' },
      limits: { loginPerIp: 1000, loginPerUsername: 1000, publicFormsPerIp: 1000 },
    });
    admin = server.client();
    await admin.login();
    const client = async (key: string, body: Record<string, unknown>) => {
      const created = await admin.post('/api/clients/', { phone: '+30 210 0000000', ...body });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const login = await admin.post(`/api/clients/${created.body.id}/create_user/`);
      expect(login.status).toBe(201);
      // The generated password is temporary: the client has chosen its own before these screens.
      clients[key] = { id: created.body.id, username: body.email as string, password: await choosePassword(server.client(), body.email as string, login.body.password) };
    };
    await client('greek', { name: 'Αθηνά Συμβουλευτική Α.Ε.', email: 'logistirio@athina.example', address: 'Λεωφόρος Κηφισίας 100, Αθήνα', country: 'GR', vat_number: 'EL094014201' });
    await client('german', { name: 'Müller Beratung GmbH', email: 'buchhaltung@mueller.example', address: 'Friedrichstraße 10, Berlin', country: 'DE', vat_number: 'DE123456788' });
    const issue = async (key: string, clientKey: string, items: unknown[], send = true) => {
      const res = await admin.post('/api/invoices/', { client: clients[clientKey]!.id, date: '2026-11-02', due_date: '2026-12-02', items });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      if (send) expect((await admin.post(`/api/invoices/${res.body.id}/send/`)).status).toBe(200);
      inv[key] = res.body;
    };
    await issue('twoRates', 'greek', [
      { description: 'Άδεια πλατφόρμας GRC', quantity: 2, unit_price: 1000, vat_rate: 24 },
      { description: 'Εργαστήριο εκπαίδευσης', quantity: 1, unit_price: 400, vat_rate: 13 },
    ]);
    await issue('reverseCharge', 'german', [{ description: 'Compliance audit', unit_price: 2500, vat_rate: 19 }]);
    await issue('payable', 'greek', [{ description: 'Συνδρομή Νοεμβρίου', unit_price: 300, vat_rate: 24 }]);
    await issue('draft', 'greek', [{ description: 'Πρόχειρο', unit_price: 50, vat_rate: 24 }], false);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const open = async (options: PageOptions) => {
    const opened = await newPage(browser, server.url, options);
    opened.page.setDefaultTimeout(WAIT_MS);
    opened.page.setDefaultNavigationTimeout(WAIT_MS);
    const dialogs: string[] = [];
    opened.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    return { ...opened, dialogs, errors: collectPageErrors(opened.page) };
  };

  const login = async (page: Page, username: string, password: string, landing: RegExp) => {
    await signIn(page, { username, password });
    await page.waitForURL((u) => landing.test(u.pathname));
  };

  /** The screen's data is drawn and no spinner (or its fade) is left over. */
  const settled = async (page: Page) => {
    await page.waitForLoadState('networkidle');
    await page.locator('.ant-spin-spinning, .ant-spin-blur, .ant-skeleton').first().waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
  };

  /** A whole page from its top; a modal or drawer as the viewport shows it (a full-page shot would tear it). */
  const shoot = async (page: Page, name: string, overlay = false) => {
    if (overlay) {
      await page.waitForTimeout(400); // the modal's or drawer's opening animation
      await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
    } else {
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `issue-17/${name}`);
    }
  };

  const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  const modal = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal').last();
  const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).waitFor();
  /** A row of the invoices tab (the tab panel shown; the credit notes tab is the other one). */
  const invoiceRow = (page: Page, number: string) => listItem(page.getByRole('tabpanel'), number);

  /** Which document links a row or card offers, by what they download. */
  const documentLinks = (scope: ReturnType<Page['locator']>) => scope.locator('a[href*="/pdf/"], a[href*="/ubl/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));

  const fetchDocument = async (page: Page, href: string) => {
    const res = await page.request.get(href);
    return { status: res.status(), type: res.headers()['content-type'] ?? '', disposition: res.headers()['content-disposition'] ?? '', body: await res.body() };
  };

  it('issues a partial credit note in Greek on a phone: reason required, lines picked and editable, listed with its downloads', async () => {
    const { context, page, errors } = await open({ width: MOBILE_WIDTH, locale: 'el-GR' });
    await login(page, ADMIN.username, ADMIN.password, /^\/admin$/);
    await page.goto('/admin/invoices?lng=el');
    await settled(page);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    const row = invoiceRow(page, inv.twoRates!.invoice_number);
    // A draft is corrected in place: no credit note offered.
    // An empty read is the list still settling (moreActions), and would pass the check unread.
    let offered: string[] = [];
    await expect.poll(async () => (offered = await moreActions(page, invoiceRow(page, inv.draft!.invoice_number))).length).toBeGreaterThan(0);
    expect(offered).not.toContain('Έκδοση πιστωτικού');
    await rowAction(page, row, 'Έκδοση πιστωτικού');
    const dialog = modal(page);
    await dialog.getByText(`Πιστωτικό για το τιμολόγιο ${inv.twoRates!.invoice_number}`).waitFor();
    // 2 × 1000 at 24 % + 400 at 13 % = 2480 + 452.
    await dialog.getByTestId('creditable').getByText('Υπόλοιπο προς πίστωση: 2.932,00 €').waitFor();
    await dialog.getByRole('button', { name: 'Έκδοση πιστωτικού' }).click();
    await dialog.getByText('Το πεδίο είναι υποχρεωτικό.').first().waitFor();

    await dialog.locator('#creditNote_reason').fill('Ακύρωση μίας άδειας');
    await dialog.getByText('Επιλεγμένες γραμμές').click();
    // The invoice's lines are picked, in their order, as the invoice charged them.
    for (const box of await dialog.getByTestId('credit-note-pick').getByRole('checkbox').all()) {
      // Checked once the form's watch has the line: clicked, then waited for.
      await box.click();
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    expect(await dialog.locator('#creditNote_items_0_description').inputValue()).toBe('Άδεια πλατφόρμας GRC');
    expect(await dialog.locator('#creditNote_items_1_description').inputValue()).toBe('Εργαστήριο εκπαίδευσης');
    await dialog.getByRole('button', { name: 'Αφαίρεση γραμμής' }).nth(1).click();
    await dialog.locator('#creditNote_items_0_quantity').fill('1');
    await dialog.getByTestId('total-gross').getByText('1.240,00 €').waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE_WIDTH);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'credit-note-modal-lines-el-375', true);
    await dialog.getByRole('button', { name: 'Έκδοση πιστωτικού' }).click();
    await toast(page, 'Εκδόθηκε το πιστωτικό CN-2026-000001.');
    await row.getByText('Πιστωμένο').waitFor();

    await page.getByRole('tab', { name: 'Πιστωτικά τιμολόγια' }).click();
    const note = listItem(page.getByTestId('credit-notes'), 'CN-2026-000001');
    await note.getByText('Ακύρωση μίας άδειας').waitFor();
    await note.getByText('1.240,00 €').waitFor();
    await note.getByText(inv.twoRates!.invoice_number, { exact: true }).waitFor();
    const links = await documentLinks(note);
    expect(links).toHaveLength(2);
    const pdf = await fetchDocument(page, links.find((l) => l!.endsWith('/pdf/'))!);
    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
    const xml = await fetchDocument(page, links.find((l) => l!.endsWith('/ubl/'))!);
    expect(xml.status).toBe(200);
    expect(xml.type).toContain('application/xml');
    expect(xml.disposition).toMatch(/^attachment/);
    expect(xml.body.toString('utf8')).toContain(inv.twoRates!.invoice_number);
    await settled(page);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await rawKeyLeaks(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'credit-notes-tab-el-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('cancels the reverse-charge invoice with a full credit note in Russian, and shows its history', async () => {
    const { context, page, errors } = await open({ locale: 'ru-RU' });
    await login(page, ADMIN.username, ADMIN.password, /^\/admin$/);
    await page.goto('/admin/invoices?lng=ru');
    await settled(page);
    const row = invoiceRow(page, inv.reverseCharge!.invoice_number);
    await row.getByText('Обратное начисление').waitFor();
    await rowAction(page, row, 'Выставить кредит-ноту');
    const dialog = modal(page);
    await dialog.getByTestId('creditable').getByText('Можно кредитовать: 2.500,00 €').waitFor();
    await dialog.locator('#creditNote_reason').fill('Договор расторгнут');
    await dialog.getByText('Всю оставшуюся сумму (аннулирует счёт)').click();
    await shoot(page, 'credit-note-modal-full-ru-1280', true);
    await dialog.getByRole('button', { name: 'Выставить кредит-ноту' }).click();
    await toast(page, 'Кредит-нота CN-2026-000002 выставлена.');
    await row.getByText('Аннулирован').waitFor();
    // Cancelled: read, downloaded and looked back on, nothing else.
    for (const action of ['Отправить', 'Отметить как оплаченный', 'Выставить кредит-ноту', 'Изменить']) {
      expect(await row.getByRole('button', { name: action, exact: true }).count(), action).toBe(0);
    }
    // The PDF in the row, the e-invoice under More.
    expect(await documentLinks(row)).toEqual([`/api/invoices/${inv.reverseCharge!.id}/pdf/`]);
    await expectMoreActions(page, row, ['Платежи', 'Скачать электронный счёт (XML)', 'История']);

    await page.getByRole('tab', { name: 'Кредит-ноты' }).click();
    const note = listItem(page.getByTestId('credit-notes'), 'CN-2026-000002');
    await note.getByText('Полная').waitFor();
    await note.getByRole('button', { name: 'История' }).click();
    const drawer = page.getByTestId('history-drawer');
    await drawer.getByText('Выставлена кредит-нота').waitFor();
    await drawer.getByText('Договор расторгнут').waitFor();
    await shoot(page, 'credit-note-history-ru-1280', true);
    expect(await rawKeyLeaks(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("moves an issued invoice's due date, the only field still open, and confirms before cancelling one by delete", async () => {
    const { context, page, dialogs, errors } = await open({ width: MOBILE_WIDTH });
    await login(page, ADMIN.username, ADMIN.password, /^\/admin$/);
    await page.goto('/admin/invoices?lng=en');
    await settled(page);
    const row = invoiceRow(page, inv.payable!.invoice_number);
    await rowAction(page, row, 'Edit');
    const dialog = modal(page);
    await dialog.getByTestId('issued-hint').waitFor();
    for (const field of ['#invoice_invoiceNumber', '#invoice_date', '#invoice_client']) expect(await dialog.locator(field).isDisabled(), field).toBe(true);
    expect(await dialog.locator('#invoice_dueDate').isDisabled()).toBe(false);
    await dialog.getByTestId('invoice-items').getByText('Συνδρομή Νοεμβρίου').waitFor();
    expect(await dialog.locator('#invoice_items_0_description').count()).toBe(0);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'issued-invoice-form-en-375', true);
    await dialog.locator('#invoice_dueDate').fill('2027-01-15');
    await dialog.locator('#invoice_dueDate').press('Enter');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Invoice saved.');
    await row.getByText('15 / January / 2027').waitFor();

    // A draft is still deleted as before; an issued invoice is cancelled, after saying so.
    await rowAction(page, invoiceRow(page, inv.draft!.invoice_number), 'Delete');
    await invoiceRow(page, inv.draft!.invoice_number).waitFor({ state: 'detached' });
    expect(dialogs).toEqual(['Are you sure you want to delete this invoice?']);
    await rowAction(page, row, 'Cancel with a credit note');
    await toast(page, `Invoice ${inv.payable!.invoice_number} cancelled with a credit note.`);
    expect(dialogs[1]).toBe(`Invoice ${inv.payable!.invoice_number} has been issued and cannot be deleted. Cancel it with a full credit note?`);
    await row.getByText('Cancelled').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lists a client's credit notes on its page, in Greek on a phone", async () => {
    const { context, page, errors } = await open({ width: MOBILE_WIDTH, locale: 'el-GR' });
    await login(page, ADMIN.username, ADMIN.password, /^\/admin$/);
    await page.goto(`/admin/clients/${clients.greek!.id}?lng=el`);
    await settled(page);
    const notes = page.getByTestId('client-credit-notes');
    await notes.getByText('CN-2026-000001').waitFor();
    await notes.getByText('CN-2026-000003').waitFor();
    expect(await notes.getByText('CN-2026-000002').count()).toBe(0);
    await page.getByTestId('client-card').getByText('Ελλάδα (GR)').waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await rawKeyLeaks(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'client-detail-el-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the client its documents and cancelled invoices in the portal, in Russian on a phone', async () => {
    const { context, page, errors } = await open({ width: MOBILE_WIDTH, locale: 'ru-RU' });
    await login(page, clients.greek!.username, clients.greek!.password, /^\/portal/);
    await page.goto('/portal/dashboard?lng=ru');
    await settled(page);
    const cancelled = listItem(page, inv.payable!.invoice_number);
    await cancelled.getByText('Аннулирован').waitFor();
    expect(await cancelled.getByRole('button', { name: 'Оплатить' }).count()).toBe(0);
    const open_ = listItem(page, inv.twoRates!.invoice_number);
    await open_.getByRole('button', { name: 'Оплатить' }).waitFor();
    const links = await documentLinks(open_);
    expect(links).toEqual([`/api/invoices/${inv.twoRates!.id}/pdf/`, `/api/invoices/${inv.twoRates!.id}/ubl/`]);
    await open_.getByRole('link', { name: `Скачать счёт ${inv.twoRates!.invoice_number} как электронный счёт XML` }).waitFor();
    for (const href of links) expect((await fetchDocument(page, href!)).status, href!).toBe(200);
    // Another client's documents stay closed to this login.
    expect((await fetchDocument(page, `/api/invoices/${inv.reverseCharge!.id}/ubl/`)).status).toBe(404);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await rawKeyLeaks(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'portal-invoices-ru-375');
    // A card per invoice: its status and documents are on screen without scrolling sideways.
    const payBox = (await open_.getByRole('button', { name: 'Оплатить' }).boundingBox())!;
    expect(payBox.x + payBox.width).toBeLessThanOrEqual(MOBILE_WIDTH);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers PDF and XML on the pay page beside Pay Now, and no payment once cancelled', async () => {
    const { context, page, errors } = await open({ width: MOBILE_WIDTH, locale: 'el-GR' });
    await page.goto(`/pay-invoice/${inv.twoRates!.id}?lng=el`);
    await page.getByRole('button', { name: 'Πληρωμή τώρα' }).waitFor();
    const links = await documentLinks(page.locator('.pay-invoice-card'));
    expect(links).toEqual([`/api/public/invoices/${inv.twoRates!.id}/pdf/`, `/api/public/invoices/${inv.twoRates!.id}/ubl/`]);
    const xml = await fetchDocument(page, links[1]!);
    expect(xml.status).toBe(200);
    expect(xml.body.toString('utf8')).toContain('Αθηνά Συμβουλευτική');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'pay-page-payable-el-375');

    await page.goto(`/pay-invoice/${inv.payable!.id}?lng=el`);
    await page.getByTestId('pay-invoice-cancelled').getByText('Το τιμολόγιο έχει ακυρωθεί και δεν είναι πλέον πληρωτέο.').waitFor();
    expect(await page.getByRole('button', { name: 'Πληρωμή τώρα' }).count()).toBe(0);
    expect(await documentLinks(page.locator('.pay-invoice-card'))).toHaveLength(2);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await rawKeyLeaks(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'pay-page-cancelled-el-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("edits the seller's country, IBAN and BIC in settings; a mistyped IBAN is refused under its field", async () => {
    const { context, page, errors } = await open({ width: MOBILE_WIDTH });
    await login(page, ADMIN.username, ADMIN.password, /^\/admin$/);
    await page.goto('/admin/settings?lng=en');
    await settled(page);
    await page.locator('.ant-form-item', { has: page.locator('#company-settings_country') }).getByText('Greece (GR)').waitFor();
    await page.fill('#company-settings_iban', 'GR16 0110 1250 0000 0001 2300 696');
    await page.fill('#company-settings_bic', 'ETHNGRAA');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const ibanItem = page.locator('.ant-form-item', { has: page.locator('#company-settings_iban') });
    await ibanItem.locator('.ant-form-item-explain-error').waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'settings-iban-error-en-375');
    await page.fill('#company-settings_iban', 'GR16 0110 1250 0000 0001 2300 695');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Company information saved.');
    expect(errors.filter((e) => !e.includes('400') && !e.includes('Failed to save company settings'))).toEqual([]);
    await context.close();
  });

  it('creates a Cypriot business client with the country select, and invoices it an exempt line and a reverse-charge line', async () => {
    const { context, page, errors } = await open({ locale: 'el-GR' });
    await login(page, ADMIN.username, ADMIN.password, /^\/admin$/);
    await page.goto('/admin/clients?lng=el');
    await settled(page);
    await page.getByRole('button', { name: 'Νέος πελάτης' }).click();
    const dialog = modal(page);
    await page.fill('#client_name', 'Κυπριακή Ναυτιλιακή Λτδ');
    await page.fill('#client_email', 'accounts@naftiliaki.example');
    await page.click('#client_country');
    await page.fill('#client_country', 'CY');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Κύπρος (CY)' }).click();
    await page.fill('#client_vatNumber', 'CY10259033P');
    await shoot(page, 'client-form-country-el-1280', true);
    await dialog.getByRole('button', { name: 'Αποθήκευση αλλαγών' }).click();
    await page.locator('tr', { hasText: 'Κυπριακή Ναυτιλιακή Λτδ' }).waitFor();

    await page.goto('/admin/invoices?lng=el');
    await settled(page);
    await page.getByRole('button', { name: 'Νέο τιμολόγιο' }).click();
    await page.click('#invoice_client');
    await page.fill('#invoice_client', 'Κυπριακή');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Κυπριακή Ναυτιλιακή Λτδ' }).click();
    await page.fill('#invoice_items_0_description', 'Ασφάλιση φορτίου');
    await page.fill('#invoice_items_0_unitPrice', '800');
    await page.click('#invoice_items_0_vatCategory');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Απαλλάσσεται' }).click();
    await page.fill('#invoice_items_0_vatExemptionReason', 'Άρθρο 135 της Οδηγίας ΦΠΑ');
    // A line left on automatic becomes reverse charge (AE at 0 %) for a business in another member state.
    await page.getByTestId('add-line').click();
    await page.fill('#invoice_items_1_description', 'Συμβουλευτικές υπηρεσίες');
    await page.fill('#invoice_items_1_unitPrice', '200');
    // The form knows the invoice will be reverse charge: rates are not asked and the totals carry no VAT, as the server will.
    await page.getByTestId('reverse-charge-hint').waitFor();
    expect(await page.locator('#invoice_items_1_vatRate').isDisabled()).toBe(true);
    // Each line shows the 0 % it carries, not the standard rate it was given before the client was known.
    for (const line of [0, 1]) expect(await page.locator(`#invoice_items_${line}_vatRate`).inputValue()).toBe('0.00');
    await page.getByTestId('total-vat').getByText('0,00 €').waitFor();
    await page.getByTestId('total-gross').getByText('1.000,00 €').waitFor();
    await shoot(page, 'invoice-form-vat-category-el-1280', true);
    await modal(page).getByRole('button', { name: 'Αποθήκευση αλλαγών' }).click();
    const row = page.getByRole('tabpanel').locator('tbody tr', { hasText: 'Κυπριακή Ναυτιλιακή Λτδ' });
    await row.getByText('1.000,00 €').waitFor();
    await row.getByText('Αντίστροφη επιβάρυνση').waitFor();
    await rowAction(page, row, 'Επεξεργασία');
    const form = modal(page);
    await form.locator('.ant-form-item', { has: page.locator('#invoice_items_0_vatCategory') }).getByText('Απαλλάσσεται').waitFor();
    expect(await form.locator('#invoice_items_0_vatExemptionReason').inputValue()).toBe('Άρθρο 135 της Οδηγίας ΦΠΑ');
    await form.getByRole('button', { name: 'Ακύρωση' }).click();
    expect(await rawKeyLeaks(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
