import { describe, expect, it } from 'vitest';
import { ConflictError } from '../shared/errors';
import { bankMovementStream, decideMatchMovement, decideReleaseMovement, MOVEMENT_TAKEN, type BankMovementEvent, type BankMovementState } from './movement-claim';

const fold = (events: BankMovementEvent[]): BankMovementState => events.reduce(bankMovementStream.evolve, bankMovementStream.initialState());
const claim = (lineId: string, reconciliationId: string) => ({ movementId: 'm1', lineId, reconciliationId });

describe('a money movement claimed by one statement line at a time', () => {
  it('is claimed when free, and refused to another reconciliation while held', () => {
    const matched = decideMatchMovement(fold([]), claim('l1', 'r1'));
    expect(matched).toEqual([{ type: 'BankMovementMatched', data: claim('l1', 'r1') }]);
    const held = fold(matched);
    expect(held.heldBy).toEqual({ lineId: 'l1', reconciliationId: 'r1' });
    expect(() => decideMatchMovement(held, claim('l2', 'r2'))).toThrow(ConflictError);
    expect(() => decideMatchMovement(held, claim('l2', 'r2'))).toThrow(MOVEMENT_TAKEN);
    // The same reconciliation again (a retry) decides nothing.
    expect(decideMatchMovement(held, claim('l1', 'r1'))).toEqual([]);
  });

  it('is free again once its reconciliation gives it back; another reconciliation cannot give it back', () => {
    const held = fold(decideMatchMovement(fold([]), claim('l1', 'r1')));
    expect(decideReleaseMovement(held, claim('l2', 'r2'))).toEqual([]);
    const released = decideReleaseMovement(held, claim('l1', 'r1'));
    expect(released).toEqual([{ type: 'BankMovementReleased', data: claim('l1', 'r1') }]);
    const free = fold([...decideMatchMovement(fold([]), claim('l1', 'r1')), ...released]);
    expect(free.heldBy).toBeNull();
    expect(decideReleaseMovement(free, claim('l1', 'r1'))).toEqual([]);
    expect(decideMatchMovement(free, claim('l2', 'r2'))).toHaveLength(1);
  });

  it('reads stored events back, refusing another aggregate\'s', () => {
    expect(bankMovementStream.decode({ type: 'BankMovementMatched', data: claim('l1', 'r1') })).toEqual({ type: 'BankMovementMatched', data: claim('l1', 'r1') });
    expect(() => bankMovementStream.decode({ type: 'BankLineReconciled', data: {} })).toThrow();
  });
});
