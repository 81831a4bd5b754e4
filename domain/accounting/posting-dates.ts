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
    case 'PayoutPaid':
    case 'PayoutFailed':
    case 'JournalEntryRecorded':
      return [event.data.date];
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
