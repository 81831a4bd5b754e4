/**
 * Money is integer cents (EUR) inside and JSON numbers in euros with at most two decimals on the
 * wire. Parsing works on the decimal text, so no float ever touches an amount: 0.1+0.2 style
 * drift and exponent notation are refused rather than rounded. Rounding (line net, line VAT) is
 * half-up on integers, per line, never banker's rounding.
 */

/** A hundred billion euros: far below 2^53 cents, far above any real invoice. */
export const MAX_CENTS = 10_000_000_000_000;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const NOT_A_NUMBER = 'A valid number is required.';

const decimalText = (value: unknown): string | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'string') return value.trim();
  return undefined;
};

/**
 * Parses a non-negative decimal with at most `decimals` fractional digits into an integer scaled
 * by 10^decimals (euros → cents with 2, quantity → thousandths with 3, percent → basis points with 2).
 */
export const parseScaled = (value: unknown, decimals: number, max: number): Parsed<number> => {
  const text = decimalText(value);
  if (text === undefined || text === '') return { ok: false, error: NOT_A_NUMBER };
  if (/^-\d+(\.\d+)?$/.test(text)) return { ok: false, error: 'Ensure this value is greater than or equal to 0.' };
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { ok: false, error: NOT_A_NUMBER };
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    return { ok: false, error: `Ensure that there are no more than ${decimals} decimal places.` };
  }
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  if (whole.length > 15) return { ok: false, error: 'Ensure this value is not too large.' };
  const scaled = Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  if (!Number.isSafeInteger(scaled) || scaled > max) return { ok: false, error: 'Ensure this value is not too large.' };
  return { ok: true, value: scaled };
};

/** Euros (number or numeric string, max two decimals, non-negative) → integer cents. */
export const parseEuros = (value: unknown): Parsed<number> => parseScaled(value, 2, MAX_CENTS);

/** A VAT rate in percent (e.g. 19 or 5.5) → basis points (1900, 550); at most 100%. */
export const parseVatRate = (value: unknown): Parsed<number> => {
  const parsed = parseScaled(value, 2, 1_000_000);
  if (parsed.ok && parsed.value > 10_000) return { ok: false, error: 'Ensure this value is less than or equal to 100.' };
  return parsed;
};

/** A quantity with at most three decimals → thousandths; must be positive. */
export const parseQuantity = (value: unknown): Parsed<number> => {
  const parsed = parseScaled(value, 3, 1_000_000_000);
  if (parsed.ok && parsed.value === 0) return { ok: false, error: 'Ensure this value is greater than 0.' };
  return parsed;
};

/** Cents → the wire number in euros. Integer cents / 100 prints as the exact two-decimal text. */
export const centsToEuros = (cents: number): number => {
  if (!Number.isSafeInteger(cents)) throw new Error(`cents must be a safe integer, got ${cents}`);
  return cents / 100;
};

/** Basis points → percent on the wire (1900 → 19, 550 → 5.5). */
export const bpToPercent = (bp: number): number => bp / 100;

/** Thousandths → the quantity number (2500 → 2.5). */
export const milliToQuantity = (milli: number): number => milli / 1000;

/** The quantity as thousandths; quantities on events are plain numbers with up to 3 decimals. */
export const quantityToMilli = (quantity: number): number => Math.round(quantity * 1000);

/** round(numerator / denominator) half away from zero, exact on integers of any size. */
export const divRoundHalfUp = (numerator: bigint, denominator: bigint): number => {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return Number(negative ? -q : q);
};

export interface LineAmounts {
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/** One invoice line: net = quantity × unit price, VAT = net × rate, each rounded half-up to the cent. */
export const lineAmounts = (quantityMilli: number, unitPriceCents: number, vatRateBp: number): LineAmounts => {
  const netCents = divRoundHalfUp(BigInt(quantityMilli) * BigInt(unitPriceCents), 1000n);
  const vatCents = divRoundHalfUp(BigInt(netCents) * BigInt(vatRateBp), 10_000n);
  return { netCents, vatCents, grossCents: netCents + vatCents };
};

export const sumAmounts = (lines: LineAmounts[]): LineAmounts =>
  lines.reduce(
    (acc, l) => ({ netCents: acc.netCents + l.netCents, vatCents: acc.vatCents + l.vatCents, grossCents: acc.grossCents + l.grossCents }),
    { netCents: 0, vatCents: 0, grossCents: 0 },
  );

const euroFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** German number format, as the spec displays money: 2.380,00 €. */
export const formatEuros = (cents: number): string => euroFormat.format(centsToEuros(cents));
