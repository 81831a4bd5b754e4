/**
 * Currencies: the books' own (EUR), the ones a client may be invoiced in, and the size of each
 * currency's minor unit. Amounts of every currency are integers in its minor unit inside.
 */

/** The currency the books are kept in: every posting's amount, every report. */
export const BOOKS_CURRENCY = 'EUR';

/**
 * The currencies the European Central Bank publishes a euro reference rate for, in its own order
 * (the columns of its files). The Bulgarian lev left the list when Bulgaria adopted the euro on
 * 1 January 2026; its past rates still import, and documents dated before then may use it.
 */
export const ECB_CURRENCIES = [
  'USD', 'JPY', 'CZK', 'DKK', 'GBP', 'HUF', 'PLN', 'RON', 'SEK', 'CHF', 'ISK', 'NOK', 'TRY', 'AUD', 'BRL', 'CAD',
  'CNY', 'HKD', 'IDR', 'ILS', 'INR', 'KRW', 'MXN', 'MYR', 'NZD', 'PHP', 'SGD', 'THB', 'ZAR',
] as const;

/** The currencies a client may have: the books' own and every one with an ECB reference rate. */
export const CLIENT_CURRENCIES: readonly string[] = [BOOKS_CURRENCY, ...ECB_CURRENCIES];

export const isClientCurrency = (code: string): boolean => CLIENT_CURRENCIES.includes(code);

/** The refusals of a client's currency (the client form words them in its language). */
export const CLIENT_CURRENCY_INVALID = 'Choose the euro or a currency the ECB publishes a reference rate for.';
export const CLIENT_CURRENCY_FIXED = 'The currency of a client with invoices or subscriptions cannot change: its documents are in it.';

/** Three capital letters, as ISO 4217 writes a currency. */
export const isCurrencyCode = (text: string): boolean => /^[A-Z]{3}$/.test(text);

/**
 * Decimals of a currency's minor unit (ISO 4217). An amount is an integer in that unit; an amount
 * written with more decimals than the currency has is refused, not rounded.
 */
const ZERO_DECIMALS = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMALS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

export const minorUnits = (currency: string): number => (ZERO_DECIMALS.has(currency) ? 0 : THREE_DECIMALS.has(currency) ? 3 : 2);
