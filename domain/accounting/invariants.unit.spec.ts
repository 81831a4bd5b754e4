import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayArb, historyArb } from '../../test/accounting/history';
import { DEFAULT_CHART, SYSTEM_ACCOUNT_IDS } from './accounts';
import { effectsOf, foldEffects, totalsInRange } from './balances';
import { addDays, yearStart } from '../shared/dates';
import { balanceSheet, cashFlow, incomeStatement, trialBalance } from './reports';

const accounts = DEFAULT_CHART;
const RUNS = 2000;

const ledgerOf = (history: ReturnType<typeof historyArb> extends fc.Arbitrary<infer T> ? T : never) => effectsOf(history.map((h) => h.event));

describe('accounting invariants on random histories', () => {
  it('generates histories with invoices in other currencies, their payments at other rates and revaluations', () => {
    const histories = fc.sample(historyArb(), { numRuns: 200, seed: 40 });
    const events = histories.flat().map((h) => h.event);
    expect(events.some((e) => e.type === 'InvoiceIssued' && e.data.fx)).toBe(true);
    expect(events.some((e) => e.type === 'PaymentRecorded' && e.data.fx && e.data.fx.receivedCents !== e.data.fx.relievedCents)).toBe(true);
    expect(events.some((e) => e.type === 'ForeignBalancesRevalued')).toBe(true);
    // Their postings reach the exchange accounts.
    const lines = ledgerOf(histories.flat()).flatMap((e) => e.postings.flatMap((p) => p.lines));
    expect(lines.some((l) => l.accountId === SYSTEM_ACCOUNT_IDS.exchangeGains)).toBe(true);
    expect(lines.some((l) => l.accountId === SYSTEM_ACCOUNT_IDS.exchangeLosses)).toBe(true);
    expect(lines.some((l) => l.foreign?.currency === 'JPY')).toBe(true);
  });

  it('every posting balances, so total debits equal total credits', () => {
    fc.assert(
      fc.property(historyArb(), (history) => {
        let debits = 0;
        let credits = 0;
        for (const effect of ledgerOf(history)) {
          for (const p of effect.postings) {
            const d = p.lines.reduce((s, l) => s + l.debitCents, 0);
            const c = p.lines.reduce((s, l) => s + l.creditCents, 0);
            expect(d).toBe(c);
            debits += d;
            credits += c;
          }
        }
        expect(debits).toBe(credits);
      }),
      { numRuns: RUNS },
    );
  });

  it('assets equal liabilities plus equity to the cent at every as-of date', () => {
    fc.assert(
      fc.property(historyArb(), fc.array(dayArb, { minLength: 1, maxLength: 5 }), (history, days) => {
        const daily = foldEffects(ledgerOf(history));
        for (const asOf of days) {
          const bs = balanceSheet(accounts, totalsInRange(daily, undefined, asOf), totalsInRange(daily, yearStart(asOf), asOf));
          expect(bs.totalAssetsCents).toBe(bs.totalLiabilitiesAndEquityCents);
          const tb = trialBalance(accounts, totalsInRange(daily, undefined, asOf));
          expect(tb.totalDebitCents).toBe(tb.totalCreditCents);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('cash-flow net change equals the change in cash-class balances over the period', () => {
    fc.assert(
      fc.property(historyArb(), dayArb, fc.nat(800), (history, from, length) => {
        const daily = foldEffects(ledgerOf(history));
        const to = addDays(from, length);
        const cf = cashFlow(accounts, totalsInRange(daily, from, to), totalsInRange(daily, undefined, addDays(from, -1)));
        const cash = (asOf: string) =>
          balanceSheet(accounts, totalsInRange(daily, undefined, asOf), new Map()).assets
            .filter((l) => accounts.find((a) => a.id === l.accountId)?.cashFlowClass === 'cash')
            .reduce((s, l) => s + l.balanceCents, 0);
        expect(cf.netCashFlowCents).toBe(cf.cashChangeCents);
        expect(cf.netCashFlowCents).toBe(cash(to) - cash(addDays(from, -1)));
        expect(cf.openingCashCents).toBe(cash(addDays(from, -1)));
        expect(cf.closingCashCents).toBe(cash(to));
        expect(cf.netIncomeCents).toBe(incomeStatement(accounts, totalsInRange(daily, from, to)).netIncomeCents);
      }),
      { numRuns: RUNS },
    );
  });

  it('a voided or deleted invoice and a deleted journal entry leave no trace in the balances', () => {
    fc.assert(
      fc.property(historyArb(), (history) => {
        const effects = ledgerOf(history);
        const deleted = new Set(effects.filter((e) => e.entry.status === 'deleted').map((e) => e.entryId));
        const net = new Map<string, number>();
        for (const e of effects.filter((x) => deleted.has(x.entryId))) {
          for (const p of e.postings) for (const l of p.lines) net.set(l.accountId, (net.get(l.accountId) ?? 0) + l.debitCents - l.creditCents);
        }
        for (const value of net.values()) expect(value).toBe(0);
      }),
      { numRuns: RUNS },
    );
  });
});
