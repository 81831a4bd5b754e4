import dayjs from 'dayjs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, collectPageErrors, DESKTOP_WIDTH, launchBrowser, listItem, MOBILE_WIDTH, rawKeyLeaks, rowAction, screenshot, sidewaysScroll, signedInPage } from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../../test/server';
import { createTestI18n } from '../../../../test/web-i18n';

const SETTINGS = `mutation($input: CompanySettingsInput!) { updateCompanySettings(input: $input) { country } }`;
const COMPANY = { name: 'Aegis GRC A.E.', address: 'Stadiou 1\n10564 Athens', phone: '+30 210 0000000', email: 'billing@aegis.test', registrationNumber: 'GEMI 1', vatNumber: 'EL094014201', jurisdiction: 'Greece', country: 'GR' };

// Needs `npm run build` first: the test server serves dist/web.
describe('the EC Sales List screen in Chromium', () => {
  let server: TestServer;
  let admin: TestClient;
  let browser: Browser;
  const today = dayjs().format('YYYY-MM-DD');
  const plain = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    admin = server.client();
    await admin.login();
    // A Greek seller; a German business client: its invoice is under reverse charge, on the list.
    expect((await admin.graphql(SETTINGS, { input: COMPANY })).body.data.updateCompanySettings.country).toBe('GR');
    const client = await admin.post('/api/clients/', { name: 'Kunde GmbH', email: 'billing@kunde.test', phone: '', address: 'Hauptstr. 1, Berlin', country: 'DE', vat_number: 'DE812871812' });
    expect(client.status, client.text).toBe(201);
    const invoice = await admin.post('/api/invoices/', { client: client.body.id, date: today, due_date: today, items: [{ description: 'Audit', unit_price: 1000, vat_rate: 24 }, { description: 'Training', unit_price: 234.5, vat_rate: 24 }] });
    expect(invoice.status, invoice.text).toBe(201);
    expect((await admin.post(`/api/invoices/${invoice.body.id}/send/`)).status).toBe(200);
    expect((await admin.get('/api/reports/ec-sales-list/')).body.total).toBe(1234.5);
    // The first server-rendered page (the login) loads the server's render entry here, under the hook's timeout.
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the German customer and the total in English at 1280 px, with PDF, XLSX and CSV of the period', async () => {
    const { context, page } = await signedInPage(browser, server.url, ADMIN, { width: DESKTOP_WIDTH });
    const errors = collectPageErrors(page);
    await page.goto('/admin/accounting/ec-sales-list?lng=en');
    const screen = page.getByTestId('ec-sales-list');
    const row = listItem(screen, 'DE812871812');
    await row.waitFor();
    expect(plain(await row.textContent())).toBe('Germany (DE)DE8128718121.234,50 €');
    expect(plain(await screen.getByTestId('ec-sales-total').textContent())).toBe('1.234,50 €');
    await screen.getByText('Intra-EU supplies of services to business customers (reverse charge), per customer VAT number; credit notes count in the period they are issued.').waitFor();
    await screen.getByText(/equals the reverse-charge \(AE\) sales of the VAT return/).waitFor();
    // The quarter of today, as the VAT return; each file of it from the server.
    const from = dayjs().startOf('month').month(Math.floor(dayjs().month() / 3) * 3).format('YYYY-MM-DD');
    for (const format of ['pdf', 'xlsx', 'csv']) {
      const href = new URL((await page.getByTestId(format === 'csv' ? 'export-file-csv' : `export-${format}`).getAttribute('href'))!, server.url);
      expect(href.pathname).toBe('/api/reports/ec-sales-list/export/');
      expect(Object.fromEntries(href.searchParams)).toMatchObject({ format, from, lang: 'en' });
    }
    const csvHref = (await page.getByTestId('export-file-csv').getAttribute('href'))!;
    const csv = await page.request.get(csvHref);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(await csv.text()).toContain('DE,DE812871812,1234.50\r\nTotal,,1234.50\r\n');
    expect(await page.getByTestId('export-csv').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'ec-sales-list/en-1280');
    // A quarter without any: the empty text, no total.
    await page.goto('/admin/accounting/ec-sales-list?lng=en&from=2020-01-01&to=2020-03-31');
    await screen.getByText('No intra-EU supplies of services in this period.').waitFor();
    expect(await screen.getByTestId('ec-sales-total').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 375 px phone in Greek: a card per customer and the total, nothing sideways', async () => {
    const { context, page } = await signedInPage(browser, server.url, ADMIN, { width: MOBILE_WIDTH, locale: 'el-GR' });
    await page.goto('/admin/accounting/ec-sales-list?lng=el');
    const screen = page.getByTestId('ec-sales-list');
    const card = screen.locator('li.list-card', { hasText: 'DE812871812' });
    await card.waitFor();
    expect(plain(await card.textContent())).toContain('Γερμανία (DE)');
    expect(plain(await screen.getByTestId('ec-sales-total').textContent())).toBe('1.234,50 €');
    await page.getByRole('heading', { name: 'Ανακεφαλαιωτικός πίνακας ενδοκοινοτικών συναλλαγών (VIES)' }).waitFor();
    expect(await rawKeyLeaks(page)).toEqual([]);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    // The CSV button is the server's file, in the screen's language.
    expect(await page.getByTestId('export-file-csv').getAttribute('href')).toContain('lang=el');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'ec-sales-list/el-375');
    await context.close();
  });

  it("says in Russian why a German client's VAT number with a wrong check digit is refused, before saving", async () => {
    const ru = await createTestI18n('ru');
    const { context, page } = await signedInPage(browser, server.url, ADMIN, { width: DESKTOP_WIDTH, locale: 'ru-RU' });
    await page.goto('/admin/clients?lng=ru');
    const row = listItem(page, 'Kunde GmbH');
    await row.getByRole('button', { name: ru.t('buttons.edit'), exact: true }).waitFor();
    await rowAction(page, row, ru.t('buttons.edit'));
    const modal = page.locator('.ant-modal-wrap:visible .ant-modal');
    await modal.locator('#client_vatNumber').fill('DE812871813');
    const error = modal.locator('.ant-form-item', { has: page.locator('#client_vatNumber') }).locator('.ant-form-item-explain-error');
    await expect.poll(() => error.textContent()).toBe('Контрольные цифры не сходятся — возможно, опечатка. Пример номера НДС (Германия): DE812871812.');
    await screenshot(page, 'ec-sales-list/client-vat-ru-1280');
    await context.close();
  });
});
