import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EN16931_DIR } from '../../../../api/platform/en16931/rules';
import { SYSTEM_ACCOUNT_IDS } from '../../../../domain/accounting/accounts';
import {
  axeViolations,
  chooseOption,
  collectPageErrors,
  DESKTOP_WIDTH,
  expectMoreActions,
  launchBrowser,
  listItem,
  MOBILE_WIDTH,
  pickOption,
  rawKeyLeaks,
  rowAction,
  screenshot,
  settled,
  sidewaysScroll,
  signedInPage,
  smallTargets,
} from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../../test/server';
import { createTestI18n } from '../../../../test/web-i18n';
import { currencyLabel, formatAmount, formatDate, formatEuros, formatMoney } from '../../common/format';

/** Both widths, each language at least once; the taken number is refused in every one, Greek at both widths. */
const SCREENS = [
  ['en', 'en-US', DESKTOP_WIDTH],
  ['el', 'el-GR', DESKTOP_WIDTH],
  ['ru', 'ru-RU', MOBILE_WIDTH],
  ['el', 'el-GR', MOBILE_WIDTH],
] as const;

/** The supplier made over REST: its default account (5500) and rate (24 %) fill a new line, its 30 days give the due date. */
const SUPPLIER = {
  name: 'Hetzner Online GmbH',
  vat_number: 'DE812871812',
  country: 'DE',
  payment_terms_days: 30,
  default_vat_rate: 24,
  default_account: SYSTEM_ACCOUNT_IDS.paymentFees,
};
/** A draft of that supplier made over REST: its number is the one each screen first types again. */
const HELD = { invoice_number: 'R-2026-0042', date: '2026-03-02' };

/** Every width in every language: the e-invoice refusals. */
/**
 * Each language once at one width, the widths taken in turn, and the other way round: between the two
 * flows that use them every language is seen at both widths, at half the runs of every pair in each.
 */
