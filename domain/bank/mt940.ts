/**
 * SWIFT MT940 customer statements, read line by line. mt940js (1.3.5) was evaluated and not used:
 * it reads amounts through parseFloat (and takes "1,2,3" for 1.2), gives an entry date of
 * 31 December → 2 January the old year, turns month 13 into January, refuses any tag it does not
 * know (:13D:, :34F:), and names no line in its errors.
 */
import { StatementFileError, type Statement, type StatementBalance, type StatementLine } from './statement';
import { balanceMismatch, formatAmount } from './statement-checks';
import { isValidIban, normaliseIban } from '../billing/bank';
import { calendarDay, collapseSpaces, isCurrencyCode, minorUnits, parseAmount } from './statement-text';

interface Field {
  tag: string;
  /** The field's lines, the tag taken off the first. */
  lines: string[];
  line: number;
}

const TAG = /^:(\d{2}[A-Z]?|NS):/;

export const isMt940 = (text: string): boolean => /^:20:/m.test(text) && /^:60[FM]:/m.test(text) && /^:62[FM]:/m.test(text);

/** Fields in order; SWIFT envelope blocks ({1:…}{2:…}{4:) and "-" or "-}" separators are passed over. */
const fieldsOf = (text: string): Field[] => {
  const fields: Field[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    // Trailing spaces are kept: a ?2x subfield's text may end in the space between two words.
    const content = raw.replace(/^\{4:/, '');
    const tag = TAG.exec(content);
    const bare = content.trim();
    if (tag) {
      fields.push({ tag: tag[1]!, lines: [content.slice(tag[0].length)], line: index + 1 });
    } else if (bare === '' || bare === '-' || bare === '-}' || bare.startsWith('{')) {
      return;
    } else if (fields.length > 0) {
      fields[fields.length - 1]!.lines.push(content);
    }
  });
  return fields;
};

/** YYMMDD, years 2000 to 2099 (no statement an accountant imports predates them). */
const yymmdd = (text: string, where: string): string =>
  calendarDay(2000 + Number(text.slice(0, 2)), Number(text.slice(2, 4)), Number(text.slice(4, 6)), where, text);

const balance = (field: Field): { date: string; currency: string; cents: number } => {
  const where = `line ${field.line} (:${field.tag}:)`;
  const match = /^([CD])(\d{6})([A-Z]{3})(\d[\d,]*)$/.exec(field.lines[0]!.trim());
  if (!match) throw new StatementFileError('a balance must read C or D, YYMMDD, the currency and the amount (C250131EUR1234,56)', where);
  const cents = parseAmount(match[4]!, { separator: ',', decimals: minorUnits(match[3]!), where });
  return { date: yymmdd(match[2]!, where), currency: match[3]!, cents: match[1] === 'D' ? -cents : cents };
};

/**
 * The entry date has no year: it is the year that puts it nearest the value date, so a value date of
 * 31 December with an entry date of 0102 is booked on 2 January of the next year (and 0102 → 1231
 * the year before).
 */
const entryDate = (valueDate: string, mmdd: string, where: string): string => {
  const year = Number(valueDate.slice(0, 4));
  const month = Number(mmdd.slice(0, 2));
  const valueMonth = Number(valueDate.slice(5, 7));
  const nearest = valueMonth === 12 && month === 1 ? year + 1 : valueMonth === 1 && month === 12 ? year - 1 : year;
  return calendarDay(nearest, month, Number(mmdd.slice(2, 4)), where, mmdd);
};

/**
 * :61: value date, entry date, mark, funds code, amount, type, customer reference; the //bank
 * reference is cut off first (indexOf), so the pattern has no lookahead to backtrack through.
 */
const STATEMENT_LINE = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d[\d,]*)([A-Z][A-Z0-9]{3})(.*)$/;

interface Structured86 {
  remittance: string;
  name: string | null;
  iban: string | null;
}

/**
 * German banks' :86: (DFÜ agreement): a 3-digit business code, then ?NN subfields: ?20–?29 and
 * ?60–?63 the remittance text, ?31 the payer's or payee's account, ?32–?33 the name. The lines are
 * cut at a fixed width, so they are joined without a space.
 */
const structured86 = (text: string): Structured86 | null => {
  const match = /^\d{3}([?>])/.exec(text);
  if (!match) return null;
  const parts = new Map<string, string>();
  for (const part of text.slice(3).split(match[1]!).slice(1)) {
    const code = part.slice(0, 2);
    parts.set(code, (parts.get(code) ?? '') + part.slice(2));
  }
  const joined = (codes: string[]): string => codes.map((c) => parts.get(c) ?? '').join('');
  const name = collapseSpaces(joined(['32', '33']));
  const account = normaliseIban(parts.get('31') ?? '');
  return {
    remittance: collapseSpaces(joined(['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63'])),
    name: name === '' ? null : name,
    iban: isValidIban(account) ? account : null,
  };
};

/** SEPA remittance keeps its parts after keywords (EREF+, SVWZ+); the end-to-end id is the payer's reference. */
const SEPA_KEYS = ['EREF', 'KREF', 'MREF', 'CRED', 'DEBT', 'SVWZ', 'ABWA', 'ABWE', 'IBAN', 'BIC'];
const sepaPart = (remittance: string, key: string): string | null => {
  const start = remittance.indexOf(`${key}+`);
  if (start < 0) return null;
  const from = start + key.length + 1;
  // The part runs to the next keyword (any of them, followed by '+') or the end.
  const ends = SEPA_KEYS.map((k) => remittance.indexOf(`${k}+`, from)).filter((i) => i >= 0);
  const value = remittance.slice(from, ends.length ? Math.min(...ends) : undefined).trim();
  return value === '' || value === 'NOTPROVIDED' ? null : value;
};

