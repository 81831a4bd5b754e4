import { describe, expect, it } from 'vitest';
import { BILL_NUMBER_TAKEN, billNumberStreamId, decideClaimBillNumber, decideReleaseBillNumber, evolveBillNumber, type BillNumberEvent } from './number-claim';

const fold = (events: BillNumberEvent[]) => events.reduce(evolveBillNumber, { heldBy: null });
const claim = (billId: string) => ({ supplierId: 's1', number: 'INV-7', billId });

describe("a supplier's invoice number claimed by one bill", () => {
  it('is one stream per supplier and number, however the number is cased or spaced', () => {
    expect(billNumberStreamId('s1', ' inv-7 ')).toBe(billNumberStreamId('s1', 'INV-7'));
    expect(billNumberStreamId('s2', 'INV-7')).not.toBe(billNumberStreamId('s1', 'INV-7'));
    expect(billNumberStreamId('s1', 'INV-7')).toMatch(/^bill-number-[0-9a-f-]{36}$/);
  });

  it('is held by the first bill, refused to a second, claimed again by the holder for nothing, and free once given back', () => {
    const held = decideClaimBillNumber({ heldBy: null }, claim('b1'));
    expect(held).toEqual([{ type: 'BillNumberClaimed', data: claim('b1') }]);
    expect(decideClaimBillNumber(fold(held), claim('b1'))).toEqual([]);
    expect(() => decideClaimBillNumber(fold(held), claim('b2'))).toThrow(BILL_NUMBER_TAKEN);
    expect(decideReleaseBillNumber(fold(held), claim('b2'))).toEqual([]);
    const released = [...held, ...decideReleaseBillNumber(fold(held), claim('b1'))];
    expect(fold(released)).toEqual({ heldBy: null });
    expect(decideClaimBillNumber(fold(released), claim('b2'))).toHaveLength(1);
  });
});
