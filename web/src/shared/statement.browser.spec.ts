import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuros } from '../../../domain/shared/money';
import { createClientWithLogin } from '../../../test/billing-fixtures';
import { axeViolations, collectPageErrors, DESKTOP_WIDTH, launchBrowser, MOBILE_WIDTH, newPage as openPage, rawKeyLeaks, screenshot, signIn } from '../../../test/browser';
import { testBackends } from '../../../test/db';
import { pdfText } from '../../../test/pdf-text';
import { ADMIN, startTestServer, type TestServer } from '../../../test/server';

// Needs `npx vite build` first: the test server serves dist/web.
const LANGUAGES = [
  { lng: 'en', locale: 'en-US', button: 'Statement', download: 'Download PDF', closing: 'Closing balance' },
  { lng: 'el', locale: 'el-GR', button: 'Κατάσταση λογαριασμού', download: 'Λήψη PDF', closing: 'Υπόλοιπο λήξης' },
  { lng: 'ru', locale: 'ru-RU', button: 'Выписка', download: 'Скачать PDF', closing: 'Конечное сальдо' },
] as const;

describe('client statements in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let client: Awaited<ReturnType<typeof createClientWithLogin>>;
  const year = new Date().getUTCFullYear();

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000, publicFormsPerIp: 1000 } });
    client = await createClientWithLogin(server.runtime.deps, 'Δέλτα Statement Α.Ε.');
    const admin = server.client();
    await admin.login();
    const item = (unit_price: number) => [{ description: 'GRC platform licence', unit_price, vat_rate: 0 }];
    const invoice = (await admin.post('/api/invoices/', { client: client.id, date: `${year}-01-01`, due_date: `${year}-01-15`, items: item(1200) })).body;
    await admin.post(`/api/invoices/${invoice.id}/send/`);
    await admin.post(`/api/invoices/${invoice.id}/credit-notes/`, { reason: 'Discount', date: `${year}-01-01`, items: item(200) });
    await admin.post(`/api/invoices/${invoice.id}/payments/`, { amount: 700, date: `${year}-01-01`, method: 'bank_transfer', reference: 'SEPA-0120' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const login = async (page: Page, username: string, password: string, landing: string) => {
    await signIn(page, { username, password });
    await page.waitForURL((u) => u.pathname.startsWith(landing));
  };

  /** Opens the dialog, checks it at this width and language, downloads the PDF and reads its closing balance. */
  const downloadStatement = async (page: Page, lang: (typeof LANGUAGES)[number], shot: string) => {
    await page.getByTestId('statement-open').filter({ hasText: lang.button }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(lang.download).waitFor();
    // The dialog's opening animation: the screenshot shows it open, not on its way.
    await page.waitForFunction(() => !document.querySelector('.ant-modal[class*="-appear"], .ant-modal[class*="-enter"]'));
    expect(await page.locator('#statement-from').inputValue()).toMatch(new RegExp(`^01 / \\S+ / ${year}$`));
    expect(await rawKeyLeaks(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${shot} scrolls sideways`).toBeLessThanOrEqual(0);
    const png = await screenshot(page, `statements/${shot}`);
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('statement-download').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^statement-.*-${year}-01-01-${year}-\\d\\d-\\d\\d\\.pdf$`));
    const file = (await download.path())!;
    // Beside the screenshots, so a person can look at the PDF too.
    fs.copyFileSync(file, png.replace(/\.png$/, '.pdf'));
    const text = pdfText(fs.readFileSync(file));
    expect(text).toContain('Δέλτα Statement Α.Ε.');
    expect(text).toContain('SEPA-0120');
    expect(text[text.indexOf(lang.closing) + 1]).toBe(formatEuros(30_000));
    return text;
  };

  for (const lang of LANGUAGES) {
    for (const width of [DESKTOP_WIDTH, MOBILE_WIDTH]) {
      it(`downloads a client's statement from the admin's client page in ${lang.lng} at ${width} px`, async () => {
        const { context, page } = await openPage(browser, server.url, { width, locale: lang.locale });
        page.setDefaultTimeout(60_000);
        const errors = collectPageErrors(page);
        await login(page, ADMIN.username, ADMIN.password, '/admin');
        await page.goto(`/admin/clients/${client.id}`);
        await page.getByTestId('client-card').waitFor();
        await screenshot(page, `statements/admin-client-${lang.lng}-${width}`);
        await downloadStatement(page, lang, `admin-dialog-${lang.lng}-${width}`);
        if (width === DESKTOP_WIDTH) expect(await axeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });

      it(`downloads the client's own statement in the portal in ${lang.lng} at ${width} px`, async () => {
        const { context, page } = await openPage(browser, server.url, { width, locale: lang.locale });
        page.setDefaultTimeout(60_000);
        const errors = collectPageErrors(page);
        await login(page, client.username, client.password, '/portal');
        await page.locator('.portal-client-name').waitFor();
        // The button never covers the client's name (Greek's label is long on a phone).
        const [name, button] = [await page.locator('.portal-client-name').boundingBox(), await page.getByTestId('statement-open').boundingBox()];
        const apart = button!.y >= name!.y + name!.height || button!.x >= name!.x + name!.width;
        expect(apart, 'the Statement button overlaps the client name').toBe(true);
        await screenshot(page, `statements/portal-${lang.lng}-${width}`);
        await downloadStatement(page, lang, `portal-dialog-${lang.lng}-${width}`);
        if (width === DESKTOP_WIDTH) expect(await axeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
