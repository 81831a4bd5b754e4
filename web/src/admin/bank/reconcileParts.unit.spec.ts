import { describe, expect, it } from 'vitest';
import { acceptedParts, centsText, creditClient, eurosToCents, invoiceCents, movementsFor, partErrors, partsBalance, remainingCents, summaryItems, wireParts, type PartDraft } from './reconcileParts';
import type { OpenInvoice } from './statementApi';

const part = (over: Partial<PartDraft>): PartDraft => ({ key: 1, kind: 'account', amount: '', vatRate: 0, description: '', ...over });

describe('a statement line’s parts in the reconcile panel', () => {
  it('reads wire amounts to exact signed cents and writes them back', () => {
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

  it('pays an open invoice with at most what is open or what the line leaves, and offers the rest as that client’s credit', () => {
    const open: OpenInvoice[] = [{ id: 'i1', invoice_number: 'INV-1', client: { id: 'c1', name: 'Gamma' }, due_date: '2026-03-31', open_amount: 100 }];
    expect(invoiceCents(10_000, 15_000)).toBe(10_000);
    expect(invoiceCents(10_000, 6_000)).toBe(6_000);
    expect(invoiceCents(10_000, 0)).toBe(10_000);
    const paying = [part({ kind: 'invoice', invoice: 'i1', amount: '100.00' })];
    expect(partsBalance(15_000, paying)).toBe(false);
    expect(creditClient(15_000, paying, open)).toEqual({ id: 'c1', name: 'Gamma' });
    expect(creditClient(10_000, paying, open)).toBeNull();
    const withCredit = [...paying, part({ key: 2, kind: 'clientCredit', client: 'c1', amount: '50.00' })];
    expect(creditClient(15_000, withCredit, open)).toBeNull();
    expect(partsBalance(15_000, withCredit)).toBe(true);
    expect(wireParts(withCredit)).toEqual([
      { kind: 'invoice', invoice: 'i1', amount: '100.00' },
      { kind: 'client_credit', client: 'c1', amount: '50.00' },
    ]);
    expect(partsBalance(10_000, [part({ kind: 'invoice', amount: '100.00' })])).toBe(false);
  });

  it('posts a suggestion’s parts without their labels and sums a reconciled line up by its parts', () => {
    expect(acceptedParts([{ kind: 'invoice', invoice: 'i1', amount: 100, label: 'INV-1 · Gamma' }])).toEqual([{ kind: 'invoice', invoice: 'i1', amount: 100 }]);
    expect(
      summaryItems([
        { kind: 'invoice', invoiceId: 'i1', amount: 100 },
        { kind: 'clientCredit', clientId: 'c1', amount: 50 },
        { kind: 'account', accountCode: '6200', amount: -10 },
        { kind: 'transfer', moneyAccountId: 'm', amount: 5 },
        { kind: 'movement', movementId: 'e', amount: 5 },
        { kind: 'unknown' },
      ]),
    ).toEqual([{ kind: 'invoice', id: 'i1' }, { kind: 'clientCredit' }, { kind: 'account', code: '6200' }, { kind: 'transfer' }, { kind: 'movement' }]);
  });
});
