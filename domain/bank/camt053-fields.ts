/**
 * What camt053.ts keeps of a camt.053 statement, and what it means: the fields of each Stmt, Bal, Ntry
 * and TxDtls by their path below it, and how the kept texts become balances and statement lines.
 */
import { StatementFileError, type StatementBalance, type StatementLine } from './statement';
import { normaliseIban } from '../billing/bank';
import { collapseSpaces, isoDay, minorUnits, parseAmount } from './statement-text';

/** The elements whose values are kept, by their path below the element of each kind (local names). */
type Kind = 'Document' | 'Stmt' | 'Bal' | 'Ntry' | 'TxDtls';
type Capture = 'text' | 'amount' | 'list';
const FIELDS: Record<Kind, Record<string, Capture>> = {
  Document: {},
  Stmt: { Id: 'text', 'Acct/Id/IBAN': 'text', 'Acct/Ccy': 'text' },
  Bal: { 'Tp/CdOrPrtry/Cd': 'text', Amt: 'amount', CdtDbtInd: 'text', 'Dt/Dt': 'text', 'Dt/DtTm': 'text' },
  Ntry: {
    Amt: 'amount',
    CdtDbtInd: 'text',
    Sts: 'text',
    'Sts/Cd': 'text',
    'BookgDt/Dt': 'text',
    'BookgDt/DtTm': 'text',
    'ValDt/Dt': 'text',
    'ValDt/DtTm': 'text',
    AcctSvcrRef: 'text',
    AddtlNtryInf: 'text',
  },
  TxDtls: {
    Amt: 'amount',
    'AmtDtls/TxAmt/Amt': 'amount',
    CdtDbtInd: 'text',
    'Refs/EndToEndId': 'text',
    'Refs/AcctSvcrRef': 'text',
    'RltdPties/Dbtr/Nm': 'text',
    'RltdPties/Dbtr/Pty/Nm': 'text',
    'RltdPties/DbtrAcct/Id/IBAN': 'text',
    'RltdPties/Cdtr/Nm': 'text',
    'RltdPties/Cdtr/Pty/Nm': 'text',
    'RltdPties/CdtrAcct/Id/IBAN': 'text',
    'RmtInf/Ustrd': 'list',
    'RmtInf/Strd/CdtrRefInf/Ref': 'text',
  },
};
/** Where an element of another kind begins, by its path below the enclosing one. */
const STARTS: Record<Kind, Record<string, Kind>> = {
  Document: { 'BkToCstmrStmt/Stmt': 'Stmt' },
  Stmt: { Bal: 'Bal', Ntry: 'Ntry' },
  Bal: {},
  Ntry: { 'NtryDtls/TxDtls': 'TxDtls' },
  TxDtls: {},
};
/** Each field's place in its part's values. */
const SLOTS = Object.fromEntries(
  Object.entries(FIELDS).map(([kind, fields]) => [kind, Object.fromEntries(Object.keys(fields).map((path, slot) => [path, slot]))]),
) as Record<Kind, Record<string, number>>;

/**
 * One element on the way to a kept field, reached from its parent by local name, so the reader
 * follows the path without building it as text. An element with no step is skipped with all it
 * holds. `begins` marks the element of a kind itself (Stmt, Bal, Ntry, TxDtls).
 */
export interface Step {
  kind: Kind;
  begins: boolean;
  slot: number;
  capture: Capture | undefined;
  next: Map<string, Step>;
}

const stepsOf = (kind: Kind): Step => {
  const root: Step = { kind, begins: true, slot: -1, capture: undefined, next: new Map() };
  const place = (names: string[]): Step =>
    names.reduce((step, name) => {
      const found = step.next.get(name) ?? { kind, begins: false, slot: -1, capture: undefined, next: new Map() };
      step.next.set(name, found);
      return found;
    }, root);
  for (const [path, capture] of Object.entries(FIELDS[kind])) Object.assign(place(path.split('/')), { slot: SLOTS[kind][path], capture });
  for (const [path, inner] of Object.entries(STARTS[kind])) {
    const names = path.split('/');
    place(names.slice(0, -1)).next.set(names[names.length - 1]!, stepsOf(inner));
  }
  return root;
};
export const DOCUMENT_STEPS = stepsOf('Document');

