import { ValidationError } from '../shared/errors';

/**
 * ISO 11649 structured creditor references ("RF" + two check digits + up to 21 letters and digits).
 * A payer who copies the reference into a bank transfer hands it back to us in the statement, so a
 * payment names its invoice exactly. The check digits catch every digit typed for another, every
 * letter typed for another and every swap of two neighbouring digits, which is why only references
 * whose digits are right are ever used.
 */

const MAX_BODY_LENGTH = 21;
const BODY_PATTERN = /^[A-Z0-9]{1,21}$/;

/** Upper case, no white space: the electronic form a reference is compared in. */
const electronic = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

// Letters count as 10..35 (A = 10), as in IBANs; the remainder is taken digit by digit so a body
// of 21 letters (a number of 48 digits) never leaves safe integers.
const mod97 = (text: string): number => {
  let rest = 0;
  for (const char of text) {
    const value = char <= '9' ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
};

const checkDigits = (body: string): string => String(98 - mod97(`${body}RF00`)).padStart(2, '0');

/** The reference for a body of 1 to 21 letters and digits (upper case): "RF" + check digits + body. */
export const creditorReference = (body: string): string => {
  if (!BODY_PATTERN.test(body)) {
    throw new ValidationError(`A creditor reference is built from 1 to 21 letters A-Z and digits, not "${body}".`);
  }
  return `RF${checkDigits(body)}${body}`;
};

/**
 * Whether text is a creditor reference with the right check digits; spaces and any case allowed.
 * The digits must equal the computed ones (02 to 98), not merely leave the mod-97 remainder 1,
 * which "RF00", "RF01" and "RF99" can also do.
 */
export const isCreditorReference = (text: string): boolean => {
  const reference = electronic(text);
  const match = /^RF(\d{2})([A-Z0-9]{1,21})$/.exec(reference);
  return match !== null && checkDigits(match[2]!) === match[1];
};

/** Groups of four, as a reference is printed ("RF18 5390 0754 7034"). */
export const formatCreditorReference = (reference: string): string => electronic(reference).replace(/(.{4})(?=.)/g, '$1 ');

/**
 * An invoice's reference: its number's letters and digits (2026-000123 gives RF.. 2026000123).
 * Null when the number cannot be a body: no Latin letter or digit, more than 21 of them, or a
 * letter or digit outside A-Z and 0-9 (dropping "Α" from "ΤΙΜ-Α12" would name another invoice).
 * Numbers that differ only in punctuation or case share a reference, so whoever matches one
 * against invoices must treat a reference that names two invoices as naming none.
 */
export const invoiceCreditorReference = (invoiceNumber: string): string | null => {
  const kept = invoiceNumber.replace(/[^\p{L}\p{N}]/gu, '');
  if (!/^[A-Za-z0-9]{1,21}$/.test(kept)) return null;
  return creditorReference(kept.toUpperCase());
};

const isLetterOrDigit = (char: string | undefined): boolean => char !== undefined && /[A-Za-z0-9]/.test(char);
const isDigit = (char: string): boolean => char >= '0' && char <= '9';

interface Body {
  /** The letters and digits read, upper case, at most 21. */
  chars: string;
  /** The lengths of `chars` at which the reference can end. */
  ends: number[];
}

/**
 * The body after "RFnn" at `from`. A space continues the reference only after a group of exactly
 * four characters ("RF18" itself is one), as references are printed: "RF18 2026000123 PAID" and
 * "RF18 2026 0001 23 PAID" stop before "PAID". The reference can end where a group ends or where
 * digits meet letters ("RF182026000123PAYMENT"); ending anywhere would let a stray prefix with
 * right check digits (one in 97 per length) pass for a reference.
 */
const readBody = (text: string, from: number): Body => {
  let chars = '';
  const ends: number[] = [];
  let group = 4;
  for (let index = from; index < text.length && chars.length < MAX_BODY_LENGTH; index += 1) {
    const char = text[index]!;
    if (isLetterOrDigit(char)) {
      chars += char.toUpperCase();
      group += 1;
      const next = text[index + 1];
      if (!isLetterOrDigit(next) || isDigit(char) !== isDigit(next!)) ends.push(chars.length);
    } else if (char === ' ' && group === 4 && isLetterOrDigit(text[index + 1])) {
      group = 0;
    } else {
      break;
    }
  }
  return { chars, ends };
};

/**
 * The references with right check digits inside free remittance text, in electronic form and
 * the order they appear, each once. A bank may print one in groups ("RF18 2026 0001 23"), run it
 * together, into the next word ("RF182026000123PAYMENT") or after a word ("INVRF18..."). Where
 * the text leaves the end open, more than one end can have right digits (by chance about one in
 * 97 per end) and all are returned, shortest first: a caller keeps those it issued.
 */
export const findCreditorReferences = (text: string): string[] => {
  const found = new Set<string>();
  for (const match of text.matchAll(/RF(\d{2})/gi)) {
    const check = match[1]!;
    const { chars, ends } = readBody(text, match.index + match[0].length);
    for (const end of ends) {
      const candidate = chars.slice(0, end);
      if (checkDigits(candidate) === check) found.add(`RF${check}${candidate}`);
    }
  }
  return [...found];
};
