import { describe, expect, it } from 'vitest';
import { foldBooksStream } from '../books/stream';
import { foldJournalStream } from '../journal/stream';
import { foldPayoutStream } from '../payouts/stream';
import { decodeLedgerEvent } from './ledger-events';

const stamp = { actor: 'u1', at: '2026-03-01T00:00:00.000Z' };
const posted = { date: '2026-03-01', description: 'Rent', lines: [{ accountId: 'a', debitCents: 100, creditCents: 0 }, { accountId: 'b', debitCents: 0, creditCents: 100 }] };

describe('events the ledger posts, decoded by their aggregate', () => {
  it('decodes an event of each aggregate with its data as stored', () => {
    const stored = [
      { type: 'InvoiceWrittenOff', data: { invoiceId: 'i1', invoiceNumber: '2026-000001', clientId: 'c1', date: '2026-03-01', reason: 'Gone', amountCents: 100 } },
      { type: 'JournalEntryRecorded', data: { entryId: 'e1', ...stamp, ...posted } },
      { type: 'PayoutPaid', data: { payoutId: 'po1', amountCents: 900, date: '2026-03-02', balanceTransactionIds: ['txn_1'] } },
      { type: 'BooksLocked', data: { ...stamp, lockedThrough: '2026-02-28', previous: null } },
    ];
    expect(stored.map(decodeLedgerEvent)).toEqual(stored);
  });

  it('refuses an event no aggregate of the ledger has', () => {
    expect(() => decodeLedgerEvent({ type: 'ClientRenamed', data: {} })).toThrow('Not an event the ledger posts: ClientRenamed');
    expect(() => decodeLedgerEvent({ type: 'PayoutPaid', data: null })).toThrow('The PayoutPaid event holds no data object');
  });

  it('folds the stored streams of journal entries, payouts and the books into their states', () => {
    expect(
      foldJournalStream([
        { type: 'JournalEntryRecorded', data: { entryId: 'e1', ...stamp, ...posted } },
        { type: 'JournalEntryDeleted', data: { entryId: 'e1', ...stamp, previous: posted } },
      ]),
    ).toMatchObject({ status: 'deleted', entryId: 'e1', version: 2 });
    expect(
      foldPayoutStream([
        { type: 'PayoutPaid', data: { payoutId: 'po1', amountCents: 900, date: '2026-03-02', balanceTransactionIds: [] } },
        { type: 'PayoutFailed', data: { payoutId: 'po1', amountCents: 900, date: '2026-03-03' } },
      ]),
    ).toEqual({ status: 'failed', amountCents: 900 });
    expect(foldBooksStream([{ type: 'BooksLocked', data: { ...stamp, lockedThrough: '2026-02-28', previous: null } }])).toEqual({ lockedThrough: '2026-02-28', closed: [] });
    expect(() => foldBooksStream([{ type: 'PayoutPaid', data: {} }])).toThrow('Not an event of the books: PayoutPaid');
  });
});
