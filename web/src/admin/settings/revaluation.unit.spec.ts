import { describe, expect, it } from 'vitest';
import { lastDayOfPreviousMonth, revaluationRow, revaluationRows } from './revaluation';

const INVOICE = '3f2a1b9c-0000-4000-8000-000000000001';
const BILL = '9b8c7d6e-0000-4000-8000-000000000002';

describe('revaluationRow', () => {
  it('keeps an invoice owed by its client as it is: a gain when the dollar strengthened', () => {
    expect(revaluationRow({ invoice: INVOICE, currency: 'USD', open_amount: 1000, booked_eur: 909.09, revalued_eur: 925.93, difference_eur: 16.84 })).toEqual({
      key: `invoice ${INVOICE}`,
      kind: 'invoice',
      id: INVOICE,
      shortId: '3f2a1b9c',
      currency: 'USD',
      direction: 'clientOwes',
      amount: 1000,
      bookedEur: 909.09,
      revaluedEur: 925.93,
      differenceEur: 16.84,
      result: 'gain',
    });
  });

  it("shows a client's credit positive, owed back to the client, its loss kept signed", () => {
    expect(revaluationRow({ invoice: INVOICE, currency: 'USD', open_amount: -100, booked_eur: -90.91, revalued_eur: -95.24, difference_eur: -4.33 })).toMatchObject({
      direction: 'owedToClient',
      amount: 100,
      bookedEur: 90.91,
      revaluedEur: 95.24,
      differenceEur: -4.33,
      result: 'loss',
    });
  });

  it("shows a bill owed (negative to Accounts Payable) positive, owed to its supplier; a supplier's credit as owed by the supplier", () => {
    expect(revaluationRow({ bill: BILL, currency: 'GBP', open_amount: -500, booked_eur: -580, revalued_eur: -575.5, difference_eur: 4.5 })).toMatchObject({
      key: `bill ${BILL}`,
      kind: 'bill',
      id: BILL,
      shortId: '9b8c7d6e',
      direction: 'owedToSupplier',
      amount: 500,
      bookedEur: 580,
      revaluedEur: 575.5,
      result: 'gain',
    });
    expect(revaluationRow({ bill: BILL, currency: 'GBP', open_amount: 50, booked_eur: 58, revalued_eur: 57.55, difference_eur: -0.45 })).toMatchObject({ direction: 'supplierOwes', amount: 50, result: 'loss' });
  });

  it('says neither gain nor loss when nothing changed, and never shows -0', () => {
    const row = revaluationRow({ bill: BILL, currency: 'USD', open_amount: -0, booked_eur: -0, revalued_eur: -0, difference_eur: 0 });
    expect(row.result).toBe('none');
    expect(Object.is(row.amount, 0) && Object.is(row.bookedEur, 0) && Object.is(row.revaluedEur, 0)).toBe(true);
  });
});

describe('revaluationRows', () => {
  it('lists invoices before bills, each by currency, keeping the order within', () => {
    const item = (doc: { invoice: string } | { bill: string }, currency: string) => ({ ...doc, currency, open_amount: 1, booked_eur: 1, revalued_eur: 1, difference_eur: 0 });
    const rows = revaluationRows({ items: [item({ bill: 'b1' }, 'USD'), item({ invoice: 'i1' }, 'USD'), item({ bill: 'b2' }, 'GBP'), item({ invoice: 'i2' }, 'CHF'), item({ invoice: 'i3' }, 'USD')] });
    expect(rows.map((r) => r.id)).toEqual(['i2', 'i1', 'i3', 'b2', 'b1']);
  });
});

describe('lastDayOfPreviousMonth', () => {
  it.each([
    ['2026-11-05', '2026-10-31'],
    ['2026-12-01', '2026-11-30'],
    ['2026-01-15', '2025-12-31'],
    ['2028-03-01', '2028-02-29'],
    ['2026-03-31', '2026-02-28'],
  ])('before %s is %s', (today, last) => {
    expect(lastDayOfPreviousMonth(today)).toBe(last);
  });
});
