import { formatMoney } from '../../../common/format';

/** Wire amounts are euros with at most two decimals; everything shown or summed works in cents. */
export const eurosToCents = (euros: number | null | undefined): number =>
  euros == null || !Number.isFinite(euros) ? 0 : Math.round(euros * 100);

/** A signed statement amount: negatives in parentheses, the accounting convention ("(1.500,55 €)"). */
export const statementAmount = (cents: number): string => (cents < 0 ? `(${formatMoney(-cents)})` : formatMoney(cents === 0 ? 0 : cents));

/** Plain decimal euros for CSV files ("-1500.55"), so spreadsheets read them as numbers. */
export const csvAmount = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** A short day for column headings (dd.mm.yyyy), where the long form would not fit beside the amounts. */
export const shortDay = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
