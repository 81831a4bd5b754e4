import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { historyArb } from '../../test/accounting/history';
import { DEFAULT_CHART, SYSTEM_ACCOUNT_IDS as A } from './accounts';
import { effectsOf, foldEffects, subtractTotals, totalsInRange } from './balances';
import { addDays } from '../shared/dates';
import { ValidationError } from '../shared/errors';
import { assertOpen, deferEffect, firstOpenDay, isLocked, lockPolicyOf } from './period-lock';
import { balanceSheet, cashFlow, incomeStatement, trialBalance } from './reports';
import { vatReturn } from './vat-return';
import type { LedgerEffect, LedgerEvent } from './postings';
import type { BooksEvent } from '../books/events';
import { ageReceivables, bucketOf, type AgingRow } from './aging';
import { receivableGroupSteps } from './receivable-terms';

const lock = (lockedThrough: string | null): BooksEvent => ({ type: 'BooksLocked', data: { lockedThrough, previous: null, actor: 'u', at: '2026-01-01T00:00:00Z' } });

/** Aged receivables as of a day from the pure model of what the ledger keeps (groups by client and due date). */
const agedAsOf = (events: LedgerEvent[], day: string) => {
  const groups = new Map<string, { clientId: string | null; dueDate: string | null; open: number; credit: number }>();
  for (const s of receivableGroupSteps(events)) {
    if (s.date > day) continue;
    const key = `${s.clientId}|${s.dueDate}`;
    const g = groups.get(key) ?? { clientId: s.clientId, dueDate: s.dueDate, open: 0, credit: 0 };
    g.open += s.openCents;
    g.credit += s.creditCents;
    groups.set(key, g);
  }
  const rows = [...groups.values()].flatMap((g): AgingRow[] => [
    { clientId: g.clientId, clientName: g.clientId ?? '', bucket: g.dueDate ? bucketOf(g.dueDate, day) : 'current', cents: g.open },
    { clientId: g.clientId, clientName: g.clientId ?? '', bucket: 'credit', cents: g.credit },
  ]);
  return ageReceivables(rows, day);
};

