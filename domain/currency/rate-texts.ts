/**
 * The bounds of a rate and the words refusing one: apart from the arithmetic (decimal.js), so the
 * web's rate form can name them without loading it.
 */

/** The most decimals a rate may have (the ECB's have at most five: GBP 0.86835). */
export const RATE_DECIMALS = 6;
/** The largest rate accepted: far above any the ECB has published (IDR near 20,000). */
export const MAX_RATE = 1_000_000;

export const RATE_REQUIRED = 'Enter the rate: how many units of the currency one euro buys.';
export const RATE_NOT_POSITIVE = 'A rate must be greater than 0.';
export const RATE_TOO_MANY_DECIMALS = `A rate has at most ${RATE_DECIMALS} decimals.`;
export const RATE_TOO_LARGE = `A rate cannot exceed ${MAX_RATE.toLocaleString('en')}.`;
export const RATE_NOT_A_NUMBER = 'A rate is a number such as 1.0856.';
