import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../../domain/accounting/accounts';
import { SYSTEM_ACCOUNT_IDS } from '../../../../domain/accounting/accounts';
import { checkCsvMapping } from '../../../../domain/bank/csv-statement';
import { accountRefusal, MONEY_ACCOUNT_NOT_POSTABLE } from '../../../../domain/bank/reconciliation-postings';
import { MAX_RULE_WORDS, NO_CONDITION, RULE_WORDS_COUNT, WORD_NEEDS_LETTER } from '../../../../domain/bank/rules';
import { CHANGED_MEANWHILE, TOO_LONG } from '../../../../domain/shared/errors';
import { fillWording } from '../../../../domain/shared/wording';
import { createTestI18n } from '../../../../test/web-i18n';
import { expectTranslated } from '../../../../test/web-server-texts';
import { ApiError } from '../../api/http';
import { csvMappingBody, csvMappingRefusal, csvMappingValues } from './csvMappingForm';
import type { RuleView } from './ruleApi';
import { RULE_TEXT_KEYS, RULE_WORDING_KEYS, ruleBody, ruleConditions, ruleRefusal, ruleText, ruleValues } from './ruleForm';

const root = path.resolve(import.meta.dirname, '../../../..');
const rule: RuleView = {
  id: 'r1',
  position: 1,
  name: 'Rent',
  text_contains: 'office rent',
  text_words: ['march', 'lease'],
  text_starts_with: null,
  min_amount: 10,
  max_amount: 50.5,
  direction: 'out',
  counterparty_iban: 'GR1601101250000000012300695',
  account: '5100',
  vat_rate: 19,
  description: null,
  version: 3,
  updated_at: '2026-01-01T00:00:00.000Z',
};
const bad = (errors: Record<string, string[]>) => new ApiError(400, 'Please correct the errors below.', errors, true);

describe('the bank rule dialog', () => {
  it('sends what was typed as the API takes it: amounts read in either decimal mark, words split, empty texts and "either" direction left out, the version on an edit', () => {
    const values = { ...ruleValues(null), name: ' Hosting ', text_words: 'cloud,  invoice  march', min_amount: '10,5', max_amount: '1.234,56', direction: 'any' as const, account: '5200', vat_rate: 19 };
    expect(ruleBody(values)).toEqual({
      name: 'Hosting',
      text_contains: null,
      text_words: ['cloud', 'invoice', 'march'],
      text_starts_with: null,
      min_amount: '10.50',
      max_amount: '1234.56',
      direction: undefined,
      counterparty_iban: null,
      account: '5200',
      vat_rate: 19,
      description: null,
    });
    // An amount that does not read goes as typed, for the server to refuse under its field.
    expect(ruleBody({ ...values, min_amount: 'ten' }, 3)).toMatchObject({ min_amount: 'ten', version: 3 });
    // Filled back from the rule, the dialog sends the same rule.
    expect(ruleBody(ruleValues(rule), rule.version)).toMatchObject({ text_contains: 'office rent', text_words: ['march', 'lease'], min_amount: '10.00', max_amount: '50.50', direction: 'out', counterparty_iban: rule.counterparty_iban, version: 3 });
  });

  it('says a rule’s conditions in words, the IBAN’s side following the direction', async () => {
    const { t } = await createTestI18n('en');
    const say = (r: RuleView) => ruleConditions(r, (e) => `${e.toFixed(2)} €`).map((c) => t(`bank.rules.conditions.${c.key}`, c.values));
    expect(say(rule)).toEqual(['text contains “office rent”', 'all of the words: march, lease', 'money out', 'amount 10.00 € – 50.50 €', 'to IBAN GR1601101250000000012300695']);
    expect(say({ ...rule, text_contains: null, text_words: [], direction: 'in', max_amount: null })).toEqual(['money in', 'amount at least 10.00 €', 'from IBAN GR1601101250000000012300695']);
    expect(say({ ...rule, text_contains: null, text_words: [], text_starts_with: 'AWS', direction: null, min_amount: null, counterparty_iban: null })).toEqual(['starts with “AWS”', 'amount at most 50.50 €']);
  });

  it('knows every sentence the rule checks refuse with, each worded in en, and in el and ru apart from en', () => {
    const source = fs.readFileSync(path.join(root, 'domain/bank/rules.ts'), 'utf8');
    const sentences = [...source.matchAll(/'([A-Z][^'\n$]*[.)])'/g)].map((m) => m[1]!).filter((s) => s.includes(' '));
    const account = (over: Partial<Account>): Account => ({ id: 'x', code: '1', name: 'x', type: 'expense', cashFlowClass: 'operating', active: true, systemKey: null, ...over });
    const refusals = [account({ cashFlowClass: 'cash' }), account({ systemKey: 'receivables' }), account({ id: SYSTEM_ACCOUNT_IDS.vatPayable })].map((a) => accountRefusal(a, 1900)!.message);
    expect(sentences.length).toBeGreaterThan(5);
    expect([...sentences, ...refusals].filter((s) => !RULE_TEXT_KEYS[s] && !RULE_WORDING_KEYS[s])).toEqual([]);
    expectTranslated(RULE_TEXT_KEYS);
    expectTranslated(RULE_WORDING_KEYS);
  });

  it('words a refusal with a value in it with that value, in the screen’s language', async () => {
    const { t } = await createTestI18n('ru');
    expect(ruleText(fillWording(RULE_WORDS_COUNT, { max: MAX_RULE_WORDS }), t)).toBe('Укажите от 1 до 20 слов.');
    expect(ruleText(fillWording(TOO_LONG, { max: 200 }), t)).toBe('Не более 200 символов.');
  });

  it('puts a 400’s field errors under their fields (a word’s under the words) and the rest above, in the screen’s language', async () => {
    const { t } = await createTestI18n('el');
    const { fields, rest } = ruleRefusal(
      bad({ account: [MONEY_ACCOUNT_NOT_POSTABLE], 'text_words.1': [WORD_NEEDS_LETTER], rule: [NO_CONDITION], vat_rate: ['Something new.'] }),
      t,
    );
    expect(fields).toEqual({ account: [t('bank.rules.errors.moneyAccount')], text_words: [t('bank.rules.errors.wordNeedsLetter')], vat_rate: ['Something new.'] });
    expect(rest).toEqual([t('bank.rules.errors.noCondition')]);
    expect(fields.account![0]).toMatch(/λογαριασμός διαθεσίμων/);
    // A conflict has no field: its message goes above.
    expect(ruleRefusal(new ApiError(409, CHANGED_MEANWHILE, undefined, true), t)).toEqual({ fields: {}, rest: [t('bank.rules.errors.changed')] });
    expect(ruleRefusal(new ApiError(409, 'Something else.', undefined, true), t)).toEqual({ fields: {}, rest: ['Something else.'] });
  });
});

