import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../accounting/accounts';
import type { VatMovement } from '../accounting/vat-return';
import { relief, toEuroCents } from './conversion';
import { disputeClosedLines, disputeOpenedLines, foreignReceiptLines, foreignSaleLines, refundLines, revaluationLines, type ForeignLine, type OpenItem } from './foreign-postings';

const { receivables, bank, vatPayable, servicesRevenue, exchangeGains, exchangeLosses } = SYSTEM_ACCOUNT_IDS;

/** A ledger as the books keep it: each account's debit − credit in euro cents. */
class Ledger {
  readonly balances = new Map<string, number>();
  post(lines: readonly ForeignLine[]): void {
    expect(lines.reduce((s, l) => s + l.debitCents - l.creditCents, 0), 'a posting balances').toBe(0);
    for (const l of lines) {
      expect(l.debitCents >= 0 && l.creditCents >= 0 && (l.debitCents === 0 || l.creditCents === 0)).toBe(true);
      this.balances.set(l.accountId, this.of(l.accountId) + l.debitCents - l.creditCents);
    }
  }
  of(accountId: string): number {
    return this.balances.get(accountId) ?? 0;
  }
  trialBalance(): number {
    return [...this.balances.values()].reduce((a, b) => a + b, 0);
  }
}

const reverse = (lines: readonly ForeignLine[]): ForeignLine[] => lines.map((l) => ({ ...l, debitCents: l.creditCents, creditCents: l.debitCents }));
const standard = (net: number): VatMovement[] => [{ direction: 'output', category: 'S', rateBp: 1900, baseCents: net, vatCents: Math.round(net * 0.19) }];
const sale = (currency: string, rate: string, net: number) => {
  const vat = standard(net);
  return foreignSaleLines({ currency, rate, totals: { netCents: net, vatCents: vat[0]!.vatCents, grossCents: net + vat[0]!.vatCents }, vat, revenueAccountId: servicesRevenue });
};

describe("issue 40's worked example: USD 1,000.00", () => {
  it('books EUR 909.09 at 1.10, revalues at the month end at 1.08 (+16.84, reversed the next day), and realises EUR 43.29 when paid at 1.05', () => {
    const ledger = new Ledger();
    const invoice = foreignSaleLines({
      currency: 'USD',
      rate: '1.10',
      totals: { netCents: 100_000, vatCents: 0, grossCents: 100_000 },
      vat: [{ direction: 'output', category: 'E', rateBp: 0, baseCents: 100_000, vatCents: 0 }],
      revenueAccountId: servicesRevenue,
    });
    expect(invoice.lines).toEqual([
      { accountId: receivables, debitCents: 90_909, creditCents: 0, foreign: { currency: 'USD', amountCents: 100_000, rate: '1.10' } },
      { accountId: servicesRevenue, debitCents: 0, creditCents: 90_909, foreign: { currency: 'USD', amountCents: 100_000, rate: '1.10' } },
    ]);
    ledger.post(invoice.lines);
    const open: OpenItem = { accountId: receivables, currency: 'USD', amount: 100_000, carryingCents: 90_909 };
    const monthEnd = revaluationLines([open], new Map([['USD', '1.08']]));
    expect(monthEnd).toEqual([
      { accountId: receivables, debitCents: 1_684, creditCents: 0 },
      { accountId: exchangeGains, debitCents: 0, creditCents: 1_684 },
    ]);
    ledger.post(monthEnd);
    expect(ledger.of(receivables)).toBe(92_593);
    ledger.post(reverse(monthEnd));
    const paid = foreignReceiptLines({ currency: 'USD', cashAccountId: bank, paidCents: 100_000, paymentRate: '1.05', bookedRate: '1.10', open });
    expect(paid.lines).toEqual([
      { accountId: bank, debitCents: 95_238, creditCents: 0, foreign: { currency: 'USD', amountCents: 100_000, rate: '1.05' } },
      { accountId: receivables, debitCents: 0, creditCents: 90_909, foreign: { currency: 'USD', amountCents: 100_000, rate: '1.10' } },
      { accountId: exchangeGains, debitCents: 0, creditCents: 4_329 },
    ]);
    ledger.post(paid.lines);
    expect(ledger.of(receivables)).toBe(0);
    expect(ledger.of(bank)).toBe(95_238);
    expect(-ledger.of(exchangeGains)).toBe(4_329);
  });

  it('a payment at a weaker rate realises a loss; VAT is converted on its own and the sale balances', () => {
    const invoice = sale('GBP', '0.86835', 123_457);
    expect(invoice.lines.map((l) => l.accountId)).toEqual([receivables, servicesRevenue, vatPayable]);
    expect(invoice.vat[0]!.vatCents).toBe(toEuroCents(Math.round(123_457 * 0.19), '0.86835'));
    const paid = foreignReceiptLines({ currency: 'GBP', cashAccountId: bank, paidCents: invoice.lines[0]!.foreign!.amountCents, paymentRate: '0.9', bookedRate: '0.86835', open: { amount: invoice.lines[0]!.foreign!.amountCents, carryingCents: invoice.grossCents } });
    expect(paid.settlement.differenceCents).toBeLessThan(0);
    expect(paid.lines.at(-1)).toMatchObject({ accountId: exchangeLosses, debitCents: -paid.settlement.differenceCents });
  });
});

