import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin } from '../../../test/billing-fixtures';
import fs from 'node:fs';
import path from 'node:path';
import {
  axeViolations,
  clippedMoney,
  collectPageErrors,
  launchBrowser,
  listItem,
  MOBILE_WIDTH,
  moneyShown,
  newPage,
  rowAction,
  screenshot,
  settled,
  sidewaysScroll,
  signedInPage,
  smallTargets,
} from '../../../test/browser';
import { testBackends } from '../../../test/db';
import { ADMIN, startTestServer, type TestServer } from '../../../test/server';

// Needs `node scripts/build-web.mjs` first: the test server serves dist/web. Issue 44 items 2 and 7:
// at 375 px every amount on the overview, the invoices list, aged receivables and the portal shows
// whole (pinned at a card's right, the long texts beside it ellipsised), and every link and button a
// thumb can reach is at least 44×44 px. At 1440 px the invoice dialog's line totals show whole.
const WAIT_MS = 60_000;
const SHOTS = 'issue-44-i7';
const LANGUAGES = ['en', 'el', 'ru'] as const;
const editLabel = (lng: string) =>
  (JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../public/static/locales/${lng}/translation.json`), 'utf8')) as { buttons: { edit: string } }).buttons.edit;

describe('money in view and thumb-sized targets at 375 px', () => {
  let server: TestServer;
  let browser: Browser;
  let client: Awaited<ReturnType<typeof createClientWithLogin>>;
  let draft: { id: string; invoice_number: string };

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000, publicFormsPerIp: 1000 } });
    // A long name in two scripts: it must ellipsise or wrap beside an amount, never push it off.
    client = await createClientWithLogin(server.runtime.deps, 'Alice Holdings Συμβουλευτική Ανώνυμη Εταιρεία Παροχής Υπηρεσιών');
    const other = await createClientWithLogin(server.runtime.deps, 'Бухгалтерская компания «Северо-Западный консалтинг»');
    const admin = server.client();
    await admin.login();
    const issue = async (clientId: string, date: string, due: string, unitPrice: number, send = true) => {
      const res = await admin.post('/api/invoices/', {
        client: clientId,
        date,
        due_date: due,
        items: [
          { description: 'Annual GRC platform licence, enterprise tier with unlimited users and portfolios', unit_price: unitPrice, vat_rate: 19 },
          { description: 'Workshop', unit_price: 500, vat_rate: 19 },
        ],
      });
      expect(res.status).toBe(201);
      if (send) expect((await admin.post(`/api/invoices/${res.body.id}/send/`)).status).toBe(200);
      return res.body as { id: string; invoice_number: string };
    };
    draft = await issue(client.id, '2026-11-20', '2026-12-20', 1000, false);
    // Seven figures, overdue past 90 days: the widest amounts in every bucket, card and column.
    await issue(client.id, '2026-06-01', '2026-06-15', 987_654.32);
    const partly = await issue(client.id, '2026-10-01', '2099-10-31', 1000);
    expect((await admin.post(`/api/invoices/${partly.id}/payments/`, { amount: 500, date: '2026-10-05', method: 'bank_transfer' })).status).toBe(201);
    const large = await issue(other.id, '2026-09-01', '2026-09-15', 123_456.78);
    // Marked as paid: the longest method name ("Отмечено как оплаченное") beside a six-figure amount.
    expect((await admin.post(`/api/invoices/${large.id}/mark_as_paid/`)).status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const open = async (who: 'admin' | 'client', width = MOBILE_WIDTH) => {
    const opened = await signedInPage(browser, server.url, who === 'admin' ? ADMIN : client, { width });
    opened.page.setDefaultTimeout(WAIT_MS);
    opened.page.setDefaultNavigationTimeout(WAIT_MS);
    return { ...opened, errors: collectPageErrors(opened.page) };
  };

  /** The screen's data is drawn and no spinner or skeleton is left over. */
  const settled = async (page: Page) => {
    await page.waitForLoadState('networkidle');
    await page.locator('.ant-spin-spinning, .ant-skeleton').first().waitFor({ state: 'detached' });
    await page.evaluate(() => document.fonts.ready);
  };

  interface Screen {
    name: string;
    who: 'admin' | 'client';
    path: string;
    /** Drawn once the screen's data is in. */
    ready: (page: Page) => ReturnType<Page['locator']>;
    /** The least number of amounts the screen must show (the seeded data's). */
    amounts: number;
  }

  const screens: Screen[] = [
    { name: 'overview', who: 'admin', path: '/admin', ready: (p) => p.locator('li.list-card, tbody tr.ant-table-row').first(), amounts: 6 },
    { name: 'invoices', who: 'admin', path: '/admin/invoices', ready: (p) => p.locator('li.list-card, tbody tr.ant-table-row').first(), amounts: 4 },
    { name: 'aged-receivables', who: 'admin', path: '/admin/accounting/aged-receivables', ready: (p) => p.getByTestId('aging-total'), amounts: 3 },
    { name: 'portal', who: 'client', path: '/portal/dashboard', ready: (p) => p.locator('.portal-card li.list-card').first(), amounts: 3 },
  ];

  it.each(screens.flatMap((s) => LANGUAGES.map((lng) => [s.name, lng, s] as const)))('%s in %s: every amount whole, every target at least 44 px', async (_name, lng, screen) => {
    const { context, page, errors } = await open(screen.who);
    await page.goto(`${screen.path}?lng=${lng}`);
    await screen.ready(page).waitFor();
    await settled(page);
    await screenshot(page, `${SHOTS}/${screen.name}-${lng}-375`);
    // Soft: a failing screen reports every check, not only its first.
    expect.soft(await moneyShown(page)).toBeGreaterThanOrEqual(screen.amounts);
    expect.soft(await clippedMoney(page)).toEqual([]);
    expect.soft(await smallTargets(page)).toEqual([]);
    expect.soft(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect.soft(await axeViolations(page)).toEqual([]);
    expect.soft(errors).toEqual([]);
    await context.close();
  });

  it.each(LANGUAGES)("shows the invoice dialog's line totals whole at 1440 px in %s", async (lng) => {
    const { context, page, errors } = await open('admin', 1440);
    await page.goto(`/admin/invoices?lng=${lng}`);
    const row = listItem(page, draft.invoice_number);
    await row.waitFor();
    await settled(page);
    await rowAction(page, row, editLabel(lng));
    const totals = '.admin-modal .admin-line-items .admin-amount';
    await page.locator(totals).first().waitFor();
    // The dialog has finished opening (it zooms in): measured and pictured as it rests.
    await settled(page);
    await screenshot(page, `${SHOTS}/invoice-dialog-${lng}-1440`);
    // Both lines' totals, the seven-figure one included, inside the dialog's table and the window.
    expect(await moneyShown(page, totals)).toBe(2);
    expect(await clippedMoney(page, totals)).toEqual([]);
    expect(await clippedMoney(page)).toEqual([]);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the checks find an amount cut by its scroll box or the window, and a control smaller than a thumb', async () => {
    const { context, page } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    await page.setContent(`
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <div style="width: 200px; overflow-x: auto"><table style="width: 600px"><tr><td style="width: 500px">Alice</td><td><span class="money">1.234,00 €</span></td></tr></table></div>
      <p><span class="admin-amount" style="position: relative; left: 340px">99,00 €</span></p>
      <p><span class="money">5,00 €</span> <span class="money" style="display: none">6,00 €</span></p>
      <button style="width: 80px; height: 24px">PDF</button> <a href="#" style="display: inline-block; width: 44px; height: 44px">ok</a>
      <button style="width: 80px; height: 24px; visibility: hidden">hidden</button>
      <label style="display: inline-flex; min-height: 44px; min-width: 44px; align-items: center"><input type="checkbox" aria-label="tick"></label>`);
    expect(await moneyShown(page)).toBe(3);
    expect(await clippedMoney(page)).toEqual(['1.234,00 €', '99,00 €']);
    expect(await smallTargets(page)).toEqual(['button "PDF" 80×24']);
    await context.close();
  });
});
