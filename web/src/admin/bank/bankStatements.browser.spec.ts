import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, collectPageErrors, DESKTOP_WIDTH, launchBrowser, listItem, MOBILE_WIDTH, pickOption, rawKeyLeaks, rowAction, screenshot, settled, sidewaysScroll, signedInPage } from '../../../../test/browser';
import { createClientWithLogin } from '../../../../test/billing-fixtures';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../../test/server';
import { createTestI18n } from '../../../../test/web-i18n';
import { writeMt940 } from '../../../../api/bank/mt940-writer';

const GR = 'GR1601101250000000012300695';
const DE = 'DE89370400440532013000';

type Line = { id: string; amount: number; description: string; status: string; reconciliation: { parts: Array<Record<string, unknown>> } | null };
type Account = { id: string; name: string; is_default: boolean; kind: string };

/** An MT940 statement of GR opening at `openingCents` with the lines given (as api/bank/reconciliation.e2e.spec.ts builds it). */
const mt940 = (id: string, openingCents: number, lines: Array<{ day: string; cents: number; ref: string; text: string }>): string => writeMt940({ id, iban: GR, opening: { day: lines[0]!.day, cents: openingCents }, lines });

const MARCH = [
  { day: '2026-03-02', cents: -11_900, ref: 'L1', text: 'Hosting March' },
  // Structured (?20 the text, ?31 the counterparty's IBAN, ?32 its name).
  { day: '2026-03-05', cents: 50_000, ref: 'L2', text: `166?00GUTSCHRIFT?20From savings?31${DE}?32Savings Ltd` },
  { day: '2026-03-09', cents: 25_000, ref: 'L5', text: 'Client payment' },
  { day: '2026-03-12', cents: -1_000, ref: 'L3', text: 'Card fee' },
  { day: '2026-03-20', cents: -30_000, ref: 'L4', text: 'Office rent March' },
];
const MARCH_CLOSING = 100_000 + MARCH.reduce((s, l) => s + l.cents, 0);
/** April opens 12.34 above March's closing: accepted with the opening-gap warning. */
const APRIL = [{ day: '2026-04-03', cents: -2_500, ref: 'A1', text: 'Domain renewal' }];

const LOCALES = [
  ['el', 'el-GR', MOBILE_WIDTH],
  ['el', 'el-GR', DESKTOP_WIDTH],
  ['ru', 'ru-RU', MOBILE_WIDTH],
  ['ru', 'ru-RU', DESKTOP_WIDTH],
  ['en', 'en-US', MOBILE_WIDTH],
] as const;

