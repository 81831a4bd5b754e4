import dayjs from 'dayjs';
import { DATE_FORMAT } from './dateLocale';

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** Money as the spec shows it: euros in German number format ("2.000,00 €"), from integer cents. */
export const formatMoney = (cents: number): string => euro.format(cents / 100);

/** The same format for an amount that arrives in euros (the GraphQL and REST wire unit). */
export const formatEuros = (euros: number): string => euro.format(euros);

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
