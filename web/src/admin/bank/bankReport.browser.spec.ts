import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../common/format';
import { collectPageErrors, DESKTOP_WIDTH, launchBrowser, MOBILE_WIDTH, rawKeyLeaks, screenshot, sidewaysScroll, signedInPage } from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../../test/server';
import { createTestI18n } from '../../../../test/web-i18n';
import { writeMt940 } from '../../../../api/bank/mt940-writer';

const GR = 'GR1601101250000000012300695';

/** An MT940 statement of GR for March 2026 opening at 1,000.00 (as api/bank/reconciliation.e2e.spec.ts builds it). */
const mt940 = (lines: Array<{ day: string; cents: number; ref: string; text: string }>): string => writeMt940({ id: 'MARCH', iban: GR, opening: { day: '2026-03-01', cents: 100_000 }, closingDay: '2026-03-31', lines });

// Needs `npm run build` first: the test server serves dist/web.
describe('the Bank page’s reconciliation report in Chromium', () => {
  let server: TestServer;
  let admin: TestClient;
  let browser: Browser;
  let bankId: string;
  let ledgerAccount: string;

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    admin = server.client();
    await admin.login();
    bankId = ((await admin.get('/api/bank-accounts/')).body as Array<{ id: string; is_default: boolean }>).find((a) => a.is_default)!.id;
    expect((await admin.put(`/api/bank-accounts/${bankId}/`, { name: 'Bank', iban: GR, is_default: true })).status).toBe(200);
    ledgerAccount = ((await admin.get(`/api/bank-accounts/${bankId}/`)).body as { ledger_account: { id: string } }).ledger_account.id;
    const file = mt940([
      { day: '2026-03-02', cents: -11_900, ref: 'L1', text: 'Hosting March' },
      { day: '2026-03-09', cents: 25_000, ref: 'L2', text: 'Client payment' },
      { day: '2026-03-12', cents: -1_005, ref: 'L3', text: 'Card fee' },
    ]);
    const imported = await admin.upload(`/api/bank-accounts/${bankId}/statements/`, 'file', file, 'march.sta');
    expect(imported.status, imported.text).toBe(201);
    const hosting = ((await admin.get(`/api/bank-accounts/${bankId}/statement-lines/`)).body as Array<{ id: string; description: string }>).find((l) => l.description === 'Hosting March')!;
    const expense = ((await admin.get('/api/accounts/')).body as Array<{ code: string; account_name: string }>).find((a) => a.account_name === 'Office Expenses')!.code;
    const reconciled = await admin.post(`/api/bank-accounts/${bankId}/statement-lines/${hosting.id}/reconcile/`, { parts: [{ kind: 'account', account: expense, amount: -119 }] });
    expect(reconciled.status, reconciled.text).toBe(200);
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Money as shown, its no-break space read as a space like the rest of the text. */
  const money = (cents: number) => formatMoney(cents).replace(/\s+/g, ' ');
  const text = async (p: Page, testId: string) => ((await p.getByTestId(testId).textContent()) ?? '').replace(/\s+/g, ' ').trim();
  /** Each download button's link answers the file with the session the page has. */
  const downloads = async (p: Page) => {
    for (const [testId, type] of [['report-pdf', 'application/pdf'], ['report-xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']] as const) {
      const href = await p.getByTestId(testId).getAttribute('href');
      expect(href).toContain(`/api/bank-accounts/${bankId}/reconciliation-report/export/`);
      const res = await p.request.get(href!);
      expect(res.status(), href!).toBe(200);
      expect(res.headers()['content-type']).toBe(type);
    }
  };

  it('en at 1280 px: the figures, not proven while the opening balance is missing from the books, and the files', async () => {
    const { t } = await createTestI18n('en');
    const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width: DESKTOP_WIDTH, locale: 'en-US' });
    p.setDefaultTimeout(30_000);
    const errors = collectPageErrors(p);
    await p.goto('/admin/bank/statements');
    await p.getByRole('tab', { name: t('bank.tabs.report'), exact: true }).click();
    await p.waitForURL('**/admin/bank/report');
    await p.getByTestId('report-badge').waitFor();
    expect(await text(p, 'report-badge')).toBe(t('bank.report.notProven'));
    // 1,000.00 − 119.00 + 250.00 − 10.05 in the statement; only the reconciled −119.00 in the books.
    expect(await text(p, 'report-statement-balance')).toBe(money(112_095));
    expect(await text(p, 'report-ledger-balance')).toBe(money(-11_900));
    expect(await text(p, 'report-lines-total')).toBe(money(23_995));
    expect(await text(p, 'report-movements-total')).toBe(money(0));
    expect(await text(p, 'report-explained-balance')).toBe(money(12_095));
    expect(await text(p, 'report-difference')).toBe(money(100_000));
    const lines = p.getByTestId('report-lines');
    await expect.poll(() => lines.locator('tbody tr.ant-table-row').allTextContents()).toEqual([expect.stringContaining('Client payment'), expect.stringContaining('Card fee')]);
    expect(await p.getByTestId('report-movements').textContent()).toContain(t('bank.report.noMovements'));
    await downloads(p);
    expect(await rawKeyLeaks(p)).toEqual([]);
    expect(await sidewaysScroll(p)).toBeLessThanOrEqual(0);
    await screenshot(p, 'bank/report-not-proven-en-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('el and ru at 375 px: proven once the opening balance is posted, readable without sideways scrolling', async () => {
    const opening = await admin.post('/api/journal-entries/', { date: '2026-02-28', account: ledgerAccount, debit: 1000, description: 'Opening balance' });
    expect(opening.status, opening.text).toBe(201);
    for (const [lng, locale] of [['el', 'el-GR'], ['ru', 'ru-RU']] as const) {
      const { t } = await createTestI18n(lng);
      const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width: MOBILE_WIDTH, locale });
      p.setDefaultTimeout(30_000);
      const errors = collectPageErrors(p);
      await p.goto('/admin/bank/report');
      await p.getByRole('tab', { name: t('bank.tabs.report'), exact: true }).waitFor();
      await p.getByTestId('report-badge').waitFor();
      expect(await text(p, 'report-badge')).toBe(t('bank.report.proven'));
      expect(await text(p, 'report-ledger-balance')).toBe(money(88_100));
      expect(await text(p, 'report-difference')).toBe(money(0));
      expect(await text(p, 'report-verdict')).toContain(t('bank.report.provenOpen'));
      // On a phone the lists are cards.
      await expect.poll(() => p.getByTestId('report-lines').locator('li.list-card').allTextContents()).toEqual([expect.stringContaining('Client payment'), expect.stringContaining('Card fee')]);
      expect(await p.getByText(t('bank.report.noMovements'), { exact: true }).count()).toBe(1);
      await downloads(p);
      expect(await rawKeyLeaks(p)).toEqual([]);
      expect(await sidewaysScroll(p), lng).toBeLessThanOrEqual(0);
      await screenshot(p, `bank/report-proven-${lng}-375`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