const statementLine = (field: Field, details: Field | null, currency: string): StatementLine => {
  const where = `line ${field.line} (:61:)`;
  const whole = field.lines[0]!.trim();
  const cut = whole.indexOf('//');
  const match = STATEMENT_LINE.exec(cut < 0 ? whole : whole.slice(0, cut));
  const bankReferenceText = cut < 0 ? undefined : whole.slice(cut + 2);
  if (!match) throw new StatementFileError('a statement line must read YYMMDD[MMDD], C/D/RC/RD, the amount, the type and the reference', where);
  const valueDate = yymmdd(match[1]!, where);
  const cents = parseAmount(match[5]!, { separator: ',', decimals: minorUnits(currency), where });
  if (cents === 0) throw new StatementFileError('the amount is 0', where);
  // RC reverses a credit (money goes out again), RD a debit.
  const signed = match[3] === 'C' || match[3] === 'RD' ? cents : -cents;
  const customerReference = match[7]!.trim();
  const text = details ? details.lines.join('') : '';
  const structured = structured86(text);
  const remittance = structured ? structured.remittance : collapseSpaces(details ? details.lines.join(' ') : field.lines.slice(1).join(' '));
  return {
    bookingDate: match[2] ? entryDate(valueDate, match[2], where) : valueDate,
    valueDate,
    amountCents: signed,
    description: remittance,
    counterpartyName: structured?.name ?? null,
    counterpartyIban: structured?.iban ?? null,
    reference: sepaPart(remittance, 'EREF') ?? (customerReference === '' || customerReference === 'NONREF' ? null : customerReference),
    bankReference: bankReferenceText?.trim() || null,
  };
};

/** The account of :25:, an IBAN when it is one (some banks write the currency after it). */
const account = (field: Field): string | null => {
  const written = normaliseIban(field.lines[0]!);
  if (isValidIban(written)) return written;
  const withoutCurrency = written.slice(0, -3);
  return isCurrencyCode(written.slice(-3)) && isValidIban(withoutCurrency) ? withoutCurrency : null;
};

interface Page {
  id: string | null;
  iban: string | null;
  opening: StatementBalance & { currency: string };
  closing: StatementBalance & { currency: string; line: number };
  lines: StatementLine[];
}

const page = (fields: Field[]): Page => {
  const first = fields[0]!;
  const find = (tags: string[]): Field | undefined => fields.find((f) => tags.includes(f.tag));
  const openingField = find(['60F', '60M']);
  const closingField = find(['62F', '62M']);
  if (!openingField) throw new StatementFileError('the statement has no opening balance (:60F:)', `line ${first.line}`);
  if (!closingField) throw new StatementFileError('the statement has no closing balance (:62F:)', `line ${first.line}`);
  const opening = balance(openingField);
  const closing = { ...balance(closingField), line: closingField.line };
  if (closing.currency !== opening.currency) {
    throw new StatementFileError(`the closing balance is in ${closing.currency}, the opening in ${opening.currency}`, `line ${closingField.line}`);
  }
  const lines: StatementLine[] = [];
  fields.forEach((field, i) => {
    if (field.tag !== '61') return;
    const next = fields[i + 1];
    lines.push(statementLine(field, next?.tag === '86' ? next : null, opening.currency));
  });
  const accountField = find(['25']);
  return { id: find(['20'])?.lines[0]?.trim() || null, iban: accountField ? account(accountField) : null, opening, closing, lines };
};

/**
 * One statement. A file of several (one per day, or the pages of one) is read as one when each
 * page adds up and opens where the previous one closed; every page is checked on its own, so the
 * refusal names the :62F: line whose figures differ.
 */
export const readMt940 = (text: string): Statement => {
  const fields = fieldsOf(text);
  const pages: Field[][] = [];
  for (const field of fields) {
    if (field.tag === '20' || pages.length === 0) pages.push([]);
    pages[pages.length - 1]!.push(field);
  }
  const read = pages.map(page);
  if (read.length === 0) throw new StatementFileError('the file holds no MT940 statement');
  read.forEach((p, i) => {
    const where = `line ${p.closing.line} (:62F:)`;
    const mismatch = balanceMismatch(p.opening.cents, p.lines, p.closing.cents, p.closing.currency);
    if (mismatch) throw new StatementFileError(mismatch, where);
    const previous = read[i - 1];
    if (!previous) return;
    if (p.iban !== previous.iban || p.opening.currency !== previous.closing.currency) {
      throw new StatementFileError('the statements in the file are for different accounts; import one account per file', where);
    }
    if (p.opening.cents !== previous.closing.cents) {
      const f = (minor: number): string => formatAmount(minor, p.opening.currency);
      throw new StatementFileError(`this statement opens with ${f(p.opening.cents)}, the one before closed with ${f(previous.closing.cents)}`, where);
    }
  });
  const first = read[0]!;
  const last = read[read.length - 1]!;
  return {
    format: 'mt940',
    statementId: first.id,
    iban: first.iban,
    currency: first.opening.currency,
    opening: { date: first.opening.date, cents: first.opening.cents },
    closing: { date: last.closing.date, cents: last.closing.cents },
    lines: read.flatMap((p) => p.lines),
  };
};