const CURRENCIES = ['USD', 'GBP', 'CHF', 'JPY'] as const;
type Currency = (typeof CURRENCIES)[number];
/** Around each currency's real level, so amounts and differences are of a real size. */
const LEVEL: Record<Currency, number> = { USD: 1.1, GBP: 0.86, CHF: 0.94, JPY: 170 };
const DAYS = 90;
const MONTH_ENDS = new Set([30, 58, 89]);

const rateText = (currency: Currency, step: number): string => (LEVEL[currency] * (1 + step / 1000)).toFixed(currency === 'JPY' ? 2 : 4);

const operation = fc.oneof(
  fc.record({ kind: fc.constant('invoice' as const), currency: fc.constantFrom(...CURRENCIES), net: fc.integer({ min: 100, max: 5_000_000 }), day: fc.integer({ min: 0, max: DAYS - 1 }) }),
  fc.record({ kind: fc.constant('payment' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 100 }), day: fc.integer({ min: 0, max: DAYS - 1 }) }),
  fc.record({ kind: fc.constant('credit' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 100 }), day: fc.integer({ min: 0, max: DAYS - 1 }) }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 100 }), day: fc.integer({ min: 0, max: DAYS - 1 }) }),
);

describe('a dispute of a card payment in dollars', () => {
  const { disputedPayments, stripeClearing, receivables, exchangeGains, exchangeLosses } = SYSTEM_ACCOUNT_IDS;
  const net = (lines: ForeignLine[], accountId: string) => lines.filter((l) => l.accountId === accountId).reduce((s, l) => s + l.debitCents - l.creditCents, 0);
  const opened = { currency: 'USD', withdrawnCents: 20_000 };

  it('holds the euros Stripe withdrew apart, and on a loss puts the dollars back on the receivable at their booked euros, realising the rest', () => {
    expect(disputeOpenedLines(opened)).toEqual([
      { accountId: disputedPayments, debitCents: 20_000, creditCents: 0 },
      { accountId: stripeClearing, debitCents: 0, creditCents: 20_000 },
    ]);
    const lost = disputeClosedLines({ ...opened, relievedCents: 18_182, bookedRate: '1.1' }, 20_000, 'lost');
    expect(net(lost, receivables)).toBe(18_182);
    expect(lost.find((l) => l.accountId === receivables)!.foreign).toEqual({ currency: 'USD', amountCents: 20_000, rate: '1.1' });
    expect(net(lost, disputedPayments)).toBe(-20_000);
    expect(net(lost, exchangeLosses)).toBe(1_818);
    expect(lost.reduce((s, l) => s + l.debitCents - l.creditCents, 0)).toBe(0);
  });

  it('on a win takes back what Stripe reinstated: fewer euros are a loss, more a gain', () => {
    const fewer = disputeClosedLines({ ...opened, returnedCents: 16_000 }, 20_000, 'won');
    expect([net(fewer, stripeClearing), net(fewer, disputedPayments), net(fewer, exchangeLosses)]).toEqual([16_000, -20_000, 4_000]);
    const more = disputeClosedLines({ ...opened, returnedCents: 21_000 }, 20_000, 'won');
    expect(net(more, exchangeGains)).toBe(-1_000);
    expect(disputeClosedLines(opened, 20_000, 'won').map((l) => l.accountId)).toEqual([stripeClearing, disputedPayments]);
  });
});

