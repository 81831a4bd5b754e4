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

export type BooksEvent = BooksLocked | FiscalYearClosed | FiscalYearReopened;
export const BOOKS_EVENT_TYPES: BooksEvent['type'][] = ['BooksLocked', 'FiscalYearClosed', 'FiscalYearReopened'];
export const BOOKS_SCHEMA_VERSION = 1;
export const BOOKS_STREAM_ID = 'books';
