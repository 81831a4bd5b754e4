import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS as A } from '../accounting/accounts';
import { closingLines, fiscalYearOf, fiscalYearStarting } from '../accounting/fiscal-year';
import { ValidationError } from '../shared/errors';
import { evolveBooks, initialBooks, type Books } from './books';
import { decideBooks, type BooksCommand } from './decide';
import type { BooksEvent } from './events';

const stamp = { actor: 'u1', at: '2026-03-01T10:00:00Z' };
const today = '2026-03-01';
const given = (events: BooksEvent[]): Books => events.reduce(evolveBooks, initialBooks());
const when = (state: Books, c: BooksCommand) => decideBooks(state, c);
const REVENUE = A.subscriptionRevenue;
const lines = [
  { accountId: REVENUE, debitCents: 100000, creditCents: 0 },
  { accountId: A.paymentFees, debitCents: 0, creditCents: 2500 },
  { accountId: A.retainedEarnings, debitCents: 0, creditCents: 97500 },
];
const close2025: BooksCommand = { type: 'CloseFiscalYear', entryId: 'e2025', from: '2025-01-01', to: '2025-12-31', today: '2026-03-01', lines, ...stamp };
const refusal = (f: () => unknown): ValidationError => {
  try {
    f();
  } catch (err) {
    if (err instanceof ValidationError) return err;
    throw err;
  }
  throw new Error('not refused');
};

