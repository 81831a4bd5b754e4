import type { LockedThrough } from '../../domain/accounting/period-lock';
import type { Books } from '../../domain/books/books';
import { BOOKS_SCHEMA_VERSION, BOOKS_STREAM_ID, type BooksEvent } from '../../domain/books/events';
import { booksStream, foldBooksStream } from '../../domain/books/stream';
import type { StreamModel, StreamReader } from './command-handler';

/**
 * The `books` stream as the write path loads and appends it. It is the period lock's one source of
 * record: the commands' lock check and BooksService both fold it with `readBooks`, never a read
 * model that may lag behind it.
 */
export const booksModel: StreamModel<Books, BooksEvent> = {
  initialState: booksStream.initialState,
  evolve: booksStream.evolve,
  fromRecorded: booksStream.decode,
  toNew: (e, actor) => ({ type: e.type, data: e.data, metadata: { actor, schemaVersion: BOOKS_SCHEMA_VERSION } }),
};

/** The books as the `books` stream records them, read through `reader`: the store, or a transaction of it. */
export const readBooks = async (reader: StreamReader): Promise<Books> => foldBooksStream(await reader.readStream(BOOKS_STREAM_ID));

/** The period lock in force: the `books` stream's (null: none). */
export const readPeriodLock = async (reader: StreamReader): Promise<LockedThrough> => (await readBooks(reader)).lockedThrough;
