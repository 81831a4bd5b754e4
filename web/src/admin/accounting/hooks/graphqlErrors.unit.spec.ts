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
    const plain = new CombinedGraphQLErrors({ errors: [{ message: 'Please correct the errors below.', extensions: { fieldErrors: { amount: ['Too much.'] } } }] });
    expect(refusalText(plain)).toBe('Please correct the errors below. Too much.');
  });
});