describe('fiscal years', () => {
  it('start on the company’s first month and run twelve months', () => {
    expect(fiscalYearStarting(1, 2025)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(fiscalYearStarting(7, 2025)).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    expect(fiscalYearOf(7, '2026-06-30')).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    expect(fiscalYearOf(7, '2026-07-01')).toEqual({ from: '2026-07-01', to: '2027-06-30' });
    expect(fiscalYearOf(3, '2024-02-29')).toEqual({ from: '2023-03-01', to: '2024-02-29' });
    expect(fiscalYearOf(1, '9999-12-31')).toEqual({ from: '9999-01-01', to: '9999-12-31' });
  });

  it('closing lines take revenue and expense to zero and the result to Retained Earnings, balanced', () => {
    const chart = [
      { id: REVENUE, type: 'revenue' as const },
      { id: A.paymentFees, type: 'expense' as const },
      { id: A.bank, type: 'asset' as const },
    ];
    const year = new Map([
      [REVENUE, { debitCents: 5000, creditCents: 105000 }],
      [A.paymentFees, { debitCents: 2500, creditCents: 0 }],
      [A.bank, { debitCents: 99999, creditCents: 0 }],
    ]);
    expect(closingLines(chart, year, A.retainedEarnings)).toEqual(lines);
    const loss = closingLines(chart, new Map([[A.paymentFees, { debitCents: 700, creditCents: 0 }]]), A.retainedEarnings);
    expect(loss).toEqual([
      { accountId: A.paymentFees, debitCents: 0, creditCents: 700 },
      { accountId: A.retainedEarnings, debitCents: 700, creditCents: 0 },
    ]);
    expect(closingLines(chart, new Map(), A.retainedEarnings)).toEqual([]);
  });
});

describe('books: lock, close, reopen', () => {
  it('given no lock, when locking, then BooksLocked; the same date again decides nothing', () => {
    const [locked] = when(given([]), { type: 'LockBooks', lockedThrough: '2025-06-30', today, ...stamp });
    expect(locked).toEqual({ type: 'BooksLocked', data: { lockedThrough: '2025-06-30', previous: null, ...stamp } });
    expect(when(given([locked!]), { type: 'LockBooks', lockedThrough: '2025-06-30', today, ...stamp })).toEqual([]);
    expect(refusal(() => when(given([]), { type: 'LockBooks', lockedThrough: '2025-02-30', today, ...stamp })).fieldErrors).toHaveProperty('lockedThrough');
    expect(refusal(() => when(given([]), { type: 'LockBooks', lockedThrough: today, today, ...stamp }))).toMatchObject({ message: 'The lock date must be before today.', reason: 'LOCK_NOT_PAST' });
  });

  it('given no lock, when closing a year, then FiscalYearClosed locks through its last day; closing again decides nothing', () => {
    const events = when(given([]), close2025);
    expect(events).toEqual([{ type: 'FiscalYearClosed', data: { entryId: 'e2025', from: '2025-01-01', to: '2025-12-31', lines, lockedThrough: '2025-12-31', previous: null, ...stamp } }]);
    expect(when(given(events), close2025)).toEqual([]);
  });

  it('keeps a later lock when closing, refuses a year not yet ended and a year before a closed one', () => {
    const locked = when(given([]), { type: 'LockBooks', lockedThrough: '2026-01-31', today, ...stamp });
    expect((when(given(locked), close2025)[0] as { data: { lockedThrough: string } }).data.lockedThrough).toBe('2026-01-31');
    expect(refusal(() => when(given([]), { ...close2025, today: '2025-12-31' }))).toMatchObject({
      message: 'The fiscal year 2025-01-01 to 2025-12-31 has not ended yet.',
      reason: 'YEAR_NOT_ENDED',
      params: { from: '2025-01-01', to: '2025-12-31' },
    });
    const closed = when(given([]), close2025);
    expect(refusal(() => when(given(closed), { ...close2025, entryId: 'e2024', from: '2024-01-01', to: '2024-12-31' }))).toMatchObject({
      fieldErrors: { fiscalYear: [expect.any(String)] },
      reason: 'LATER_YEAR_CLOSED',
      params: { from: '2025-01-01', to: '2025-12-31' },
    });
  });

  it('a closed year cannot be unlocked by moving the lock date: it must be reopened', () => {
    const closed = when(given([]), close2025);
    expect(refusal(() => when(given(closed), { type: 'LockBooks', lockedThrough: '2025-11-30', today, ...stamp }))).toMatchObject({
      fieldErrors: { lockedThrough: [expect.any(String)] },
      reason: 'YEAR_CLOSED',
      params: { from: '2025-01-01', to: '2025-12-31' },
    });
    expect(refusal(() => when(given(closed), { type: 'LockBooks', lockedThrough: null, today, ...stamp })).fieldErrors).toHaveProperty('lockedThrough');
    expect(when(given(closed), { type: 'LockBooks', lockedThrough: '2026-02-28', today, ...stamp })).toHaveLength(1);
  });

  it('reopening needs a reason, reverses the closing lines and moves the lock to the day before the year', () => {
    const closed = when(given([]), close2025);
    expect(refusal(() => when(given(closed), { type: 'ReopenFiscalYear', from: '2025-01-01', reason: '  ', ...stamp }))).toMatchObject({ fieldErrors: { reason: [expect.any(String)] }, reason: 'REASON_REQUIRED' });
    expect(refusal(() => when(given([]), { type: 'ReopenFiscalYear', from: '2025-01-01', reason: 'x', ...stamp }))).toMatchObject({ fieldErrors: { fiscalYear: [expect.any(String)] }, reason: 'YEAR_NOT_CLOSED' });
    const [reopened] = when(given(closed), { type: 'ReopenFiscalYear', from: '2025-01-01', reason: 'Late supplier invoice', ...stamp });
    expect(reopened).toEqual({
      type: 'FiscalYearReopened',
      data: { entryId: 'e2025', from: '2025-01-01', to: '2025-12-31', lines, reason: 'Late supplier invoice', lockedThrough: '2024-12-31', previous: '2025-12-31', ...stamp },
    });
    const state = given([...closed, reopened!]);
    expect(state).toEqual({ lockedThrough: '2024-12-31', closed: [] });
    // Closed again after the fix: harmless, a new closing entry.
    expect(when(state, close2025)).toHaveLength(1);
  });

  it('only the latest closed year reopens', () => {
    const c2024: BooksCommand = { ...close2025, entryId: 'e2024', from: '2024-01-01', to: '2024-12-31' };
    const events = [...when(given([]), c2024)];
    events.push(...when(given(events), close2025));
    expect(refusal(() => when(given(events), { type: 'ReopenFiscalYear', from: '2024-01-01', reason: 'x', ...stamp })).message).toMatch(/later fiscal year/);
  });
});
