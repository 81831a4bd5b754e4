import type { Knex } from 'knex';
import { entryIdOf, type LedgerEffect, type LedgerEvent } from '../../domain/accounting/postings';
import { ledgerStep } from '../../domain/accounting/period-lock';
import { BOOKS_EVENT_TYPES } from '../../domain/books/events';
import { PAYMENT_MOVEMENT_TYPES } from '../../domain/invoice/events';
import { PAYOUT_EVENT_TYPES } from '../../domain/payouts/events';
import { JOURNAL_EVENT_TYPES } from '../../domain/journal/events';
import { readLedgerLock, writeLedgerLock } from './books/lock';
import type { RecordedEvent } from '../../eventstore/event-store';
import type { Projection } from '../projection';
import { writeBalances } from './balances/writer';
import { loadKnownEntries, writeEntries, type EntryWrite } from './journal-lines/writer';
import { LEDGER_TABLES } from './migrations';
import { writeReceivables, type InvoiceTerms } from './receivables/writer';
import { writeVatMovements } from './vat/writer';

export const LEDGER_EVENT_TYPES = [
  ...JOURNAL_EVENT_TYPES,
  'InvoiceIssued',
  'InvoiceEdited',
  'PaymentRecorded',
  'InvoiceVoided',
  'InvoiceCredited',
  ...PAYMENT_MOVEMENT_TYPES,
  ...PAYOUT_EVENT_TYPES,
  ...BOOKS_EVENT_TYPES,
];

/** Only schema version 1 exists; a later version gets its upcaster here, before postings see it. */
const toDomain = (e: RecordedEvent): LedgerEvent => ({ type: e.type, data: e.data }) as LedgerEvent;

/**
 * The ledger: journal lines, per-day/per-month balances and per-invoice receivables, written in the same transaction so
 * reports and the ledger always agree. Postings come from the pure domain function.
 */
export const ledgerProjection = (): Projection => ({
  name: 'ledger',
  eventTypes: LEDGER_EVENT_TYPES,
  tables: LEDGER_TABLES,
  apply: async (trx: Knex.Transaction, events: RecordedEvent[]) => {
    const domain = events.map((e) => ({ recorded: e, event: toDomain(e) }));
    const known = await loadKnownEntries(trx, domain.map((d) => entryIdOf(d.event)).filter((id): id is string => id !== null));
    const effects: LedgerEffect[] = [];
    const writes: EntryWrite[] = [];
    const terms = new Map<string, InvoiceTerms | null>();
    const lockBefore = await readLedgerLock(trx);
    let lock = lockBefore;
    for (const { recorded, event } of domain) {
      if (event.type === 'InvoiceIssued' || event.type === 'InvoiceEdited') terms.set(event.data.invoiceId, { clientId: event.data.clientId, dueDate: event.data.dueDate });
      else if (event.type === 'InvoiceVoided') terms.set(event.data.invoiceId, null);
      // Money kept for a deleted invoice stays its client's (credit balance, statement): the void
      // dropped the terms, the payment names the client again (a draft never had payments before).
      else if (event.type === 'PaymentRecorded' && event.data.unexpected?.reason === 'deleted') terms.set(event.data.invoiceId, { clientId: event.data.unexpected.clientId, dueDate: null });
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
    }
    await writeEntries(trx, writes);
    await writeBalances(trx, effects);
    await writeReceivables(trx, effects, terms);
    await writeVatMovements(trx, effects);
    if (lock !== lockBefore) await writeLedgerLock(trx, lock);
  },
});
