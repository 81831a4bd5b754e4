import type { Knex } from 'knex';
import { entryIdOf, type LedgerEffect } from '../../domain/accounting/postings';
import { decodeLedgerEvent } from '../../domain/accounting/ledger-events';
import { ledgerStep } from '../../domain/accounting/period-lock';
import { BANK_LINE_EVENT_TYPES } from '../../domain/bank/line-events';
import { BOOKS_EVENT_TYPES } from '../../domain/books/events';
import { PAYMENT_MOVEMENT_TYPES } from '../../domain/invoice/events';
import { PAYOUT_EVENT_TYPES } from '../../domain/payouts/events';
import { JOURNAL_EVENT_TYPES } from '../../domain/journal/events';
import { readLedgerLock, writeLedgerLock } from './books/lock';
import type { RecordedEvent } from '../../eventstore/event-store';
import type { Projection } from '../projection';
import { writeBalances } from './balances/writer';
import { deferredPaymentOf, writeDeferredPayments, type DeferredPaymentRow } from './deferred-payments/writer';
import { loadKnownEntries, writeEntries, type EntryWrite } from './journal-lines/writer';
import { LEDGER_TABLES } from './migrations';
import { writeReceivables, type TermsChange } from './receivables/writer';
import { termsOf } from '../../domain/accounting/receivable-terms';
import { writeVatMovements } from './vat/writer';

export const LEDGER_EVENT_TYPES = [
  ...JOURNAL_EVENT_TYPES,
  'InvoiceIssued',
  'InvoiceEdited',
  'PaymentRecorded',
  'InvoiceVoided',
  'InvoiceCredited',
  'InvoiceWrittenOff',
  'PaymentRemoved',
  ...PAYMENT_MOVEMENT_TYPES,
  ...PAYOUT_EVENT_TYPES,
  ...BOOKS_EVENT_TYPES,
  ...BANK_LINE_EVENT_TYPES,
  // Drafts book nothing: only what posts is read.
  'BillPosted',
  'BillPaymentRecorded',
  'BillPaymentRemoved',
];

/**
 * The ledger: journal lines, per-day/per-month balances and per-invoice receivables, written in the same transaction so
 * reports and the ledger always agree. Postings come from the pure domain function.
 */
export const ledgerProjection = (): Projection => ({
  name: 'ledger',
  eventTypes: LEDGER_EVENT_TYPES,
  tables: LEDGER_TABLES,
  apply: async (trx: Knex.Transaction, events: RecordedEvent[]) => {
    // Events arrive upcast to their current shape (each aggregate's upcasters, run by the event store).
    const domain = events.map((e) => ({ recorded: e, event: decodeLedgerEvent(e) }));
    const known = await loadKnownEntries(trx, domain.map((d) => entryIdOf(d.event)).filter((id): id is string => id !== null));
    const effects: LedgerEffect[] = [];
    const writes: EntryWrite[] = [];
    const terms: TermsChange[] = [];
    const deferred: DeferredPaymentRow[] = [];
    const lockBefore = await readLedgerLock(trx);
    let lock = lockBefore;
    for (const { recorded, event } of domain) {
      // Whose each invoice is and when due, as of the lock in force (see withTerms).
      const changed = termsOf(event);
      if (changed) terms.push({ ...changed, lockedThrough: lock });
      const id = entryIdOf(event);
      const prior = id === null ? null : (known.get(id) ?? null);
      const step = ledgerStep(lock, event, prior);
      lock = step.lockedThrough;
      const effect = step.effect;
      if (id === null || !effect) continue;
      const version = (prior?.version ?? 0) + 1;
      known.set(id, { revenueAccountId: effect.revenueAccountId, vat: effect.vat ?? prior?.vat ?? null, version });
      writes.push({ effect, version, ctx: { eventId: recorded.eventId, actor: recorded.metadata.actor, recordedAt: recorded.metadata.recordedAt } });
      effects.push(effect);
      const late = deferredPaymentOf(event, effect);
      if (late) deferred.push(late);
    }
    await writeEntries(trx, writes);
    await writeBalances(trx, effects);
    await writeReceivables(trx, effects, terms);
    await writeVatMovements(trx, effects);
    await writeDeferredPayments(trx, deferred);
    if (lock !== lockBefore) await writeLedgerLock(trx, lock);
  },
});
