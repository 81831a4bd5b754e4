import fs from 'node:fs';
import path from 'node:path';
import { CombinedGraphQLErrors } from '@apollo/client';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { IBAN_TAKEN, LEDGER_CODES_FULL, LEDGER_NAME_TAKEN, NAME_MAX_LENGTH } from '../../../../domain/bank/money-account';
import { TOO_LONG } from '../../../../domain/shared/errors';
import { fillWording } from '../../../../domain/shared/wording';
import { createTestI18n, readLocale } from '../../../../test/web-i18n';
import { expectTranslated } from '../../../../test/web-server-texts';
import { deleteRefusalText, moneyAccountRefusal, SERVER_TEXT_KEYS, SERVER_WORDING_KEYS } from './moneyAccountErrors';

const root = path.resolve(import.meta.dirname, '../../../..');
/** Messages of that service that are not this screen's: a payment's deposit account, worded by the payment dialogs. */
const NOT_THIS_SCREEN = ['A card payment settles through Stripe, not into a bank account.', 'Choose one of the bank accounts or cash on hand.', 'Please correct the errors below.'];

const refusal = (message: string, fieldErrors?: Record<string, string[]>) =>
  new CombinedGraphQLErrors({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', ...(fieldErrors ? { fieldErrors } : {}) } }] });

describe('the money account refusals in the language of the screen', () => {
  beforeAll(async () => {
    // graphqlErrors words the generic lead with the global instance.
    await i18n.init({
      lng: 'en',
      fallbackLng: 'en',
      resources: { en: { translation: readLocale('en') }, el: { translation: readLocale('el') }, ru: { translation: readLocale('ru') } },
      interpolation: { escapeValue: false },
    });
  });

  it('knows every sentence the money account service and its checks refuse with, each worded in en, and in el and ru apart from en', () => {
    const sources = ['api/bank/money-account.service.ts', 'domain/bank/money-account.ts', 'domain/billing/bank.ts'].map((f) => fs.readFileSync(path.join(root, f), 'utf8')).join('\n');
    // Every literal sentence of those files ("Bank account not found.", "Another bank account has this IBAN.").
    const sentences = [...sources.matchAll(/'([A-Z][^'\n]*[.)])'/g)].map((m) => m[1]!).filter((s) => s.includes(' ') && !NOT_THIS_SCREEN.includes(s));
    expect(sentences.length).toBeGreaterThan(10);
    expect(sentences.filter((s) => !SERVER_TEXT_KEYS[s])).toEqual([]);
    // The service keeps no sentence of its own: each is the domain's, which the table imports.
    expect(fs.readFileSync(path.join(root, 'api/bank/money-account.service.ts'), 'utf8')).not.toMatch(/'Bank account not found\.'|'Another bank account has this IBAN\.'/);
    expectTranslated(SERVER_TEXT_KEYS);
    expectTranslated(SERVER_WORDING_KEYS);
  });

  it('puts field errors under the dialog’s fields (GraphQL input paths too) and keeps the rest for above it', async () => {
    const { t } = await createTestI18n('el');
    const err = refusal('Please correct the errors below.', {
      iban: [IBAN_TAKEN],
      'input.name': [LEDGER_NAME_TAKEN],
      depositedTo: ['Something else.'],
    });
    expect(moneyAccountRefusal(err, t)).toEqual({
      fields: { iban: ['Αυτό το IBAN το έχει ήδη άλλος τραπεζικός λογαριασμός.'], name: ['Υπάρχει ήδη λογαριασμός με αυτό το όνομα στο λογιστικό σχέδιο.'] },
      rest: ['Something else.'],
    });
    // No field: the message itself, worded when known, as the server wrote it otherwise.
    expect(moneyAccountRefusal(refusal(LEDGER_CODES_FULL), t)).toEqual({
      fields: {},
      rest: ['Όλοι οι κωδικοί καθολικού από 1001 έως 1099 είναι κατειλημμένοι: ελευθερώστε πρώτα έναν στο λογιστικό σχέδιο.'],
    });
    expect(moneyAccountRefusal(refusal('Something new.'), t).rest).toEqual(['Something new.']);
    // A text with a value in it: worded with the value.
    expect(moneyAccountRefusal(refusal('Please correct the errors below.', { name: [fillWording(TOO_LONG, { max: NAME_MAX_LENGTH })] }), t).fields).toEqual({ name: ['Έως 100 χαρακτήρες.'] });
  });

  it('words a refused delete by its reason, the default account’s by its field', async () => {
    const { t } = await createTestI18n('ru');
    expect(deleteRefusalText(refusal('The books’ own Bank and Cash on Hand accounts cannot be deleted.'), t)).toBe('Счета Bank и Cash on Hand принадлежат самим книгам, удалить их нельзя.');
    expect(deleteRefusalText(new CombinedGraphQLErrors({ errors: [{ message: 'This account has postings and cannot be deleted.', extensions: { code: 'CONFLICT' } }] }), t)).toBe(
      'По этому счёту есть проводки, удалить его нельзя.',
    );
    expect(deleteRefusalText(refusal('Please correct the errors below.', { isDefault: ['Make another bank account the default before deleting this one.'] }), t)).toBe(
      'Прежде чем удалить этот счёт, сделайте счётом по умолчанию другой банковский счёт.',
    );
  });
});