const ROTATED_SCREENS = [['en', DESKTOP_WIDTH], ['el', MOBILE_WIDTH], ['ru', DESKTOP_WIDTH]] as const;
const COUNTER_SCREENS = [['en', MOBILE_WIDTH], ['el', DESKTOP_WIDTH], ['ru', MOBILE_WIDTH]] as const;
/** The standard's example invoice (De Koksmaat's 12115118): imported once, after which its number is taken. */
const EXAMPLE = readFileSync(join(EN16931_DIR, 'ubl-tc434-example1.xml'));
/** The example with a total the lines do not give: refused by the rules (BR-CO-15), nothing written. */
/** A 1 × 1 PNG and a one-page PDF (made in beforeAll, so that the preview shows a page): the originals attached (the server reads their type from their bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
let PDF: Buffer;
const onePagePdf = (text: string): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
    doc.fontSize(20).text(text);
    doc.end();
  });
const WRONG_TOTAL = Buffer.from(EXAMPLE.toString('utf8').replace('<cbc:TaxInclusiveAmount currencyID="EUR">250.33', '<cbc:TaxInclusiveAmount currencyID="EUR">250.34'));

// Needs `node scripts/build-web.mjs` first: the test server serves dist/web.
describe('the Bills screen in Chromium', () => {
  let server: TestServer;
  let admin: TestClient;
  let browser: Browser;

  beforeAll(async () => {
    PDF = await onePagePdf('Hetzner Online GmbH: invoice R-2026-0042');
    server = await startTestServer(testBackends()[0]!, {
      limits: { loginPerIp: 1000, loginPerUsername: 1000 },
    });
    admin = server.client();
    await admin.login();
    const supplier = await admin.post('/api/suppliers/', SUPPLIER);
    expect(supplier.status, supplier.text).toBe(201);
    const held = await admin.post('/api/bills/', {
      supplier: (supplier.body as { id: string }).id,
      ...HELD,
      items: [
        {
          description: 'Dedicated server, March',
          account: SYSTEM_ACCOUNT_IDS.paymentFees,
          quantity: 1,
          unit_price: '49.00',
          vat_rate: 24,
        },
      ],
    });
    expect(held.status, held.text).toBe(201);
    // The first server-rendered page (the login) loads the server's render entry here, under the hook's timeout.
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const text = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
  const money = (cents: number) => text(formatMoney(cents));
  const fieldError = (modal: Locator, id: string) => modal.locator('.ant-form-item', { has: modal.page().locator(`#${id}`) }).locator('.ant-form-item-explain-error');
  /** A row's status pill (a card's amount label may read the same as a status). */
  const status = (row: Locator, name: string) => row.locator('.billing-badge').getByText(name, { exact: true });
  /** The list drawn and not refetching (a Spin over it takes the touches), and the row in view before its menu opens. */
  const ready = async (p: Page, row: Locator) => {
    await p.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    await row.scrollIntoViewIfNeeded();
  };
  const checks = async (p: Page, width: number, within = 'body') => {
    expect(await rawKeyLeaks(p)).toEqual([]);
    expect(await axeViolations(p)).toEqual([]);
    if (width === MOBILE_WIDTH) {
      expect(await sidewaysScroll(p)).toBeLessThanOrEqual(0);
      expect(await smallTargets(p, within)).toEqual([]);
    }
  };

  it.each(SCREENS.map(([lng, locale, width]) => [lng, width, locale] as const))(
    '%s at %i px: enters a bill with a reverse-charge and a standard line (live totals), is refused the supplier’s number already entered, posts it and pays part of it',
    async (lng, width, locale) => {
      const { t } = await createTestI18n(lng);
      const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width, locale });
      p.setDefaultTimeout(30_000);
      const errors = collectPageErrors(p);
      await p.goto('/admin/bills');
      await p.getByRole('heading', { name: t('admin.bills.title'), level: 1 }).waitFor();
      if (width === DESKTOP_WIDTH) await p.getByRole('link', { name: t('admin.layout.bills'), exact: true }).waitFor();

      // The held draft: its supplier, number, total and status; Post and Delete under More.
      const held = listItem(p, HELD.invoice_number).first();
      await status(held, t('admin.bills.statuses.draft')).waitFor();
      expect(text(await held.textContent())).toContain(SUPPLIER.name);
      expect(text(await held.textContent())).toContain(money(6076));
      await ready(p, held);
      await expectMoreActions(p, held, [t('admin.bills.post'), t('buttons.delete')]);
      await checks(p, width);
      await screenshot(p, `i39-bills/list-${lng}-${width}`);

      // New bill: the supplier fills the line's account and rate and says the due date its terms give.
      await p.getByTestId('new-bill').click();
      const modal = p.locator('.ant-modal', {
        has: p.locator('#bill_invoiceNumber'),
      });
      await modal.getByText(t('admin.bills.createTitle'), { exact: true }).waitFor();
      await settled(p);
      await chooseOption(p, '#bill_supplier', 'Hetzner', SUPPLIER.name);
      await modal
        .locator('.ant-select', { has: p.locator('#bill_items_0_account') })
        .getByText('5500 Bank and Payment Fees')
        .waitFor();
      expect(await modal.locator('#bill_items_0_vatRate').inputValue()).toBe('24.00');
      await modal.getByText(t('admin.bills.dueDateFromTerms', { count: 30, date: '§' }).split('§')[1]!).waitFor();
      await modal.locator('#bill_invoiceNumber').fill(HELD.invoice_number.toLowerCase());

      // Line 1, reverse charge: 1 × 1.000,00 at 24 % self-assessed; line 2, standard: 2 × 150,00 at 24 %, booked to 5400.
      await modal.locator('#bill_items_0_description').fill('Cloud servers, reverse charge');
      await modal.locator('#bill_items_0_unitPrice').fill('1000');
      await pickOption(p, '#bill_items_0_vatCategory', t('admin.bills.vatCategories.AE'));
      await modal.getByText(t('admin.bills.reverseChargeHelp'), { exact: true }).waitFor();
      await modal.getByTestId('bill-add-line').click();
      await modal.locator('#bill_items_1_description').fill('Legal advice');
      await chooseOption(p, '#bill_items_1_account', '5400', '5400 Professional Fees');
      await modal.locator('#bill_items_1_quantity').fill('2');
      await modal.locator('#bill_items_1_unitPrice').fill('150');
      const total = (id: string) => modal.getByTestId(id).textContent().then(text);
      await expect.poll(() => total('bill-total-net')).toBe(money(130_000));
      expect(await total('bill-total-vat')).toBe(money(7_200));
      expect(await total('bill-total-self-assessed')).toBe(money(24_000));
      expect(await total('bill-total-gross')).toBe(money(137_200));
      await checks(p, width, '.ant-modal');
      await screenshot(p, `i39-bills/new-${lng}-${width}`);

      // The supplier's number already entered (typed in another case): refused under it, naming the held bill's date.
      const save = modal.getByRole('button', {
        name: t('buttons.saveChanges'),
      });
      await save.click();
      const taken = fieldError(modal, 'bill_invoiceNumber');
      const [before, after] = t('admin.bills.errors.duplicate', {
        number: HELD.invoice_number,
        date: '§',
      }).split('§');
      await taken.getByText(before!.trim(), { exact: false }).waitFor();
      const takenText = text(await taken.textContent());
      expect(takenText.startsWith(text(before!))).toBe(true);
      expect(takenText.endsWith(text(after!))).toBe(true);
      expect(takenText).toContain('2026');
      if (lng === 'el') expect(takenText).toMatch(/^Το τιμολόγιο R-2026-0042 αυτού του προμηθευτή έχει ήδη καταχωρηθεί, ως το τιμολόγιο αγοράς της .*2026\.$/);
      await expect.poll(() => taken.evaluate((e) => e.getBoundingClientRect().top >= 0 && e.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
      await checks(p, width, '.ant-modal');
      await screenshot(p, `i39-bills/duplicate-${lng}-${width}`);

      // A number of its own: saved as a draft.
      const number = `INV-${lng}-${width}`;
      await modal.locator('#bill_invoiceNumber').fill(number);
      await save.click();
      await p.locator('.ant-message').getByText(t('admin.bills.saved', { number }), { exact: true }).first().waitFor();
      await modal.waitFor({ state: 'hidden' });
      const row = listItem(p, number).first();
      await status(row, t('admin.bills.statuses.draft')).waitFor();
      const saved = (
        (await admin.get('/api/bills/')).body as Array<{
          invoice_number: string;
        }>
      ).find((b) => b.invoice_number === number);
      expect(saved).toMatchObject({
        net_amount: 1300,
        vat_amount: 72,
        self_assessed_vat_amount: 240,
        total_amount: 1372,
        open_amount: 1372,
        status: 'draft',
      });

      // Post, after the confirmation that says it cannot be changed afterwards.
      p.once('dialog', (d) => {
        expect(d.message()).toBe(t('admin.bills.confirmPost', { number, supplier: SUPPLIER.name }));
        void d.accept();
      });
      await ready(p, row);
      await rowAction(p, row, t('admin.bills.post'));
      await p.locator('.ant-message').getByText(t('admin.bills.posted', { number }), { exact: true }).first().waitFor();
      await status(row, t('admin.bills.statuses.open')).waitFor();
      // A posted bill offers only Record payment, under More (read again until the list, refetched after the post, has settled).
      await ready(p, row);
      await expectMoreActions(p, row, [t('admin.bills.recordPayment')]);
      const pay = p.locator('.ant-modal', { has: p.locator('#billPayment_amount') });
      await expect
        .poll(
          async () => {
            if (await pay.isVisible()) return true;
            await row.getByTestId('row-more').click({ timeout: 5000 });
            await p
              .locator('.ant-dropdown-menu:visible')
              .getByRole('menuitem', { name: t('admin.bills.recordPayment'), exact: true })
              .click({ timeout: 3000 })
              .catch(() => undefined);
            await p.mouse.move(0, 0);
            return pay.waitFor({ timeout: 2000 }).then(
              () => true,
              () => false,
            );
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await pay.getByText(t('admin.bills.openAmountNote', { amount: formatMoney(137_200) }), { exact: true }).waitFor();
      await settled(p);
      expect(await pay.locator('#billPayment_amount').inputValue()).toBe('1372.00');
      await pay
        .locator('.ant-select', { has: p.locator('#billPayment_moneyAccount') })
        .locator('.ant-select-content')
        .filter({ hasText: /\S/ })
        .waitFor();
      await pay.locator('#billPayment_amount').fill('500');
      await pay.locator('#billPayment_reference').fill(`SEPA ${number}`);
      await checks(p, width, '.ant-modal');
      await screenshot(p, `i39-bills/pay-${lng}-${width}`);
      await pay.getByRole('button', { name: t('admin.bills.recordPayment') }).click();
      await p
        .locator('.ant-message')
        .getByText(
          t('admin.bills.paymentRecorded', {
            amount: formatMoney(50_000),
            number,
          }),
          { exact: true },
        )
        .first()
        .waitFor();
      await pay.waitFor({ state: 'hidden' });
      await status(row, t('admin.bills.statuses.partly_paid')).waitFor();
      await row.getByText(formatMoney(87_200), { exact: true }).first().waitFor();
      const paid = (
        (await admin.get('/api/bills/')).body as Array<{
          invoice_number: string;
        }>
      ).find((b) => b.invoice_number === number);
      expect(paid).toMatchObject({
        paid_amount: 500,
        open_amount: 872,
        status: 'partly_paid',
      });

      // The filter: Partly paid lists it, not the held draft.
      await pickOption(p, '#bills-status', t('admin.bills.statuses.partly_paid'));
      await listItem(p, HELD.invoice_number).first().waitFor({ state: 'detached' });
      await listItem(p, number).first().waitFor();
      await checks(p, width);
      await screenshot(p, `i39-bills/partly-paid-${lng}-${width}`);
      // The one failed request: the number already entered (409).
      expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 409 (Conflict)']);
      await context.close();
    },
  );

  /** Picks a file with the Upload e-invoice button, as a user does. */
  const uploadEinvoice = async (p: Page, name: string, buffer: Buffer) => {
    const [chooser] = await Promise.all([p.waitForEvent('filechooser'), p.getByTestId('upload-einvoice').click()]);
    await chooser.setFiles({ name, mimeType: 'application/xml', buffer });
  };

  it("en at 1280 px: uploads the standard's example e-invoice and opens the draft bill it became, its supplier made from the document", async () => {
    const { t } = await createTestI18n('en');
    const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width: DESKTOP_WIDTH, locale: 'en-US' });
    // The first check of a machine compiles the EN 16931 rules.
    p.setDefaultTimeout(90_000);
    const errors = collectPageErrors(p);
    await p.goto('/admin/bills');
    await p.getByRole('heading', { name: t('admin.bills.title'), level: 1 }).waitFor();
    await uploadEinvoice(p, '12115118.xml', EXAMPLE);
    await p
      .locator('.ant-message')
      .getByText(t('admin.bills.import.imported', { number: '12115118', supplier: 'De Koksmaat' }), { exact: true })
      .first()
      .waitFor();
    const modal = p.locator('.ant-modal', { has: p.locator('#bill_invoiceNumber') });
    await modal.getByText(t('admin.bills.editTitle', { number: '12115118' }), { exact: true }).waitFor();
    await settled(p);
    expect(await modal.locator('#bill_invoiceNumber').inputValue()).toBe('12115118');
    await modal.locator('.ant-select', { has: p.locator('#bill_supplier') }).getByText('De Koksmaat', { exact: true }).waitFor();
    await expect.poll(() => modal.getByTestId('bill-line').count()).toBe(20);
    await checks(p, DESKTOP_WIDTH, '.ant-modal');
    await screenshot(p, 'i39-bills/imported-en-1280');
    await modal.getByRole('button', { name: t('buttons.cancel') }).click();
    await modal.waitFor({ state: 'hidden' });
    const row = listItem(p, '12115118').first();
    await status(row, t('admin.bills.statuses.draft')).waitFor();
    expect(text(await row.textContent())).toContain('De Koksmaat');
    expect(text(await row.textContent())).toContain(money(25_033));
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(ROTATED_SCREENS)('%s at %i px: an e-invoice refused lists each problem the rules found; the example again is the supplier’s number already entered', async (lng, width) => {
    const { t } = await createTestI18n(lng);
    const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width, locale: { en: 'en-US', el: 'el-GR', ru: 'ru-RU' }[lng] });
    p.setDefaultTimeout(60_000);
    const errors = collectPageErrors(p);
    await p.goto('/admin/bills');
    await p.getByRole('heading', { name: t('admin.bills.title'), level: 1 }).waitFor();
    await listItem(p, '12115118').first().waitFor();

    await uploadEinvoice(p, 'wrong-total.xml', WRONG_TOTAL);
    const refused = p.getByTestId('einvoice-refused');
    await refused.getByText(t('admin.bills.import.refused'), { exact: true }).waitFor();
    const problems = refused.locator('.bill-import-problems li');
    const count = await problems.count();
    expect(count).toBeGreaterThan(0);
    expect(text(await refused.locator('.bill-import-count').textContent())).toBe(t('admin.bills.import.problems', { name: 'wrong-total.xml', count }));
    expect((await problems.allTextContents()).some((m) => /^\[BR-CO-15\] .*\(at \/Invoice\)$/.test(text(m)))).toBe(true);
    await checks(p, width);
    await screenshot(p, `i39-bills/import-refused-${lng}-${width}`);

    await uploadEinvoice(p, '12115118.xml', EXAMPLE);
    // The bill that has the number is named by its date, in the screen's language.
    const [before, after] = t('admin.bills.errors.duplicate', { number: '12115118', date: '§' }).split('§');
    await refused.getByText(before!.trim(), { exact: false }).waitFor();
    const duplicate = text(await refused.locator('.bill-import-count').textContent());
    expect(duplicate.startsWith(text(before!))).toBe(true);
    expect(duplicate.endsWith(text(after!))).toBe(true);
    expect(duplicate).toContain('2015');
    await expect.poll(() => problems.count()).toBe(0);
    await checks(p, width);
    await screenshot(p, `i39-bills/import-duplicate-${lng}-${width}`);
    // Closed, the alert is gone; the list kept one bill of that number.
    await refused.getByRole('button', { name: t('buttons.close') }).click();
    await refused.waitFor({ state: 'detached' });
    expect(await listItem(p, '12115118').count()).toBe(1);
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)', 'console: Failed to load resource: the server responded with a status of 409 (Conflict)']);
    await context.close();
  });

  it.each(COUNTER_SCREENS)("%s at %i px: a draft's original is attached, previewed and removed; an imported bill shows its warnings and e-invoice; a posted bill's documents are read only", async (lng, width) => {
    const { t } = await createTestI18n(lng);
    const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width, locale: { en: 'en-US', el: 'el-GR', ru: 'ru-RU' }[lng] });
    p.setDefaultTimeout(30_000);
    const errors = collectPageErrors(p);
    // A draft of its own for this screen, and a posted one with its original attached before it was posted.
    const bills = (await admin.get('/api/bills/')).body as Array<{ id: string; supplier: string; invoice_number: string }>;
    const supplier = bills.find((b) => b.invoice_number === HELD.invoice_number)!.supplier;
    const line = { description: 'Hosting', account: SYSTEM_ACCOUNT_IDS.paymentFees, quantity: 1, unit_price: '10.00', vat_rate: 24 };
    // Numbered per run, so that a retry does not meet the bills of the try before it.
    const run = Date.now().toString(36);
    const draftNumber = `DOC-${lng}-${width}-${run}`;
    const postedNumber = `POSTED-${lng}-${width}-${run}`;
    expect((await admin.post('/api/bills/', { supplier, invoice_number: draftNumber, date: '2026-03-05', items: [line] })).status).toBe(201);
    const posted = await admin.post('/api/bills/', { supplier, invoice_number: postedNumber, date: '2026-03-05', items: [line] });
    expect(posted.status, posted.text).toBe(201);
    const postedId = (posted.body as { id: string }).id;
    expect((await admin.upload(`/api/bills/${postedId}/documents/`, 'file', PDF, 'scan.pdf')).status).toBe(201);
    expect((await admin.post(`/api/bills/${postedId}/post/`, {})).status).toBe(200);

    await p.goto('/admin/bills');
    await p.getByRole('heading', { name: t('admin.bills.title'), level: 1 }).waitFor();
    const modal = p.locator('.ant-modal', { has: p.locator('#bill_invoiceNumber') });
    const papers = modal.getByTestId('bill-documents');
    const draft = listItem(p, draftNumber).first();
    await ready(p, draft);
    await draft.getByRole('button', { name: t('buttons.edit'), exact: true }).click();
    await modal.getByText(t('admin.bills.editTitle', { number: draftNumber }), { exact: true }).waitFor();
    await settled(p);
    await papers.getByText(t('admin.bills.documents.empty'), { exact: true }).waitFor();
    expect(await modal.getByTestId('bill-warnings').count()).toBe(0);

    // Not a PDF or an image: refused, said in the screen's language.
    const attach = async (name: string, mimeType: string, buffer: Buffer) => {
      const [chooser] = await Promise.all([p.waitForEvent('filechooser'), papers.getByTestId('attach-original').click()]);
      await chooser.setFiles({ name, mimeType, buffer });
    };
    await attach('notes.txt', 'text/plain', Buffer.from('not a scan'));
    await papers.getByTestId('bill-document-error').getByText(t('admin.bills.documents.errors.type'), { exact: true }).waitFor();
    // The scan as a PNG: listed with its kind and size, shown in the page on Preview.
    await attach('scan.png', 'image/png', PNG);
    const doc = papers.getByTestId('bill-document').filter({ hasText: 'scan.png' });
    await doc.getByText(t('admin.bills.documents.kinds.attachment'), { exact: true }).waitFor();
    expect(await papers.getByTestId('bill-document-error').count()).toBe(0);
    expect(await doc.getByRole('link', { name: 'scan.png' }).getAttribute('href')).toMatch(/^\/api\/bills\/[0-9a-f-]{36}\/documents\/[0-9a-f-]{36}\/$/);
    await doc.getByRole('button', { name: t('admin.bills.documents.preview') }).click();
    const image = doc.getByRole('img', { name: t('admin.bills.documents.previewOf', { name: 'scan.png' }) });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await checks(p, width, '.ant-modal');
    await screenshot(p, `i39-bills/documents-draft-${lng}-${width}`);
    // Removed after the confirmation that names it.
    p.once('dialog', (d) => {
      expect(d.message()).toBe(t('admin.bills.documents.confirmRemove', { name: 'scan.png' }));
      void d.accept();
    });
    await doc.getByRole('button', { name: t('admin.bills.documents.removeNamed', { name: 'scan.png' }) }).click();
    await doc.waitFor({ state: 'detached' });
    await papers.getByText(t('admin.bills.documents.empty'), { exact: true }).waitFor();
    await modal.getByRole('button', { name: t('buttons.cancel') }).click();
    await modal.waitFor({ state: 'hidden' });

    // The imported draft: what its checks warned of, by id and text, and its e-invoice, which stays.
    const imported = listItem(p, '12115118').first();
    await ready(p, imported);
    await imported.getByRole('button', { name: t('buttons.edit'), exact: true }).click();
    await modal.getByText(t('admin.bills.editTitle', { number: '12115118' }), { exact: true }).waitFor();
    await settled(p);
    const warnings = modal.getByTestId('bill-warnings');
    await warnings.locator('.bill-warning-id', { hasText: 'IMPORT-ACCOUNT' }).waitFor();
    const count = await warnings.locator('li').count();
    expect(text(await warnings.locator('.ant-alert-title').textContent())).toBe(t('admin.bills.documents.warnings', { count }));
    const einvoice = papers.getByTestId('bill-document').filter({ hasText: '12115118.xml' });
    await einvoice.getByText(t('admin.bills.documents.kinds.einvoice'), { exact: true }).waitFor();
    expect(await einvoice.getByRole('button').count()).toBe(0);
    await checks(p, width, '.ant-modal');
    await screenshot(p, `i39-bills/documents-imported-${lng}-${width}`);
    await modal.getByRole('button', { name: t('buttons.cancel') }).click();
    await modal.waitFor({ state: 'hidden' });

    // A posted bill: its documents in its drawer (View), the PDF opened in a tab, nothing to attach or remove.
    const postedRow = listItem(p, postedNumber).first();
    await ready(p, postedRow);
    await postedRow.getByRole('button', { name: t('admin.bills.view.action'), exact: true }).click();
    const drawer = p.getByTestId('bill-drawer');
    await drawer.getByText(t('admin.bills.view.title', { number: postedNumber, supplier: SUPPLIER.name }), { exact: true }).waitFor();
    const scan = drawer.getByTestId('bill-document').filter({ hasText: 'scan.pdf' });
    const open = scan.getByRole('link', { name: t('admin.bills.documents.openNamed', { name: 'scan.pdf' }) });
    expect(await open.getAttribute('target')).toBe('_blank');
    // What the tab receives, asked with the page's own session: the PDF, to be shown inline.
    const pdf = await p.request.get((await open.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toMatch(/^inline; filename="scan.pdf"/);
    expect(await drawer.getByTestId('attach-original').count()).toBe(0);
    expect(await scan.getByRole('button', { name: t('admin.bills.documents.removeNamed', { name: 'scan.pdf' }) }).count()).toBe(0);
    // A screen wide enough previews the PDF in the page, framed (the document lets the admin's own
    // pages frame it: a refusal would be a console error); a phone's browser shows no PDF in a page.
    const previewPdf = scan.getByRole('button', { name: t('admin.bills.documents.preview'), exact: true });
    if (width === MOBILE_WIDTH) expect(await previewPdf.count()).toBe(0);
    else {
      const href = (await open.getAttribute('href'))!;
      const framed = p.waitForResponse((r) => new URL(r.url()).pathname === href);
      // Pressed once the drawer has slid in: a click while it still moves can land beside the button.
      await settled(p);
      await previewPdf.click();
      await expect.poll(() => scan.locator('button[aria-expanded]').getAttribute('aria-expanded')).toBe('true');
      const frame = scan.getByTestId('bill-document-pdf');
      await frame.waitFor();
      expect(await frame.getAttribute('title')).toBe(t('admin.bills.documents.previewOf', { name: 'scan.pdf' }));
      expect((await framed).status()).toBe(200);
      expect(pdf.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    }
    await settled(p);
    await checks(p, width, '.ant-drawer');
    await screenshot(p, `i39-bills/documents-posted-${lng}-${width}`);
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await context.close();
  });

  it.each(SCREENS.map(([lng, locale, width]) => [lng, width, locale] as const))(
    '%s at %i px: pays three chosen bills in one go, one in part, after a refusal under the bill another payment left with less open',
    async (lng, width, locale) => {
      const { t } = await createTestI18n(lng);
      const supplierName = `Πληρωμές ${lng} ${width} ООО`;
      const supplier = await admin.post('/api/suppliers/', { name: supplierName, country: 'GR', payment_terms_days: 30 });
      expect(supplier.status, supplier.text).toBe(201);
      const made: Array<{ id: string; number: string }> = [];
      for (const [i, [date, price]] of ([['2026-03-01', 100], ['2026-03-05', 250.5], ['2026-03-10', 80]] as const).entries()) {
        const number = `PB-${lng}-${width}-${i + 1}`;
        const bill = await admin.post('/api/bills/', {
          supplier: (supplier.body as { id: string }).id,
          invoice_number: number,
          date,
          items: [{ description: 'Colocation', account: SYSTEM_ACCOUNT_IDS.paymentFees, quantity: 1, unit_price: price, vat_rate: 24 }],
        });
        expect(bill.status, bill.text).toBe(201);
        expect((await admin.post(`/api/bills/${bill.body.id}/post/`)).status).toBe(200);
        made.push({ id: bill.body.id as string, number });
      }
      // Open: 124,00, 310,62 and 99,20.
      const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width, locale });
      p.setDefaultTimeout(30_000);
      const errors = collectPageErrors(p);
      await p.goto('/admin/bills');
      await p.getByRole('heading', { name: t('admin.bills.title'), level: 1 }).waitFor();
      const bar = p.getByTestId('pay-bills-bar');
      await bar.getByText(t('admin.bills.payMany.hint'), { exact: true }).waitFor();
      expect(await p.getByTestId('pay-bills').isDisabled()).toBe(true);
      // Choose all: every bill listed that can be paid (posted, something open, not a credit note), then none again.
      const listed = ((await admin.get('/api/bills/')).body as Array<{ status: string; open_amount: number; document_type: string }>).filter((b) => b.status !== 'draft' && b.open_amount > 0 && b.document_type !== 'credit_note');
      const openCents = listed.reduce((sum, b) => sum + Math.round(b.open_amount * 100), 0);
      await bar.getByTestId('pay-bills-choose-all').getByText(t('admin.bills.payMany.chooseAll', { n: listed.length }), { exact: true }).click();
      await bar.getByText(t('admin.bills.payMany.chosen', { count: listed.length, amount: formatMoney(openCents) }), { exact: true }).waitFor();
      expect(await bar.getByTestId('pay-bills-choose-all').count()).toBe(0);
      await bar.getByRole('button', { name: t('admin.bills.payMany.clear'), exact: true }).click();
      await bar.getByText(t('admin.bills.payMany.hint'), { exact: true }).waitFor();
      for (const { number } of made) {
        const item = listItem(p, number).first();
        await ready(p, item);
        const box = width === MOBILE_WIDTH ? item.getByRole('checkbox', { name: t('admin.bills.payMany.choose') }) : p.getByRole('checkbox', { name: t('admin.bills.payMany.chooseBill', { number, supplier: supplierName }) });
        await box.check();
      }
      await bar.getByText(t('admin.bills.payMany.chosen', { count: 3, amount: formatMoney(53_382) }), { exact: true }).waitFor();
      // A draft cannot be chosen.
      const held = listItem(p, HELD.invoice_number).first();
      if (width === MOBILE_WIDTH) expect(await held.getByRole('checkbox').count()).toBe(0);
      else expect(await held.getByRole('checkbox').isDisabled()).toBe(true);
      await checks(p, width);
      await screenshot(p, `i39-bills/pay-many-chosen-${lng}-${width}`);

      await p.getByTestId('pay-bills').click();
      const modal = p.locator('.ant-modal', { has: p.locator('#payBills_date') });
      await modal.getByText(t('admin.bills.payMany.intro'), { exact: true }).waitFor();
      await settled(p);
      const amount = (i: number) => modal.locator(`#payBills_payments_${i}_amount`);
      expect(await Promise.all([0, 1, 2].map((i) => amount(i).inputValue()))).toEqual(['124.00', '310.62', '99.20']);
      await modal
        .locator('.ant-select', { has: p.locator('#payBills_moneyAccount') })
        .locator('.ant-select-content')
        .filter({ hasText: /\S/ })
        .waitFor();
      expect(text(await modal.getByTestId('pay-bills-total').textContent())).toBe(money(53_382));
      // Part of the second; more than the third has open is refused before sending.
      await amount(1).fill('100');
      await amount(2).fill('150');
      await fieldError(modal, 'payBills_payments_2_amount').getByText(t('admin.bills.errors.aboveOpen', { amount: formatMoney(9_920) }), { exact: true }).waitFor();
      await amount(2).fill('99.20');
      await expect.poll(async () => text(await modal.getByTestId('pay-bills-total').textContent())).toBe(money(32_320));
      await modal.locator('#payBills_reference').fill(`SEPA batch ${lng}`);

      // Meanwhile 50,00 of the third is paid elsewhere: the server's refusal stands under that bill, in the language, and nothing is paid.
      const bank = ((await admin.get('/api/bank-accounts/')).body as Array<{ id: string }>)[0]!.id;
      const elsewhere = await admin.post(`/api/bills/${made[2]!.id}/payments/`, { amount: 50, date: '2026-03-15', money_account: bank });
      expect(elsewhere.status, elsewhere.text).toBe(201);
      await modal.getByRole('button', { name: t('admin.bills.payMany.submit'), exact: true }).click();
      await fieldError(modal, 'payBills_payments_2_amount').getByText(t('admin.bills.errors.aboveOpen', { amount: formatMoney(4_920) }), { exact: true }).waitFor();
      expect(((await admin.get(`/api/bills/${made[0]!.id}/`)).body as { paid_amount: number }).paid_amount).toBe(0);
      await checks(p, width, '.ant-modal');
      await screenshot(p, `i39-bills/pay-many-refused-${lng}-${width}`);

      // The button is itself again at once: no spinner left in it (antd's collapsing one could stay, and the button read "loading Pay").
      expect(await modal.locator('.ant-modal-footer .ant-btn-loading-icon').count()).toBe(0);
      await amount(2).fill('49.20');
      await modal.getByRole('button', { name: t('admin.bills.payMany.submit'), exact: true }).click();
      await p
        .locator('.ant-message')
        .getByText(t('admin.bills.payMany.paid', { count: 3, amount: formatMoney(27_320) }), { exact: true })
        .first()
        .waitFor();
      await modal.waitFor({ state: 'hidden' });
      await status(listItem(p, made[0]!.number).first(), t('admin.bills.statuses.paid')).waitFor();
      await status(listItem(p, made[1]!.number).first(), t('admin.bills.statuses.partly_paid')).waitFor();
      await status(listItem(p, made[2]!.number).first(), t('admin.bills.statuses.paid')).waitFor();
      await bar.getByText(t('admin.bills.payMany.hint'), { exact: true }).waitFor();
      const second = (await admin.get(`/api/bills/${made[1]!.id}/`)).body as { open_amount: number; payments: Array<{ amount: number; reference: string | null }> };
      expect(second).toMatchObject({ open_amount: 210.62, payments: [{ amount: 100, reference: `SEPA batch ${lng}` }] });
      await checks(p, width);
      // The one failed request: the refused batch (400).
      expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
      await context.close();
    },
  );

  it.each([
    ['en', DESKTOP_WIDTH, 'en-US'],
    ['ru', MOBILE_WIDTH, 'ru-RU'],
  ] as const)('%s at %i px: enters a credit note correcting a posted bill, shows it as credit that Pay bills does not offer, and records its refund', async (lng, width, locale) => {
    const { t } = await createTestI18n(lng);
    const supplierName = `Credit ${lng} ${width} GmbH`;
    const supplier = await admin.post('/api/suppliers/', { name: supplierName, country: 'DE', payment_terms_days: 30, default_vat_rate: 24, default_account: SYSTEM_ACCOUNT_IDS.paymentFees });
    expect(supplier.status, supplier.text).toBe(201);
    const supplierId = (supplier.body as { id: string }).id;
    const corrected = `CB-${lng}-${width}`;
    const bill = await admin.post('/api/bills/', { supplier: supplierId, invoice_number: corrected, date: '2026-03-01', items: [{ description: 'Servers, March', account: SYSTEM_ACCOUNT_IDS.paymentFees, quantity: 1, unit_price: 100, vat_rate: 24 }] });
    expect(bill.status, bill.text).toBe(201);
    expect((await admin.post(`/api/bills/${bill.body.id}/post/`)).status).toBe(200);
    const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width, locale });
    p.setDefaultTimeout(30_000);
    const errors = collectPageErrors(p);
    await p.goto('/admin/bills');
    await p.getByRole('heading', { name: t('admin.bills.title'), level: 1 }).waitFor();

    // New credit note: chosen before the supplier; the bill it corrects among that supplier's posted ones.
    await p.getByTestId('new-bill').click();
    const modal = p.locator('.ant-modal', { has: p.locator('#bill_invoiceNumber') });
    await modal.getByText(t('admin.bills.createTitle'), { exact: true }).waitFor();
    await settled(p);
    await modal.getByText(t('admin.bills.creditNote.types.credit_note'), { exact: true }).click();
    await modal.getByText(t('admin.bills.creditNote.documentTypeHelp'), { exact: true }).waitFor();
    await chooseOption(p, '#bill_supplier', supplierName.slice(0, 10), supplierName);
    const number = `CN-${lng}-${width}`;
    await modal.locator('#bill_invoiceNumber').fill(number);
    await modal.locator('#bill_items_0_description').fill('Downtime credit');
    await modal.locator('#bill_items_0_unitPrice').fill('25');
    await pickOption(p, '#bill_creditedBill', corrected);
    await checks(p, width, '.ant-modal');
    await screenshot(p, `i39-bills/credit-note-form-${lng}-${width}`);
    await modal.getByRole('button', { name: t('buttons.saveChanges') }).click();
    await modal.waitFor({ state: 'hidden' });
    const saved = ((await admin.get(`/api/bills/?supplier=${supplierId}`)).body as Array<{ id: string; invoice_number: string; document_type: string; credited_bill: string | null }>).find((b) => b.invoice_number === number)!;
    expect(saved).toMatchObject({ document_type: 'credit_note', credited_bill: bill.body.id });
    expect((await admin.post(`/api/bills/${saved.id}/post/`)).status).toBe(200);

    // In the list: tagged, its amounts as credit, not offered to Pay bills; its payment is a refund.
    await p.reload();
    const row = listItem(p, number).first();
    await status(row, t('admin.bills.statuses.open')).waitFor();
    await row.getByTestId('bill-credit-note').getByText(t('admin.bills.creditNote.tag'), { exact: true }).waitFor();
    expect(text(await row.textContent())).toContain(money(-3100));
    if (width === MOBILE_WIDTH) expect(await row.getByRole('checkbox').count()).toBe(0);
    else expect(await row.getByRole('checkbox').isDisabled()).toBe(true);
    await ready(p, row);
    await expectMoreActions(p, row, [t('admin.bills.creditNote.recordRefund')]);
    await checks(p, width);
    await screenshot(p, `i39-bills/credit-note-list-${lng}-${width}`);
    await ready(p, row);
    await rowAction(p, row, t('admin.bills.creditNote.recordRefund'));
    const refund = p.locator('.ant-modal', { has: p.locator('#billPayment_amount') });
    await refund.getByText(t('admin.bills.creditNote.refundTitle', { number, supplier: supplierName }), { exact: true }).waitFor();
    await refund.getByText(t('admin.bills.creditNote.creditAmount', { amount: formatMoney(3100) }), { exact: true }).waitFor();
    // Worded as money coming in on a credit note, not as a bill's payment.
    for (const key of ['refundAmountHelp', 'refundDate', 'receivedInto', 'receivedIntoHelp'] as const) await refund.getByText(t(`admin.bills.creditNote.${key}`), { exact: true }).waitFor();
    expect(await refund.getByText(t('admin.bills.fields.moneyAccount'), { exact: true }).count()).toBe(0);
    await settled(p);
    await refund
      .locator('.ant-select', { has: p.locator('#billPayment_moneyAccount') })
      .locator('.ant-select-content')
      .filter({ hasText: /\S/ })
      .waitFor();
    await checks(p, width, '.ant-modal');
    await screenshot(p, `i39-bills/credit-note-refund-${lng}-${width}`);
    await refund.getByRole('button', { name: t('admin.bills.creditNote.recordRefund') }).click();
    await p.locator('.ant-message').getByText(t('admin.bills.creditNote.refundRecorded', { amount: formatMoney(3100), number }), { exact: true }).first().waitFor();
    await status(listItem(p, number).first(), t('admin.bills.statuses.paid')).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a bill in US dollars: chosen in the form, posted at the rate entered, paid in dollars; its drawer in en, el and ru, the list at 375 px', async () => {
    // The rate a month before today: the form dates the bill today, and a bill takes the last rate on or before its date.
    const rateDay = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const rate = await admin.post('/api/exchange-rates/', { date: rateDay, currency: 'USD', rate: '1.10' });
    expect(rate.status, rate.text).toBe(201);
    const number = `USD-${Date.now().toString(36)}`;
    const dollars = (amount: number, lng = 'en') => text(formatAmount(amount, 'USD', lng));
    const { t } = await createTestI18n('en');
    const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width: DESKTOP_WIDTH, locale: 'en-US' });
    p.setDefaultTimeout(30_000);
    const errors = collectPageErrors(p);
    await p.goto('/admin/bills');
    await p.getByRole('heading', { name: t('admin.bills.title'), level: 1 }).waitFor();

    // The currency chosen: the price shows the dollar sign, the totals are in dollars. One line at 0 %: $1,000.00.
    await p.getByTestId('new-bill').click();
    const modal = p.locator('.ant-modal', { has: p.locator('#bill_invoiceNumber') });
    await modal.getByText(t('admin.bills.createTitle'), { exact: true }).waitFor();
    await settled(p);
    await chooseOption(p, '#bill_supplier', 'Hetzner', SUPPLIER.name);
    await modal.locator('#bill_invoiceNumber').fill(number);
    await chooseOption(p, '#bill_currency', 'USD', currencyLabel('USD', 'en'));
    await modal.getByText(t('admin.bills.currency.help', { currency: 'USD' }), { exact: true }).waitFor();
    await modal.locator('#bill_items_0_description').fill('GPU hours');
    await modal.locator('#bill_items_0_unitPrice').fill('1000');
    await pickOption(p, '#bill_items_0_vatCategory', t('admin.bills.vatCategories.Z'));
    const price = modal.locator('.ant-input-number', { has: p.locator('#bill_items_0_unitPrice') });
    expect(text(await price.locator('.ant-input-number-prefix').textContent())).toBe('$');
    await expect.poll(() => modal.getByTestId('bill-total-gross').textContent().then(text)).toBe(dollars(1000));
    await screenshot(p, 'bills-usd/form-en-1280');
    await modal.getByRole('button', { name: t('buttons.saveChanges') }).click();
    await p.locator('.ant-message').getByText(t('admin.bills.saved', { number }), { exact: true }).first().waitFor();
    await modal.waitFor({ state: 'hidden' });

    // Posted at the rate of its date: the list shows the dollars and the euros booked.
    const row = listItem(p, number).first();
    await status(row, t('admin.bills.statuses.draft')).waitFor();
    expect(text(await row.textContent())).toContain(dollars(1000));
    p.once('dialog', (d) => void d.accept());
    await ready(p, row);
    await rowAction(p, row, t('admin.bills.post'));
    await status(row, t('admin.bills.statuses.open')).waitFor();
    const posted = ((await admin.get('/api/bills/')).body as Array<{ invoice_number: string; currency: string; exchange_rate: string; rate_date: string; total_eur: number }>).find((b) => b.invoice_number === number)!;
    expect(posted).toMatchObject({ currency: 'USD', rate_date: rateDay, total_eur: 909.09 });
    await row.getByTestId('bill-booked-euros').getByText(t('admin.bills.currency.bookedShort', { amount: formatEuros(909.09) }), { exact: true }).waitFor();
    await screenshot(p, 'bills-usd/list-en-1280');

    // Paid in part, in dollars, at the day's rate.
    await ready(p, row);
    await expectMoreActions(p, row, [t('admin.bills.recordPayment')]);
    await rowAction(p, row, t('admin.bills.recordPayment'));
    const pay = p.locator('.ant-modal', { has: p.locator('#billPayment_amount') });
    await pay.getByText(t('admin.bills.openAmountNote', { amount: formatAmount(1000, 'USD', 'en') }), { exact: true }).waitFor();
    expect(text(await pay.locator('.ant-input-number-prefix').first().textContent())).toBe('$');
    await pay
      .locator('.ant-select', { has: p.locator('#billPayment_moneyAccount') })
      .locator('.ant-select-content')
      .filter({ hasText: /\S/ })
      .waitFor();
    await pay.locator('#billPayment_amount').fill('400');
    await settled(p);
    await screenshot(p, 'bills-usd/pay-en-1280');
    await pay.getByRole('button', { name: t('admin.bills.recordPayment') }).click();
    await p.locator('.ant-message').getByText(t('admin.bills.paymentRecorded', { amount: formatAmount(400, 'USD', 'en'), number }), { exact: true }).first().waitFor();
    await pay.waitFor({ state: 'hidden' });
    await status(row, t('admin.bills.statuses.partly_paid')).waitFor();
    const paid = ((await admin.get('/api/bills/')).body as Array<{ invoice_number: string; payments: Array<{ exchange_rate: string; amount_eur: number }> }>).find((b) => b.invoice_number === number)!;
    expect(paid.payments).toHaveLength(1);

    // Its drawer: dollars, the euros booked and the rate, the payment with its rate and euros; in each language.
    const drawer = p.getByTestId('bill-drawer');
    const view = async (page: Page, lng: 'en' | 'el' | 'ru') => {
      const tr = (await createTestI18n(lng)).t;
      const item = listItem(page, number).first();
      await ready(page, item);
      await rowAction(page, item, tr('admin.bills.view.action'));
      const opened = page.getByTestId('bill-drawer');
      await opened.getByText(tr('admin.bills.view.title', { number, supplier: SUPPLIER.name }), { exact: true }).waitFor();
      expect(text(await opened.getByTestId('bill-total').textContent())).toBe(dollars(1000, lng));
      expect(text(await opened.getByTestId('bill-open').textContent())).toBe(dollars(600, lng));
      expect(text(await opened.getByTestId('bill-payment').locator('.admin-amount').textContent())).toBe(dollars(400, lng));
      const booked = text(await opened.getByTestId('bill-booked').textContent());
      const euros = text(await opened.getByTestId('bill-payment-euros').textContent());
      expect(euros).toBe(text(tr('admin.bills.view.paymentEuros', { amount: formatEuros(paid.payments[0]!.amount_eur), rate: paid.payments[0]!.exchange_rate, currency: 'USD' })));
      await settled(page);
      const size = page.viewportSize()!;
      await checks(page, size.width, '.ant-drawer');
      // Shot with the window as tall as the page and the drawer's content: a full-page shot tears the fixed drawer at the window's height.
      const height = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, ...Array.from(document.querySelectorAll('.ant-drawer-body'), (e) => e.scrollHeight + e.getBoundingClientRect().top)));
      await page.setViewportSize({ width: size.width, height: Math.max(size.height, Math.ceil(height)) });
      await settled(page);
      await screenshot(page, `bills-usd/view-${lng}-${size.width}`);
      await page.setViewportSize(size);
      return booked;
    };
    expect(await view(p, 'en')).toBe(text(t('admin.bills.currency.bookedAt', { amount: formatEuros(909.09), rate: posted.exchange_rate, currency: 'USD', date: formatDate(rateDay) })));
    await p.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await p.goto('/admin/bills?lng=el');
    await p.locator('html[lang="el"]').waitFor();
    expect(await view(p, 'el')).toContain(formatEuros(909.09).replace(/\s/g, ' '));
    expect(errors).toEqual([]);
    await context.close();

    // A phone, in Russian: the list does not scroll sideways; the drawer fills the screen.
    const phone = await signedInPage(browser, server.url, ADMIN, { width: MOBILE_WIDTH, locale: 'ru-RU' });
    phone.page.setDefaultTimeout(30_000);
    const phoneErrors = collectPageErrors(phone.page);
    await phone.page.goto('/admin/bills?lng=ru');
    await phone.page.locator('html[lang="ru"]').waitFor();
    await listItem(phone.page, number).first().waitFor();
    await settled(phone.page);
    await checks(phone.page, MOBILE_WIDTH);
    await screenshot(phone.page, 'bills-usd/list-ru-375');
    expect(await view(phone.page, 'ru')).toContain('1.1');
    expect(phoneErrors).toEqual([]);
    await phone.context.close();
  });
});
