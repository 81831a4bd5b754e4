import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceStreamId } from '../../../../domain/invoice/events';
import { lineAmounts } from '../../../../domain/shared/money';
import { axeViolations, collectPageErrors, launchBrowser, loginAsAdmin, newPage, rawKeyLeaks, screenshot } from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestServer } from '../../../../test/server';

// Needs `npx vite build` first: the test server serves dist/web.
describe('the operations page reports events a read model skipped, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let eventId: string;
  const streams = new Map<string, string>();
  const invoiceIdOf = (id: string) => streams.get(id)!;

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    // The penetration test's invoice as the code before the bounds wrote it: totals beyond exact arithmetic.
    const invoiceId = randomUUID();
    const amounts = lineAmounts(1_000_000, 9_999_999_999_999, 1900);
    const data = { invoiceId, invoiceNumber: '2026-000901', clientId: randomUUID(), date: '2026-03-02', dueDate: '2026-03-16', lines: [{ description: 'x', quantity: 1000, unitPriceCents: 9_999_999_999_999, vatRateBp: 1900, ...amounts }], totals: amounts, period: null };
    const appended = await server.runtime.deps.eventStore.append(invoiceStreamId(invoiceId), [{ type: 'InvoiceIssued', data, metadata: { actor: 'system', schemaVersion: 1 } }]);
    eventId = (await server.runtime.deps.eventStore.readStream(invoiceStreamId(invoiceId)))[0]!.eventId;
    streams.set(eventId, invoiceId);
    expect(await server.runtime.deps.projections.waitFor(appended.position, { timeoutMs: 10_000 })).toBe(true);
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    errors = collectPageErrors(page);
    await loginAsAdmin(page, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('says the read models are incomplete, lists each skipped event with its reason, and reads in en, el and ru', async () => {
    await page.goto('/admin/operations');
    const alert = page.getByTestId('skipped-alert');
    await alert.waitFor();
    // Every read model and reactor that reads InvoiceIssued passed over it: one row each.
    const count = Number(/skipped: (\d+)\./.exec((await alert.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('skipped-invoice_list').textContent()).toBe('1');
    const table = page.getByTestId('skipped-events');
    await table.locator('tr', { hasText: 'invoice_list' }).waitFor();
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(count);
    expect(await table.textContent()).toContain('Amounts beyond exact arithmetic: lines.0.netCents');
    expect(await table.textContent()).toContain(`invoice-${invoiceIdOf(eventId)}`);
    await screenshot(page, 'operations-skipped-1280');
    expect(await axeViolations(page)).toEqual([]);
    for (const lng of ['el', 'ru']) {
      await page.goto(`/admin/operations?lng=${lng}`);
      await page.getByTestId('skipped-events').locator('tr', { hasText: 'ledger' }).waitFor();
      expect(await rawKeyLeaks(page)).toEqual([]);
      expect(await axeViolations(page), lng).toEqual([]);
      await screenshot(page, `operations-skipped-${lng}-1280`);
    }
    await page.goto('/admin/operations?lng=en');
    expect(errors).toEqual([]);
  });
});
