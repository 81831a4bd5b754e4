import { CombinedGraphQLErrors } from '@apollo/client';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLocale } from '../../../../../test/web-i18n';
import '../../../common/dateLocale';
import { fieldErrorsOf, messageOf, reasonText, refusalText } from './graphqlErrors';

const locked = (date: string) =>
  new CombinedGraphQLErrors({
    errors: [
      {
        message: `The books are locked up to ${date}.`,
        extensions: { code: 'BAD_USER_INPUT', reason: 'BOOKS_LOCKED', params: { date }, fieldErrors: { date: [`The books are locked up to ${date}.`] } },
      },
    ],
  });

describe('refusals the server gives a reason for, in the language of the screen', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'en', fallbackLng: 'en', resources: { en: { translation: readLocale('en') }, el: { translation: readLocale('el') }, ru: { translation: readLocale('ru') } }, interpolation: { escapeValue: false } });
  });

  it.each([
    ['en', 'The books are locked up to 31 / December / 2025.'],
    ['el', 'Τα βιβλία είναι κλειδωμένα έως 31 / Δεκεμβρίου / 2025.'],
    ['ru', 'Книги закрыты по 31 / декабря / 2025.'],
  ])('%s: the lock refusal on the message and on the date field, the day in the app format', async (lng, text) => {
    await i18n.changeLanguage(lng);
    const err = locked('2025-12-31');
    expect(messageOf(err)).toBe(text);
    expect(fieldErrorsOf(err)).toEqual({ date: [text] });
    expect(refusalText(err)).toBe(text);
  });

  it('words every period parameter as a day, and leaves errors without a known reason as the server worded them', async () => {
    await i18n.changeLanguage('ru');
    expect(reasonText({ reason: 'YEAR_CLOSED', params: { from: '2025-01-01', to: '2025-12-31' } })).toBe(
      'Финансовый год 01 / января / 2025 – 31 / декабря / 2025 закрыт: откройте его снова, прежде чем открывать любую его часть.',
    );
    expect(reasonText({ reason: 'REASON_REQUIRED' })).toBe('Укажите причину повторного открытия года.');
    expect(reasonText({ code: 'BAD_USER_INPUT' })).toBeUndefined();
    const plain = new CombinedGraphQLErrors({ errors: [{ message: 'The amount is too large.', extensions: { fieldErrors: { amount: ['Too much.'] } } }] });
    expect(refusalText(plain)).toBe('The amount is too large. Too much.');
    // The lead above field errors is the one the web knows: in the screen's language, the unknown detail as sent.
    const lead = new CombinedGraphQLErrors({ errors: [{ message: 'Please correct the errors below.', extensions: { fieldErrors: { amount: ['Too much.'] } } }] });
    expect(refusalText(lead)).toBe('Исправьте ошибки ниже. Too much.');
  });

  // As the server sends them: class-validator's refusal of an input field (format-error's flattened
  // fieldErrors under the generic lead) and cleanArg's refusal of a scalar argument (its own message).
  const unclean = (fieldErrors: Record<string, string[]>, message = 'Please correct the errors below.') =>
    new CombinedGraphQLErrors({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', fieldErrors } }] });

  it.each([
    ['en', 'This field may not contain control characters.', 'This field must be a single line.', 'This field contains a character that is not valid text.', 'Please correct the errors below.'],
    ['el', 'Το πεδίο δεν μπορεί να περιέχει χαρακτήρες ελέγχου.', 'Το πεδίο πρέπει να είναι μία γραμμή.', 'Το πεδίο περιέχει χαρακτήρα που δεν είναι έγκυρο κείμενο.', 'Διορθώστε τα σφάλματα παρακάτω.'],
    ['ru', 'Поле не может содержать управляющие символы.', 'Поле должно занимать одну строку.', 'Поле содержит символ, который не является допустимым текстом.', 'Исправьте ошибки ниже.'],
  ])("%s: words the server's clean-text field errors, and the lead above them, in the screen's language", async (lng, control, oneLine, notText, lead) => {
    await i18n.changeLanguage(lng);
    const err = unclean({ 'input.reason': ['This field may not contain control characters.'], 'input.items.0.description': ['This field must be a single line.'] });
    expect(fieldErrorsOf(err)).toEqual({ 'input.reason': [control], 'input.items.0.description': [oneLine] });
    expect(messageOf(err)).toBe(lead);
    expect(refusalText(err)).toBe(`${lead} ${control} ${oneLine}`);
    // A scalar argument's refusal is the clean-text message itself, said once.
    const arg = unclean({ reason: ['This field contains a character that is not valid text.'] }, 'This field contains a character that is not valid text.');
    expect(messageOf(arg)).toBe(notText);
    expect(refusalText(arg)).toBe(notText);
  });

  it('leaves any other field error as the server wrote it, beside a translated one', async () => {
    await i18n.changeLanguage('el');
    const err = unclean({ 'input.reason': ['This field may not contain control characters.'], 'input.date': ['A write-off cannot be dated before its invoice.'] });
    expect(fieldErrorsOf(err)).toEqual({ 'input.reason': ['Το πεδίο δεν μπορεί να περιέχει χαρακτήρες ελέγχου.'], 'input.date': ['A write-off cannot be dated before its invoice.'] });
  });
});