describe('generated histories in four currencies (property)', () => {
  it('keep the trial balance at zero, receivables equal to the open amounts at booked rates (plus revaluations at a month end), and every realised difference (1/payment rate − 1/booked rate) × amount', () => {
    fc.assert(
      fc.property(
        fc.record(Object.fromEntries(CURRENCIES.map((c) => [c, fc.array(fc.integer({ min: -120, max: 120 }), { minLength: DAYS, maxLength: DAYS })])) as Record<Currency, fc.Arbitrary<number[]>>),
        fc.array(operation, { minLength: 1, maxLength: 60 }),
        (steps, operations) => {
          const rateOn = (currency: Currency, day: number) => rateText(currency, steps[currency][day]!);
          const ledger = new Ledger();
          const invoices: Array<OpenItem & { currency: Currency; bookedRate: string; payments: number; moves: number; net: number; creditable: number; refundable: number }> = [];
          const byDay = [...operations].sort((a, b) => a.day - b.day);
          let next = 0;
          for (let day = 0; day < DAYS; day += 1) {
            for (; next < byDay.length && byDay[next]!.day === day; next += 1) {
              const op = byDay[next]!;
              if (op.kind === 'invoice') {
                // A yen amount is whole yen.
                const net = op.currency === 'JPY' ? op.net * 100 : op.net;
                const rate = rateOn(op.currency, day);
                const posted = sale(op.currency, rate, net);
                ledger.post(posted.lines);
                const gross = posted.lines[0]!.foreign!.amountCents;
                invoices.push({ accountId: receivables, currency: op.currency, amount: gross, carryingCents: posted.grossCents, bookedRate: rate, payments: 0, moves: 0, net, creditable: gross, refundable: 0 });
                continue;
              }
              if (op.kind === 'credit') {
                // A credit note at the invoice's rate, of part of what it charged: beyond what is open it is the client's credit.
                const creditable = invoices.filter((i) => i.creditable > 0);
                if (!creditable.length) continue;
                const invoice = creditable[op.pick % creditable.length]!;
                const vat = standard(Math.max(1, Math.floor((invoice.net * op.share) / 100)));
                const totals = { netCents: vat[0]!.baseCents, vatCents: vat[0]!.vatCents, grossCents: vat[0]!.baseCents + vat[0]!.vatCents };
                if (totals.grossCents > invoice.creditable) continue;
                const relievedCents = relief(invoice, totals.grossCents, invoice.bookedRate);
                const note = foreignSaleLines({ currency: invoice.currency, rate: invoice.bookedRate, totals, vat, revenueAccountId: servicesRevenue, grossEuroCents: relievedCents });
                // Its VAT is each rate's VAT at the invoice's rate, as the invoice's was.
                expect(note.vat[0]!.vatCents).toBe(toEuroCents(totals.vatCents, invoice.bookedRate));
                ledger.post(reverse(note.lines));
                invoice.amount -= totals.grossCents;
                invoice.carryingCents -= relievedCents;
                invoice.creditable -= totals.grossCents;
                invoice.moves += 1;
                if (invoice.amount === 0) expect(invoice.carryingCents).toBe(0);
                continue;
              }
              if (op.kind === 'refund') {
                // Money paid back at the day's rate: the booked euros put back on the receivable, the difference realised.
                const paid = invoices.filter((i) => i.refundable > 0);
                if (!paid.length) continue;
                const invoice = paid[op.pick % paid.length]!;
                const refunded = Math.max(1, Math.floor((invoice.refundable * op.share) / 100));
                const rate = rateOn(invoice.currency, day);
                const relievedCents = -relief(invoice, -refunded, invoice.bookedRate);
                ledger.post(refundLines(bank, refunded, { currency: invoice.currency, rate, rateDate: '', bookedRate: invoice.bookedRate, receivedCents: toEuroCents(refunded, rate), relievedCents }));
                invoice.amount += refunded;
                invoice.carryingCents += relievedCents;
                invoice.refundable -= refunded;
                invoice.moves += 1;
                if (invoice.amount === 0) expect(invoice.carryingCents).toBe(0);
                continue;
              }
              const open = invoices.filter((i) => i.amount > 0);
              if (!open.length) continue;
              const invoice = open[op.pick % open.length]!;
              const paid = op.share === 100 ? invoice.amount : Math.max(1, Math.floor((invoice.amount * op.share) / 100));
              const paymentRate = rateOn(invoice.currency, day);
              const receipt = foreignReceiptLines({ currency: invoice.currency, cashAccountId: bank, paidCents: paid, paymentRate, bookedRate: invoice.bookedRate, open: invoice });
              ledger.post(receipt.lines);
              // Within rounding: the booked euros, the share of them cleared and the money received are each rounded to the cent once.
              const exact = paid / Number(paymentRate) - paid / Number(invoice.bookedRate);
              expect(Math.abs(receipt.settlement.differenceCents - exact)).toBeLessThanOrEqual(1.5 + invoice.payments);
              invoice.amount -= paid;
              invoice.carryingCents -= receipt.settlement.relievedCents;
              invoice.payments += 1;
              invoice.refundable += paid;
              invoice.moves += 1;
              if (invoice.amount === 0) expect(invoice.carryingCents).toBe(0);
            }
            const carrying = invoices.reduce((s, i) => s + i.carryingCents, 0);
            expect(ledger.of(receivables)).toBe(carrying);
            // Booked within rounding: each item's carrying euros are its open amount at its rate, half a cent per movement at most.
            for (const i of invoices) expect(Math.abs(i.carryingCents - i.amount / Number(i.bookedRate))).toBeLessThanOrEqual(0.5 * (1 + i.moves) + 1e-6);
            if (MONTH_ENDS.has(day)) {
              const rates = new Map(CURRENCIES.map((c) => [c, rateOn(c, day)]));
              const revalued = revaluationLines(invoices, rates);
              ledger.post(revalued);
              const atToday = invoices.reduce((s, i) => s + toEuroCents(i.amount, rates.get(i.currency)!), 0);
              expect(ledger.of(receivables)).toBe(atToday);
              // Reversed the next day: the receivable is back at its booked euros.
              ledger.post(reverse(revalued));
              expect(ledger.of(receivables)).toBe(carrying);
            }
            expect(ledger.trialBalance()).toBe(0);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
