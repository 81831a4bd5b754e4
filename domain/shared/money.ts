/**
 * Money is integer cents (EUR) inside and JSON numbers in euros with at most two decimals on the
 * wire. Parsing works on the decimal text, so no float ever touches an amount: 0.1+0.2 style
 * drift and exponent notation are refused rather than rounded. Rounding (line net, line VAT) is
 * half-up on integers, per line, never banker's rounding.
 */
import { trimEnd } from './text';

/**
 * Bounds that keep every amount exact. A JavaScript number holds integers exactly only up to
 * Number.MAX_SAFE_INTEGER (2^53 − 1 = 9,007,199,254,740,991 cents, about €90 trillion), and every
 * figure passes through one on its way to an answer (PostgreSQL's bigint sums hold more, but are
 * read back as numbers). The worst case is a sum: a line is quantity × price plus VAT, an invoice
 * sums its lines, and an account, a client or a VAT box sums every document ever posted to it. So:
 *
 * - One amount a person enters or a document carries (a price, a line's amount with VAT, an
 *   invoice's or credit note's total, a payment, a refund, credit applied, a journal line and a
 *   journal entry's total) is at most MAX_AMOUNT_CENTS, €1,000,000,000.00 (10^11 cents). A line
 *   is computed exactly in BigInt first (quantity ≤ 1,000,000 × price ≤ 10^11 cents is ≤ 10^20,
 *   beyond a number, never beyond a BigInt) and refused when it is above the bound.
 * - VAT is at most 100 %, so no figure of a document (net, VAT, gross) exceeds its bounded gross.
 * - A sum over documents then stays exact up to 90,071 documents at the very maximum each posted
 *   to one account (9,007 × 10^11 < 2^53 / 10), or 9 million documents of €10 million: far beyond
 *   the books of any company this product serves, whose whole history is summed by reports.
 *
 * Amounts already stored above the bound but exact stay readable; only new input is refused.
 */
export const MAX_AMOUNT_CENTS = 100_000_000_000;
/** The largest quantity of a line (three decimals: stored as thousandths up to 10^9). */
export const MAX_QUANTITY = 1_000_000;
/** The bound as people read it in messages: 1,000,000,000.00 (euros). */
export const MAX_AMOUNT_TEXT = '1,000,000,000.00';

/** The message that refuses an amount above MAX_AMOUNT_CENTS; `what` names it ("A line's amount with VAT"). */
export const amountTooLarge = (what: string): string => `${what} cannot exceed ${MAX_AMOUNT_TEXT}.`;

/** The refusal of a payment, refund or credit applied above the bound. */
export const AMOUNT_TOO_LARGE = amountTooLarge('An amount');

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
  // Compared as exact integers (BigInt), so a long number is refused with the limit, never rounded
  // first; more than 20 digits is above every bound without being read.
  const scaled = whole.length > 20 ? undefined : BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (scaled === undefined || scaled > BigInt(max)) return { ok: false, error: `Ensure this value is less than or equal to ${scaledText(max, decimals)}.` };
  return { ok: true, value: Number(scaled) };
};

/** A bound scaled by 10^decimals as the plain decimal people type: 100000000000 with 2 → 1000000000. */
const scaledText = (max: number, decimals: number): string => {
  const text = String(max).padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = trimEnd(text.slice(text.length - decimals), '0');
  return fraction ? `${whole}.${fraction}` : whole;
};

/** Euros (number or numeric string, max two decimals, non-negative) → integer cents, at most MAX_AMOUNT_CENTS. */
export const parseEuros = (value: unknown): Parsed<number> => parseScaled(value, 2, MAX_AMOUNT_CENTS);

/** Euros that may be negative (a discount line of an imported bill) → signed integer cents; the domain decides whether the sign is allowed. */
export const parseSignedEuros = (value: unknown): Parsed<number> => {
  const text = decimalText(value);
  const negative = text !== undefined && /^-\d/.test(text);
  const parsed = parseEuros(negative ? text!.slice(1) : value);
  return parsed.ok && negative ? { ok: true, value: -parsed.value } : parsed;
};

