/**
 * ISO 20022 camt.053 (bank-to-customer statement), versions .001.02 to .001.08, read in one pass by
 * saxes, a streaming parser that checks well-formedness, and only after the raw text has been
 * checked for a DOCTYPE or ENTITY declaration. A stack follows the element path; only the fields
 * below are kept, and each Ntry becomes statement lines when its closing tag arrives, so a 20 MB
 * file is never held as a tree. Every value is read as text: no amount passes through a float.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { currencyOf, DOCUMENT_STEPS, newPart, readBalance, readEntry, text, type Part, type Step } from './camt053-fields';
import { StatementFileError, type Statement, type StatementLine } from './statement';
import { normaliseIban } from '../billing/bank';
import { isCurrencyCode, lineAt, refuseXmlDeclarations } from './statement-text';

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(\d{2})$/;
const MAX_DEPTH = 100;

export const isCamt053 = (text: string): boolean => /<(?:\w+:)?BkToCstmrStmt[\s>]/.test(text) || /camt\.053\.001\.\d{2}/.test(text);

/** The namespace the Document element declares: the camt.053 one, else one naming camt, else the first. */
const documentNamespace = (attributes: Record<string, string>): string => {
  const declared = Object.entries(attributes)
    .filter(([name]) => name === 'xmlns' || name.startsWith('xmlns:'))
    .map(([, value]) => value.trim());
  return declared.find((ns) => NAMESPACE.test(ns)) ?? declared.find((ns) => ns.includes('camt')) ?? declared[0] ?? '';
};

/**
 * How much of the text the parser takes at a time: after each slice the entries that closed in it
 * are handed out, so an importer can write them while the rest is read (about 650 lines a slice).
 */
export const CAMT053_SLICE_CHARS = 1 << 20;

/** The whole file at once: its statement, every line in it. */
export const readCamt053 = (xml: string): Statement => drain(readCamt053Lines(xml));

/** Runs a reader to its end: what it returns (its lines were handed out on the way, and are in it too). */
export const drain = <T>(reader: Generator<unknown, T, void>): T => {
  for (;;) {
    const step = reader.next();
    if (step.done) return step.value;
  }
};

/**
 * The file read slice by slice: yields the lines of the entries that closed in each slice (never
 * an empty list), then returns the statement with all its lines. An error in the file is thrown
 * where it is found: a caller that wrote the lines yielded before undoes them.
 */
