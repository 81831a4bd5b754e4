import { ConflictError } from '../shared/errors';
import { eventDecoder, type DomainStream } from '../shared/stored-events';

/**
 * Which statement line a money movement of the books (a ledger entry on a money account) is matched
 * with. Stream: `bank-movement-<movementId>`. A line's reconciliation claims each movement it names
 * before its own event is written, and gives it back when it is undone (or when its own event is
 * refused), so two lines reconciled at once can never both take the same movement: the second
 * append meets the first's revision and is refused. Nothing reads these streams but the claims.
 */
export type BankMovementMatched = { type: 'BankMovementMatched'; data: { movementId: string; lineId: string; reconciliationId: string } };
export type BankMovementReleased = { type: 'BankMovementReleased'; data: { movementId: string; lineId: string; reconciliationId: string } };
export type BankMovementEvent = BankMovementMatched | BankMovementReleased;
export const BANK_MOVEMENT_EVENT_TYPES: BankMovementEvent['type'][] = ['BankMovementMatched', 'BankMovementReleased'];
export const BANK_MOVEMENT_SCHEMA_VERSION = 1;

export const bankMovementStreamId = (movementId: string): string => `bank-movement-${movementId}`;

/** The reconciliation holding the movement, or null while it is free. */
export interface BankMovementState {
  heldBy: { lineId: string; reconciliationId: string } | null;
}

export const MOVEMENT_TAKEN = 'This money movement is already matched with another statement line.';

export const evolveBankMovement = (state: BankMovementState, event: BankMovementEvent): BankMovementState => {
  switch (event.type) {
    case 'BankMovementMatched':
      return { heldBy: { lineId: event.data.lineId, reconciliationId: event.data.reconciliationId } };
    case 'BankMovementReleased':
      return state.heldBy?.reconciliationId === event.data.reconciliationId ? { heldBy: null } : state;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

/** Claims the movement for a reconciliation; the same reconciliation claiming again decides nothing. */
export const decideMatchMovement = (state: BankMovementState, claim: BankMovementMatched['data']): BankMovementEvent[] => {
  if (state.heldBy?.reconciliationId === claim.reconciliationId) return [];
  if (state.heldBy) throw new ConflictError(MOVEMENT_TAKEN);
  return [{ type: 'BankMovementMatched', data: claim }];
};

/** Gives the movement back; nothing when this reconciliation does not hold it (never claimed, or released already). */
export const decideReleaseMovement = (state: BankMovementState, claim: BankMovementReleased['data']): BankMovementEvent[] =>
  state.heldBy?.reconciliationId === claim.reconciliationId ? [{ type: 'BankMovementReleased', data: claim }] : [];

export const bankMovementStream: DomainStream<BankMovementState, BankMovementEvent> = {
  initialState: () => ({ heldBy: null }),
  evolve: evolveBankMovement,
  decode: eventDecoder<BankMovementEvent>('a bank movement claim', BANK_MOVEMENT_EVENT_TYPES),
};
