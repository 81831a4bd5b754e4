import fs from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, collectPageErrors, DESKTOP_WIDTH, launchBrowser, listItem, MOBILE_WIDTH, pickOption, rawKeyLeaks, rowAction, settled, sidewaysScroll, signedInPage } from '../../../test/browser';
import { testBackends } from '../../../test/db';
import { startMyDataStub, type MyDataStub } from '../../../test/mydata-stub';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { startVies, type ViesStub } from '../../../test/vies-stub';

const SETTINGS = `mutation($input: CompanySettingsInput!) { updateCompanySettings(input: $input) { country } }`;
const COMPANY = { name: 'Αιγίς GRC Α.Ε.', address: 'Σταδίου 1\n105 64 Αθήνα', phone: '+30 210 0000000', email: 'billing@aegis.test', registrationNumber: 'ΓΕΜΗ 1', vatNumber: 'EL094014201', jurisdiction: 'Greece', country: 'GR' };
const REFUSAL = { code: '102', message: 'Vat number 099999999 does not belong to an active corporation' };
/** The part of the screen a person looks at, as a PNG in SCREENSHOT_DIR (default bench/.tmp); SCREENSHOTS=off skips it. */
const shot = async (target: Page | Locator, name: string) => {
  if (process.env.SCREENSHOTS === 'off') return;
  const dir = process.env.SCREENSHOT_DIR ?? 'bench/.tmp';
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  if ('goto' in target) return void (await target.screenshot({ path: file, fullPage: true }));
  // In the middle of the window, clear of the sticky top bar.
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await target.screenshot({ path: file });
};

