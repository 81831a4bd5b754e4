import { describe, expect, it } from 'vitest';
import { BILL_NOT_POSTED, PAYMENT_BEFORE_BILL, paymentAboveOpen } from '../../../../domain/bill/bill';
import { noRateFor } from '../../../../domain/currency/rate';
import { createTestI18n } from '../../../../test/web-i18n';
import { expectTranslated } from '../../../../test/web-server-texts';
import { ApiError } from '../../api/http';
import { formatAmount, formatDate, formatMoney } from '../../common/format';
import type { BillView } from './billApi';
import { earliestPaymentDate, formatTotals, openNamedIn, openTotals, payable, payBillsBody, payBillsRefusal, payBillsTotals, totalsByCurrency } from './payBills';

const bill = (id: string, date: string, open: number, status: BillView['status'] = 'open', currency = 'EUR') => ({ id, date, open_amount: open, status, invoice_number: `N-${id}`, currency }) as BillView;
const BILLS = [bill('a', '2026-03-01', 100), bill('b', '2026-04-10', 250.5, 'partly_paid'), bill('c', '2026-02-01', 80)];

describe('Pay bills', () => {
  it('offers open and partly paid bills only, and pays none before the latest of them is dated', () => {
    expect(['draft', 'open', 'partly_paid', 'paid'].map((s) => payable(bill('x', '2026-01-01', 1, s as BillView['status'])))).toEqual([false, true, true, false]);
    expect(payable({ ...bill('x', '2026-01-01', 1), document_type: 'credit_note' })).toBe(false);
    expect(earliestPaymentDate(BILLS)).toBe('2026-04-10');
  });

  it('sends each bill with the amount typed for it, and adds them up to the cent', () => {
    const values = { date: '2026-04-20', moneyAccount: 'm', reference: '  SEPA 7 ', payments: [{ amount: 100 }, { amount: 0.1 }, { amount: 0.2 }] };
    expect(payBillsBody(values, BILLS)).toEqual({
      money_account: 'm',
      date: '2026-04-20',
      reference: 'SEPA 7',
      payments: [
        { bill: 'a', amount: 100 },
        { bill: 'b', amount: 0.1 },
        { bill: 'c', amount: 0.2 },
      ],
    });
    expect(payBillsTotals(values, BILLS)).toEqual([{ currency: 'EUR', cents: 10_030 }]);
    expect(payBillsBody({ ...values, reference: '' }, BILLS).reference).toBeNull();
  });

  it("reads the open amount back from the domain's refusal, whatever it is now", () => {
    for (const cents of [0, 5, 5_000, 123_456_789]) expect(openNamedIn(paymentAboveOpen(cents))).toBe(cents);
    expect(openNamedIn(PAYMENT_BEFORE_BILL)).toBeNull();
  });

  it('reads it back in the currency of the bill, a yen amount without decimals too', () => {
    for (const cents of [0, 5, 5_000, 123_456_789]) expect(openNamedIn(paymentAboveOpen(cents, 'USD'), 'USD')).toBe(cents);
    for (const cents of [0, 5_000, 123_456_700, 150]) expect(openNamedIn(paymentAboveOpen(cents, 'JPY'), 'JPY')).toBe(cents);
    // Another currency's wording is not this bill's.
    expect(openNamedIn(paymentAboveOpen(5_000, 'USD'))).toBeNull();
    expect(openNamedIn(paymentAboveOpen(5_000), 'USD')).toBeNull();
  });

  it('adds amounts up per currency, never euros and dollars together', () => {
    const mixed = [bill('a', '2026-03-01', 100), bill('u', '2026-03-02', 50.25, 'open', 'USD'), bill('b', '2026-03-03', 0.1), bill('v', '2026-03-04', 0.75, 'partly_paid', 'USD')];
    expect(openTotals(mixed)).toEqual([
      { currency: 'EUR', cents: 10_010 },
      { currency: 'USD', cents: 5_100 },
    ]);
    expect(payBillsTotals({ payments: [{ amount: 100 }, { amount: 10 }, { amount: null }, { amount: 0.5 }] }, mixed)).toEqual([
      { currency: 'EUR', cents: 10_000 },
      { currency: 'USD', cents: 1_050 },
    ]);
    expect(totalsByCurrency([{ currency: null, cents: 1 }, { currency: 'EUR', cents: 2 }])).toEqual([{ currency: 'EUR', cents: 3 }]);
    const money = (amount: number, currency: string | null | undefined) => formatAmount(amount, currency ?? 'EUR', 'en');
    expect(formatTotals(openTotals(mixed), money)).toBe(`${formatMoney(10_010)} + $51.00`);
    expect(formatTotals([], money)).toBe(formatMoney(0));
  });

  it('names an amount above what a bill in dollars has open in dollars, under that bill', async () => {
    const { t } = await createTestI18n('ru');
    const bills = [bill('a', '2026-03-01', 100), bill('u', '2026-03-02', 50, 'open', 'USD')];
    const money = (amount: number, currency: string | null | undefined) => formatAmount(amount, currency ?? 'EUR', 'ru');
    const r = payBillsRefusal(new ApiError(400, 'Invalid input.', { 'payments.1.amount': [paymentAboveOpen(5_000, 'USD')] }), t, bills, money);
    expect(r.fields).toEqual([{ name: ['payments', 1, 'amount'], errors: [t('admin.bills.errors.aboveOpen', { amount: money(50, 'USD') })] }]);
    expect(r.fields[0]!.errors[0]!.replace(/\s/g, ' ')).toContain('50,00 $');
  });

  it('says a missing exchange rate of the day above the form, as the invoice screens word it', async () => {
    const { t } = await createTestI18n('el');
    const message = noRateFor('USD', '2026-11-02');
    const r = payBillsRefusal(new ApiError(400, message, { date: [message] }, true), t, BILLS);
    const said = t('admin.invoices.currency.noRate', { currency: 'USD', date: formatDate('2026-11-02') });
    expect(r).toEqual({ fields: [], bills: {}, rest: [said], noRate: true });
    expect(said).toMatch(/[α-ω]/);
    expect(payBillsRefusal(new ApiError(400, message), t, BILLS)).toMatchObject({ rest: [said], noRate: true });
    expect(payBillsRefusal(new ApiError(400, 'Invalid input.', { date: [PAYMENT_BEFORE_BILL] }), t, BILLS).noRate).toBe(false);
  });

  it.each(['en', 'el', 'ru'])('in %s puts each refusal under its bill or field, in the language', async (lng) => {
    const { t } = await createTestI18n(lng);
    const err = new ApiError(400, 'Invalid input.', {
      'payments.1.amount': [paymentAboveOpen(5_000)],
      'payments.2.bill': [BILL_NOT_POSTED],
      date: [PAYMENT_BEFORE_BILL],
      money_account: ['Money account not found.'],
      reference: ['Something else.'],
    });
    const r = payBillsRefusal(err, t, BILLS);
    expect(r.fields).toEqual([
      { name: ['payments', 1, 'amount'], errors: [t('admin.bills.errors.aboveOpen', { amount: formatMoney(5_000) })] },
      { name: ['date'], errors: [t('admin.bills.errors.paymentBeforeBill', { date: formatDate('2026-04-10') })] },
      { name: ['moneyAccount'], errors: ['Money account not found.'] },
    ]);
    expect(r.fields[1]!.errors[0]).not.toBe(PAYMENT_BEFORE_BILL);
    expect(r.bills).toEqual({ 2: [t('admin.bills.errors.notPosted')] });
    expect(r.rest).toEqual(['Something else.']);
    if (lng !== 'en') expect(r.fields[0]!.errors[0]).not.toBe(paymentAboveOpen(5_000));
  });

  it('says a refusal without fields above the form', async () => {
    const { t } = await createTestI18n('el');
    expect(payBillsRefusal(new ApiError(404, 'Bill not found.'), t, BILLS).rest).toEqual([t('admin.bills.errors.notFound')]);
    expect(payBillsRefusal(new Error('offline'), t, BILLS).rest).toEqual(['offline']);
  });

  it('words its own texts in every language', () => {
    expectTranslated(Object.fromEntries(['action', 'title', 'intro', 'submit', 'choose', 'chooseBill', 'chosen', 'hint', 'clear', 'bills', 'amountOf', 'total', 'paid'].map((k) => [k, `admin.bills.payMany.${k}`])));
  });
});
