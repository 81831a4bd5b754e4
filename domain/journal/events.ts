/**
 * Journal entry events. Stream: `journal-<entryId>`. Amounts are integer cents, dates 'YYYY-MM-DD'.
 * Corrections and deletions carry the lines they reverse, so postings stay a pure function of
 * one event and a rebuild needs no other state.
 */

export interface JournalLine {
  accountId: string;
  /** Exactly one of debit and credit is positive; the other is 0. */
  debitCents: number;
  creditCents: number;
}

export interface PostedLines {
  date: string;
  description: string;
  lines: JournalLine[];
}

export type JournalEntryRecorded = {
  type: 'JournalEntryRecorded';
  data: PostedLines & { entryId: string; actor: string; at: string };
};

export type JournalEntryCorrected = {
  type: 'JournalEntryCorrected';
  data: PostedLines & { entryId: string; actor: string; at: string; previous: PostedLines };
};

export type JournalEntryDeleted = {
  type: 'JournalEntryDeleted';
  data: { entryId: string; actor: string; at: string; previous: PostedLines };
};

export type JournalEvent = JournalEntryRecorded | JournalEntryCorrected | JournalEntryDeleted;
export type JournalEventType = JournalEvent['type'];

export const JOURNAL_EVENT_TYPES: JournalEventType[] = ['JournalEntryRecorded', 'JournalEntryCorrected', 'JournalEntryDeleted'];

export const JOURNAL_SCHEMA_VERSION = 1;

export const journalStreamId = (entryId: string): string => `journal-${entryId}`;
