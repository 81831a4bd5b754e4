import { eventDecoder, eventTypeGuard, foldStream, type DomainStream, type StoredEvent } from '../shared/stored-events';
import { evolveBill, initialBillState, type BillState } from './bill';
import { BILL_EVENT_TYPES, type BillEvent } from './events';

/** A bill's stream (`bill-<id>`) as the write path and the ledger read it. One schema version so far (BILL_SCHEMA_VERSION). */
export const decodeBillEvent: (stored: StoredEvent) => BillEvent = eventDecoder<BillEvent>('a bill', BILL_EVENT_TYPES);

export const isBillEvent = eventTypeGuard(BILL_EVENT_TYPES);

export const billStream: DomainStream<BillState, BillEvent> = { initialState: initialBillState, evolve: evolveBill, decode: decodeBillEvent };

export const foldBillStream = (stored: readonly StoredEvent[]): BillState => foldStream(billStream, stored);
