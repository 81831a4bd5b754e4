/**
 * OFX bank statements, 1.x (SGML: a value's end tag may be left out) and 2.x (XML), read by one
 * small tokenizer. ofx-js (1.1.1) was evaluated and not used: it turns SGML into XML with regular
 * expressions, one of which backtracks exponentially (a 24-letter tag name with no dot takes over a
 * second, each letter more about four times as long), decodes no character references, and reports
 * only "Missing closing tag" with no line.
 *
 * OFX gives no opening balance, only the ledger balance (LEDGERBAL) after the lines; the opening is
 * that balance minus the lines' sum, dated the day before the first line. So an OFX statement always
 * adds up by construction, and the check that matters is the next statement's opening against it.
 */
import { StatementFileError, type Statement, type StatementLine } from './statement';
import { addDays } from '../shared/dates';
import { isValidIban, normaliseIban } from '../billing/bank';
import { calendarDay, collapseSpaces, decodeXmlText, isCurrencyCode, minorUnits, parseAmount, refuseXmlDeclarations } from './statement-text';

interface Element {
  name: string;
  line: number;
  /** A value element's text; null for an aggregate. */
  value: string | null;
  children: Element[];
}

export const isOfx = (text: string): boolean => /^\s*OFXHEADER\s*:/i.test(text) || /<\?OFX\b/i.test(text) || /<OFX>/i.test(text.slice(0, 4096));

const MAX_DEPTH = 64;

/**
 * The element tree from <OFX> on. A start tag followed by text is a value element, whose end tag is
 * optional; one followed by another tag opens an aggregate, which must be closed by its own end tag.
 */
const parse = (text: string): Element => {
  const start = text.search(/<OFX>/i);
  if (start === -1) throw new StatementFileError('the file has no <OFX> element');
  const root: Element = { name: '#root', line: 1, value: null, children: [] };
  const stack: Element[] = [root];
  // Lines are counted as the reader moves forward, never from the start again (a 20 MB file).
  let counted = 0;
  let line = 1;
  const lineOf = (index: number): number => {
    for (; counted < index; counted += 1) if (text.charCodeAt(counted) === 10) line += 1;
    return line;
  };
  const tag = /<(\/?)([A-Za-z0-9_.]+)\s*(\/?)>/y;
  let cursor = start;
  for (let open = text.indexOf('<', cursor); open !== -1; open = text.indexOf('<', cursor)) {
    const between = text.slice(cursor, open).trim();
    const top = stack[stack.length - 1]!;
    if (between !== '') {
      const last = top.children[top.children.length - 1];
      if (!last || last.value !== '') throw new StatementFileError(`unexpected text "${between.slice(0, 40)}"`, `line ${lineOf(open)}`);
      last.value = decodeXmlText(between);
    }
    const special = text.startsWith('<?', open) ? '?>' : text.startsWith('<!--', open) ? '-->' : null;
    if (special !== null) {
      const end = text.indexOf(special, open);
      if (end === -1) throw new StatementFileError(`"${text.slice(open, open + 4)}" is never closed`, `line ${lineOf(open)}`);
      cursor = end + special.length;
      continue;
    }
    tag.lastIndex = open;
    const match = tag.exec(text);
    if (!match) throw new StatementFileError(`"${text.slice(open, open + 20)}" is not a tag`, `line ${lineOf(open)}`);
    cursor = tag.lastIndex;
    const name = match[2]!.toUpperCase();
    if (match[1] === '/') {
      const last = top.children[top.children.length - 1];
      if (last && last.value !== null && last.name === name) continue;
      if (top.name !== name) throw new StatementFileError(`</${name}> closes <${top.name}>`, `line ${lineOf(open)}`);
      stack.pop();
      continue;
    }
    const element: Element = { name, line: lineOf(open), value: null, children: [] };
    top.children.push(element);
    const next = text.indexOf('<', cursor);
    // A value element (text follows, or <X/>): its text is taken on the next round, its end tag passed over.
    if (match[3] === '/' || text.slice(cursor, next === -1 ? text.length : next).trim() !== '') {
      element.value = '';
    } else {
      if (stack.length > MAX_DEPTH) throw new StatementFileError('the elements are nested too deeply', `line ${element.line}`);
      stack.push(element);
    }
  }
  if (stack.length > 1) {
    throw new StatementFileError(`the file ends before </${stack[stack.length - 1]!.name}> (is it cut off?)`, stack.slice(1).map((e) => e.name).join('/'));
  }
  const ofx = root.children.find((e) => e.name === 'OFX');
  if (!ofx) throw new StatementFileError('the file has no <OFX> element');
  return ofx;
};