/**
 * An amount as a person types it → signed cents, or null when it is not an amount: "-119", "−119,00",
 * "1.234,56" and "1234.56" all read; at most two decimals.
 */
export const typedCents = (typed: string): number | null => {
  let text = typed.replace(/[\s\u00a0€]/g, '').replace(/^[\u2212\u2013]/, '-');
  const negative = text.startsWith('-');
  if (negative || text.startsWith('+')) text = text.slice(1);
  // With both marks, the last one is the decimal mark; with a comma alone, the comma is.
  const comma = text.lastIndexOf(',');
  const dot = text.lastIndexOf('.');
  if (comma > dot) text = text.replace(/\./g, '').replace(',', '.');
  else if (comma >= 0) text = text.replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const parsed = parseEuros(text);
  if (!parsed.ok) return null;
  return negative ? -parsed.value : parsed.value;
};

/** A VAT rate in percent (e.g. 19 or 5.5) → basis points (1900, 550); at most 100%. */
export const parseVatRate = (value: unknown): Parsed<number> => {
  const parsed = parseScaled(value, 2, 1_000_000);
  if (parsed.ok && parsed.value > 10_000) return { ok: false, error: 'Ensure this value is less than or equal to 100.' };
  return parsed;
};

/** A quantity with at most three decimals → thousandths; must be positive. */
export const parseQuantity = (value: unknown): Parsed<number> => {
  const parsed = parseScaled(value, 3, MAX_QUANTITY * 1000);
  if (parsed.ok && parsed.value === 0) return { ok: false, error: 'Ensure this value is greater than 0.' };
  return parsed;
};

/**
 * Where a stored document holds an amount that is not exact: every field named `…Cents` must be a
 * safe integer (an event written before the bounds could carry 1,000 × 99,999,999,999.99 euros,
 * which no number holds exactly). Paths like `totals.grossCents` or `lines.0.netCents`, the first
 * few only. Read models refuse to fold such an event (they report it instead of answering 500).
 */
export const inexactAmounts = (data: unknown, limit = 5): string[] => {
  const found: string[] = [];
  // Every read model screens every event it is given: the path is spelled out only for a find.
  const path: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (found.length >= limit || depth > 8 || value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (typeof child === 'number') {
        if (key.endsWith('Cents') && !Number.isSafeInteger(child)) found.push([...path, key].join('.'));
      } else if (child !== null && typeof child === 'object') {
        path.push(key);
        visit(child, depth + 1);
        path.pop();
      }
      if (found.length >= limit) return;
    }
  };
  visit(data, 0);
  return found;
};

/**
 * Cents → the wire number in euros. Integer cents / 100 prints as the exact two-decimal text.
 * Every stored amount is a safe integer (the bounds above; read models pass over an event with an
 * inexact one), so only a sum can exceed 2^53 (past 90,071 documents at the bound on one
 * account): it is answered as the nearest number, within a cent or two, rather than failing the
 * whole list or report. A fraction or NaN is a programming error and still throws.
 */
export const centsToEuros = (cents: number): number => {
  if (!Number.isInteger(cents)) throw new Error(`cents must be an integer, got ${cents}`);
  return cents / 100;
};

/** Basis points → percent on the wire (1900 → 19, 550 → 5.5). */
/** Cents as a plain decimal text, "-1234.50": exact (no float), for CSV files and XML. */
export const centsToDecimal = (cents: number): string => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

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

/** The locale a language writes numbers in (documents and mails are in en, el or ru). */
const LOCALES: Record<string, string> = { en: 'en-GB', el: 'el-GR', ru: 'ru-RU' };

/**
 * An amount (cents of its currency) as documents print it: euros as the spec shows them whatever
 * the language (2.380,00 €); another currency with its symbol in the language's number format
 * (US$1,000.00 in English, 1.000,00 $ in Greek, 1 000,00 $ in Russian). Never rounded: a yen
 * amount keeps a fraction it has.
 */
export const formatAmount = (cents: number, currency: string, language: string): string =>
  currency === 'EUR' ? formatEuros(cents) : new Intl.NumberFormat(LOCALES[language] ?? 'en-GB', { style: 'currency', currency, maximumFractionDigits: 2 }).format(centsToEuros(cents));
