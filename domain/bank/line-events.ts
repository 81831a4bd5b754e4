import type { VatMovement } from '../accounting/vat-return';
import type { JournalLine } from '../journal/events';
import type { ReconciliationPart } from './reconciliation-parts';

/** A balanced posting as the ledger takes it (the shape of accounting's Posting, which posts these events). */
export interface BankPosting {
  kind: 'posting' | 'reversal';
  date: string;
  description: string;
  lines: JournalLine[];
  vat?: VatMovement[];
}

/**
 * A bank statement line's reconciliations. Stream: `bank-line-<lineId>`. A line is reconciled in
 * one step (every part at once) and may be undone while its day is open; each step is an event, so
 * who matched what, and when, is never lost. Amounts in integer cents, signed as the bank sees the
 * account (money in positive); dates 'YYYY-MM-DD' (the line's booking day, where its postings go).
 */
export type BankLineReconciled = {
  type: 'BankLineReconciled';
  data: {
    lineId: string;
    /** This reconciliation of the line (a line undone and reconciled again has a second one). */
    reconciliationId: string;
    moneyAccountId: string;
    date: string;
    amountCents: number;
    parts: ReconciliationPart[];
    /** What it books (postingsOf), kept with it so the ledger and an undo never need the chart of accounts of the day. */
    postings: BankPosting[];
  };
};

/** The reconciliation undone: its postings reversed on their own day; the line is open again. */
export type BankLineUnreconciled = {
  type: 'BankLineUnreconciled';
  data: {
    lineId: string;
    reconciliationId: string;
    moneyAccountId: string;
    date: string;
    parts: ReconciliationPart[];
    postings: BankPosting[];
  };
};

export type BankLineEvent = BankLineReconciled | BankLineUnreconciled;
export const BANK_LINE_EVENT_TYPES: BankLineEvent['type'][] = ['BankLineReconciled', 'BankLineUnreconciled'];
export const BANK_LINE_SCHEMA_VERSION = 1;

export const bankLineStreamId = (lineId: string): string => `bank-line-${lineId}`;
