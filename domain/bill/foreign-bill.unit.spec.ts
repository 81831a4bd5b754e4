/**
 * Bills in another currency than the books' euros: posted in euros at their date's rate (each line
 * keeping its amount in the bill's currency), paid at the payment day's rate with the realised
 * difference, refunds of supplier credit notes likewise, removals reversing exactly what was posted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../accounting/accounts';
import type { PostingLine } from '../accounting/ledger-effect';
import { toEuroCents } from '../currency/conversion';
import { CLIENT_CURRENCY_INVALID } from '../currency/currencies';
import { ConflictError, ValidationError } from '../shared/errors';
import { BILL_RATE_CHANGED, PAYMENT_RATE_CHANGED, billCurrencyOf, carryingCentsOf, decideBill, foldBill, paymentAboveOpen, type BillCommand, type BillInput, type BillState } from './bill';
import type { BillEvent } from './events';
import { billEffect, euroBillLines } from './postings';

const HOSTING = 'a0000000-0000-4000-8000-000000005200';
const EQUIPMENT = 'a0000000-0000-4000-8000-000000001500';
const BANK = SYSTEM_ACCOUNT_IDS.bank;
const AP = SYSTEM_ACCOUNT_IDS.payables;
const VAT = SYSTEM_ACCOUNT_IDS.vatPayable;
const GAINS = SYSTEM_ACCOUNT_IDS.exchangeGains;
const LOSSES = SYSTEM_ACCOUNT_IDS.exchangeLosses;

const usd = (lines: BillInput['lines'], extra: Partial<BillInput> = {}): BillInput => ({ supplierId: 's1', supplierInvoiceNumber: 'US-1', date: '2026-03-02', dueDate: '2026-03-31', currency: 'usd', lines, ...extra });
const RATE = { currency: 'USD', rate: '1.1', rateDate: '2026-03-02' };

/** The events of a bill drafted, posted at `rate` and put through `commands`, each decided on the state before it. */
const run = (input: BillInput, commands: BillCommand[] = [], rate = RATE): BillEvent[] => {
  const events: BillEvent[] = [];
  for (const command of [{ type: 'DraftBill', data: { billId: 'b1', ...input } } as BillCommand, { type: 'PostBill', data: { rate } } as BillCommand, ...commands]) events.push(...decideBill(command, foldBill(events)));
  return events;
};
const pay = (paymentId: string, amountCents: number, rate: string, date = '2026-04-01'): BillCommand => ({
  type: 'RecordBillPayment',
  data: { paymentId, amountCents, date, cashAccountId: BANK, reference: null, rate: { rate, rateDate: date } },
});
const linesOf = (event: BillEvent): PostingLine[] => billEffect(event)!.postings[0]!.lines;
const on = (lines: PostingLine[], accountId: string) => lines.filter((l) => l.accountId === accountId).reduce((s, l) => s + l.debitCents - l.creditCents, 0);
const balance = (lines: PostingLine[]) => lines.reduce((s, l) => s + l.debitCents - l.creditCents, 0);
const live = (s: BillState) => s as Extract<BillState, { status: 'draft' | 'posted' }>;

