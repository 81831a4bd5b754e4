import { describe, expect, it } from 'vitest';
import { centsText, eurosToCents, movementsFor, partErrors, partsBalance, remainingCents, typedCents, wireParts, type PartDraft } from './reconcileParts';

const part = (over: Partial<PartDraft>): PartDraft => ({ key: 1, kind: 'account', amount: '', vatRate: 0, description: '', ...over });

describe('a statement line’s parts in the reconcile panel', () => {
  it('reads typed amounts to exact signed cents, either decimal mark, and refuses the rest', () => {
    expect(typedCents('-119')).toBe(-11_900);
    expect(typedCents('−119,5')).toBe(-11_950);
    expect(typedCents('1.234,56')).toBe(123_456);
    expect(typedCents('1,234.56')).toBe(123_456);
    expect(typedCents('0.1')).toBe(10);
    expect(typedCents(' 12,34 € ')).toBe(1_234);
    expect(typedCents('1.005')).toBeNull();
    expect(typedCents('abc')).toBeNull();
    expect(typedCents('')).toBeNull();
    expect(eurosToCents(-0.29)).toBe(-29);
    expect(eurosToCents(1.15)).toBe(115);
    expect(centsText(-11_900)).toBe('-119.00');
    expect(centsText(5)).toBe('0.05');
  });

  it('offers Save only when complete parts add up to the line to the cent (no float drift)', () => {
    // 0.1 + 0.2 of a euro: floats make 0.30000000000000004, cents make 30.
    const split = [part({ amount: '0.10', account: '6000' }), part({ key: 2, kind: 'transfer', amount: '0.20', moneyAccount: 'm' })];
    expect(remainingCents(30, split)).toBe(0);
    expect(partsBalance(30, split)).toBe(true);
    expect(partsBalance(31, split)).toBe(false);
    expect(remainingCents(31, split)).toBe(1);
    // A part that names nothing, or has no amount, keeps Save off.
    expect(partsBalance(30, [part({ amount: '0.10' }), split[1]!])).toBe(false);
    expect(partsBalance(0, [])).toBe(false);
    expect(partsBalance(-11_900, [part({ amount: '-119', account: '6000' })])).toBe(true);
  });

  it('sends the parts in the wire’s words and puts the server’s field errors on their part', () => {
    expect(wireParts([part({ amount: '-119,00', account: '6000', vatRate: 19, description: ' Hosting ' }), part({ kind: 'movement', amount: '5', movement: 'e1' })])).toEqual([
      { kind: 'account', account: '6000', amount: '-119.00', vat_rate: 19, description: 'Hosting' },
      { kind: 'movement', movement: 'e1', amount: '5.00' },
    ]);
    expect(partErrors({ 'parts.1.amount': ['Too much.'], 'parts.0.account': ['No such account.'], parts: ['Do not add up.'] })).toEqual({
      parts: { 1: { amount: ['Too much.'] }, 0: { account: ['No such account.'] } },
      rest: ['Do not add up.'],
    });
  });

  it('lists the movements of the line’s exact amount first', () => {
    const found = movementsFor(25_000, [
      { id: 'a', date: '2026-03-01', description: 'A', source: 'payment', amount: 100 },
      { id: 'b', date: '2026-03-02', description: 'B', source: 'payment', amount: 250 },
      { id: 'c', date: '2026-03-03', description: 'C', source: 'payment', amount: -250 },
    ]);
    expect(found.map((m) => [m.id, m.exact])).toEqual([
      ['b', true],
      ['a', false],
      ['c', false],
    ]);
  });
});
