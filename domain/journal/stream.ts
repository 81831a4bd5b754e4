import { eventDecoder, eventTypeGuard, foldStream, type DomainStream, type StoredEvent } from '../shared/stored-events';
import { evolve, initialState, type JournalEntry } from './entry';
import { JOURNAL_EVENT_TYPES, type JournalEvent } from './events';

/**
 * A journal entry's stream (`journal-<id>`) as the write path and the ledger read it. Its events
 * have one schema version so far: a later one brings its upcasters (an `upcasters.ts` here).
 */

/** A stored journal event as the aggregate's typed event; another aggregate's event is refused. */
export const decodeJournalEvent: (stored: StoredEvent) => JournalEvent = eventDecoder<JournalEvent>('a journal entry', JOURNAL_EVENT_TYPES);

export const isJournalEvent = eventTypeGuard(JOURNAL_EVENT_TYPES);

export const journalStream: DomainStream<JournalEntry, JournalEvent> = { initialState, evolve, decode: decodeJournalEvent };

/** The entry after its stored events, in stream order. */
export const foldJournalStream = (stored: readonly StoredEvent[]): JournalEntry => foldStream(journalStream, stored);
