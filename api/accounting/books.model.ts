import { evolveBooks, initialBooks, type Books } from '../../domain/books/books';
import { BOOKS_SCHEMA_VERSION, type BooksEvent } from '../../domain/books/events';
import type { StreamModel } from '../commands/command-handler';

/** The `books` stream as the write path loads and appends it, and as its readers (the audit reactor) read it. */
export const booksModel: StreamModel<Books, BooksEvent> = {
  initialState: initialBooks,
  evolve: evolveBooks,
  fromRecorded: (e) => ({ type: e.type, data: e.data }) as BooksEvent,
  toNew: (e, actor) => ({ type: e.type, data: e.data, metadata: { actor, schemaVersion: BOOKS_SCHEMA_VERSION } }),
};
