import { v5 as uuidv5 } from 'uuid';
import { ConflictError } from '../shared/errors';
import { eventDecoder, type DomainStream } from '../shared/stored-events';

/**
 * Which bill holds a supplier's invoice number. Stream: `bill-number-<uuid of supplier and number>`.
 * A bill claims its supplier's number before its draft is written and gives it back when it is
 * deleted or takes another number, so two bills entered at once can never both hold one number:
 * the second append meets the first's revision and is refused (the read model's check, which the
 * write path runs first, cannot see a bill written a moment before). Nothing reads these streams
 * but the claims.
 */
export type BillNumberClaimed = { type: 'BillNumberClaimed'; data: { supplierId: string; number: string; billId: string } };
export type BillNumberReleased = { type: 'BillNumberReleased'; data: { supplierId: string; number: string; billId: string } };
export type BillNumberEvent = BillNumberClaimed | BillNumberReleased;
export const BILL_NUMBER_EVENT_TYPES: BillNumberEvent['type'][] = ['BillNumberClaimed', 'BillNumberReleased'];
export const BILL_NUMBER_SCHEMA_VERSION = 1;

const NAMESPACE = '5d3f9a2e-4c1b-4e8a-9f6d-2b7c8e1a0d43';

/** A number as compared: trimmed and case-folded, as the read model's check compares it. */
export const billNumberKey = (number: string): string => number.trim().toLowerCase();

export const billNumberStreamId = (supplierId: string, number: string): string => `bill-number-${uuidv5(`${supplierId}\n${billNumberKey(number)}`, NAMESPACE)}`;

export interface BillNumberState {
  heldBy: string | null;
}

export const BILL_NUMBER_TAKEN = "This supplier's invoice number is already entered on another bill.";

export const evolveBillNumber = (state: BillNumberState, event: BillNumberEvent): BillNumberState => {
  switch (event.type) {
    case 'BillNumberClaimed':
      return { heldBy: event.data.billId };
    case 'BillNumberReleased':
      return state.heldBy === event.data.billId ? { heldBy: null } : state;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

/** Claims the number for a bill; the same bill claiming it again decides nothing. */
export const decideClaimBillNumber = (state: BillNumberState, claim: BillNumberClaimed['data']): BillNumberEvent[] => {
  if (state.heldBy === claim.billId) return [];
  if (state.heldBy) throw new ConflictError(BILL_NUMBER_TAKEN);
  return [{ type: 'BillNumberClaimed', data: claim }];
};

/** Gives the number back; nothing when this bill does not hold it. */
export const decideReleaseBillNumber = (state: BillNumberState, claim: BillNumberReleased['data']): BillNumberEvent[] =>
  state.heldBy === claim.billId ? [{ type: 'BillNumberReleased', data: claim }] : [];

export const billNumberStream: DomainStream<BillNumberState, BillNumberEvent> = {
  initialState: () => ({ heldBy: null }),
  evolve: evolveBillNumber,
  decode: eventDecoder<BillNumberEvent>('a bill number claim', BILL_NUMBER_EVENT_TYPES),
};
