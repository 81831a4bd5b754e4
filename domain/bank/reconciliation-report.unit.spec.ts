import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconciliationReport, type UnreconciledItem } from './reconciliation-report';

const item = (id: string, date: string, amountCents: number): UnreconciledItem => ({ id, date, amountCents });

describe('reconciliationReport', () => {
  it('given every line reconciled and nothing pending, when the ledger equals the statement, then it is proven and complete', () => {
    const report = reconciliationReport({ statementClosing: { date: '2026-03-31', cents: 150_000 }, ledgerBalanceCents: 150_000, unreconciledLines: [], unreconciledMovements: [] });
    expect(report).toMatchObject({ differenceCents: 0, proven: true, complete: true });
  });

  it('given a bank charge not yet booked and a cheque not yet cleared, when reported, then both explain the difference', () => {
    const report = reconciliationReport({
      statementClosing: { date: '2026-03-31', cents: 100_000 },
      // Books: 100,000 + 20,000 paid in by hand not yet on the statement; the bank took a charge of 500 the books do not hold yet.
      ledgerBalanceCents: 120_500,
      unreconciledLines: [item('charge', '2026-03-30', -500)],
      unreconciledMovements: [item('cheque', '2026-03-29', 20_000)],
    });
    expect(report).toMatchObject({ unreconciledLinesCents: -500, unreconciledMovementsCents: 20_000, explainedBalanceCents: 100_000, differenceCents: 0, proven: true, complete: false });
  });

  it('given a difference nothing explains, when reported, then it is not proven and the difference is shown', () => {
    const report = reconciliationReport({ statementClosing: { date: '2026-03-31', cents: 100_000 }, ledgerBalanceCents: 99_999, unreconciledLines: [], unreconciledMovements: [] });
    expect(report).toMatchObject({ differenceCents: 1, proven: false, complete: false });
  });

  it('given items after the closing day, when reported, then they are left out of that day, and the rest are listed oldest first', () => {
    const report = reconciliationReport({
      statementClosing: { date: '2026-03-31', cents: 0 },
      ledgerBalanceCents: 0,
      unreconciledLines: [item('b', '2026-03-20', 10), item('a', '2026-03-02', -10), item('later', '2026-04-01', 999)],
      unreconciledMovements: [item('later-too', '2026-04-02', 5)],
    });
    expect(report.unreconciledLines.map((l) => l.id)).toEqual(['a', 'b']);
    expect(report.unreconciledMovements).toEqual([]);
    expect(report).toMatchObject({ proven: true, complete: false });
  });

  it('given sums beyond exact integers, when reported, then nothing is proven', () => {
    // 2^53 − 1 + 1 is 2^53, which a number holds but cannot tell from 2^53 + 1: the figures agree only by chance.
    const huge = Number.MAX_SAFE_INTEGER;
    const report = reconciliationReport({ statementClosing: { date: '2026-03-31', cents: 2 ** 53 }, ledgerBalanceCents: 0, unreconciledLines: [item('x', '2026-03-01', huge), item('y', '2026-03-01', 1)], unreconciledMovements: [] });
    expect(report.differenceCents).toBe(0);
    expect(report.proven).toBe(false);
  });

  it('on generated histories: the books prove the bank exactly when statement = ledger + unreconciled lines − unreconciled movements', () => {
    const amounts = fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((c) => c !== 0), { maxLength: 30 });
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), amounts, fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }), amounts, fc.integer({ min: -2, max: 2 }), (opening, bank, reconciled, pending, error) => {
        // The bank moved `bank`; the books hold the reconciled lines and money of their own (`pending`) not on the statement yet.
        const statement = opening + bank.reduce((s, c) => s + c, 0);
        const ledger = opening + bank.filter((_, i) => reconciled[i]).reduce((s, c) => s + c, 0) + pending.reduce((s, c) => s + c, 0) + error;
        const report = reconciliationReport({
          statementClosing: { date: '2026-03-31', cents: statement },
          ledgerBalanceCents: ledger,
          unreconciledLines: bank.flatMap((c, i) => (reconciled[i] ? [] : [item(`l${i}`, '2026-03-15', c)])),
          unreconciledMovements: pending.map((c, i) => item(`m${i}`, '2026-03-16', c)),
        });
        expect(report.proven).toBe(error === 0);
        expect(report.differenceCents).toBe(0 - error);
        expect(report.complete).toBe(error === 0 && report.unreconciledLines.length === 0 && pending.length === 0);
      }),
      { numRuns: 500 },
    );
  });
});
