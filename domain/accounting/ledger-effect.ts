import type { JournalLine } from '../journal/events';
import type { VatMovement } from './vat-return';
import type { ForeignAmount } from '../currency/rate';

/** The shape of what the ledger books (domain/accounting/postings.ts makes it of every aggregate's events). */

export type SourceType = 'manual' | 'invoice' | 'payment' | 'credit_note' | 'refund' | 'dispute' | 'fee' | 'payout' | 'credit_transfer' | 'write_off' | 'year_end_close' | 'fx_revaluation' | 'bank_reconciliation' | 'bill' | 'bill_payment';

/** A ledger line: euros, and for a line of a foreign-currency document its amount in that currency and the rate. */
export type PostingLine = JournalLine & { foreign?: ForeignAmount };

export interface Posting {
  kind: 'posting' | 'reversal';
  date: string;
  description: string;
  lines: PostingLine[];
  /** What the posting adds to the VAT return, dated with it (absent: nothing). */
  vat?: VatMovement[];
}

export interface LedgerEffect {
  entryId: string;
  source: { type: SourceType; id: string; invoiceId: string | null };
  /** The entry after this event; a deleted entry keeps its last date and description. */
  entry: { status: 'active' | 'deleted'; date: string; description: string };
  /** For invoice entries: the revenue account its net amount went to, remembered for reversals. */
  revenueAccountId: string | null;
  /** For invoice entries: their output VAT per category and rate now, remembered for reversals. */
  vat?: VatMovement[];
  postings: Posting[];
}

/** What the ledger already knows about the entry an event belongs to (null when it is new). */
export interface KnownEntry {
  revenueAccountId: string | null;
  vat?: VatMovement[] | null;
}