// Needs `npm run build` first: the test server serves dist/web.
describe('the Bank page’s statements in Chromium', () => {
  let server: TestServer;
  let admin: TestClient;
  let browser: Browser;
  let bank: Account;
  let expense: { code: string; account_name: string };
  /** Open invoices of the statement's client, paid by May's lines: named (A), with an advance (B), in part (C). */
  const open: Record<'A' | 'B' | 'C', { id: string; number: string }> = {} as never;

  const lines = async (status = '') => (await admin.get(`/api/bank-accounts/${bank.id}/statement-lines/?limit=500${status ? `&status=${status}` : ''}`)).body as Line[];
  const lineOf = async (text: string) => (await lines()).find((l) => l.description === text)!;

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    admin = server.client();
    await admin.login();
    bank = ((await admin.get('/api/bank-accounts/')).body as Account[]).find((a) => a.is_default)!;
    const named = await admin.put(`/api/bank-accounts/${bank.id}/`, { name: 'Bank', iban: GR, is_default: true });
    expect(named.status, named.text).toBe(200);
    const savings = await admin.post('/api/bank-accounts/', { name: 'Savings', iban: DE });
    expect(savings.status, savings.text).toBe(201);
    const chart = (await admin.get('/api/accounts/')).body as Array<{ code: string; account_name: string }>;
    expense = chart.find((a) => a.account_name === 'Office Expenses')!;
    expect(expense).toBeDefined();
    // 250,00 paid by hand into the bank on 8 March: an open movement for the line of the 9th.
    const client = await createClientWithLogin(server.runtime.deps, 'Statement Test Ltd');
    const invoice = await admin.post('/api/invoices/', { client: client.id, date: '2026-03-01', due_date: '2026-03-31', items: [{ description: 'Audit', unit_price: 250, vat_rate: 0 }] });
    expect(invoice.status, invoice.text).toBe(201);
    expect((await admin.post(`/api/invoices/${invoice.body.id}/send/`)).status).toBe(200);
    const paid = await admin.post(`/api/invoices/${invoice.body.id}/payments/`, { amount: 250, date: '2026-03-08', method: 'bank_transfer', deposited_to: bank.id });
    expect(paid.status, paid.text).toBe(201);
    for (const [name, price] of [['A', 80], ['B', 100], ['C', 60]] as const) {
      const made = await admin.post('/api/invoices/', { client: client.id, date: '2026-04-20', due_date: '2026-05-20', items: [{ description: `Licence ${name}`, unit_price: price, vat_rate: 0 }] });
      expect(made.status, made.text).toBe(201);
      expect((await admin.post(`/api/invoices/${made.body.id}/send/`)).status).toBe(200);
      open[name] = { id: made.body.id, number: (await admin.get(`/api/invoices/${made.body.id}/`)).body.invoice_number };
    }
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const text = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
  /** The panel's own width against what its content needs (a Drawer scrolls inside, not the page). */
  const panelOverflow = (panel: Locator) => panel.locator('.ant-drawer-body').evaluate((el) => el.scrollWidth - el.clientWidth);
  const clean = async (p: Page) => {
    expect(await rawKeyLeaks(p)).toEqual([]);
    expect(await sidewaysScroll(p)).toBeLessThanOrEqual(0);
  };
  const upload = (p: Page, name: string, body: string) => p.getByTestId('statement-import').locator('input[type=file]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(body) });
  const panelOf = (p: Page) => p.locator('.ant-drawer-content-wrapper', { has: p.getByTestId('reconcile-save') });
  const fieldError = (scope: Locator, id: string) => scope.locator('.ant-form-item', { has: scope.page().locator(id) }).locator('.ant-form-item-explain-error');

  it('en at 1280 px: imports an MT940 file by the drop zone, reconciles lines to an expense with VAT and as a transfer, undoes one, and shows a refused file and an opening gap', async () => {
    const { t } = await createTestI18n('en');
    const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width: DESKTOP_WIDTH, locale: 'en-US' });
    p.setDefaultTimeout(30_000);
    const errors = collectPageErrors(p);
    await p.goto('/admin/bank/statements');
    await p.getByRole('tab', { name: t('bank.tabs.statements'), exact: true }).waitFor();
    await p.getByText(t('bank.statements.noLines.open'), { exact: true }).first().waitFor();
    expect(text(await p.locator('.bank-account-select').textContent())).toContain('GR16 0110 1250');

    // The import: four lines added, none held; the statement is listed with its balances and file.
    await upload(p, 'march.sta', mt940('MARCH', 100_000, MARCH));
    const result = p.getByTestId('import-result');
    await result.getByText(t('bank.statements.import.counts', { added: 5, held: 0 }), { exact: true }).waitFor();
    await result.getByText(t('bank.statements.import.done', { name: 'march.sta' }), { exact: true }).waitFor();
    const statement = listItem(p.getByTestId('statements-list'), 'march.sta');
    await statement.waitFor();
    expect(text(await statement.textContent())).toContain('1.000,00 € → 1.321,00 €');
    expect(await statement.getByTestId('opening-gap-mark').count()).toBe(0);

    // The open lines: text, signed amounts, money in green and out red.
    const hosting = listItem(p, 'Hosting March');
    await hosting.waitFor();
    expect(text(await hosting.textContent())).toContain('-119,00 €');
    expect(await hosting.locator('.bank-amount-out').count()).toBe(1);
    expect(await listItem(p, 'From savings').locator('.bank-amount-in').count()).toBe(1);
    // The counterparty under the text, its IBAN in groups of four.
    expect(text(await listItem(p, 'From savings').textContent())).toContain('Savings Ltd · DE89 3704 0044 0532 0130 00');
    await clean(p);
    await screenshot(p, 'bank/statements-imported-en-1280');

    // Hosting: an expense with 19 % VAT, saved with Enter; the next open line opens.
    await rowAction(p, hosting, t('bank.statements.reconcile'));
    const panel = panelOf(p);
    await panel.locator('.ant-drawer-title', { hasText: 'Reconcile -119,00 € of ' }).waitFor();
    await settled(p);
    expect(await panel.locator('#part-0-description').inputValue()).toBe('Hosting March');
    expect(await panel.locator('#part-0-amount').inputValue()).toBe('-119.00');
    const save = panel.getByTestId('reconcile-save');
    expect(await save.isDisabled()).toBe(true);
    await chooseOption(p, '#part-0-account', 'office exp', `${expense.code} Office Expenses`);
    await pickOption(p, '#part-0-vat', '19 %');
    // A split: 100 here leaves 19,00 € and Save off; the whole line again puts it back on.
    await panel.locator('#part-0-amount').fill('-100');
    await panel.getByTestId('remaining').getByText(t('bank.reconcile.remaining', { amount: '-19,00 €' }), { exact: true }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await panel.locator('#part-0-amount').fill('-119,00');
    await panel.getByTestId('remaining').getByText(t('bank.reconcile.remaining', { amount: '0,00 €' }), { exact: true }).waitFor();
    await expect.poll(() => save.isDisabled()).toBe(false);
    await screenshot(p, 'bank/reconcile-expense-en-1280');
    await panel.locator('#part-0-description').fill('Hosting, March');
    await panel.locator('#part-0-description').press('Enter');
    await expect.poll(async () => (await lineOf('Hosting March')).status).toBe('reconciled');
    expect((await lineOf('Hosting March')).reconciliation!.parts).toMatchObject([{ kind: 'account', accountCode: expense.code, amount: -119, vatRateBp: 1900, description: 'Hosting, March' }]);
    // The next open line, From savings (+500,00 €), is in the panel now.
    await expect.poll(async () => panel.locator('#part-0-amount').inputValue()).toBe('500.00');
    expect(await panel.locator('#part-0-description').inputValue()).toBe('From savings');

    // From savings: a transfer from the Savings account.
    await panel.getByRole('radio', { name: t('bank.reconcile.kinds.transfer') }).check();
    expect(await save.isDisabled()).toBe(true);
    await pickOption(p, '#part-0-money-account', 'Savings');
    await save.click();
    await expect.poll(async () => (await lineOf('From savings')).status).toBe('reconciled');
    expect((await lineOf('From savings')).reconciliation!.parts).toMatchObject([{ kind: 'transfer', amount: 500 }]);
    await expect.poll(async () => panel.locator('#part-0-description').inputValue()).toBe('Client payment');

    // Client payment: the payment already in the books, offered first for its exact amount.
    await panel.getByRole('radio', { name: t('bank.reconcile.kinds.movement') }).check();
    await p.locator('.ant-select', { has: p.locator('#part-0-movement') }).click();
    const first = p.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await first.getByText(t('bank.reconcile.sameAmount'), { exact: true }).waitFor();
    expect(text(await first.textContent())).toContain('250,00 €');
    await screenshot(p, 'bank/reconcile-movement-en-1280');
    await pickOption(p, '#part-0-movement', '250,00 €');
    await expect.poll(async () => panel.locator('.bank-part input[disabled]').inputValue()).toBe('250.00');
    await save.click();
    await expect.poll(async () => (await lineOf('Client payment')).status).toBe('reconciled');
    expect((await lineOf('Client payment')).reconciliation!.parts).toMatchObject([{ kind: 'movement', amount: 250 }]);
    await expect.poll(async () => panel.locator('#part-0-description').inputValue()).toBe('Card fee');

    // Card fee to the bank's own ledger account: the server's refusal stands under the part's account.
    await chooseOption(p, '#part-0-account', '1000', '1000 Bank');
    await save.click();
    await fieldError(panel, '#part-0-account').first().waitFor();
    expect(text(await fieldError(panel, '#part-0-account').first().textContent())).not.toBe('');
    expect((await lineOf('Card fee')).status).toBe('open');
    await clean(p);
    await screenshot(p, 'bank/reconcile-refused-en-1280');
    await panel.getByRole('button', { name: t('buttons.cancel'), exact: true }).click();
    await panel.waitFor({ state: 'hidden' });

    // Reconciled lines: Hosting undone (asked first), open again.
    await p.getByTestId('line-filter').getByText(t('bank.statements.filter.reconciled'), { exact: true }).click();
    const reconciled = listItem(p, 'Hosting March');
    await reconciled.getByText(t('bank.statements.status.reconciled'), { exact: true }).waitFor();
    expect(await listItem(p, 'Card fee').count()).toBe(0);
    let asked = '';
    p.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await rowAction(p, reconciled, t('bank.statements.undo'));
    await p.locator('.ant-message').getByText(t('bank.statements.undone'), { exact: true }).waitFor();
    expect(text(asked)).toContain('-119,00 €');
    await expect.poll(async () => (await lineOf('Hosting March')).status).toBe('open');
    await listItem(p, 'Hosting March').waitFor({ state: 'detached' });
    await p.getByTestId('line-filter').getByText(t('bank.statements.filter.all'), { exact: true }).click();
    await listItem(p, 'Office rent March').waitFor();
    expect(await listItem(p, 'Hosting March').getByText(t('bank.statements.status.open'), { exact: true }).count()).toBe(1);

    // A file that is not a statement: refused with the server's words under a heading of ours.
    await upload(p, 'notes.txt', 'These are not the lines you are looking for.');
    const refused = p.getByTestId('import-refused');
    await refused.getByText(t('bank.statements.import.refused', { name: 'notes.txt' }), { exact: true }).waitFor();
    expect(text(await refused.textContent())).toContain('not a camt.053, MT940, OFX or CSV file');
    await clean(p);
    await screenshot(p, 'bank/import-refused-en-1280');

    // The same file again adds nothing; April opens 12,34 € away from March's closing.
    await upload(p, 'march.sta', mt940('MARCH', 100_000, MARCH));
    await p.getByTestId('import-warning-NOTHING_NEW').getByText(t('bank.statements.import.nothingNew'), { exact: true }).waitFor();
    await upload(p, 'april.sta', mt940('APRIL', MARCH_CLOSING + 1_234, APRIL));
    await p.getByTestId('import-warning-OPENING_GAP').getByText(t('bank.statements.import.openingGap', { amount: '12,34 €' }), { exact: true }).waitFor();
    await p.getByTestId('import-result').getByText(t('bank.statements.import.counts', { added: 1, held: 0 }), { exact: true }).waitFor();
    const april = listItem(p.getByTestId('statements-list'), 'april.sta');
    await april.getByTestId('opening-gap-mark').waitFor();
    expect(await listItem(p.getByTestId('statements-list'), 'march.sta').getByTestId('opening-gap-mark').count()).toBe(0);
    await listItem(p, 'Domain renewal').waitFor();
    await clean(p);
    await screenshot(p, 'bank/opening-gap-en-1280');
    // The two refusals above, and nothing else.
    expect(errors).toEqual(Array(2).fill('console: Failed to load resource: the server responded with a status of 400 (Bad Request)'));
    await context.close();
  });

  it('en at 1280 px: a suggestion accepted with Enter pays the invoice it names, an invoice and its client’s credit take a payment with an advance, and reconciled lines say what they were', async () => {
    const { t } = await createTestI18n('en');
    // May (opening where April closed): a line naming A, one paying B with 50,00 on top, one paying part of C (left open for the locales).
    const may = mt940('MAY', MARCH_CLOSING + 1_234 - 2_500, [
      { day: '2026-05-04', cents: 8_000, ref: 'M1', text: `Payment ${open.A.number}` },
      { day: '2026-05-06', cents: 15_000, ref: 'M2', text: 'Licence and advance' },
      { day: '2026-05-08', cents: 4_000, ref: 'M3', text: `Part of ${open.C.number}` },
    ]);
    const imported = await admin.upload(`/api/bank-accounts/${bank.id}/statements/`, 'file', may, 'may.sta');
    expect(imported.status, imported.text).toBe(201);
    const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width: DESKTOP_WIDTH, locale: 'en-US' });
    p.setDefaultTimeout(30_000);
    const errors = collectPageErrors(p);
    const invoiceOf = async (id: string) => (await admin.get(`/api/invoices/${id}/`)).body as { paid: boolean; open_amount: number };
    await p.goto('/admin/bank/statements');
    const named = listItem(p, `Payment ${open.A.number}`);
    await named.waitFor();
    await rowAction(p, named, t('bank.statements.reconcile'));
    const panel = panelOf(p);
    // The invoice the text names, its number and client, why, and the focus on Accept: Enter posts it.
    const best = panel.getByTestId('suggestion-0');
    await best.waitFor();
    expect(text(await best.textContent())).toContain(`${open.A.number} · Statement Test Ltd`);
    expect(text(await best.textContent())).toContain('80,00 €');
    await best.getByText(t('bank.reconcile.reasons.invoiceNumber'), { exact: true }).waitFor();
    await expect.poll(() => p.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('accept-0');
    await settled(p);
    await clean(p);
    await screenshot(p, 'bank/reconcile-suggestion-en-1280');
    expect((await invoiceOf(open.A.id)).paid).toBe(false);
    await p.keyboard.press('Enter');
    await expect.poll(async () => (await lineOf(`Payment ${open.A.number}`)).status).toBe('reconciled');
    expect((await lineOf(`Payment ${open.A.number}`)).reconciliation!.parts).toMatchObject([{ kind: 'invoice', invoiceId: open.A.id, amount: 80 }]);
    expect((await invoiceOf(open.A.id)).paid).toBe(true);

    // The next open line: B's 100,00 and 50,00 of advance, by hand.
    await panel.locator('.bank-reconcile-line', { hasText: 'Licence and advance' }).waitFor();
    await panel.getByTestId('part-0').getByRole('radio', { name: t('bank.reconcile.kinds.invoice') }).check();
    await p.click('#part-0-invoice');
    await p.fill('#part-0-invoice', open.B.number);
    const option = p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: open.B.number });
    expect(text(await option.first().textContent())).toContain(t('bank.reconcile.openAmount', { amount: '100,00 €' }));
    // Searched by client: B and C, but A, paid already, no more.
    await p.fill('#part-0-invoice', 'Statement Test');
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: open.C.number }).waitFor();
    expect(await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: open.A.number }).count()).toBe(0);
    await p.fill('#part-0-invoice', open.B.number);
    await option.first().click();
    // What is open on B, less than the line: 50,00 left, offered as the client's credit.
    expect(await panel.locator('#part-0-amount').inputValue()).toBe('100.00');
    await panel.getByTestId('remaining').getByText(t('bank.reconcile.remaining', { amount: '50,00 €' }), { exact: true }).waitFor();
    const save = panel.getByTestId('reconcile-save');
    expect(await save.isDisabled()).toBe(true);
    await panel.getByTestId('add-credit').click();
    expect(await panel.locator('#part-1-amount').inputValue()).toBe('50.00');
    expect(await panel.getByTestId('part-1').getByRole('radio', { name: t('bank.reconcile.kinds.clientCredit') }).isChecked()).toBe(true);
    await panel.getByTestId('remaining').getByText(t('bank.reconcile.remaining', { amount: '0,00 €' }), { exact: true }).waitFor();
    expect(await panel.getByTestId('add-credit').count()).toBe(0);
    await clean(p);
    await screenshot(p, 'bank/reconcile-invoice-credit-en-1280');
    await save.click();
    await expect.poll(async () => (await lineOf('Licence and advance')).status).toBe('reconciled');
    expect((await lineOf('Licence and advance')).reconciliation!.parts).toMatchObject([
      { kind: 'invoice', invoiceId: open.B.id, amount: 100 },
      { kind: 'clientCredit', amount: 50 },
    ]);
    expect((await invoiceOf(open.B.id)).paid).toBe(true);
    await panel.locator('.bank-reconcile-line', { hasText: `Part of ${open.C.number}` }).waitFor();
    await panel.getByRole('button', { name: t('buttons.cancel'), exact: true }).click();
    await panel.waitFor({ state: 'hidden' });

    // Reconciled lines say what they were.
    await p.getByTestId('line-filter').getByText(t('bank.statements.filter.reconciled'), { exact: true }).click();
    const summaryOf = async (line: string) => text(await listItem(p, line).getByTestId('line-summary').textContent());
    await listItem(p, 'Licence and advance').getByTestId('line-summary').getByText(open.B.number, { exact: false }).waitFor();
    expect(await summaryOf('Licence and advance')).toBe(t('bank.statements.summary.label', { parts: `${open.B.number}, ${t('bank.statements.summary.clientCredit')}` }));
    expect(await summaryOf(`Payment ${open.A.number}`)).toBe(t('bank.statements.summary.label', { parts: open.A.number }));
    expect(await summaryOf('From savings')).toBe(t('bank.statements.summary.label', { parts: t('bank.statements.summary.transfer') }));
    expect(await summaryOf('Client payment')).toBe(t('bank.statements.summary.label', { parts: t('bank.statements.summary.movement') }));
    await clean(p);
    await screenshot(p, 'bank/reconciled-summary-en-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(LOCALES)('%s (%s) at %i px: the lines and the reconcile panel, translated and without sideways scrolling', async (lng, locale, width) => {
    const { t } = await createTestI18n(lng);
    const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width, locale });
    p.setDefaultTimeout(30_000);
    const errors = collectPageErrors(p);
    await p.goto('/admin/bank/statements');
    await p.getByRole('tab', { name: t('bank.tabs.statements'), exact: true }).waitFor();
    await p.getByText(t('bank.statements.import.formats'), { exact: true }).waitFor();
    const fee = listItem(p, 'Card fee');
    await fee.waitFor();
    expect(text(await fee.textContent())).toContain('-10,00 €');
    expect(text(await fee.textContent())).toContain(t('bank.statements.status.open'));
    await listItem(p.getByTestId('statements-list'), 'april.sta').getByTestId('opening-gap-mark').waitFor();
    await clean(p);
    await screenshot(p, `bank/statements-${lng}-${width}`);

    await rowAction(p, fee, t('bank.statements.reconcile'));
    const panel = panelOf(p);
    await panel.getByRole('radio', { name: t('bank.reconcile.kinds.movement') }).waitFor();
    await settled(p);
    await panel.getByTestId('add-part').click();
    await panel.getByTestId('part-1').waitFor();
    await panel.getByTestId('part-1').getByRole('radio', { name: t('bank.reconcile.kinds.transfer') }).check();
    await panel.locator('#part-0-amount').fill('-7,50');
    await panel.getByTestId('remaining').getByText(t('bank.reconcile.remaining', { amount: '-2,50 €' }), { exact: true }).waitFor();
    await clean(p);
    expect(await panelOverflow(panel)).toBeLessThanOrEqual(0);
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await screenshot(p, `bank/reconcile-panel-${lng}-${width}`);
    // The fee has no suggestion; a part of it may be an invoice, picked from the open ones.
    await panel.getByTestId('no-suggestions').getByText(t('bank.reconcile.noSuggestions'), { exact: true }).waitFor();
    await panel.getByTestId('part-1').getByRole('radio', { name: t('bank.reconcile.kinds.invoice') }).check();
    await panel.locator('#part-1-invoice').waitFor();
    await panel.getByRole('button', { name: t('buttons.cancel'), exact: true }).click();
    await panel.waitFor({ state: 'hidden' });

    // Part of C: its suggestion with the reason translated, and the invoice picker open.
    const partOfC = listItem(p, `Part of ${open.C.number}`);
    await partOfC.waitFor();
    await rowAction(p, partOfC, t('bank.statements.reconcile'));
    const best = panel.getByTestId('suggestion-0');
    await best.getByText(t('bank.reconcile.reasons.invoiceNumber'), { exact: true }).waitFor();
    expect(text(await best.textContent())).toContain(open.C.number);
    expect(text(await best.getByTestId('accept-0').textContent())).toBe(t('bank.reconcile.accept'));
    await panel.getByTestId('part-0').getByRole('radio', { name: t('bank.reconcile.kinds.invoice') }).check();
    await p.click('#part-0-invoice');
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: open.C.number }).first().waitFor();
    await settled(p);
    await clean(p);
    expect(await panelOverflow(panel)).toBeLessThanOrEqual(0);
    await screenshot(p, `bank/reconcile-invoice-${lng}-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('en at 375 px: money out to a supplier is suggested as its open bill with the reasons and paid in one click; another bill is picked by its number', async () => {
    const { t } = await createTestI18n('en');
    const HOSTING = 'a0000000-0000-4000-8000-000000005200';
    const IBAN = 'CY17002001280000001200527600';
    const supplier = await admin.post('/api/suppliers/', { name: 'Hostinger Ltd', country: 'CY', iban: IBAN });
    expect(supplier.status, supplier.text).toBe(201);
    const bills: Record<string, string> = {};
    // Two bills of 40,00: the amount and the IBAN alone do not say which, so nothing is paid on import.
    for (const [number, price] of [['HS-901', 40], ['HS-903', 40], ['HS-902', 15]] as const) {
      const made = await admin.post('/api/bills/', { supplier: supplier.body.id, invoice_number: number, date: '2026-05-02', items: [{ description: 'VPS', account: HOSTING, quantity: 1, unit_price: price, vat_rate: 0 }] });
      expect(made.status, made.text).toBe(201);
      expect((await admin.post(`/api/bills/${made.body.id}/post/`)).status).toBe(200);
      bills[number] = made.body.id;
    }
    const june = mt940('JUNE', 100_000, [
      { day: '2026-06-02', cents: -4_000, ref: 'J1', text: `166?20Invoice HS-901?31${IBAN}?32Hostinger Ltd` },
      { day: '2026-06-03', cents: -1_500, ref: 'J2', text: 'Hosting small' },
    ]);
    const imported = await admin.upload(`/api/bank-accounts/${bank.id}/statements/`, 'file', june, 'june.sta');
    expect(imported.status, imported.text).toBe(201);
    const billOf = async (id: string) => (await admin.get(`/api/bills/${id}/`)).body as { status: string };
    const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width: MOBILE_WIDTH, locale: 'en-US' });
    p.setDefaultTimeout(30_000);
    const errors = collectPageErrors(p);
    await p.goto('/admin/bank/statements');
    const named = listItem(p, 'Invoice HS-901');
    await named.waitFor();
    await rowAction(p, named, t('bank.statements.reconcile'));
    const panel = panelOf(p);
    const best = panel.getByTestId('suggestion-0');
    await best.getByText(t('bank.reconcile.reasons.invoiceNumber'), { exact: true }).waitFor();
    expect(text(await best.textContent())).toContain(`${t('bank.statements.summary.bill')}: HS-901 · Hostinger Ltd`);
    for (const reason of ['amount', 'ibanOut', 'nameOut']) await best.getByText(t(`bank.reconcile.reasons.${reason}`), { exact: true }).waitFor();
    await settled(p);
    await clean(p);
    expect(await panelOverflow(panel)).toBeLessThanOrEqual(0);
    await screenshot(p, 'bank/reconcile-bill-suggestion-en-375');
    await best.getByTestId('accept-0').click();
    await expect.poll(async () => (await lineOf('Invoice HS-901')).status).toBe('reconciled');
    expect((await lineOf('Invoice HS-901')).reconciliation!.parts).toMatchObject([{ kind: 'bill', billId: bills['HS-901'], amount: -40 }]);
    expect((await billOf(bills['HS-901']!)).status).toBe('paid');
    await panel.getByRole('button', { name: t('buttons.cancel'), exact: true }).click();
    await panel.waitFor({ state: 'hidden' });

    // By hand: a bill part, searched by its number, takes what the line pays.
    const small = listItem(p, 'Hosting small');
    await small.waitFor();
    await rowAction(p, small, t('bank.statements.reconcile'));
    await panel.locator('.bank-reconcile-line', { hasText: 'Hosting small' }).waitFor();
    await panel.getByTestId('part-0').getByRole('radio', { name: t('bank.reconcile.kinds.bill') }).check();
    await p.click('#part-0-bill');
    await p.fill('#part-0-bill', 'HS-902');
    const option = p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'HS-902' });
    expect(text(await option.first().textContent())).toContain(`Hostinger Ltd · ${t('bank.reconcile.openAmount', { amount: '15,00 €' })}`);
    await settled(p);
    await clean(p);
    expect(await panelOverflow(panel)).toBeLessThanOrEqual(0);
    await screenshot(p, 'bank/reconcile-bill-picker-en-375');
    await option.first().click();
    expect(await panel.locator('#part-0-amount').inputValue()).toBe('-15.00');
    await panel.getByTestId('remaining').getByText(t('bank.reconcile.remaining', { amount: '0,00 €' }), { exact: true }).waitFor();
    await panel.getByTestId('reconcile-save').click();
    await expect.poll(async () => (await lineOf('Hosting small')).status).toBe('reconciled');
    expect((await billOf(bills['HS-902']!)).status).toBe('paid');
    expect((await billOf(bills['HS-903']!)).status).toBe('open');
    expect(errors).toEqual([]);
    await context.close();
  });
});