describe('period lock', () => {
  it('locks every day on or before the lock date, none after', () => {
    expect(isLocked('2025-12-31', '2025-12-31')).toBe(true);
    expect(isLocked('2025-12-31', '2026-01-01')).toBe(false);
    expect(isLocked(null, '1900-01-01')).toBe(false);
    expect(firstOpenDay('2025-12-31', '2025-03-01')).toBe('2026-01-01');
    expect(firstOpenDay('2025-12-31', '2026-03-01')).toBe('2026-03-01');
  });

  it('refuses a posting on a locked day with the lock date in the message, on the date field', () => {
    expect(() => assertOpen('2025-12-31', ['2026-01-01'])).not.toThrow();
    expect(() => assertOpen(null, ['2001-01-01'])).not.toThrow();
    try {
      assertOpen('2025-12-31', ['2026-02-01', '2025-12-31']);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).message).toBe('The books are locked up to 2025-12-31.');
      expect((err as ValidationError).fieldErrors).toEqual({ date: ['The books are locked up to 2025-12-31.'] });
      expect(err).toMatchObject({ reason: 'BOOKS_LOCKED', params: { date: '2025-12-31' } });
    }
  });

  it('refuses for people, defers for reports of what already happened (gateway, scheduler, system)', () => {
    expect(lockPolicyOf('0f8c6d1e-1111-4000-8000-000000000001')).toBe('refuse');
    expect(lockPolicyOf('stripe')).toBe('defer');
    expect(lockPolicyOf('scheduler')).toBe('defer');
    expect(lockPolicyOf('system')).toBe('defer');
  });

  it('moves only the postings on locked days to the first open day', () => {
    const effect: LedgerEffect = {
      entryId: 'e',
      source: { type: 'manual', id: 'e', invoiceId: null },
      entry: { status: 'active', date: '2025-06-01', description: 'x' },
      revenueAccountId: null,
      postings: [
        { kind: 'reversal', date: '2025-06-01', description: 'r', lines: [{ accountId: A.bank, debitCents: 0, creditCents: 5 }, { accountId: A.suspense, debitCents: 5, creditCents: 0 }] },
        { kind: 'posting', date: '2026-02-01', description: 'p', lines: [{ accountId: A.bank, debitCents: 6, creditCents: 0 }, { accountId: A.suspense, debitCents: 0, creditCents: 6 }] },
      ],
    };
    const moved = deferEffect(effect, '2025-12-31');
    expect(moved.postings.map((p) => p.date)).toEqual(['2026-01-01', '2026-02-01']);
    expect(moved.entry.date).toBe('2025-06-01');
    expect(deferEffect(effect, null)).toBe(effect);
  });

  it('ledger: a payout reported after the lock for a locked day posts on the first open day', () => {
    const payout: LedgerEvent = { type: 'PayoutPaid', data: { payoutId: 'po_1', amountCents: 1000, date: '2025-12-30', balanceTransactionIds: [] } };
    const [effect] = effectsOf([lock('2025-12-31'), payout]);
    expect(effect!.postings[0]!.date).toBe('2026-01-01');
    const [unlocked] = effectsOf([payout]);
    expect(unlocked!.postings[0]!.date).toBe('2025-12-30');
  });

  it('invariant on generated histories: every figure up to the lock date is the same before and after any later commands', () => {
    fc.assert(
      fc.property(historyArb(), fc.nat(1000), fc.integer({ min: 0, max: 4 * 365 }), fc.array(fc.integer({ min: 0, max: 4 * 365 }), { minLength: 1, maxLength: 4 }), (history, cut, lockDay, days) => {
        const events = history.map((h) => h.event as LedgerEvent);
        const at = cut % (events.length + 1);
        const lockedThrough = addDays('2023-01-01', lockDay);
        const before = [...events.slice(0, at), lock(lockedThrough)];
        // Later commands of every kind; moving the lock back (unlocking) is the one thing that may change the past.
        const later = events.slice(at).filter((e) => e.type !== 'BooksLocked' || (e.data.lockedThrough !== null && e.data.lockedThrough >= lockedThrough));
        const after = [...before, ...later];
        const dailyBefore = foldEffects(effectsOf(before));
        const dailyAfter = foldEffects(effectsOf(after));
        for (const d of days) {
          const day = addDays('2023-01-01', d) <= lockedThrough ? addDays('2023-01-01', d) : lockedThrough;
          const from = addDays(day, -200);
          expect(totalsInRange(dailyAfter, undefined, day)).toEqual(totalsInRange(dailyBefore, undefined, day));
          expect(trialBalance(DEFAULT_CHART, totalsInRange(dailyAfter, undefined, day))).toEqual(trialBalance(DEFAULT_CHART, totalsInRange(dailyBefore, undefined, day)));
          expect(incomeStatement(DEFAULT_CHART, totalsInRange(dailyAfter, from, day))).toEqual(incomeStatement(DEFAULT_CHART, totalsInRange(dailyBefore, from, day)));
          const bs = (daily: typeof dailyAfter) => balanceSheet(DEFAULT_CHART, totalsInRange(daily, undefined, day), totalsInRange(daily, `${day.slice(0, 4)}-01-01`, day));
          expect(bs(dailyAfter)).toEqual(bs(dailyBefore));
          // Aged receivables too: a due date moved, a client changed or an invoice voided later leaves a locked day's buckets as they were.
          expect(agedAsOf(after, day)).toEqual(agedAsOf(before, day));
          expect(agedAsOf(after, day).totals.netCents).toBe((totalsInRange(dailyAfter, undefined, day).get(A.receivables)?.debitCents ?? 0) - (totalsInRange(dailyAfter, undefined, day).get(A.receivables)?.creditCents ?? 0));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('invariant with year-end closes and reopens, and the VAT return: what a close may not change in a locked period stays the same', () => {
    fc.assert(
      fc.property(historyArb(60, 1, { yearEnd: true }), fc.nat(1000), fc.integer({ min: 0, max: 4 * 365 }), fc.array(fc.integer({ min: 0, max: 4 * 365 }), { minLength: 1, maxLength: 4 }), (history, cut, lockDay, days) => {
        const events = history.map((h) => h.event as LedgerEvent);
        const at = cut % (events.length + 1);
        const lockedThrough = addDays('2023-01-01', lockDay);
        const before = [...events.slice(0, at), lock(lockedThrough)];
        // Later commands of every kind, as the write path would take them under this lock: a close
        // never moves the lock back (it keeps the later of the two), and unlocking (a lock moved
        // back, a reopen into the locked period) is the one thing that may change the past.
        const later = events.slice(at).flatMap((e): LedgerEvent[] => {
          if (e.type === 'FiscalYearClosed') return [{ ...e, data: { ...e.data, lockedThrough: e.data.lockedThrough > lockedThrough ? e.data.lockedThrough : lockedThrough } }];
          if (e.type === 'BooksLocked' || e.type === 'FiscalYearReopened') return e.data.lockedThrough !== null && e.data.lockedThrough >= lockedThrough ? [e] : [];
          return [e];
        });
        const figures = (history: LedgerEvent[]) => {
          const effects = effectsOf(history);
          const daily = foldEffects(effects);
          const closing = foldEffects(effects.filter((e) => e.source.type === 'year_end_close'));
          const withoutClosing = (from: string | undefined, to: string) => subtractTotals(totalsInRange(daily, from, to), totalsInRange(closing, from, to));
          const vat = (from: string, to: string) => vatReturn(effects.flatMap((e) => e.postings.filter((p) => p.date >= from && p.date <= to).flatMap((p) => p.vat ?? [])));
          return days.map((d) => {
            const day = addDays('2023-01-01', d) <= lockedThrough ? addDays('2023-01-01', d) : lockedThrough;
            const from = addDays(day, -200);
            const yearStart = `${day.slice(0, 4)}-01-01`;
            const sheet = balanceSheet(DEFAULT_CHART, totalsInRange(daily, undefined, day), totalsInRange(daily, yearStart, day));
            return {
              day,
              totals: [...withoutClosing(undefined, day)].filter(([, t]) => t.debitCents !== 0 || t.creditCents !== 0),
              income: incomeStatement(DEFAULT_CHART, withoutClosing(from, day)),
              cash: cashFlow(DEFAULT_CHART, withoutClosing(from, day), totalsInRange(daily, undefined, addDays(from, -1))),
              preClosingTrial: trialBalance(DEFAULT_CHART, withoutClosing(undefined, day)),
              sheetTotals: [sheet.totalAssetsCents, sheet.totalLiabilitiesAndEquityCents],
              vat: vat(from, day),
              aged: agedAsOf(history, day),
            };
          });
        };
        expect(figures([...before, ...later])).toEqual(figures(before));
      }),
      { numRuns: 1000 },
    );
  });
});
