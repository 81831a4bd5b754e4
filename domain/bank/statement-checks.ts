/**
 * What a statement must prove before anything of it is written: that its lines take the opening
 * balance to the closing one, and which of its lines the books already hold (the de-duplication key).
 */
import { formatEuros } from '../shared/money';
import { StatementFileError, type Statement, type StatementLine } from './statement';
import { minorUnits } from './statement-text';

/** An amount in minor units as people read it: the house format for euros, else the plain decimal and the code. */
export const formatAmount = (minor: number, currency: string): string => {
  if (currency === 'EUR') return formatEuros(minor);
  const decimals = minorUnits(currency);
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${minor < 0 ? '-' : ''}${whole}${fraction} ${currency}`;
};

/** Why opening + lines is not closing, in the statement's currency, or null when it adds up. */
export const balanceMismatch = (openingCents: number, lines: readonly StatementLine[], closingCents: number, currency: string): string | null => {
  const expected = openingCents + lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (expected === closingCents) return null;
  const f = (minor: number): string => formatAmount(minor, currency);
  return (
    `the opening balance ${f(openingCents)} plus the lines gives ${f(expected)}, ` +
    `but the closing balance is ${f(closingCents)} (a difference of ${f(closingCents - expected)})`
  );
};

/**
 * Refuses a statement whose lines do not take the opening balance to the closing one. A CSV file
 * has no balances and nothing to prove; an OFX file's opening is derived from its closing, so it
 * always adds up (see ofx.ts).
 */
export const checkBalances = (statement: Statement): void => {
  const { opening, closing } = statement;
  if (opening === null || closing === null) return;
  const mismatch = balanceMismatch(opening.cents, statement.lines, closing.cents, statement.currency);
  if (mismatch) throw new StatementFileError(mismatch, `statement ${statement.statementId ?? ''}`.trim());
};

/** Field separator of the canonical text: a control character no bank writes into a field. */
const SEPARATOR = '\u001f';

/**
 * One key per line, stable across files, so importing the same or an overlapping statement again
 * adds nothing. The bank's own entry reference when it gives one; else the line's booking date,
 * amount, counterparty IBAN, reference and description. Lines that share a key in the file (two
 * equal card payments on one day, or the transactions of one batch entry sharing its reference)
 * are told apart by their position among them: the second gets "#2". The key is the canonical text,
 * not a hash; the caller may hash it to store it.
 */
export const lineKeys = (iban: string | null, lines: readonly StatementLine[]): string[] => lines.map(lineKeyer(iban));

/** lineKeys one line at a time, in the file's order: each call is given the next line. */
export const lineKeyer = (iban: string | null): ((line: StatementLine) => string) => {
  const seen = new Map<string, number>();
  return (line) => {
    const base = [
      iban ?? '',
      ...(line.bankReference !== null
        ? ['bank', line.bankReference]
        : ['line', line.bookingDate, String(line.amountCents), line.counterpartyIban ?? '', line.reference ?? '', line.description]),
    ].join(SEPARATOR);
    const position = (seen.get(base) ?? 0) + 1;
    seen.set(base, position);
    return position === 1 ? base : `${base}#${position}`;
  };
};