// Needs `npm run build` first: the test server serves dist/web.
describe('myDATA and VIES on the admin screens in Chromium', () => {
  let stub: MyDataStub;
  let vies: ViesStub;
  let server: TestServer;
  let admin: TestClient;
  let browser: Browser;
  let clientId: string;
  /** An invoice AADE registered, and one it refused (with REFUSAL). */
  const issued = { ok: { id: '', number: '' }, refused: { id: '', number: '' } };
  const today = dayjs().format('YYYY-MM-DD');
  const plain = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

  /** Every projection and reactor (the myDATA outbox among them) has caught up, then the outbox is sent. */
  const settleAndDrain = async () => {
    const { eventStore, projections } = server.runtime.deps;
    expect(await projections.waitFor(await eventStore.headPosition(), { includeReactors: true, timeoutMs: 20_000 })).toBe(true);
    return server.runtime.mydata!.drain();
  };
  const issue = async (description: string) => {
    const created = await admin.post('/api/invoices/', { client: clientId, date: today, due_date: dayjs().add(30, 'day').format('YYYY-MM-DD'), items: [{ description, unit_price: 1000, vat_rate: 24 }] });
    expect(created.status, created.text).toBe(201);
    expect((await admin.post(`/api/invoices/${created.body.id}/send/`)).status).toBe(200);
    const read = await admin.get(`/api/invoices/${created.body.id}/`);
    return { id: created.body.id as string, number: read.body.invoice_number as string };
  };
  /** The invoice alone on the invoices page, its details (the history drawer) opened. */
  const openInvoice = async (page: Page, invoice: { id: string; number: string }, lng: string, historyLabel: string) => {
    await page.goto(`/admin/invoices?invoice=${invoice.id}&lng=${lng}`);
    const row = listItem(page, invoice.number);
    await row.waitFor();
    if ((await row.locator('td').count()) > 0) await row.locator('td').first().click();
    else await rowAction(page, row, historyLabel);
    const drawer = page.getByTestId('history-drawer');
    await drawer.getByTestId('mydata').waitFor();
    await settled(page);
    return drawer;
  };

  beforeAll(async () => {
    [stub, vies] = await Promise.all([startMyDataStub(), startVies()]);
    vies.answerWith((b) => ({
      status: 200,
      body: { countryCode: b.countryCode, vatNumber: b.vatNumber, requestDate: `${today}T10:00:00.000Z`, valid: true, requestIdentifier: 'WAPIAAAAGR0001', name: 'ΠΕΛΑΤΗΣ ΑΝΩΝΥΜΗ ΕΤΑΙΡΕΙΑ', address: 'ΕΡΜΟΥ 5\n105 63 ΑΘΗΝΑ', userError: 'VALID' },
    }));
    server = await startTestServer(testBackends()[0]!, {
      limits: { loginPerIp: 1000, loginPerUsername: 1000 },
      env: { MYDATA_USER_ID: stub.credentials.userId, MYDATA_SUBSCRIPTION_KEY: stub.credentials.subscriptionKey, MYDATA_URL: stub.url, VIES_URL: vies.url },
    });
    // The test sends the outbox when it means to.
    await server.runtime.mydata!.stop();
    admin = server.client();
    await admin.login();
    expect((await admin.graphql(SETTINGS, { input: COMPANY })).body.data.updateCompanySettings.country).toBe('GR');
    const client = await admin.post('/api/clients/', { name: 'Πελάτης Α.Ε.', email: 'billing@pelatis.test', phone: '', address: 'Ερμού 5\n105 63 Αθήνα', country: 'GR', vat_number: 'EL099999999' });
    expect(client.status, client.text).toBe(201);
    clientId = client.body.id;
    issued.ok = await issue('Audit');
    expect(await settleAndDrain()).toBe(1);
    stub.mode = { kind: 'error', errors: [REFUSAL] };
    issued.refused = await issue('Training');
    expect(await settleAndDrain()).toBe(0);
    stub.mode = { kind: 'ok' };
    // The first server-rendered page (the login) loads the server's render entry here, under the hook's timeout.
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await Promise.all([stub?.close(), vies?.close()]);
  });

  it("shows an invoice's transmission in English at 1280 px: Transmitted, its MARK and UID, AADE's page and the history", async () => {
    const { context, page } = await signedInPage(browser, server.url, ADMIN, { width: DESKTOP_WIDTH });
    const errors = collectPageErrors(page);
    const drawer = await openInvoice(page, issued.ok, 'en', 'History');
    const registered = stub.registered[0]!;
    expect(plain(await drawer.getByTestId('mydata-status').textContent())).toBe('Transmitted');
    expect(await drawer.getByTestId('mydata-mark').textContent()).toBe(registered.mark);
    expect(await drawer.getByTestId('mydata-uid').textContent()).toBe(registered.uid);
    expect(await drawer.getByRole('link', { name: 'Open in AADE' }).getAttribute('href')).toContain(registered.uid);
    await drawer.getByText('2.1 · Service invoice, buyer in Greece').waitFor();
    await drawer.getByRole('button', { name: 'Transmission log (1)' }).click();
    expect(plain(await drawer.getByTestId('mydata-history').textContent())).toMatch(/Sent to myDATARegisteredSystem$/);
    expect(await drawer.getByTestId('mydata-send-again').count()).toBe(0);
    await settled(page);
    await shot(drawer.getByTestId('mydata'), 'mydata-invoice-en-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows AADE's refusal in Greek at 375 px; the inbox lists it in Russian, and Send again transmits it", async () => {
    const el = await signedInPage(browser, server.url, ADMIN, { width: MOBILE_WIDTH, locale: 'el-GR' });
    const drawer = await openInvoice(el.page, issued.refused, 'el', 'Ιστορικό');
    expect(plain(await drawer.getByTestId('mydata-status').textContent())).toBe('Απορρίφθηκε από την ΑΑΔΕ');
    expect(plain(await drawer.getByTestId('mydata-refusal').textContent())).toBe(`Η ΑΑΔΕ απέρριψε το παραστατικό:${REFUSAL.code} ${REFUSAL.message}`);
    await drawer.getByTestId('mydata-send-again').waitFor();
    await drawer.getByRole('button', { name: 'Ιστορικό διαβίβασης (1)' }).click();
    await drawer.getByText('Απορρίφθηκε από την ΑΑΔΕ', { exact: true }).nth(1).waitFor();
    await settled(el.page);
    expect(await sidewaysScroll(el.page)).toBeLessThanOrEqual(0);
    expect(await rawKeyLeaks(el.page)).toEqual([]);
    expect(await axeViolations(el.page)).toEqual([]);
    await shot(drawer.getByTestId('mydata'), 'mydata-invoice-el-375');
    await el.context.close();

    const { context, page } = await signedInPage(browser, server.url, ADMIN, { width: MOBILE_WIDTH, locale: 'ru-RU' });
    const errors = collectPageErrors(page);
    await page.goto('/admin/inbox?tab=mydata&lng=ru');
    const table = page.getByTestId('mydata-failures');
    const card = listItem(table, issued.refused.number);
    await card.waitFor();
    expect(plain(await card.textContent())).toContain(`${REFUSAL.code} ${REFUSAL.message}`);
    await card.getByText('Счёт', { exact: true }).waitFor();
    expect(await card.getByRole('link', { name: issued.refused.number }).getAttribute('href')).toBe(`/admin/invoices?invoice=${issued.refused.id}`);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await rawKeyLeaks(page)).toEqual([]);
    await settled(page);
    await shot(page, 'mydata-inbox-ru-375');
    await card.getByRole('button', { name: 'Отправить снова' }).click();
    await page.locator('.ant-popconfirm').getByText(`Отправить ${issued.refused.number} в myDATA снова?`).waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Отправить снова' }).click();
    await page.locator('.ant-message').getByText(`${issued.refused.number} ожидает повторной отправки в myDATA.`, { exact: true }).waitFor();
    await page.getByText('Нет документов, отклонённых AADE.').waitFor();
    expect(await settleAndDrain()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();

    const en = await signedInPage(browser, server.url, ADMIN, { width: DESKTOP_WIDTH });
    const after = await openInvoice(en.page, issued.refused, 'en', 'History');
    expect(plain(await after.getByTestId('mydata-status').textContent())).toBe('Transmitted');
    expect(await after.getByTestId('mydata-mark').textContent()).toBe(stub.registered.at(-1)!.mark);
    await after.getByRole('button', { name: 'Transmission log (3)' }).click();
    expect(plain(await after.getByTestId('mydata-history').textContent())).toMatch(/Sent to myDATARefused by AADESystem.*Send again requestedNo answeradmin.*Sent to myDATARegisteredSystem$/);
    await en.context.close();
  });

  it('saves a classification on the settings card in Greek at 1280 px', async () => {
    const { context, page } = await signedInPage(browser, server.url, ADMIN, { width: DESKTOP_WIDTH, locale: 'el-GR' });
    const errors = collectPageErrors(page);
    await page.goto('/admin/settings?lng=el');
    const card = page.getByTestId('mydata-settings');
    await card.getByText('Η διαβίβαση είναι ενεργή: τα εκδοθέντα τιμολόγια και πιστωτικά αποστέλλονται στο myDATA.').waitFor();
    expect(await card.getByTestId('mydata-endpoint').textContent()).toBe(stub.url);
    const item = card.locator('.ant-form-item', { hasText: '2.1 · Αγοραστής στην Ελλάδα' });
    await item.getByTitle('Έσοδα από παροχή υπηρεσιών · E3_561_001').waitFor();
    await item.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'E3_561_007' }).first().click();
    await item.getByTitle('Έσοδα από παροχή υπηρεσιών · E3_561_007').waitFor();
    await card.getByTestId('mydata-settings-save').click();
    await page.locator('.ant-message').getByText('Οι χαρακτηρισμοί myDATA αποθηκεύτηκαν.', { exact: true }).waitFor();
    const saved = await admin.graphql('{ myDataSettings { classifications { invoiceType chosen { type category } } } }');
    expect(saved.body.data.myDataSettings.classifications[0]).toEqual({ invoiceType: '2.1', chosen: { type: 'E3_561_007', category: 'category1_3' } });
    expect(await rawKeyLeaks(page)).toEqual([]);
    await settled(page);
    await shot(card, 'mydata-settings-el-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("gives a product its own classification for 2.1 on the settings card, kept after a reload, and the company's again (en 1280 px, el 375 px)", async () => {
    const PRODUCTS = `{ myDataSettings { products { productId name classifications { invoiceType classification { type category } } } } }`;
    const createProduct = async (name: string) => {
      const made = await admin.graphql(`mutation($input: ProductInput!) { createProduct(input: $input) { id } }`, { input: { name, price: 900, billingCycle: 'one_time', vatRate: 24 } });
      expect(made.body.errors, JSON.stringify(made.body)).toBeUndefined();
      return made.body.data.createProduct.id as string;
    };
    const ownOf = async (productId: string) =>
      ((await admin.graphql(PRODUCTS)).body.data.myDataSettings.products as Array<{ productId: string; classifications: unknown[] }>).find((p) => p.productId === productId)?.classifications;
    const select = (productId: string, type: string) => `#mydata-product-${productId}-${type.replace('.', '_')}`;

    const { context, page } = await signedInPage(browser, server.url, ADMIN, { width: DESKTOP_WIDTH });
    const errors = collectPageErrors(page);
    // No product yet: the section says where they come from.
    await page.goto('/admin/settings?lng=en');
    const section = page.getByTestId('mydata-products');
    await section.getByText('Products appear here once they are created under Products.').waitFor();

    const audit = await createProduct('GRC audit');
    await page.reload();
    const row = listItem(section, 'GRC audit');
    await row.waitFor();
    // Every type starts with the company's (2.1 is E3_561_007 since the Greek test), the company form as it was.
    for (const type of ['2.1', '2.2', '2.3']) await row.locator('.ant-form-item', { has: page.locator(select(audit, type)) }).getByTitle("Company's classification").waitFor();
    expect(await page.getByTestId('mydata-products-save').isDisabled()).toBe(true);
    await pickOption(page, select(audit, '2.1'), 'E3_561_002');
    await row.getByTitle('Income from the provision of services · E3_561_002').waitFor();
    expect(await section.getByTestId('mydata-products-unsaved').textContent()).toBe('Unsaved changes: 1');
    await section.getByRole('button', { name: 'Save product classifications' }).click();
    await page.locator('.ant-message').getByText('Product classifications saved.', { exact: true }).waitFor();
    expect(await ownOf(audit)).toEqual([{ invoiceType: '2.1', classification: { type: 'E3_561_002', category: 'category1_3' } }]);
    // Only the product's: the company's 2.1 is still E3_561_007.
    const company = await admin.graphql('{ myDataSettings { classifications { invoiceType chosen { type } } } }');
    expect(company.body.data.myDataSettings.classifications[0]).toEqual({ invoiceType: '2.1', chosen: { type: 'E3_561_007' } });

    await page.reload();
    await listItem(section, 'GRC audit').getByTitle('Income from the provision of services · E3_561_002').waitFor();
    await listItem(section, 'GRC audit').locator('.ant-form-item', { has: page.locator(select(audit, '2.2')) }).getByTitle("Company's classification").waitFor();
    expect(await page.getByTestId('mydata-products-save').isDisabled()).toBe(true);
    expect(await rawKeyLeaks(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await settled(page);
    await shot(page.getByTestId('mydata-settings'), 'mydata-products-en-1280');

    // A product deleted meanwhile: the server's refusal stands under its select, in the screen's language.
    const training = await createProduct('Training day');
    await page.reload();
    await listItem(section, 'Training day').waitFor();
    await pickOption(page, select(training, '2.2'), 'E3_561_007');
    expect((await admin.graphql('mutation($id: ID!) { deleteProduct(id: $id) }', { id: training })).body.data.deleteProduct).toBe(true);
    await section.getByRole('button', { name: 'Save product classifications' }).click();
    await page
      .locator('.ant-form-item', { has: page.locator(select(training, '2.2')) })
      .locator('.ant-form-item-explain-error')
      .getByText('This product is no longer in the catalogue: reload the page.')
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // On a phone in Greek: a card per product; 2.1 back to the company's.
    const el = await signedInPage(browser, server.url, ADMIN, { width: MOBILE_WIDTH, locale: 'el-GR' });
    const elErrors = collectPageErrors(el.page);
    await el.page.goto('/admin/settings?lng=el');
    const card = listItem(el.page.getByTestId('mydata-products'), 'GRC audit');
    await card.getByTitle('Έσοδα από παροχή υπηρεσιών · E3_561_002').waitFor();
    expect(await card.locator('.ant-form-item-label').allTextContents()).toEqual(['2.1 · Αγοραστής στην Ελλάδα', '2.2 · Αγοραστής σε άλλο κράτος μέλος της ΕΕ', '2.3 · Αγοραστής εκτός ΕΕ']);
    await pickOption(el.page, select(audit, '2.1'), 'Χαρακτηρισμός της εταιρείας');
    await el.page.getByRole('button', { name: 'Αποθήκευση χαρακτηρισμών προϊόντων' }).click();
    await el.page.locator('.ant-message').getByText('Οι χαρακτηρισμοί των προϊόντων αποθηκεύτηκαν.', { exact: true }).waitFor();
    expect(await ownOf(audit)).toEqual([]);
    await el.page.reload();
    await listItem(el.page.getByTestId('mydata-products'), 'GRC audit').locator('.ant-form-item', { has: el.page.locator(select(audit, '2.1')) }).getByTitle('Χαρακτηρισμός της εταιρείας').waitFor();
    expect(await sidewaysScroll(el.page)).toBeLessThanOrEqual(0);
    expect(await rawKeyLeaks(el.page)).toEqual([]);
    expect(await axeViolations(el.page)).toEqual([]);
    await settled(el.page);
    await shot(el.page.getByTestId('mydata-products'), 'mydata-products-el-375');
    expect(elErrors).toEqual([]);
    await el.context.close();
  });

  it("checks the client's VAT number in VIES in Russian at 375 px: valid, the day, the consultation number and the name", async () => {
    const { context, page } = await signedInPage(browser, server.url, ADMIN, { width: MOBILE_WIDTH, locale: 'ru-RU' });
    const errors = collectPageErrors(page);
    await page.goto(`/admin/clients/${clientId}?lng=ru`);
    const block = page.getByTestId('vies');
    await block.getByText('В VIES ещё не проверялся.').waitFor();
    await block.getByRole('button', { name: 'Проверить в VIES' }).click();
    const latest = block.getByTestId('vies-latest');
    await latest.getByText('Действителен', { exact: true }).waitFor();
    expect(vies.asked.at(-1)).toMatchObject({ countryCode: 'EL', vatNumber: '099999999' });
    expect(await latest.getByTestId('vies-date').textContent()).toMatch(new RegExp(`^${dayjs(today).format('DD')} / \\S+ / ${dayjs(today).format('YYYY')}$`));
    expect(await latest.getByTestId('vies-consultation').textContent()).toBe('WAPIAAAAGR0001');
    expect(await latest.getByTestId('vies-name').textContent()).toBe('ΠΕΛΑΤΗΣ ΑΝΩΝΥΜΗ ΕΤΑΙΡΕΙΑ');
    await block.getByRole('button', { name: 'Проверок: 1' }).click();
    await block.getByTestId('vies-history').getByText('Действителен').waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await rawKeyLeaks(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await settled(page);
    await shot(block, 'mydata-vies-ru-375');
    expect(errors).toEqual([]);
    await context.close();
  });
});
