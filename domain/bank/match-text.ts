/**
 * Text as matching reads it: names compared as their words (case, accents and legal forms aside,
 * Greek and Cyrillic kept), invoice numbers as their letters and digits whatever separates them.
 * Every function is one pass over its text with linear patterns: remittance text comes from a
 * file and is hostile until read.
 */

/**
 * Legal forms, as `nameWords` leaves them (lower case, no accents or dots): English, German,
 * Romance, Dutch and Nordic, Greek (ΑΕ, ΕΠΕ, ΙΚΕ, ΟΕ, ΕΕ, μονοπρόσωπη) and Russian or Ukrainian
 * (ООО, АО, ОАО, ЗАО, ПАО, ИП, ТОВ).
 */
const LEGAL_FORMS: ReadonlySet<string> = new Set([
  ...'ltd limited llc llp lp inc incorporated corp corporation co company plc pc'.split(' '),
  ...'gmbh ag kg ug ohg gbr ev mbh'.split(' '),
  ...'sa sas sarl srl spa sl sau bv nv oy oyj ab as asa aps se'.split(' '),
  ...'αε επε ικε οε εε μονοπροσωπη'.split(' '),
  ...'ооо ао оао зао пао ип тов'.split(' '),
]);

/** Lower case without accents (Greek tonos, Cyrillic breve too: both sides lose them alike), final sigma as sigma. */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ς/g, 'σ');

/** The words of a name that tell it apart: folded, dots dropped inside abbreviations (Α.Ε. is ΑΕ), legal forms left out. */
export const nameWords = (name: string): string[] => {
  const words = foldText(name)
    .replace(/\./g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  const kept = words.filter((w) => !LEGAL_FORMS.has(w));
  // A name that is nothing but a legal form still names someone.
  return kept.length ? kept : words;
};

/** Dice's coefficient of two names' word sets: 1 for the same words in any order, 0 for none shared. */
export const nameSimilarity = (a: readonly string[], b: readonly string[]): number => {
  if (!a.length || !b.length) return 0;
  const left = new Set(a);
  const right = new Set(b);
  let shared = 0;
  for (const w of left) if (right.has(w)) shared += 1;
  return (2 * shared) / (left.size + right.size);
};

const alphanumeric = (text: string): string => text.replace(/[^\p{L}\p{N}]+/gu, '').toUpperCase();
const digitsOnly = (text: string): string => text.replace(/\D+/g, '');

/** Digits alone identify a number only when there are enough of them not to be a day or an amount. */
const MIN_DIGITS_KEY = 6;

/**
 * The keys an invoice number is found by: its letters and digits (2026-000123 → 2026000123), and
 * its digits alone when they are long enough (INV-2026-000123 is found as "2026 000123" too).
 */
export const numberKeys = (number: string): string[] => {
  const keys = new Set<string>();
  const full = alphanumeric(number);
  if (full.length) keys.add(full);
  const digits = digitsOnly(number);
  if (digits.length >= MIN_DIGITS_KEY) keys.add(digits);
  return [...keys];
};

/** A remittance text reads at most this much: banks cap it at 140 (SEPA) or a few hundred characters. */
const MAX_TEXT = 2000;
/** A number is written in at most this many pieces ("2026 000 123"). */
const MAX_PIECES = 3;

/**
 * Keys of every run of up to three neighbouring words of a text, as `numberKeys` makes them, so an
 * invoice number is found however the payer wrote it: 2026-000123, 2026000123, 2026 000123,
 * "Inv.no.2026/000123". Looked up in an index, never compared one by one.
 */
export const textKeys = (text: string): Set<string> => {
  const words = text
    .slice(0, MAX_TEXT)
    .split(/[\s,;:()[\]{}"'<>|]+/)
    .filter((w) => w.length > 0);
  const keys = new Set<string>();
  for (let i = 0; i < words.length; i += 1) {
    for (let n = 1; n <= MAX_PIECES && i + n <= words.length; n += 1) {
      for (const key of numberKeys(words.slice(i, i + n).join(''))) keys.add(key);
    }
  }
  return keys;
};

/** An IBAN or a reference as banks compare them: upper case, no spaces. */
export const compact = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/** Text as a rule compares it: folded, every run of spaces one space, trimmed. */
export const ruleText = (text: string): string => foldText(text).replace(/\s+/g, ' ').trim();
