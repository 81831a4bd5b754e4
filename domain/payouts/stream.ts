import { eventDecoder, eventTypeGuard, foldStream, type DomainStream, type StoredEvent } from '../shared/stored-events';
import { PAYOUT_EVENT_TYPES, type PayoutEvent } from './events';
import { evolvePayout, initialPayoutState, type PayoutState } from './payout';

/**
 * A payout's stream (`payout-<id>`) as the write path and the ledger read it. One schema version so
 * far (PAYOUT_SCHEMA_VERSION): a later one brings its upcasters here.
 */

/** A stored payout event as the aggregate's typed event; another aggregate's event is refused. */
export const decodePayoutEvent: (stored: StoredEvent) => PayoutEvent = eventDecoder<PayoutEvent>('a payout', PAYOUT_EVENT_TYPES);

export const isPayoutEvent = eventTypeGuard(PAYOUT_EVENT_TYPES);

export const payoutStream: DomainStream<PayoutState, PayoutEvent> = { initialState: initialPayoutState, evolve: evolvePayout, decode: decodePayoutEvent };

/** The payout after its stored events, in stream order. */
export const foldPayoutStream = (stored: readonly StoredEvent[]): PayoutState => foldStream(payoutStream, stored);
