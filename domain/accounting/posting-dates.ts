import { addMonthsClamped, type IsoDate } from '../shared/dates';
import { ValidationError } from '../shared/errors';
import type { LedgerEvent } from './postings';

/**
 * The days on which an event asks for a new posting, as its author chose them: what the period lock
 * refuses when a person asks for it. Reversals of what is already posted are not asked for (they
 * follow the document), and a correction that keeps a document's day keeps it: both are deferred
 * past the lock instead. The year-end close is the lock's own act and asks for nothing.
 */
export const requestedPostingDays = (event: LedgerEvent): string[] => {
  switch (event.type) {
    case 'InvoiceIssued':
    case 'PaymentRecorded':
    case 'InvoiceCredited':
    case 'PaymentRefunded':
    case 'RefundFailed':
    case 'PaymentDisputed':
    case 'DisputeClosed':
    case 'GatewayFeeCharged':
    case 'CreditTransferred':
    case 'InvoiceWrittenOff':
    case 'PayoutPaid':
    case 'PayoutFailed':
    case 'JournalEntryRecorded':
    // A reconciliation and its undo both post on the line's day: neither is allowed once it is locked.
    case 'BankLineReconciled':
    case 'BankLineUnreconciled':
    // Removing a payment reverses it on its own day: not once that day is locked.
    case 'PaymentRemoved':
      return [event.data.date];
    // A revaluation asks for its day (its reversal the next day follows it).
    case 'ForeignBalancesRevalued':
      return [event.data.date];
    case 'BillPosted':
    case 'BillPaymentRecorded':
    // As an invoice's payment removed: reversed on its own day, not once that day is locked.
    case 'BillPaymentRemoved':
      return [event.data.date];
    // Drafts book nothing: a draft may carry a locked day until it is posted.
    case 'BillDrafted':
    case 'BillEdited':
    case 'BillDeleted':
      return [];
    case 'InvoiceEdited':
      return event.data.date === event.data.previousDate ? [] : [event.data.date];
    case 'JournalEntryCorrected':
      return event.data.date === event.data.previous.date ? [] : [event.data.date];
    case 'InvoiceVoided':
    case 'InvoiceSent':
    case 'JournalEntryDeleted':
    case 'BooksLocked':
    case 'FiscalYearClosed':
    case 'FiscalYearReopened':
      return [];
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

/**
 * The days a document or money movement may carry: not before 2000 (nothing this product books is
 * older, and a typo such as 0202 or 1026 is caught), and at most a year from today (an invoice
 * may be written ahead for a period to come; 9999-12-31 would open a number series of year 9999
 * and sit in every future report). Reports take any valid day, as before.
 */
export const EARLIEST_DOCUMENT_DAY: IsoDate = '2000-01-01';

/** A year from `today` (the same day-of-month, 29 February → 28 February). */
export const latestDocumentDay = (today: IsoDate): IsoDate => addMonthsClamped(today, 12);

export const tooEarly = (): string => `Enter a date on or after ${EARLIEST_DOCUMENT_DAY}.`;
export const tooLate = (latest: IsoDate): string => `Enter a date no later than ${latest}, a year from today.`;

/** Why a document or money movement may not carry `day` when it is `today`; undefined when it may. */
export const documentDayProblem = (day: IsoDate, today: IsoDate): string | undefined => {
  if (day < EARLIEST_DOCUMENT_DAY) return tooEarly();
  const latest = latestDocumentDay(today);
  return day > latest ? tooLate(latest) : undefined;
};

/**
 * Refuses what a person asks to post on a day outside the bounds (400 on the command's `date`):
 * the write path applies it to every event's requested posting days, as it applies the period lock.
 */
export const assertDocumentDays = (today: IsoDate, days: readonly IsoDate[]): void => {
  for (const day of days) {
    const problem = documentDayProblem(day, today);
    if (problem) throw new ValidationError(problem, { date: [problem] });
  }
};