export function* readCamt053Lines(xml: string, sliceChars = CAMT053_SLICE_CHARS): Generator<StatementLine[], Statement, void> {
  refuseXmlDeclarations(xml);
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  // The open elements: their names as written (for a cut-off file), and the step and part of each
  // one's parent, restored when it closes. A null step is an element passed over with all it holds.
  const names: string[] = [];
  const steps: Array<Step | null> = [];
  const parts: Part[] = [];
  let step: Step | null = null;
  let part = newPart('Document');
  // The text of the field being read, and of the fields around it (Sts holds text and Sts/Cd).
  let buffer = '';
  const buffers: string[] = [];
  const statement = newPart('Stmt');
  let statements = 0;
  let entries = 0;
  let currency: string | null = null;
  const lines: StatementLine[] = [];
  const days = new Map<string, string>();
  // For an error message: the element closed last.
  let lastClosed = '';

  const settleCurrency = (): string => {
    // Acct comes before Bal and Ntry in every version, so by the first entry the currency is known.
    currency ??= (text(statement, 'Acct/Ccy') ?? currencyOf(statement.children[0], 'Amt') ?? '').toUpperCase();
    if (!isCurrencyCode(currency)) throw new StatementFileError('the account currency (Acct/Ccy) is missing', 'Stmt/Acct');
    return currency;
  };

  const addText = (value: string): void => {
    if (step !== null && step.capture !== undefined) buffer += value;
  };

  const open = (tag: SaxesTagPlain): void => {
    names.push(tag.name);
    if (names.length > MAX_DEPTH) throw new StatementFileError(`the elements are nested more than ${MAX_DEPTH} levels deep`, `line ${parser.line}`);
    steps.push(step);
    parts.push(part);
    const colon = tag.name.indexOf(':');
    const local = colon === -1 ? tag.name : tag.name.slice(colon + 1);
    if (names.length === 1) {
      const namespace = local === 'Document' ? documentNamespace(tag.attributes) : '';
      const version = NAMESPACE.exec(namespace);
      if (!version || Number(version[1]) < 2 || Number(version[1]) > 8) {
        throw new StatementFileError(`the namespace "${namespace}" is not camt.053.001.02 to .001.08`, 'Document');
      }
      step = DOCUMENT_STEPS;
      return;
    }
    step = step?.next.get(local) ?? null;
    if (step === null) return;
    if (step.begins) {
      if (step.kind === 'Stmt') {
        statements += 1;
        if (statements > 1) step = null;
        part = statement;
        return;
      }
      const inner = newPart(step.kind);
      if (step.kind !== 'Ntry') part.children.push(inner);
      part = inner;
      return;
    }
    if (step.capture === undefined) return;
    if (step.capture === 'amount' && part.currencies[step.slot] === undefined) part.currencies[step.slot] = tag.attributes.Ccy?.trim() || null;
    buffers.push(buffer);
    buffer = '';
  };

  const close = (): void => {
    lastClosed = names.pop() ?? '';
    const done = step;
    const donePart = part;
    step = steps.pop() ?? null;
    part = parts.pop() ?? part;
    if (done === null) return;
    if (done.capture !== undefined) {
      const value = buffer.trim();
      buffer = buffers.pop() ?? '';
      if (value === '') return;
      if (done.capture === 'list') donePart.list.push(value);
      else if (donePart.values[done.slot] === null) donePart.values[done.slot] = value;
    } else if (done.begins && done.kind === 'Ntry') {
      entries += 1;
      for (const line of readEntry(donePart, settleCurrency(), `Stmt/Ntry[${entries}]`, days)) lines.push(line);
    }
  };

  parser.on('opentag', open);
  parser.on('closetag', close);
  parser.on('text', addText);
  parser.on('cdata', addText);
  // The parser reads an entity from an & up to the next ";", which after a bare & may be many lines
  // on or never come: the line to fix is that of the first & after the ";" before (or the last ";").
  const bareAmpersand = (reason: string, semicolon: number): StatementFileError => {
    const ampersand = xml.indexOf('&', xml.lastIndexOf(';', semicolon) + 1);
    const where = `line ${ampersand === -1 ? parser.line : lineAt(xml, ampersand)}`;
    return new StatementFileError(`the XML is not well formed: ${reason} (a & in a text is written &amp;)`, where);
  };
  parser.on('error', (error) => {
    const reason = error.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '');
    // Without a DTD (refused above) no other entity can be defined, so `&name;` stays as written.
    if (reason === 'undefined entity') return;
    if (reason.startsWith('unclosed tag') && names.length > 0) {
      if (xml.indexOf('&', xml.lastIndexOf(';') + 1) !== -1) throw bareAmpersand('an & starts no entity', xml.length);
      throw new StatementFileError(`the file ends before <${names[names.length - 1]}> is closed (is it cut off?)`, names.join('/'));
    }
    if (reason === 'unexpected close tag') {
      throw new StatementFileError(`the XML is not well formed: <${lastClosed}> is closed by a tag of another name`, `line ${parser.line}`);
    }
    if (reason.includes('entity')) throw bareAmpersand(reason, parser.position - 2);
    throw new StatementFileError(`the XML is not well formed: ${reason}`, `line ${parser.line}`);
  });
  let handedOut = 0;
  for (let at = 0; at < xml.length; at += sliceChars) {
    parser.write(xml.slice(at, at + sliceChars));
    if (lines.length > handedOut) {
      yield lines.slice(handedOut);
      handedOut = lines.length;
    }
  }
  parser.close();
  if (lines.length > handedOut) yield lines.slice(handedOut);

  if (statements !== 1) {
    throw new StatementFileError(`the file holds ${statements} statements (Stmt); import one statement per file`, 'BkToCstmrStmt');
  }
  const accountCurrency = settleCurrency();
  const opening = readBalance(statement.children, ['OPBD', 'PRCD'], accountCurrency);
  const closing = readBalance(statement.children, ['CLBD'], accountCurrency);
  if (opening === null) throw new StatementFileError('there is no opening balance (Bal with OPBD or PRCD)', 'Stmt');
  if (closing === null) throw new StatementFileError('there is no closing balance (Bal with CLBD)', 'Stmt');
  const iban = text(statement, 'Acct/Id/IBAN');
  return {
    format: 'camt.053',
    statementId: text(statement, 'Id'),
    iban: iban === null ? null : normaliseIban(iban),
    currency: accountCurrency,
    opening,
    closing,
    lines,
  };
}