describe('a bill in another currency', () => {
  const thousand = usd([{ description: 'Licence', accountId: HOSTING, quantityMilli: 1000, unitPriceCents: 100_000, vatRateBp: 0 }]);

  it('posts USD 1,000.00 at 1.10 as EUR 909.09 owed, each line keeping its dollars and the rate', () => {
    const events = run(thousand);
    expect(events[1]).toMatchObject({ type: 'BillPosted', data: { currency: 'USD', fx: RATE } });
    const lines = linesOf(events[1]!);
    expect(lines).toEqual([
      { accountId: HOSTING, debitCents: 90_909, creditCents: 0, foreign: { currency: 'USD', amountCents: 100_000, rate: '1.1' } },
      { accountId: AP, debitCents: 0, creditCents: 90_909, foreign: { currency: 'USD', amountCents: 100_000, rate: '1.1' } },
    ]);
  });

  it('paid in full at 1.05 pays EUR 952.38 out of the bank, clears the 909.09 booked and realises a loss of 43.29', () => {
    const events = run(thousand, [pay('p1', 100_000, '1.05')]);
    const payment = events[2]!;
    expect(payment).toMatchObject({ type: 'BillPaymentRecorded', data: { fx: { currency: 'USD', rate: '1.05', bookedRate: '1.1', receivedCents: 95_238, relievedCents: 90_909 } } });
    const lines = linesOf(payment);
    expect(on(lines, BANK)).toBe(-95_238);
    expect(on(lines, AP)).toBe(90_909);
    expect(on(lines, LOSSES)).toBe(4_329);
    expect(on(lines, GAINS)).toBe(0);
    expect(balance(lines)).toBe(0);
    expect(carryingCentsOf(live(foldBill(events)))).toBe(0);
  });

  it('paid when the dollar is weaker realises a gain, and two part payments clear exactly the booked euros', () => {
    const events = run(thousand, [pay('p1', 40_000, '1.2'), pay('p2', 60_000, '1.25', '2026-04-15')]);
    const first = linesOf(events[2]!);
    expect(on(first, AP)).toBe(36_364); // 909.09 × 400 / 1,000
    expect(on(first, BANK)).toBe(-33_333);
    expect(on(first, GAINS)).toBe(-3_031);
    const second = linesOf(events[3]!);
    expect(on(second, AP)).toBe(90_909 - 36_364);
    expect(on(second, BANK)).toBe(-48_000);
    expect(on(second, GAINS)).toBe(-(54_545 - 48_000));
    expect(carryingCentsOf(live(foldBill(events)))).toBe(0);
  });

  it('refuses a payment above what is open in the bill\'s currency, naming it in that currency', () => {
    const events = run(thousand);
    try {
      decideBill(pay('p1', 100_001, '1.05'), foldBill(events));
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).fieldErrors).toEqual({ amountCents: [paymentAboveOpen(100_000, 'USD')] });
      expect(paymentAboveOpen(100_000, 'USD')).toBe('This payment is more than the US$1,000.00 still open on the bill.');
    }
  });

  it('a payment removed (its statement line unreconciled) reverses exactly what it posted', () => {
    const events = run(thousand, [pay('p1', 100_000, '1.05'), { type: 'RemoveBillPayment', data: { paymentId: 'p1', reason: 'statement_line_unreconciled' } }]);
    const posted = linesOf(events[2]!);
    const reversed = linesOf(events[3]!);
    expect(reversed).toEqual(posted.map((l) => ({ ...l, debitCents: l.creditCents, creditCents: l.debitCents })).reverse());
    expect(carryingCentsOf(live(foldBill(events)))).toBe(90_909);
  });

  it('books VAT per rate converted once, nets sharing the rest, self-assessed VAT on both sides, all balancing', () => {
    const events = run(
      usd([
        { description: 'Servers', accountId: HOSTING, quantityMilli: 3000, unitPriceCents: 3_333, vatRateBp: 2400 },
        { description: 'Laptop', accountId: EQUIPMENT, quantityMilli: 1000, unitPriceCents: 120_001, vatRateBp: 2400 },
        { description: 'Support abroad', accountId: HOSTING, quantityMilli: 1000, unitPriceCents: 10_000, vatRateBp: 2400, vatCategory: 'AE' },
      ]),
      [],
      { currency: 'USD', rate: '1.0873', rateDate: '2026-02-27' },
    );
    const effect = billEffect(events[1]!)!;
    const lines = effect.postings[0]!.lines;
    expect(balance(lines)).toBe(0);
    // Gross charged USD 1,300.00 + 24 % = 1,624.00 (the AE line's VAT is not owed to the supplier).
    const gross = 9_999 + 120_001 + 10_000 + 2_400 + 28_800;
    expect(on(lines, AP)).toBe(-toEuroCents(gross, '1.0873'));
    const vat = effect.postings[0]!.vat!;
    const charged = vat.find((m) => m.category === 'S')!;
    expect(charged.vatCents).toBe(toEuroCents(2_400 + 28_800, '1.0873'));
    expect(vat.filter((m) => m.category === 'AE').map((m) => [m.direction, m.vatCents])).toEqual([
      ['input', toEuroCents(2_400, '1.0873')],
      ['output', toEuroCents(2_400, '1.0873')],
    ]);
    // The VAT account: charged VAT debited; the self-assessed VAT debited and credited.
    expect(on(lines, VAT)).toBe(charged.vatCents);
    expect(lines.filter((l) => l.accountId === VAT).every((l) => l.foreign?.currency === 'USD')).toBe(true);
  });

  it('a supplier credit note in dollars is refunded at its day\'s rate: the money in, the credit cleared, the difference realised', () => {
    const note = usd([{ description: 'Returned', accountId: HOSTING, quantityMilli: 1000, unitPriceCents: 50_000, vatRateBp: 0 }], { documentType: 'credit_note' });
    const events = run(note, [pay('r1', 50_000, '1.0')]);
    const posting = linesOf(events[1]!);
    expect(on(posting, AP)).toBe(45_455);
    const refund = linesOf(events[2]!);
    expect(on(refund, BANK)).toBe(50_000);
    expect(on(refund, AP)).toBe(-45_455);
    expect(on(refund, GAINS)).toBe(-4_545);
  });

  it('keeps the currency a draft is in, forgets it when the draft is changed to euros, and refuses an unknown one', () => {
    const draft = decideBill({ type: 'DraftBill', data: { billId: 'b1', ...thousand } }, { status: 'empty' });
    expect(billCurrencyOf(live(foldBill(draft)))).toBe('USD');
    const { currency: _c, ...inEuros } = thousand;
    const edited = [...draft, ...decideBill({ type: 'EditBill', data: inEuros }, foldBill(draft))];
    expect(billCurrencyOf(live(foldBill(edited)))).toBe('EUR');
    expect(() => decideBill({ type: 'DraftBill', data: { billId: 'b2', ...thousand, currency: 'XYZ' } }, { status: 'empty' })).toThrow(ValidationError);
    try {
      decideBill({ type: 'DraftBill', data: { billId: 'b2', ...thousand, currency: 'XYZ' } }, { status: 'empty' });
    } catch (err) {
      expect((err as ValidationError).fieldErrors).toEqual({ currency: [CLIENT_CURRENCY_INVALID] });
    }
  });

  it('is posted only at a rate of its own currency', () => {
    const draft = decideBill({ type: 'DraftBill', data: { billId: 'b1', ...thousand } }, { status: 'empty' });
    expect(() => decideBill({ type: 'PostBill' }, foldBill(draft))).toThrow(BILL_RATE_CHANGED);
    expect(() => decideBill({ type: 'PostBill' }, foldBill(draft))).toThrow(ConflictError);
    // Paid as if in euros (the list had not caught up with it yet): a conflict to try again, not a failure.
    const posted = run(thousand);
    const { rate: _rate, ...inEuros } = (pay('p1', 100, '1.05') as Extract<BillCommand, { type: 'RecordBillPayment' }>).data;
    expect(() => decideBill({ type: 'RecordBillPayment', data: inEuros }, foldBill(posted))).toThrow(PAYMENT_RATE_CHANGED);
    expect(() => decideBill({ type: 'PostBill', data: { rate: { ...RATE, currency: 'GBP' } } }, foldBill(draft))).toThrow(ConflictError);
    expect(() => decideBill({ type: 'PostBill', data: { rate: { ...RATE, currency: 'GBP' } } }, foldBill(draft))).toThrow(BILL_RATE_CHANGED);
  });

  it('property: postings balance, the payable is the gross converted, and payments clear it to the cent with differences of (payment − booked) euros', () => {
    const line = fc.record({
      accountId: fc.constantFrom(HOSTING, EQUIPMENT),
      quantityMilli: fc.integer({ min: 1, max: 50_000 }),
      unitPriceCents: fc.integer({ min: 0, max: 2_000_000 }),
      vat: fc.constantFrom([0, 'Z'] as const, [2400, 'S'] as const, [1300, 'S'] as const, [2400, 'AE'] as const),
    });
    const rate = fc.constantFrom('1.1', '0.8571', '161.23', '25.037', '1.000001', '7.4561');
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), rate, fc.array(rate, { minLength: 1, maxLength: 3 }), fc.boolean(), (lines, booked, paymentRates, credit) => {
        const input = usd(
          lines.map((l, i) => ({ description: `L${i}`, accountId: l.accountId, quantityMilli: l.quantityMilli, unitPriceCents: l.unitPriceCents, vatRateBp: l.vat[0], vatCategory: l.vat[1] })),
          credit ? { documentType: 'credit_note' } : {},
        );
        const draft = run(input, [], { currency: 'USD', rate: booked, rateDate: '2026-03-02' });
        const state = live(foldBill(draft));
        const postLines = linesOf(draft[1]!);
        expect(balance(postLines)).toBe(0);
        const bookedGross = toEuroCents(state.totals.grossCents, booked);
        // (+ 0: a bill of nothing books no line, and 0 is not -0.)
        expect(on(postLines, AP) + 0).toBe((credit ? bookedGross : -bookedGross) + 0);
        expect(euroBillLines(state.lines, booked).reduce((s, l) => s + l.netCents + (l.vatCategory === 'AE' ? 0 : l.vatCents), 0)).toBe(bookedGross);
        // Pay the gross off in up to three parts, the last taking what is left.
        const events = [...draft];
        let open = state.totals.grossCents;
        paymentRates.forEach((r, i) => {
          if (open === 0) return;
          const amount = i === paymentRates.length - 1 ? open : Math.max(1, Math.floor(open / 2));
          const recorded = decideBill(pay(`p${i}`, amount, r), foldBill(events));
          events.push(...recorded);
          open -= amount;
          const paid = linesOf(recorded[0]!);
          expect(balance(paid)).toBe(0);
          const fx = (recorded[0] as Extract<BillEvent, { type: 'BillPaymentRecorded' }>).data.fx!;
          expect(fx.receivedCents).toBe(toEuroCents(amount, r));
          const difference = on(paid, LOSSES) + on(paid, GAINS);
          expect(difference).toBe(credit ? fx.relievedCents - fx.receivedCents : fx.receivedCents - fx.relievedCents);
        });
        if (state.totals.grossCents > 0) expect(carryingCentsOf(live(foldBill(events)))).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
