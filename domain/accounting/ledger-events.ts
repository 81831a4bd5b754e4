import { decodeBankLineEvent, isBankLineEvent } from '../bank/line';
import { decodeBillEvent, isBillEvent } from '../bill/stream';
import { decodeBooksEvent, isBooksEvent } from '../books/stream';
import { decodeInvoiceEvent, isInvoiceEvent } from '../invoice/stream';
import { decodeJournalEvent, isJournalEvent } from '../journal/stream';
import { decodePayoutEvent, isPayoutEvent } from '../payouts/stream';
import type { StoredEvent } from '../shared/stored-events';
import type { LedgerEvent } from './postings';

/**
 * A stored event the ledger posts, decoded by the aggregate it belongs to (invoice, journal entry,
 * payout, books, bank statement line, bill); any other event is refused.
 */
export const decodeLedgerEvent = (stored: StoredEvent): LedgerEvent => {
  if (isInvoiceEvent(stored)) return decodeInvoiceEvent(stored);
  if (isJournalEvent(stored)) return decodeJournalEvent(stored);
  if (isPayoutEvent(stored)) return decodePayoutEvent(stored);
  if (isBooksEvent(stored)) return decodeBooksEvent(stored);
  if (isBankLineEvent(stored)) return decodeBankLineEvent(stored);
  if (isBillEvent(stored)) return decodeBillEvent(stored);
  throw new Error(`Not an event the ledger posts: ${stored.type}`);
};