const childOf = (element: Element, name: string): Element | undefined => element.children.find((c) => c.name === name);

const descendants = (element: Element, name: string): Element[] =>
  element.children.flatMap((c) => (c.name === name ? [c] : descendants(c, name)));

const valueOf = (element: Element | undefined, path: string): string | null => {
  const found = path.split('/').reduce<Element | undefined>((e, name) => (e ? childOf(e, name) : undefined), element);
  const value = found?.value?.trim() ?? '';
  return value === '' ? null : value;
};

/** OFX dates are YYYYMMDD[HHMMSS[.XXX]][[±HH:TZ]]; the day is the bank's, as written. */
const ofxDay = (text: string, where: string): string => {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(text);
  if (!match) throw new StatementFileError(`"${text}" is not a date`, where);
  return calendarDay(Number(match[1]), Number(match[2]), Number(match[3]), where, text);
};

const need = (element: Element, path: string, where: string): string => {
  const value = valueOf(element, path);
  if (value === null) throw new StatementFileError(`<${path}> is missing`, where);
  return value;
};

/** Some banks write a decimal comma; OFX allows either mark, never both. */
const ofxAmount = (text: string, currency: string, where: string): number =>
  parseAmount(text, { separator: text.includes(',') ? ',' : '.', decimals: minorUnits(currency), where });

const transaction = (element: Element, currency: string): StatementLine | null => {
  const where = `line ${element.line} (<STMTTRN>)`;
  const cents = ofxAmount(need(element, 'TRNAMT', where), currency, `${where} <TRNAMT>`);
  if (cents === 0) return null;
  const bookingDate = ofxDay(need(element, 'DTPOSTED', where), `${where} <DTPOSTED>`);
  const user = valueOf(element, 'DTUSER');
  const name = valueOf(element, 'NAME') ?? valueOf(element, 'PAYEE/NAME');
  const memo = valueOf(element, 'MEMO');
  const account = normaliseIban(valueOf(element, 'BANKACCTTO/ACCTID') ?? '');
  return {
    bookingDate,
    valueDate: user === null ? bookingDate : ofxDay(user, `${where} <DTUSER>`),
    amountCents: cents,
    description: collapseSpaces(memo ?? name ?? ''),
    counterpartyName: name === null ? null : collapseSpaces(name),
    counterpartyIban: isValidIban(account) ? account : null,
    reference: valueOf(element, 'REFNUM'),
    bankReference: valueOf(element, 'FITID'),
  };
};

export const readOfx = (text: string): Statement => {
  refuseXmlDeclarations(text);
  const statements = descendants(parse(text), 'STMTRS');
  if (statements.length !== 1) {
    throw new StatementFileError(`the file holds ${statements.length} bank statements (STMTRS); import one statement per file`);
  }
  const statement = statements[0]!;
  const where = `line ${statement.line} (<STMTRS>)`;
  const currency = need(statement, 'CURDEF', where).toUpperCase();
  if (!isCurrencyCode(currency)) throw new StatementFileError(`"${currency}" is not a currency`, `${where} <CURDEF>`);
  const balance = childOf(statement, 'LEDGERBAL');
  if (!balance) throw new StatementFileError('there is no ledger balance (<LEDGERBAL>)', where);
  const balanceWhere = `line ${balance.line} (<LEDGERBAL>)`;
  const closing = {
    date: ofxDay(need(balance, 'DTASOF', balanceWhere), balanceWhere),
    cents: ofxAmount(need(balance, 'BALAMT', balanceWhere), currency, balanceWhere),
  };
  const list = childOf(statement, 'BANKTRANLIST');
  const lines = (list ? list.children.filter((c) => c.name === 'STMTTRN') : [])
    .map((t) => transaction(t, currency))
    .filter((l): l is StatementLine => l !== null);
  const first = lines.reduce<string | null>((min, l) => (min === null || l.bookingDate < min ? l.bookingDate : min), null);
  const account = normaliseIban(valueOf(statement, 'BANKACCTFROM/ACCTID') ?? '');
  return {
    format: 'ofx',
    statementId: null,
    iban: isValidIban(account) ? account : null,
    currency,
    opening: { date: first === null ? closing.date : addDays(first, -1), cents: closing.cents - lines.reduce((s, l) => s + l.amountCents, 0) },
    closing,
    lines,
  };
};
