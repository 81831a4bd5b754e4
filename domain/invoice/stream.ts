import { eventDecoder, eventTypeGuard, foldStream, type DomainStream, type StoredEvent } from '../shared/stored-events';
import { INVOICE_EVENT_TYPES, type InvoiceEvent, type InvoiceEventType } from './events';
import { evolve, initialState, type InvoiceState } from './invoice';

/**
 * The invoice stream (`invoice-<id>`) as everything reads it: the write path, the read models, the
 * reactors. Events come from the store upcast to their current shape (`upcasters.ts`), so decoding
 * is naming their type; nothing outside the domain casts a stored event into an invoice event.
 */

/** A stored invoice event as the aggregate's typed event; another aggregate's event is refused. */
export const decodeInvoiceEvent: (stored: StoredEvent) => InvoiceEvent = eventDecoder<InvoiceEvent>('an invoice', INVOICE_EVENT_TYPES);

/** Whether a stored event is an invoice event. */
export const isInvoiceEvent = eventTypeGuard(INVOICE_EVENT_TYPES);

export type InvoiceEventOf<T extends InvoiceEventType> = Extract<InvoiceEvent, { type: T }>;

/** A stored event that must be an invoice event of `type` (a read model of that one type reads it so). */
export const decodeInvoiceEventOf = <T extends InvoiceEventType>(type: T, stored: StoredEvent): InvoiceEventOf<T> => {
  const event = decodeInvoiceEvent(stored);
  if (!isOfType(event, type)) throw new Error(`Expected ${type}, not ${event.type}`);
  return event;
};

const isOfType = <T extends InvoiceEventType>(event: InvoiceEvent, type: T): event is InvoiceEventOf<T> => event.type === type;

export const invoiceStream: DomainStream<InvoiceState, InvoiceEvent> = { initialState, evolve, decode: decodeInvoiceEvent };

/** The invoice after its stored events, in stream order. */
export const foldInvoiceStream = (stored: readonly StoredEvent[]): InvoiceState => foldStream(invoiceStream, stored);

/** The invoice after one more stored event. */
export const evolveStored = (state: InvoiceState, stored: StoredEvent): InvoiceState => evolve(state, decodeInvoiceEvent(stored));

/** The invoice a stored event belongs to: every invoice event names it. */
export const invoiceIdOf = (stored: StoredEvent): string => decodeInvoiceEvent(stored).data.invoiceId;

/** The credit note an event names, if it names one (the event that issued it, and any later one about it). */
export const creditNoteIdOf = (event: InvoiceEvent): string | undefined => ('creditNoteId' in event.data ? event.data.creditNoteId : undefined);
