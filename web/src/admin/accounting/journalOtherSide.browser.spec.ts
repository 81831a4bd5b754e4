import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, collectPageErrors, launchBrowser, listItem, MOBILE_WIDTH, rawKeyLeaks, screenshot, signedInPage } from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestServer } from '../../../../test/server';

const OFFICE = 'a0000000-0000-4000-8000-000000005300';
const BANK = 'a0000000-0000-4000-8000-000000001000';

// Needs `npm run build` first: the test server serves dist/web.
describe("a single-line journal entry's Suspense side in the journal list in Chromium", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    const admin = server.client();
    await admin.login();
    // The spec's single-line form (its other side goes to Suspense), and a balanced entry beside it.
    expect((await admin.post('/api/journal-entries/', { date: '2026-11-10', account: OFFICE, debit: 235.5, description: 'Stationery, receipt to match' })).status).toBe(201);
    expect((await admin.post('/api/journal-entries/', { date: '2026-11-11', account: BANK, credit: 40, description: 'Bank charge, account to choose' })).status).toBe(201);
    const balanced = await admin.graphql('mutation($i: JournalEntryInput!) { recordJournalEntry(input: $i) { id } }', {
      i: { date: '2026-11-12', description: 'Printer paper', lines: [{ accountId: OFFICE, debit: 12 }, { accountId: BANK, credit: 12 }] },
    });
    expect(balanced.body.errors).toBeUndefined();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [locale, lng, texts] of [
    ['en-US', 'en', { debit: 'Other side: Suspense, credit 235,50 €', credit: 'Other side: Suspense, debit 40,00 €', label: 'Other side' }],
    ['el-GR', 'el', { debit: 'Αντίθετη πλευρά: Suspense, πίστωση 235,50 €', credit: 'Αντίθετη πλευρά: Suspense, χρέωση 40,00 €', label: 'Αντίθετη πλευρά' }],
    ['ru-RU', 'ru', { debit: 'Другая сторона: Suspense, кредит 235,50 €', credit: 'Другая сторона: Suspense, дебет 40,00 €', label: 'Другая сторона' }],
  ] as const) {
    it(`shows the other side of each single-line entry, and none for a balanced one, in ${lng} at 1280 and 375 px`, async () => {
      for (const width of [1280, MOBILE_WIDTH]) {
        const { context, page } = await signedInPage(browser, server.url, ADMIN, { width, locale });
        page.setDefaultTimeout(60_000);
        const errors = collectPageErrors(page);
        await page.goto('/admin/accounting/journal-entries');
        const stationery = listItem(page, 'Stationery, receipt to match');
        const charge = listItem(page, 'Bank charge, account to choose');
        const paper = listItem(page, 'Printer paper');
        if (width === 1280) {
          await stationery.getByTestId('journal-other-side').getByText(texts.debit, { exact: true }).waitFor();
          await charge.getByTestId('journal-other-side').getByText(texts.credit, { exact: true }).waitFor();
          await paper.waitFor();
          expect(await paper.getByTestId('journal-other-side').count()).toBe(0);
        } else {
          // On a phone each entry is a card: the other side is one of its facts.
          await stationery.getByText(texts.label, { exact: true }).waitFor();
          await stationery.getByText(texts.debit.slice(texts.label.length + 2), { exact: true }).waitFor();
          await charge.getByText(texts.credit.slice(texts.label.length + 2), { exact: true }).waitFor();
          expect(await paper.getByText(texts.label, { exact: true }).count()).toBe(0);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_WIDTH);
        }
        expect(await rawKeyLeaks(page)).toEqual([]);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `accounting/journal-other-side-${lng}-${width}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    });
  }
});
