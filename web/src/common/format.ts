import dayjs from 'dayjs';
import { DATE_FORMAT } from './dateLocale';
import { BOOKS_CURRENCY } from '../../../domain/currency/currencies';

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** Money as the spec shows it: euros in German number format ("2.000,00 €"), from integer cents. */
export const formatMoney = (cents: number): string => euro.format(cents / 100);

/** The same format for an amount that arrives in euros (the GraphQL and REST wire unit). */
export const formatEuros = (euros: number): string => euro.format(euros);

/** The books' currency: its amounts keep the spec's German format in every language. */
export const EURO = BOOKS_CURRENCY;

const currencyFormats = new Map<string, Intl.NumberFormat>();
const currencyFormat = (currency: string, language: string): Intl.NumberFormat => {
  const key = `${language}|${currency}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'currency', currency });
    currencyFormats.set(key, format);
  }
  return format;
};

/**
 * An amount of a document in its currency, in that currency's major unit (the wire's: 1000 is a
 * thousand dollars). Euros exactly as `formatEuros` ("2.000,00 €") whatever the language; another
 * currency in the screen language's number format with its symbol and its own decimals: en
 * "$1,000.00", el "1.000,00 $", ru "1 000,00 $", en "¥1,000".
 */
export const formatAmount = (amount: number, currency: string, language: string): string =>
  // An answer that names no currency (written before currencies) is in euros.
  !currency || currency === EURO ? euro.format(amount) : currencyFormat(currency, language).format(amount);

/** The same from integer hundredths (the line editor's cents). */
export const formatAmountCents = (cents: number, currency: string, language: string): string => formatAmount(cents / 100, currency, language);

/** A currency's symbol as the language writes it beside an amount ("€", "$", "CHF"): an amount field's prefix. */
export const currencySymbol = (currency: string, language: string): string =>
  currency === EURO ? '€' : (currencyFormat(currency, language).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency);

/** A currency's name in the screen's language ("US dollar", "Δολάριο ΗΠΑ"); the code when unknown. */
export const currencyName = (currency: string, language: string): string => {
  try {
    return new Intl.DisplayNames([language], { type: 'currency' }).of(currency) ?? currency;
  } catch {
    return currency;
  }
};

/** A currency as a select or a card names it: "USD · US dollar". */
export const currencyLabel = (currency: string, language: string): string => `${currency} · ${currencyName(currency, language)}`;

const figure = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 });

/** A quantity or rate in the German number format the amounts use ("1,5", "19"), up to 3 decimals. */
export const formatQuantity = (value: number): string => figure.format(value);

/** A whole-euro amount inside a sentence, written the way the reader's language writes it ("€4,000" in English). */
export const formatWholeEuros = (cents: number, lng: string): string =>
  new Intl.NumberFormat(lng, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(Math.round(cents / 100));

/** Dates as the spec shows them: 'dd / MMMM / yyyy', month named in the current dayjs locale (genitive in el and ru). */
export const formatDate = (date: dayjs.ConfigType): string => dayjs(date).format(DATE_FORMAT);

export { localToday } from './today';

/** A country's name in the screen's language (the browser's CLDR data); the code when unknown. */
export const countryName = (code: string, language: string): string => {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};
