import { describe, expect, it } from 'vitest';
import { currencyLabel, currencySymbol, formatAmount, formatAmountCents, formatEuros, formatMoney } from './format';

// Intl separates the groups of ru (and some of el's) with no-break spaces: compared as spaces.
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatAmount: an amount in its currency', () => {
  it.each(['en', 'el', 'ru'])('writes euros in the spec’s German format whatever the language (%s), as formatEuros and formatMoney do', (lng) => {
    expect(spaced(formatAmount(2000, 'EUR', lng))).toBe('2.000,00 €');
    expect(formatAmount(1234.5, 'EUR', lng)).toBe(formatEuros(1234.5));
    expect(formatAmountCents(238_099, 'EUR', lng)).toBe(formatMoney(238_099));
    expect(spaced(formatAmount(0.99, 'EUR', lng))).toBe('0,99 €');
  });

  it.each([
    ['en', '$1,000.00'],
    ['el', '1.000,00 $'],
    ['ru', '1 000,00 $'],
  ])('writes another currency in the screen language’s number format with its symbol (%s: %s)', (lng, text) => {
    expect(spaced(formatAmount(1000, 'USD', lng))).toBe(text);
  });

  it('keeps each currency’s own decimals and symbol', () => {
    expect(formatAmount(1234.5, 'USD', 'en')).toBe('$1,234.50');
    expect(formatAmount(1000, 'JPY', 'en')).toBe('¥1,000');
    expect(formatAmount(99.99, 'GBP', 'en')).toBe('£99.99');
    expect(spaced(formatAmount(1500, 'CHF', 'ru'))).toBe('1 500,00 CHF');
    expect(formatAmountCents(123_456, 'USD', 'en')).toBe('$1,234.56');
  });

  it('names a currency’s symbol and label in the screen’s language', () => {
    expect(currencySymbol('EUR', 'en')).toBe('€');
    expect(currencySymbol('USD', 'en')).toBe('$');
    expect(currencySymbol('USD', 'ru')).toBe('$');
    expect(currencyLabel('USD', 'en')).toBe('USD · US Dollar');
    expect(currencyLabel('USD', 'el')).toBe('USD · Δολάριο ΗΠΑ');
    expect(currencyLabel('USD', 'ru')).toBe('USD · доллар США');
  });
});