/**
 * What one element of a kind holds: the first non-empty text of each field (so of several Strd the
 * first reference given), the Ccy of each amount element present (undefined when absent), every
 * Ustrd, and its Bal or TxDtls.
 */
export interface Part {
  kind: Kind;
  values: Array<string | null>;
  currencies: Array<string | null | undefined>;
  list: string[];
  children: Part[];
}
export const newPart = (kind: Kind): Part => {
  const size = Object.keys(FIELDS[kind]).length;
  return { kind, values: new Array<string | null>(size).fill(null), currencies: new Array<undefined>(size).fill(undefined), list: [], children: [] };
};

export const text = (part: Part | undefined, path: string): string | null =>
  part === undefined ? null : (part.values[SLOTS[part.kind][path]!] ?? null);
export const currencyOf = (part: Part | undefined, path: string): string | null | undefined => part?.currencies[SLOTS[part.kind][path]!];

/** A Dt/DtTm choice (BookgDt, ValDt, Bal/Dt) as a day; `days` keeps those already checked, as a statement has few. */
const day = (part: Part, choice: readonly [string, string], where: string, days?: Map<string, string>): string | null => {
  const value = text(part, choice[0]) ?? text(part, choice[1]);
  if (value === null) return null;
  const known = days?.get(value);
  if (known !== undefined) return known;
  const checked = isoDay(value, where);
  days?.set(value, checked);
  return checked;
};

/** Runs of white space as one space; most texts have none to collapse, and a test is cheaper than a replace. */
const spaced = (value: string): string => (/[^\S ]| \s/.test(value) ? collapseSpaces(value) : value);

const sign = (part: Part, where: string): 1 | -1 => {
  const indicator = text(part, 'CdtDbtInd');
  if (indicator === 'CRDT') return 1;
  if (indicator === 'DBIT') return -1;
  throw new StatementFileError(`CdtDbtInd must be CRDT or DBIT, not "${indicator ?? ''}"`, where);
};

/** An amount element in the statement's currency, as positive minor units. */
const amount = (part: Part, path: string, currency: string, where: string): number => {
  const written = text(part, path);
  const ccy = currencyOf(part, path) ?? null;
  if (written === null) throw new StatementFileError('the amount is missing', where);
  if (ccy !== currency) throw new StatementFileError(`the amount is in ${ccy ?? 'no currency'}, the statement in ${currency}`, where);
  return parseAmount(written, { separator: '.', decimals: minorUnits(currency), where });
};

export const readBalance = (balances: Part[], codes: string[], currency: string): StatementBalance | null => {
  for (const code of codes) {
    const index = balances.findIndex((b) => text(b, 'Tp/CdOrPrtry/Cd') === code);
    if (index === -1) continue;
    const balance = balances[index]!;
    const here = `Stmt/Bal[${index + 1}]`;
    const date = day(balance, ['Dt/Dt', 'Dt/DtTm'], `${here}/Dt`);
    if (date === null) throw new StatementFileError('the balance has no date', here);
    return { date, cents: sign(balance, here) * amount(balance, 'Amt', currency, `${here}/Amt`) };
  }
  return null;
};

/** Who paid (for money in) or was paid (for money out); version .08 wraps a party in Pty. */
const PARTY = {
  Dbtr: ['RltdPties/Dbtr/Nm', 'RltdPties/Dbtr/Pty/Nm', 'RltdPties/DbtrAcct/Id/IBAN'],
  Cdtr: ['RltdPties/Cdtr/Nm', 'RltdPties/Cdtr/Pty/Nm', 'RltdPties/CdtrAcct/Id/IBAN'],
} as const;

