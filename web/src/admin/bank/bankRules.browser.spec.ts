import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, collectPageErrors, DESKTOP_WIDTH, launchBrowser, listItem, MOBILE_WIDTH, pickOption, rawKeyLeaks, rowAction, screenshot, settled, sidewaysScroll, signedInPage } from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../../test/server';
import { createTestI18n } from '../../../../test/web-i18n';

const GR = 'GR1601101250000000012300695';
const DE = 'DE89370400440532013000';

type Rule = { id: string; name: string; text_contains: string | null; text_words: string[]; min_amount: number | null; max_amount: number | null; direction: string | null; account: string; vat_rate: number; version: number };
type Line = { description: string; amount: number; status: string; reconciliation: { parts: Array<Record<string, unknown>> } | null };

/** A bank's CSV export: semicolons, day-first dates, decimal commas, German headers. */
const JUNE_CSV = 'Datum;Betrag;Text;Auftraggeber\n03.06.2026;1.250,00;Consulting June;Alpha Ltd\n04.06.2026;-19,90;Cloud hosting June;\n';

const LOCALES = [
  ['el', 'el-GR', DESKTOP_WIDTH],
  ['el', 'el-GR', MOBILE_WIDTH],
  ['ru', 'ru-RU', DESKTOP_WIDTH],
  ['ru', 'ru-RU', MOBILE_WIDTH],
] as const;

