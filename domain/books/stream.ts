import { eventDecoder, eventTypeGuard, foldStream, type DomainStream, type StoredEvent } from '../shared/stored-events';
import { evolveBooks, initialBooks, type Books } from './books';
import { BOOKS_EVENT_TYPES, type BooksEvent } from './events';

/**
 * The `books` stream (period lock, fiscal years) as the write path, the audit reactor and the
 * ledger read it. One schema version so far: a later one brings its upcasters here.
 */

/** A stored books event as the aggregate's typed event; another aggregate's event is refused. */
export const decodeBooksEvent: (stored: StoredEvent) => BooksEvent = eventDecoder<BooksEvent>('the books', BOOKS_EVENT_TYPES);

export const isBooksEvent = eventTypeGuard(BOOKS_EVENT_TYPES);

export const booksStream: DomainStream<Books, BooksEvent> = { initialState: initialBooks, evolve: evolveBooks, decode: decodeBooksEvent };

/** The books after their stored events, in stream order. */
export const foldBooksStream = (stored: readonly StoredEvent[]): Books => foldStream(booksStream, stored);