const remittance = (details: Part): { description: string; reference: string | null } => {
  const endToEnd = text(details, 'Refs/EndToEndId');
  return {
    description: spaced(details.list.join(' ')),
    reference: text(details, 'RmtInf/Strd/CdtrRefInf/Ref') ?? (endToEnd !== null && endToEnd !== 'NOTPROVIDED' ? endToEnd : null),
  };
};

interface EntryFacts {
  bookingDate: string;
  valueDate: string;
  bankReference: string | null;
}

const lineFromDetails = (details: Part, facts: EntryFacts, amountCents: number): StatementLine => {
  const [nm, ptyNm, account] = PARTY[amountCents > 0 ? 'Dbtr' : 'Cdtr'];
  const name = text(details, nm) ?? text(details, ptyNm);
  const iban = text(details, account);
  const { description, reference } = remittance(details);
  return {
    bookingDate: facts.bookingDate,
    valueDate: facts.valueDate,
    amountCents,
    description,
    counterpartyName: name === null ? null : spaced(name),
    counterpartyIban: iban === null ? null : normaliseIban(iban),
    reference,
    bankReference: text(details, 'Refs/AcctSvcrRef') ?? facts.bankReference,
  };
};

/** Where a transaction's own amount in the statement's currency is (Amt from .03, AmtDtls/TxAmt/Amt in .02), or null. */
const ownAmount = (details: Part, currency: string): string | null =>
  currencyOf(details, 'Amt') === currency ? 'Amt' : currencyOf(details, 'AmtDtls/TxAmt/Amt') === currency ? 'AmtDtls/TxAmt/Amt' : null;

export const readEntry = (entry: Part, currency: string, where: string, days: Map<string, string>): StatementLine[] => {
  const status = text(entry, 'Sts') ?? text(entry, 'Sts/Cd');
  // Pending and information-only entries are not in the booked balance the statement closes with.
  if (status === 'PDNG' || status === 'INFO') return [];
  // ISO 20022: with RvslInd the indicator already states the reversal's own direction (CRDT undoes a
  // debit), so the sign follows CdtDbtInd and the balances prove it; negating again would double it.
  const entrySign = sign(entry, where);
  const entryCents = entrySign * amount(entry, 'Amt', currency, `${where}/Amt`);
  if (entryCents === 0) return [];
  const bookingDate = day(entry, ['BookgDt/Dt', 'BookgDt/DtTm'], `${where}/BookgDt`, days);
  if (bookingDate === null) throw new StatementFileError('BookgDt is missing', where);
  const facts: EntryFacts = {
    bookingDate,
    valueDate: day(entry, ['ValDt/Dt', 'ValDt/DtTm'], `${where}/ValDt`, days) ?? bookingDate,
    bankReference: text(entry, 'AcctSvcrRef'),
  };
  const transactions = entry.children;
  if (transactions.length > 1) {
    const own = transactions.map((t, i) => {
      const path = ownAmount(t, currency);
      if (path === null) return null;
      const txSign = text(t, 'CdtDbtInd') === null ? entrySign : sign(t, `${where}/TxDtls[${i + 1}]`);
      return txSign * amount(t, path, currency, `${where}/TxDtls[${i + 1}]/Amt`);
    });
    // One line per transaction only when they carry the whole entry; otherwise the entry stays one line.
    if (own.every((c): c is number => c !== null && c !== 0) && own.reduce((a, b) => a + b, 0) === entryCents) {
      return transactions.map((t, i) => lineFromDetails(t, facts, own[i]!));
    }
  }
  if (transactions.length === 1) return [lineFromDetails(transactions[0]!, facts, entryCents)];
  const texts = transactions.map((t) => remittance(t).description).filter((d) => d !== '');
  return [
    {
      bookingDate: facts.bookingDate,
      valueDate: facts.valueDate,
      amountCents: entryCents,
      description: collapseSpaces(texts.length > 0 ? texts.join(' ') : (text(entry, 'AddtlNtryInf') ?? '')),
      counterpartyName: null,
      counterpartyIban: null,
      reference: null,
      bankReference: facts.bankReference,
    },
  ];
};