// Needs a build of the web app: dist/web (`npm run build`), or TEST_WEB_DIST.
describe('the Bank page’s rules and CSV columns in Chromium', () => {
  let server: TestServer;
  let admin: TestClient;
  let browser: Browser;
  let bankId: string;

  const rules = async () => (await admin.get('/api/bank-rules/')).body as Rule[];

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    admin = server.client();
    await admin.login();
    const bank = ((await admin.get('/api/bank-accounts/')).body as Array<{ id: string; is_default: boolean }>).find((a) => a.is_default)!;
    bankId = bank.id;
    const named = await admin.put(`/api/bank-accounts/${bankId}/`, { name: 'Bank', iban: GR, is_default: true });
    expect(named.status, named.text).toBe(200);
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const text = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
  const clean = async (p: Page) => {
    expect(await rawKeyLeaks(p)).toEqual([]);
    expect(await sidewaysScroll(p)).toBeLessThanOrEqual(0);
  };
  const fieldError = (scope: Locator, id: string) => scope.locator('.ant-form-item', { has: scope.page().locator(id) }).locator('.ant-form-item-explain-error');
  const ruleModal = (p: Page) => p.locator('.ant-modal', { has: p.locator('#bankRule_name') });
  const csvModal = (p: Page) => p.locator('.ant-modal', { has: p.locator('#csvMapping_header_rows') });
  /** The dialog lies within the window, and nothing in it is wider than it. */
  const fits = async (modal: Locator, width: number) => {
    const box = (await modal.locator('.ant-modal-container, .ant-modal-content').first().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await modal.locator('.ant-modal-body').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  };

  it('en at 1280 px: creates a rule, lists its conditions in words, edits it, shows the server’s refusals on their fields, and deletes it', async () => {
    const { t } = await createTestI18n('en');
    const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width: DESKTOP_WIDTH, locale: 'en-US' });
    p.setDefaultTimeout(30_000);
    const errors = collectPageErrors(p);
    await p.goto('/admin/bank/rules');
    await p.getByRole('tab', { name: t('bank.tabs.rules'), exact: true, selected: true }).waitFor();
    // Empty: what rules are for.
    await p.getByTestId('rules-empty').getByText(t('bank.rules.empty'), { exact: true }).waitFor();
    await clean(p);
    await screenshot(p, 'rules/rules-empty-en-1280');

    // A new rule: rent, money out between 100 and 1.500, to 5100 Rent at 19 %.
    await p.getByTestId('new-rule').click();
    const modal = ruleModal(p);
    await modal.getByText(t('bank.rules.createTitle'), { exact: true }).waitFor();
    await settled(p);
    const save = modal.getByRole('button', { name: t('buttons.saveChanges') });
    await save.click();
    await fieldError(modal, '#bankRule_name').getByText(t('admin.validation.required'), { exact: true }).waitFor();
    await fieldError(modal, '#bankRule_account').getByText(t('bank.rules.errors.accountRequired'), { exact: true }).waitFor();
    await modal.locator('#bankRule_name').fill('Office rent');
    await modal.locator('#bankRule_text_contains').fill('office rent');
    await modal.locator('#bankRule_min_amount').fill('100');
    await modal.locator('#bankRule_max_amount').fill('-5');
    await fieldError(modal, '#bankRule_max_amount').getByText(t('bank.rules.errors.amountTyped'), { exact: true }).waitFor();
    await modal.locator('#bankRule_max_amount').fill('1.500,00');
    await modal.getByRole('radio', { name: t('bank.rules.directions.out'), exact: true }).check();
    await modal.locator('#bankRule_counterparty_iban').fill(DE.replace(/(.{4})/g, '$1 '));
    await chooseOption(p, '#bankRule_account', 'rent', '5100 Rent');
    await pickOption(p, '#bankRule_vat_rate', '19 %');
    await clean(p);
    await screenshot(p, 'rules/rule-new-en-1280');
    await save.click();
    await modal.waitFor({ state: 'hidden' });
    const row = listItem(p.getByTestId('rules-list'), 'Office rent');
    await row.waitFor();
    const conditions = async () => (await row.getByTestId('rule-conditions').locator('li').allTextContents()).map(text);
    expect(await conditions()).toEqual(['text contains “office rent”', 'money out', 'amount 100,00 € – 1.500,00 €', 'to IBAN DE89 3704 0044 0532 0130 00']);
    expect(text(await row.textContent())).toContain('5100 Rent');
    expect(text(await row.textContent())).toContain('19 %');
    const [saved] = await rules();
    expect(saved).toMatchObject({ name: 'Office rent', text_contains: 'office rent', min_amount: 100, max_amount: 1500, direction: 'out', counterparty_iban: DE, account: '5100', vat_rate: 19, version: 1 });
    await clean(p);
    await screenshot(p, 'rules/rules-listed-en-1280');

    // Edit: the form holds the rule; the words are added, the text shortened, the IBAN taken away.
    await rowAction(p, row, t('buttons.edit'));
    await modal.getByText(t('bank.rules.editTitle', { name: 'Office rent' }), { exact: true }).waitFor();
    await settled(p);
    expect(await modal.locator('#bankRule_max_amount').inputValue()).toBe('1500.00');
    expect(await modal.getByRole('radio', { name: t('bank.rules.directions.out'), exact: true }).isChecked()).toBe(true);
    await modal.locator('#bankRule_text_contains').fill('rent');
    await modal.locator('#bankRule_text_words').fill('office, march');
    await modal.locator('#bankRule_counterparty_iban').fill('');
    await save.click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(conditions).toEqual(['text contains “rent”', 'all of the words: office, march', 'money out', 'amount 100,00 € – 1.500,00 €']);
    expect((await rules())[0]).toMatchObject({ text_contains: 'rent', text_words: ['office', 'march'], counterparty_iban: null, version: 2 });

    // Refused by the server, under the field it names: the bank's own ledger account takes no rule.
    await rowAction(p, row, t('buttons.edit'));
    await settled(p);
    await chooseOption(p, '#bankRule_account', '1000', '1000 Bank');
    await save.click();
    await fieldError(modal, '#bankRule_account').getByText(t('bank.rules.errors.moneyAccount'), { exact: true }).waitFor();
    expect((await rules())[0]).toMatchObject({ account: '5100', version: 2 });
    await clean(p);
    await screenshot(p, 'rules/rule-refused-en-1280');
    // Another edit made meanwhile: the version sent is stale, so the server refuses it whole, above the form.
    const meanwhile = await admin.put(`/api/bank-rules/${saved!.id}/`, { name: 'Office rent', text_contains: 'rent', direction: 'out', account: '5100', version: 2 });
    expect(meanwhile.status, meanwhile.text).toBe(200);
    await chooseOption(p, '#bankRule_account', '5100', '5100 Rent');
    await save.click();
    await modal.getByTestId('rule-error').getByText(t('bank.rules.errors.changed'), { exact: true }).waitFor();
    expect((await rules())[0]).toMatchObject({ text_words: [], version: 3 });
    await modal.getByRole('button', { name: t('buttons.cancel'), exact: true }).click();
    await modal.waitFor({ state: 'hidden' });

    // A rule with no condition at all: the server's reason above the form, nothing saved.
    await p.getByTestId('new-rule').click();
    await settled(p);
    await modal.locator('#bankRule_name').fill('Everything');
    await chooseOption(p, '#bankRule_account', 'office exp', '5300 Office Expenses');
    await save.click();
    await modal.getByTestId('rule-error').getByText(t('bank.rules.errors.noCondition'), { exact: true }).waitFor();
    expect((await rules()).map((r) => r.name)).toEqual(['Office rent']);
    await modal.getByRole('button', { name: t('buttons.cancel'), exact: true }).click();
    await modal.waitFor({ state: 'hidden' });

    // Delete: asked first, then gone.
    let asked = '';
    p.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await p.goto('/admin/bank/rules');
    const listed = listItem(p.getByTestId('rules-list'), 'Office rent');
    await listed.waitFor();
    await rowAction(p, listed, t('buttons.delete'));
    // What the dialogs and the list say is checked; the passing toasts are not (on a loaded machine one may be gone before it is looked for).
    await p.getByTestId('rules-empty').waitFor();
    expect(asked).toBe(t('bank.rules.confirmDelete', { name: 'Office rent' }));
    expect(await rules()).toEqual([]);
    // The refusals above (two 400s, one 409), and nothing else.
    expect(errors.filter((e) => !/status of (400|409)/.test(e))).toEqual([]);
    await context.close();
  });

  it('en at 1280 px: saves a CSV column mapping (a refusal under its column first), imports a CSV export with it (a rule books the hosting line), and removes it', async () => {
    const { t } = await createTestI18n('en');
    const hosting = await admin.post('/api/bank-rules/', { name: 'Hosting', text_contains: 'hosting', direction: 'out', account: '5200', vat_rate: 19 });
    expect(hosting.status, hosting.text).toBe(201);
    const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width: DESKTOP_WIDTH, locale: 'en-US' });
    p.setDefaultTimeout(30_000);
    const errors = collectPageErrors(p);
    await p.goto('/admin/bank/statements');
    const state = p.getByTestId('csv-mapping-state');
    await state.getByText(t('bank.csv.notSet'), { exact: true }).waitFor();
    await p.getByTestId('csv-mapping-open').click();
    const modal = csvModal(p);
    await modal.getByText(t('bank.csv.title', { name: 'Bank' }), { exact: true }).waitFor();
    await settled(p);
    expect(await modal.getByTestId('csv-mapping-remove').count()).toBe(0);
    await pickOption(p, '#csvMapping_delimiter', t('bank.csv.delimiters.semicolon'));
    await pickOption(p, '#csvMapping_date_format', 'DD.MM.YYYY');
    await pickOption(p, '#csvMapping_decimal', t('bank.csv.decimals.comma'));
    // Column 0 does not exist: the domain's check says so under the booking date.
    await modal.locator('#csvMapping_columns_booking_date').fill('0');
    await modal.locator('#csvMapping_columns_description').fill('Text');
    await modal.locator('#csvMapping_columns_amount').fill('Betrag');
    await modal.locator('#csvMapping_columns_counterparty_name').fill('Auftraggeber');
    await modal.getByTestId('csv-mapping-save').click();
    await fieldError(modal, '#csvMapping_columns_booking_date').getByText(t('bank.csv.errors.startAtOne'), { exact: true }).waitFor();
    expect((await admin.get(`/api/bank-accounts/${bankId}/csv-mapping/`)).body).toEqual({ csv_mapping: null });
    await clean(p);
    await screenshot(p, 'rules/csv-refused-en-1280');
    await modal.locator('#csvMapping_columns_booking_date').fill('Datum');
    await modal.getByTestId('csv-mapping-save').click();
    await p.locator('.ant-message').getByText(t('bank.csv.saved', { name: 'Bank' }), { exact: true }).waitFor();
    await modal.waitFor({ state: 'hidden' });
    await state.getByText(t('bank.csv.set'), { exact: true }).waitFor();
    expect((await admin.get(`/api/bank-accounts/${bankId}/csv-mapping/`)).body.csv_mapping).toEqual({
      delimiter: ';',
      header_rows: 1,
      date_format: 'DD.MM.YYYY',
      decimal: ',',
      columns: { booking_date: 'Datum', amount: 'Betrag', description: 'Text', counterparty_name: 'Auftraggeber' },
    });

    // The export through the import beside it: both lines, amounts read with the decimal comma.
    await p.getByTestId('statement-import').locator('input[type=file]').setInputFiles({ name: 'june.csv', mimeType: 'text/csv', buffer: Buffer.from(JUNE_CSV) });
    await p.getByTestId('import-result').getByText(t('bank.statements.import.counts', { added: 2, held: 0 }), { exact: true }).waitFor();
    const consulting = listItem(p.getByTestId('statement-lines'), 'Consulting June');
    await consulting.waitFor();
    expect(text(await consulting.textContent())).toContain('1.250,00 €');
    expect(text(await consulting.textContent())).toContain('Alpha Ltd');
    // The hosting line was booked by the rule on import: reconciled to 5200 at 19 %.
    await p.getByTestId('line-filter').getByText(t('bank.statements.filter.all'), { exact: true }).click();
    const cloud = listItem(p.getByTestId('statement-lines'), 'Cloud hosting June');
    await cloud.getByText(t('bank.statements.status.reconciled'), { exact: true }).waitFor();
    expect(text(await cloud.textContent())).toContain('-19,90 €');
    expect(text(await cloud.getByTestId('line-summary').textContent())).toBe(t('bank.statements.summary.label', { parts: '5200' }));
    const lines = (await admin.get(`/api/bank-accounts/${bankId}/statement-lines/`)).body as Line[];
    expect(lines.map((l) => [l.description, l.amount, l.status])).toEqual([
      ['Consulting June', 1250, 'open'],
      ['Cloud hosting June', -19.9, 'reconciled'],
    ]);
    expect(lines[1]!.reconciliation!.parts).toMatchObject([{ kind: 'account', accountCode: '5200', amount: -19.9, vatRateBp: 1900 }]);
    await clean(p);
    await screenshot(p, 'rules/csv-imported-en-1280');

    // Removed (asked first): the tag says so and the server holds none.
    await p.getByTestId('csv-mapping-open').click();
    await settled(p);
    expect(await modal.locator('#csvMapping_columns_amount').inputValue()).toBe('Betrag');
    p.once('dialog', (d) => void d.accept());
    await modal.getByTestId('csv-mapping-remove').click();
    await p.locator('.ant-message').getByText(t('bank.csv.removed', { name: 'Bank' }), { exact: true }).waitFor();
    await state.getByText(t('bank.csv.notSet'), { exact: true }).waitFor();
    expect((await admin.get(`/api/bank-accounts/${bankId}/csv-mapping/`)).body).toEqual({ csv_mapping: null });
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });

  it('en at 375 px: the rules as cards and both dialogs fit the phone, and a rule is edited there', async () => {
    const { t } = await createTestI18n('en');
    const made = await admin.post('/api/bank-rules/', { name: 'Bank charges of the month, card and account fees', text_starts_with: 'Charges', min_amount: 1, max_amount: 25, direction: 'out', account: '5500', vat_rate: 0 });
    expect(made.status, made.text).toBe(201);
    const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width: MOBILE_WIDTH, locale: 'en-US' });
    p.setDefaultTimeout(30_000);
    const errors = collectPageErrors(p);
    await p.goto('/admin/bank/rules');
    const card = listItem(p.getByTestId('rules-list'), 'Bank charges of the month');
    await card.waitFor();
    expect(text(await card.textContent())).toContain('starts with “Charges”');
    expect(text(await card.textContent())).toContain('5500 Bank and Payment Fees');
    await clean(p);
    await screenshot(p, 'rules/rules-en-375');
    await rowAction(p, card, t('buttons.edit'));
    const modal = ruleModal(p);
    await settled(p);
    await fits(modal, MOBILE_WIDTH);
    await modal.locator('#bankRule_max_amount').fill('30');
    await clean(p);
    await screenshot(p, 'rules/rule-edit-en-375');
    await modal.getByRole('button', { name: t('buttons.saveChanges') }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(async () => text(await card.textContent())).toContain('amount 1,00 € – 30,00 €');
    expect((await rules()).find((r) => r.id === made.body.id)).toMatchObject({ max_amount: 30, version: 2 });

    await p.goto('/admin/bank/statements');
    await p.getByTestId('csv-mapping-open').click();
    const csv = csvModal(p);
    await settled(p);
    await csv.getByRole('radio', { name: t('bank.csv.amountStyles.split'), exact: true }).check();
    await csv.locator('#csvMapping_columns_debit').waitFor();
    await fits(csv, MOBILE_WIDTH);
    await clean(p);
    await screenshot(p, 'rules/csv-en-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(LOCALES)('%s (%s) at %i px: the tab, the list and both dialogs in the screen’s language', async (lng, locale, width) => {
    const { t } = await createTestI18n(lng);
    const { context, page: p } = await signedInPage(browser, server.url, ADMIN, { width, locale });
    p.setDefaultTimeout(30_000);
    const errors = collectPageErrors(p);
    await p.goto('/admin/bank/rules');
    await p.getByRole('tab', { name: t('bank.tabs.rules'), exact: true, selected: true }).waitFor();
    expect(t('bank.tabs.rules')).not.toBe('Rules');
    const card = listItem(p.getByTestId('rules-list'), 'Hosting');
    await card.getByText(t('bank.rules.conditions.contains', { text: 'hosting' }), { exact: true }).waitFor();
    await card.getByText(t('bank.rules.conditions.moneyOut'), { exact: true }).waitFor();
    await clean(p);
    await screenshot(p, `rules/rules-${lng}-${width}`);
    await rowAction(p, card, t('buttons.edit'));
    const modal = ruleModal(p);
    await settled(p);
    await modal.getByText(t('bank.rules.textContains'), { exact: true }).waitFor();
    expect(t('bank.rules.textContains')).not.toBe('Text contains');
    await fits(modal, width);
    await clean(p);
    await screenshot(p, `rules/rule-edit-${lng}-${width}`);
    await modal.getByRole('button', { name: t('buttons.cancel'), exact: true }).click();

    await p.goto('/admin/bank/statements');
    await p.getByTestId('csv-mapping-open').getByText(t('bank.csv.open'), { exact: true }).click();
    const csv = csvModal(p);
    await settled(p);
    await csv.getByText(t('bank.csv.columns.booking_date'), { exact: true }).waitFor();
    await fits(csv, width);
    await clean(p);
    await screenshot(p, `rules/csv-${lng}-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
