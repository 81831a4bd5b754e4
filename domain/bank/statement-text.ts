/**
 * What every statement reader shares: amounts from decimal text to integer minor units (never
 * through a float), calendar days, IBANs, and the XML guard that runs on the raw text before any
 * XML parser sees it.
 */
import { isIsoDate } from '../shared/dates';
import { MAX_AMOUNT_CENTS, MAX_AMOUNT_TEXT } from '../shared/money';
import { StatementFileError } from './statement';
import { xmlDeclarationIn } from '../shared/xml-guard';

/** A currency's code and minor unit: see domain/currency. */
export { isCurrencyCode, minorUnits } from '../currency/currencies';

/**
 * A decimal amount as a file writes it ("1234.56", "-12,5", "100,") → signed integer minor units.
 * `separator` is the file's decimal mark; `grouping` (a CSV's "1.234,56") allows groups of three
 * digits split by the other mark. Exact: the digits are read as a BigInt, so "1.005" in euros is
 * refused with the amount named instead of becoming 1.00 or 1.01.
 */
export const parseAmount = (
  text: string,
  options: { separator: '.' | ','; decimals: number; where: string; grouping?: boolean },
): number => {
  const { separator, decimals, where } = options;
  const trimmed = text.trim();
  const sign = trimmed.startsWith('-') ? -1n : 1n;
  let body = trimmed.replace(/^[+-]/, '');
  if (options.grouping) {
    // Thousands grouped by the other mark (or a space or apostrophe), before the decimal separator.
    const grouped = (separator === ',' ? /^\d{1,3}(?:[. '\u00a0\u202f]\d{3})+(?=$|,)/ : /^\d{1,3}(?:[, '\u00a0\u202f]\d{3})+(?=$|\.)/).exec(body);
    if (grouped) body = grouped[0].replace(/\D/g, '') + body.slice(grouped[0].length);
  }
  const match = (separator === ',' ? /^(\d+)(?:,(\d*))?$/ : /^(\d+)(?:\.(\d*))?$/).exec(body);
  if (!match) throw new StatementFileError(`"${text}" is not an amount`, where);
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    throw new StatementFileError(`"${text}" has more than ${decimals} decimals, which the currency does not have`, where);
  }
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const minor = whole.length > 20 ? undefined : BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (minor === undefined || minor > BigInt(MAX_AMOUNT_CENTS)) {
    throw new StatementFileError(`"${text}" is above ${MAX_AMOUNT_TEXT}`, where);
  }
  return Number(sign * minor);
};

/** A calendar day from its parts, refused unless it exists (no 2025-02-30, no month 13). */
export const calendarDay = (year: number, month: number, day: number, where: string, written: string): string => {
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (!isIsoDate(iso)) throw new StatementFileError(`"${written}" is not a date`, where);
  return iso;
};

/** A day written as YYYY-MM-DD, or the day of a date-time written from it ("2025-03-01T10:00:00+01:00"). */
export const isoDay = (text: string, where: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(text.trim());
  if (!match) throw new StatementFileError(`"${text}" is not a date`, where);
  return calendarDay(Number(match[1]), Number(match[2]), Number(match[3]), where, text);
};

export { lineAt } from '../shared/xml-guard';

/** Refuses a statement file holding a DOCTYPE or ENTITY declaration (see xmlDeclarationIn), naming its line. */
export const refuseXmlDeclarations = (text: string): void => {
  const found = xmlDeclarationIn(text);
  if (found) throw new StatementFileError(`an XML ${found.kind} declaration is not allowed in a statement file (entities are never resolved)`, `line ${found.line}`);
};

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * XML's five predefined entities and character references, decoded by hand because the parser runs
 * with entity processing off. Any other `&name;` would need a DTD, which is refused, so it stays text.
 */
export const decodeXmlText = (text: string): string =>
  text.includes('&')
    ? text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
        if (!name.startsWith('#')) return PREDEFINED[name] ?? whole;
        const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
      })
    : text;

/** Runs of white space as one space, trimmed: how a description is kept whatever the file's line breaks. */
export const collapseSpaces = (text: string): string => text.replace(/\s+/g, ' ').trim();
