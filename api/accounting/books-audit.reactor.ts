import { BOOKS_EVENT_TYPES } from '../../domain/books/events';
import { decodeBooksEvent } from '../../domain/books/stream';
import type { Reactor } from '../../projections/projection';

export const BOOKS_AUDIT_REACTOR = 'books_audit';

/**
 * Every change of the books (the period lock set or moved, a fiscal year closed or reopened, open
 * foreign balances revalued) in the
 * audit log, one row per event. The row is written in the reactor's transaction, with its
 * checkpoint: it cannot be lost between the append and the write, as when the service wrote it
 * after appending, nor written twice. A row that the service's earlier code already wrote for an
 * event (the same type and the event's data as `after`) is not written again when the reactor
 * first meets that event.
 */
export const booksAuditReactor: Reactor = {
  name: BOOKS_AUDIT_REACTOR,
  eventTypes: BOOKS_EVENT_TYPES,
  handle: async (trx, events) => {
    for (const recorded of events) {
      const event = decodeBooksEvent(recorded);
      const after = JSON.stringify(event.data);
      await trx.raw(
        `insert into audit_log (at, actor, entity, entity_id, action, before, after)
         select ?, ?, 'accounting_books', ?, 'update', ?::jsonb, ?::jsonb
          where not exists (select 1 from audit_log where entity = 'accounting_books' and entity_id = ? and after = ?::jsonb)`,
        [new Date(event.data.at), event.data.actor, event.type, 'previous' in event.data ? JSON.stringify({ lockedThrough: event.data.previous }) : null, after, event.type, after],
      );
    }
  },
};
