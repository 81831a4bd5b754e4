import fs from 'node:fs/promises';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createInvoice } from '../../../../api/invoicing/test/fixtures';
import { SYSTEM_ACCOUNT_IDS } from '../../../../domain/accounting/accounts';
import { axeViolations, collectPageErrors, DESKTOP_WIDTH, launchBrowser, MOBILE_WIDTH, newPage, rawKeyLeaks, screenshot, loginAsAdmin } from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../../test/server';

// Needs `npm run build` first: the test server serves dist/web.
// The machine is shared: slow page loads get time rather than fail on Playwright's 30 s default.
const WAIT_MS = Number(process.env.BROWSER_WAIT_MS ?? 60_000);

/** The report's totals as the API gives them, in the order of the screen's and the CSV's columns. */
const TOTAL_FIELDS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90', 'total', 'credit_balance'] as const;

/** A CSV line's cells (the tab's export quotes only cells with commas, quotes or line breaks). */
const cells = (line: string): string[] => {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(cell);
      cell = '';
    } else cell += ch;
  }
  out.push(cell);
  return out;
};

describe('the aged receivables tab in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const today = dayjs().format('YYYY-MM-DD');
  const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');
  const names = { late: 'Ηλιακή Ενέργεια Α.Ε.', credit: 'Северный Ветер ООО', plain: 'Aging Browser Ltd' };
  const suppliers = { greek: 'Τυπογραφεία Κρήτης Ο.Ε.', russian: 'Облачный Хостинг ООО' };

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    const admin: TestClient = server.client();
    await admin.login();
    const late = await createClient(admin, { name: names.late });
    const credit = await createClient(admin, { name: names.credit });
    const plain = await createClient(admin, { name: names.plain });
    const issue = async (client: string, date: string, due: string, price: number) => {
      const inv = await createInvoice(admin, { client, date, due_date: due, items: [{ description: 'GRC review', unit_price: price, vat_rate: 19 }] });
      expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
      return inv;
    };
    // One invoice in each bucket, and one paid beyond its amount: a credit balance.
    await issue(late.id, day(-130), day(-100), 1234.56);
    await issue(late.id, day(-80), day(-70), 400);
    await issue(plain.id, day(-60), day(-45), 250.1);
    await issue(plain.id, day(-20), day(-10), 99.99);
    await issue(credit.id, day(-5), day(25), 1500);
    const paid = await issue(credit.id, day(-40), day(-30), 100);
    const pay = await admin.post(`/api/invoices/${paid.id}/payments/`, { amount: paid.total_amount + 55.5, date: today, method: 'bank_transfer' });
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    // Bills in every bucket of aged payables, one partly paid, and a journal line on Accounts Payable beyond the bills.
    const supplier = async (name: string) => {
      const made = await admin.post('/api/suppliers/', { name, country: 'GR', payment_terms_days: 0 });
      expect(made.status, made.text).toBe(201);
      return (made.body as { id: string }).id;
    };
    const bill = async (supplierId: string, number: string, date: string, due: string, price: number) => {
      const made = await admin.post('/api/bills/', { supplier: supplierId, invoice_number: number, date, due_date: due, items: [{ description: 'Hosting', account: SYSTEM_ACCOUNT_IDS.paymentFees, unit_price: price, vat_rate: 24 }] });
      expect(made.status, made.text).toBe(201);
      expect((await admin.post(`/api/bills/${made.body.id}/post/`)).status).toBe(200);
      return made.body as { id: string; total_amount: number };
    };
    const greek = await supplier(suppliers.greek);
    const russian = await supplier(suppliers.russian);
    await bill(greek, 'PAY-1', day(-130), day(-100), 310);
    const part = await bill(greek, 'PAY-2', day(-50), day(-40), 120.5);
    await bill(russian, 'PAY-3', day(-75), day(-70), 64);
    await bill(russian, 'PAY-4', day(-15), day(-5), 18.9);
    await bill(russian, 'PAY-5', day(-2), day(28), 900);
    const bank = ((await admin.get('/api/bank-accounts/')).body as { id: string }[])[0]!.id;
    const partPay = await admin.post(`/api/bills/${part.id}/payments/`, { amount: 40, date: today, money_account: bank });
    expect(partPay.status, partPay.text).toBe(201);
    const entry = await admin.post('/api/journal-entries/', { date: today, account: SYSTEM_ACCOUNT_IDS.payables, credit: 30, description: 'Accrued courier costs' });
    expect(entry.status, entry.text).toBe(201);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const login = (p: Page) => loginAsAdmin(p, ADMIN);
  const sideways = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const euros = (n: number) => n.toFixed(2);

  const languages = [
    {
      lng: 'en',
      locale: 'en-US',
      title: 'Aged receivables',
      headings: ['Client', 'Current', '1–30 days', '31–60 days', '61–90 days', 'Over 90 days', 'Owed', 'Credit balance'],
      totals: 'Totals',
      net: 'Accounts Receivable (owed less credit balances)',
    },
    {
      lng: 'el',
      locale: 'el-GR',
      title: 'Ενηλικίωση απαιτήσεων',
      headings: ['Πελάτης', 'Τρέχουσες', '1–30 ημέρες', '31–60 ημέρες', '61–90 ημέρες', 'Άνω των 90 ημερών', 'Οφειλή', 'Πιστωτικό υπόλοιπο'],
      totals: 'Σύνολα',
      net: 'Απαιτήσεις από πελάτες (οφειλές μείον πιστωτικά υπόλοιπα)',
    },
    {
      lng: 'ru',
      locale: 'ru-RU',
      title: 'Старение дебиторской задолженности',
      headings: ['Клиент', 'Текущая', '1–30 дней', '31–60 дней', '61–90 дней', 'Более 90 дней', 'Долг', 'Кредитовый остаток'],
      totals: 'Итого',
      net: 'Дебиторская задолженность (долг за вычетом кредитовых остатков)',
    },
  ] as const;

  it.each(languages.flatMap((l) => [DESKTOP_WIDTH, MOBILE_WIDTH].map((width) => ({ ...l, width }))))(
    'in $lng at $width px: translated headings, no sideways scrolling, no serious axe finding, and a CSV whose totals are the API’s',
    async ({ lng, locale, title, headings, totals, net, width }) => {
      const { context, page } = await newPage(browser, server.url, { width, locale });
      page.setDefaultTimeout(WAIT_MS);
      const pageErrors = collectPageErrors(page);
      await login(page);
      await page.goto(`/admin/accounting/aged-receivables?lng=${lng}`);
      const tab = page.getByTestId('aged-receivables');
      await tab.getByRole('heading', { name: title }).waitFor();
      if (width === MOBILE_WIDTH) {
        // A card per client (issue 44 item 2): what is owed pinned at its right under the column's heading, the buckets and the credit balance as its fields.
        const card = tab.locator('li.list-card', { hasText: names.credit });
        await card.waitFor();
        expect((await card.locator('.list-card-amount-label').innerText()).trim()).toBe(headings[6]);
        expect((await card.locator('dt').allInnerTexts()).map((h) => h.trim())).toEqual([...headings.slice(1, 6), headings[7]]);
        expect(await tab.locator('thead th').count()).toBe(0);
      } else {
        await tab.locator('tbody tr', { hasText: names.credit }).waitFor();
        const shownHeadings = (await tab.locator('thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
        expect(shownHeadings).toEqual(headings);
      }
      await tab.getByText(totals, { exact: true }).waitFor();
      await tab.getByText(net, { exact: true }).waitFor();

      const api = (await (await page.request.get(`/api/reports/aged-receivables/?as_of=${today}`)).json()) as {
        totals: Record<(typeof TOTAL_FIELDS)[number] | 'net', number>;
        clients: { client: string }[];
      };
      // Every bucket holds something, and the credit balance is the overpayment.
      for (const field of TOTAL_FIELDS) expect(api.totals[field], field).toBeGreaterThan(0);
      expect(api.totals.credit_balance).toBe(55.5);
      const shownNet = (await tab.getByTestId('aging-net').innerText()).replace(/[^\d,.-]/g, '');
      expect(shownNet.replace(/\./g, '').replace(',', '.')).toBe(euros(api.totals.net));

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
      expect(download.suggestedFilename()).toBe(`aged-receivables_${today}.csv`);
      const csv = (await fs.readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
      const lines = csv.split('\r\n').filter(Boolean).map(cells);
      expect(lines[0]).toEqual(headings);
      expect(lines.slice(1, -1).map((l) => l[0]).sort()).toEqual(api.clients.map((c) => c.client).sort());
      expect(lines.at(-1)).toEqual([totals, ...TOTAL_FIELDS.map((f) => euros(api.totals[f]))]);
      // The client rows add up to the totals row, column by column, to the cent.
      for (let col = 1; col <= TOTAL_FIELDS.length; col++) {
        const sum = lines.slice(1, -1).reduce((s, l) => s + Math.round(Number(l[col]) * 100), 0);
        expect(sum, headings[col]).toBe(Math.round(Number(lines.at(-1)![col]) * 100));
      }

      await screenshot(page, `issue-18/aged-receivables-${lng}-${width}`);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      expect(await rawKeyLeaks(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );

  const payables = [
    { lng: 'en', locale: 'en-US', width: DESKTOP_WIDTH, title: 'Aged payables', supplier: 'Supplier', other: 'Other (journal entries)', net: 'Accounts Payable (owed less credit balances)' },
    { lng: 'el', locale: 'el-GR', width: DESKTOP_WIDTH, title: 'Ενηλικίωση υποχρεώσεων', supplier: 'Προμηθευτής', other: 'Λοιπά (εγγραφές ημερολογίου)', net: 'Υποχρεώσεις προς προμηθευτές (οφειλές μείον πιστωτικά υπόλοιπα)' },
    { lng: 'ru', locale: 'ru-RU', width: MOBILE_WIDTH, tabLabel: 'Кредиторы по срокам', title: 'Старение кредиторской задолженности', supplier: 'Поставщик', other: 'Прочее (журнальные проводки)', net: 'Кредиторская задолженность (долг за вычетом кредитовых остатков)' },
    { lng: 'el', locale: 'el-GR', width: MOBILE_WIDTH, title: 'Ενηλικίωση υποχρεώσεων', supplier: 'Προμηθευτής', other: 'Λοιπά (εγγραφές ημερολογίου)', net: 'Υποχρεώσεις προς προμηθευτές (οφειλές μείον πιστωτικά υπόλοιπα)' },
  ] as const;

  it.each(payables)(
    'aged payables in $lng at $width px: each supplier and the journal line on Accounts Payable, its net the API’s, a CSV and the server’s files in the language',
    async ({ lng, locale, width, title, supplier, other, net, ...row }) => {
      const headings = languages.find((l) => l.lng === lng)!.headings;
      const { context, page } = await newPage(browser, server.url, { width, locale });
      page.setDefaultTimeout(WAIT_MS);
      const pageErrors = collectPageErrors(page);
      await login(page);
      await page.goto(`/admin/accounting/aged-payables?lng=${lng}`);
      // The tab bar's label, shorter in Russian; the heading names the report whole.
      await page.getByRole('tab', { name: 'tabLabel' in row ? row.tabLabel : title, selected: true }).waitFor();
      const tab = page.getByTestId('aged-payables');
      await tab.getByRole('heading', { name: title }).waitFor();
      const api = (await (await page.request.get(`/api/reports/aged-payables/?as_of=${today}`)).json()) as {
        suppliers: { supplier_id: string | null; supplier: string | null; total: number }[];
        totals: Record<(typeof TOTAL_FIELDS)[number] | 'net', number>;
      };
      // Every bucket holds a bill; the journal line is current, under no supplier.
      for (const field of TOTAL_FIELDS.slice(0, 6)) expect(api.totals[field], field).toBeGreaterThan(0);
      expect(api.suppliers.find((r) => r.supplier_id === null)?.total).toBe(30);
      const item = (name: string) => (width === MOBILE_WIDTH ? tab.locator('li.list-card', { hasText: name }) : tab.locator('tbody tr', { hasText: name }));
      for (const name of [suppliers.greek, suppliers.russian, other]) await item(name).waitFor();
      if (width === MOBILE_WIDTH) {
        const card = item(suppliers.russian);
        expect((await card.locator('.list-card-amount-label').innerText()).trim()).toBe(headings[6]);
        expect((await card.locator('dt').allInnerTexts()).map((h) => h.trim())).toEqual([...headings.slice(1, 6), headings[7]]);
        expect(await tab.locator('thead th').count()).toBe(0);
      } else {
        const shownHeadings = (await tab.locator('thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
        expect(shownHeadings).toEqual([supplier, ...headings.slice(1)]);
      }
      await tab.getByText(net, { exact: true }).waitFor();
      const shownNet = (await tab.getByTestId('aging-net').innerText()).replace(/[^\d,.-]/g, '');
      expect(shownNet.replace(/\./g, '').replace(',', '.')).toBe(euros(api.totals.net));
      // The server's files of the same day, in the screen's language.
      for (const format of ['pdf', 'xlsx'])
        expect(await tab.getByTestId(`export-${format}`).getAttribute('href')).toBe(`/api/reports/aged-payables/export/?as_of=${today}&format=${format}&lang=${lng}`);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
      expect(download.suggestedFilename()).toBe(`aged-payables_${today}.csv`);
      const lines = (await fs.readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).map(cells);
      expect(lines[0]).toEqual([supplier, ...headings.slice(1)]);
      expect(lines.slice(1, -1).map((l) => l[0]).sort()).toEqual(api.suppliers.map((r) => (r.supplier_id ? r.supplier : other)).sort());
      expect(lines.at(-1)!.slice(1)).toEqual(TOTAL_FIELDS.map((f) => euros(api.totals[f])));

      await screenshot(page, `i39-bills/aged-payables-${lng}-${width}`);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      expect(await rawKeyLeaks(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