describe('the CSV column mapping dialog', () => {
  it('fills from the saved mapping and sends only the amount columns of the style chosen', () => {
    const saved = { delimiter: ';' as const, header_rows: 2, date_format: 'DD.MM.YYYY' as const, decimal: ',' as const, currency: 'USD', columns: { booking_date: 'Date', debit: '4', credit: '5', description: 'Text', counterparty_iban: 'IBAN' } };
    const values = csvMappingValues(saved);
    expect(values).toMatchObject({ delimiter: ';', header_rows: 2, amount_style: 'split', currency: 'USD', columns: { booking_date: 'Date', debit: '4', credit: '5', amount: '', counterparty_iban: 'IBAN' } });
    const body = csvMappingBody({ ...values, currency: ' gbp ', columns: { ...values.columns, amount: 'Amount', value_date: ' ' } });
    expect(body).toEqual({ csv_mapping: { delimiter: ';', header_rows: 2, date_format: 'DD.MM.YYYY', decimal: ',', currency: 'GBP', columns: { booking_date: 'Date', description: 'Text', debit: '4', credit: '5', counterparty_iban: 'IBAN' } } });
    expect(csvMappingBody({ ...values, amount_style: 'signed', columns: { ...values.columns, amount: 'Amount' } }).csv_mapping!.columns).toEqual({ booking_date: 'Date', description: 'Text', amount: 'Amount', counterparty_iban: 'IBAN' });
    expect(csvMappingValues(null)).toMatchObject({ delimiter: ',', header_rows: 1, date_format: 'YYYY-MM-DD', decimal: '.', amount_style: 'signed' });
  });

  it('puts the domain’s checks under the columns they name, and the schema’s under their fields', async () => {
    const { t } = await createTestI18n('ru');
    const problems = checkCsvMapping({ headerRows: 0, dateFormat: 'YYYY-MM-DD', decimal: '.', columns: { bookingDate: '0', description: 'Text', debit: '3' } });
    const { fields, rest } = csvMappingRefusal(bad({ csv_mapping: problems, 'csv_mapping.columns.reference': ['This field may not be blank.'] }), 'split', t);
    const on = (name: string) => fields.find((f) => f.name.join('.') === name)?.errors;
    expect(on('columns.booking_date')).toEqual([t('bank.csv.errors.startAtOne')]);
    expect(on('columns.description')).toEqual([t('bank.csv.errors.numbersWithoutHeader')]);
    expect(on('columns.debit')).toEqual([t('bank.csv.errors.amountOrDebitCredit')]);
    expect(on('columns.reference')).toEqual([t('admin.validation.required')]);
    expect(rest).toEqual([]);
    expect(on('columns.debit')![0]).toMatch(/дебета/);
  });
});
