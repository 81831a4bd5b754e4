import type { JournalLine } from '../journal/events';

/**
 * The company's books as a whole: the period lock and the fiscal years closed. One stream, `books`,
 * so every change is decided on the state it changes (a close and a lock change never cross).
 * Dates 'YYYY-MM-DD'; `lockedThrough` null means no lock.
 */
interface Stamp {
  actor: string;
  /** ISO instant. */
  at: string;
}

export type BooksLocked = {
  type: 'BooksLocked';
  data: Stamp & { lockedThrough: string | null; previous: string | null };
};

/** The closing entry of a fiscal year (posted on its last day) and the lock through that day. */
export type FiscalYearClosed = {
  type: 'FiscalYearClosed';
  data: Stamp & { entryId: string; from: string; to: string; lines: JournalLine[]; lockedThrough: string; previous: string | null };
};

/** The closing entry reversed on the same day, and the lock moved back before the year. */
export type FiscalYearReopened = {
  type: 'FiscalYearReopened';
  data: Stamp & { entryId: string; from: string; to: string; lines: JournalLine[]; reason: string; lockedThrough: string | null; previous: string | null };
};

/**
 * An open foreign amount revalued: an invoice's receivable or a bill's payable in its currency and
 * its euros as booked, signed as its account sees it (debit positive: a bill owed is negative, a
 * supplier credit note's credit positive).
 */
export interface RevaluedItem {
  /** The invoice whose receivable it is (absent on a bill's). */
  invoiceId?: string;
  /** The bill (or supplier credit note) whose payable it is. */
  billId?: string;
  currency: string;
  /** Open in the document's currency (cents). */
  amountCents: number;
  /** Its euros as booked (cents). */
  carryingCents: number;
}

/**
 * Open foreign-currency receivables and payables revalued at a period end's rates: the unrealised exchange
 * differences (`lines`) posted on `date`, and reversed on `reversalDate`, the next day, so the
 * receivables carry their booked euros again and payments realise their whole difference.
 */
export type ForeignBalancesRevalued = {
  type: 'ForeignBalancesRevalued';
  data: Stamp & {
    entryId: string;
    date: string;
    reversalDate: string;
    rates: Array<{ currency: string; rate: string; rateDate: string }>;
    items: RevaluedItem[];
    lines: JournalLine[];
  };
};

export type BooksEvent = BooksLocked | FiscalYearClosed | FiscalYearReopened | ForeignBalancesRevalued;
export const BOOKS_EVENT_TYPES: BooksEvent['type'][] = ['BooksLocked', 'FiscalYearClosed', 'FiscalYearReopened', 'ForeignBalancesRevalued'];
export const BOOKS_SCHEMA_VERSION = 1;
export const BOOKS_STREAM_ID = 'books';
