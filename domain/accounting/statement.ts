import type { IsoDate } from '../shared/dates';

/**
 * A client statement: the client's movements on Accounts Receivable in a period, between the
 * balance before it (opening) and the balance through its last day (closing). It is built from the
 * ledger's receivables lines of the client's invoices, so the closing balance is the client's
 * receivables balance in the books by construction. Positive: the client owes; negative: the
 * client is in credit.
 */

/**
 * What a row is, from its ledger entry's source type. Source types the statement does not know
 * (postings added later) become `other` and still appear with their amounts and running balance.
 */
export type StatementKind =
  | 'invoice'
  | 'invoice_cancelled'
  | 'credit_note'
  | 'payment'
  | 'refund'
  | 'refund_failed'
  | 'chargeback'
  | 'credit_moved'
  | 'credit_applied'
  | 'adjustment'
  | 'other';

/** One ledger line on Accounts Receivable that names one of the client's invoices. */
export interface StatementLine {
  /** Ledger order: lines of one day keep the order they were posted in. */
  lineId: number;
  entryId: string;
  date: IsoDate;
  /** The ledger entry's source type: invoice, payment, credit_note, manual, refund, … */
  sourceType: string;
  /** The entry's own document: a credit note's number, a payment's reference; null when it has none. */
  document: string | null;
  /** The number of the invoice the entry belongs to. */
  invoiceNumber: string | null;
  debitCents: number;
  creditCents: number;
  /** A line of a document in another currency: that currency and the line's amount in it (its cents, on the line's side). */
  foreign?: { currency: string; cents: number };
}

export interface StatementRow {
  date: IsoDate;
  kind: StatementKind;
  sourceType: string;
  /** The document to print: the entry's own, else its invoice's number. */
  document: string;
  invoiceNumber: string | null;
  debitCents: number;
  creditCents: number;
  /** The balance after this row (opening plus every row so far). */
  balanceCents: number;
  /** A document in another currency: the row's amount in it (signed as debit − credit). */
  foreign?: { currency: string; cents: number };
}

export interface ClientStatement {
  from: IsoDate;
  to: IsoDate;
  openingCents: number;
  rows: StatementRow[];
  totals: { debitCents: number; creditCents: number };
  closingCents: number;
}

/** An invoice entry that takes receivables back (a voided invoice's reversal) is a cancellation. */
export const statementKindOf = (sourceType: string, netCents: number): StatementKind => {
  switch (sourceType) {
    case 'invoice':
      return netCents < 0 ? 'invoice_cancelled' : 'invoice';
    case 'credit_note':
    case 'payment':
      return sourceType;
    // A refund takes receivables up again; one that failed at the bank takes them back down.
    case 'refund':
      return netCents < 0 ? 'refund_failed' : 'refund';
    // Only a lost dispute touches receivables: the client owes the amount again.
    case 'dispute':
      return 'chargeback';
    // Credit balance moved between two invoices: it leaves one (receivables up) and settles the other.
    case 'credit_transfer':
      return netCents > 0 ? 'credit_moved' : 'credit_applied';
    case 'manual':
      return 'adjustment';
    default:
      return 'other';
  }
};

interface Group {
  first: StatementLine;
  netCents: number;
  /** The foreign amount netted the same way (one document, one currency). */
  foreign?: { currency: string; cents: number };
}

/**
 * One row per document and day: the lines one entry posted on one day are netted, so an invoice
 * edited on its own day shows once at its final amount and a draft deleted on its day (posting
 * and reversal) not at all. Rows run by date, then in ledger order.
 */
export const buildStatement = (period: { from: IsoDate; to: IsoDate }, openingCents: number, lines: StatementLine[]): ClientStatement => {
  const groups = new Map<string, Group>();
  for (const line of lines) {
    const key = `${line.entryId}|${line.date}`;
    const group = groups.get(key);
    const net = line.debitCents - line.creditCents;
    const foreign = line.foreign && { currency: line.foreign.currency, cents: line.debitCents > 0 ? line.foreign.cents : -line.foreign.cents };
    if (!group) groups.set(key, { first: line, netCents: net, ...(foreign ? { foreign } : {}) });
    else {
      group.netCents += net;
      if (foreign) group.foreign = { currency: foreign.currency, cents: (group.foreign?.cents ?? 0) + foreign.cents };
      if (line.lineId < group.first.lineId) group.first = line;
    }
  }
  const ordered = [...groups.values()]
    .filter((g) => g.netCents !== 0)
    .sort((a, b) => (a.first.date < b.first.date ? -1 : a.first.date > b.first.date ? 1 : a.first.lineId - b.first.lineId));
  let balance = openingCents;
  let debitCents = 0;
  let creditCents = 0;
  const rows = ordered.map(({ first, netCents, foreign }): StatementRow => {
    const debit = Math.max(netCents, 0);
    const credit = Math.max(-netCents, 0);
    balance += netCents;
    debitCents += debit;
    creditCents += credit;
    return {
      date: first.date,
      kind: statementKindOf(first.sourceType, netCents),
      sourceType: first.sourceType,
      document: first.document || first.invoiceNumber || '',
      invoiceNumber: first.invoiceNumber,
      debitCents: debit,
      creditCents: credit,
      balanceCents: balance,
      ...(foreign && foreign.cents !== 0 ? { foreign } : {}),
    };
  });
  return { from: period.from, to: period.to, openingCents, rows, totals: { debitCents, creditCents }, closingCents: balance };
};
