import type { VatCategory } from '../invoice/vat';

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
  /**
   * Optional (added with the VAT return; absent on older lines, no upcaster needed). On a line of
   * any other account: it is the taxable base of a purchase at this category and rate. On a VAT
   * account line: the input VAT of that category and rate.
   */
  vatCategory?: VatCategory;
  /** Basis points (2400 = 24 %); given together with vatCategory. */
  vatRateBp?: number;
  /** Optional, on a VAT account line only: a payment to or refund from the tax authority, left out of the VAT return. */
  vatSettlement?: boolean;
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
