import { describe, expect, it } from 'vitest';
import * as billDomain from '../../../../domain/bill/bill';
import { AE_NEEDS_RATE, BILL_POSTED_IMMUTABLE, buildBill, DUE_BEFORE_DATE, PAYMENT_BEFORE_BILL, paymentAboveOpen, statedMismatch } from '../../../../domain/bill/bill';
import { CLIENT_CURRENCY_INVALID } from '../../../../domain/currency/currencies';
import { noRateFor } from '../../../../domain/currency/rate';
import { ACCOUNT_NOT_PURCHASE } from '../../../../domain/purchases/supplier';
import { createTestI18n } from '../../../../test/web-i18n';
import { expectTranslated } from '../../../../test/web-server-texts';
import { ApiError } from '../../api/http';
import { formatAmount, formatDate, formatMoney } from '../../common/format';
import type { BillView } from './billApi';
import { actionRefusalText, billRefusal, formFieldOf, namesMissingRate, SERVER_TEXT_KEYS, serverText } from './billErrors';
import { billFormTotals, bodyOf, creditedCurrency, valuesOf } from './billForm';

describe("the Bills screen's live totals", () => {
  it('reckons as the domain does: AE VAT self-assessed, not owed; half up per line', () => {
    const lines = [
      { quantity: 1, unitPrice: 1000, vatRate: 24, vatCategory: 'AE' as const },
      { quantity: 2, unitPrice: 150, vatRate: 24, vatCategory: 'S' as const },
      { quantity: 3, unitPrice: 0.35, vatRate: 13, vatCategory: 'S' as const },
      { quantity: 1, unitPrice: 10, vatRate: 0, vatCategory: 'E' as const },
    ];
    const domain = buildBill({
      supplierId: 's',
      supplierInvoiceNumber: 'n',
      date: '2026-01-01',
      dueDate: '2026-01-31',
      lines: lines.map((l) => ({
        description: 'x',
        accountId: 'a',
        quantityMilli: l.quantity * 1000,
        unitPriceCents: Math.round(l.unitPrice * 100),
        vatRateBp: l.vatRate * 100,
        vatCategory: l.vatCategory,
      })),
    }).totals;
    const shown = billFormTotals(lines);
    expect(shown).toEqual({ ...domain, incomplete: false });
    expect(shown).toMatchObject({ netCents: 131_105, vatCents: 7_214, selfAssessedVatCents: 24_000, grossCents: 138_319 });
  });

  it('counts a line not typed yet as 0 and says so', () => {
    expect(
      billFormTotals([
        { quantity: 1, unitPrice: null, vatRate: 24 },
        { quantity: 2, unitPrice: '5', vatRate: 0 },
      ]),
    ).toEqual({ netCents: 1000, vatCents: 0, selfAssessedVatCents: 0, grossCents: 1000, incomplete: true });
  });

  it('sends the stated total only when typed, and the version when editing', () => {
    expect(bodyOf({ supplier: 's', invoiceNumber: ' A-1 ', date: '2026-01-01', dueDate: null, items: [], statedTotal: null })).toEqual({
      supplier: 's',
      invoice_number: 'A-1',
      date: '2026-01-01',
      due_date: null,
      items: [],
    });
    expect(bodyOf({ supplier: 's', invoiceNumber: 'A-1', date: '2026-01-01', items: [], statedTotal: 12.5 }, 3)).toMatchObject({ total_amount: 12.5, version: 3 });
  });

  it('says a credit note is one, with the bill it corrects or none, and a bill a bill', () => {
    const base = { supplier: 's', invoiceNumber: 'CN-1', date: '2026-01-01', items: [] };
    expect(bodyOf({ ...base, documentType: 'credit_note', creditedBill: 'b1' })).toMatchObject({ document_type: 'credit_note', credited_bill: 'b1' });
    expect(bodyOf({ ...base, documentType: 'credit_note', creditedBill: undefined })).toMatchObject({ document_type: 'credit_note', credited_bill: null });
    const asBill = bodyOf({ ...base, documentType: 'bill', creditedBill: 'b1' });
    expect(asBill.document_type).toBe('bill');
    expect(asBill).not.toHaveProperty('credited_bill');
  });

  it('sends the currency chosen, and none when none is (the server keeps its default)', () => {
    const base = { supplier: 's', invoiceNumber: 'A-1', date: '2026-01-01', items: [] };
    expect(bodyOf({ ...base, currency: 'USD' })).toMatchObject({ currency: 'USD' });
    expect(bodyOf({ ...base, currency: 'EUR' })).toMatchObject({ currency: 'EUR' });
    expect(bodyOf(base)).not.toHaveProperty('currency');
  });

  it('fills the form with the draft’s currency (an answer without one is in euros)', () => {
    const draft = { supplier: 's', invoice_number: 'A-1', date: '2026-01-01', due_date: '2026-01-31', items: [], document_type: 'bill', credited_bill: null } as unknown as BillView;
    expect(valuesOf({ ...draft, currency: 'USD' }).currency).toBe('USD');
    expect(valuesOf({ ...draft, currency: '' }).currency).toBe('EUR');
    expect(bodyOf(valuesOf({ ...draft, currency: 'JPY' }), 4)).toMatchObject({ currency: 'JPY', version: 4 });
  });

  it('gives a credit note the currency of the bill it corrects, and leaves it free otherwise', () => {
    const bills = [
      { id: 'b1', currency: 'USD' },
      { id: 'b2', currency: 'EUR' },
    ];
    expect(creditedCurrency({ documentType: 'credit_note', creditedBill: 'b1' }, bills)).toBe('USD');
    expect(creditedCurrency({ documentType: 'credit_note', creditedBill: 'b2' }, bills)).toBe('EUR');
    // None corrected, the bill not loaded yet, or a bill: any currency may be chosen.
    expect(creditedCurrency({ documentType: 'credit_note', creditedBill: '' }, bills)).toBeUndefined();
    expect(creditedCurrency({ documentType: 'credit_note', creditedBill: 'b1' }, null)).toBeUndefined();
    expect(creditedCurrency({ documentType: 'bill', creditedBill: 'b1' }, bills)).toBeUndefined();
  });
});

describe('the bill refusals in the language of the screen', () => {
  const bill = { id: 'b1', supplier: 's', invoice_number: 'R-7', date: '2026-03-02' } as BillView;
  const context = { bills: [bill], self: null, supplier: 's', number: 'r-7', grossCents: 10_000 };

  it('maps REST fields to the form (a line’s field by its index)', () => {
    expect(formFieldOf('items.2.vat_rate')).toEqual(['items', 2, 'vatRate']);
    expect(formFieldOf('items.0.account')).toEqual(['items', 0, 'account']);
    expect(formFieldOf('due_date')).toEqual(['dueDate']);
    expect(formFieldOf('credited_bill')).toEqual(['creditedBill']);
    expect(formFieldOf('currency')).toEqual(['currency']);
    expect(formFieldOf('net_amount')).toBeNull();
  });

  it('says the number already entered under it, with the date of the bill that has it, in Greek', async () => {
    const { t } = await createTestI18n('el');
    const r = billRefusal(new ApiError(409, 'anything', undefined, true), t, context);
    expect(r.rest).toEqual([]);
    expect(r.fields).toHaveLength(1);
    expect(r.fields[0]!.name).toEqual(['invoiceNumber']);
    expect(r.fields[0]!.errors[0]).toMatch(/^Το τιμολόγιο R-7 αυτού του προμηθευτή έχει ήδη καταχωρηθεί, ως το τιμολόγιο αγοράς της .*2026\.$/);
    // The bill not found (another supplier's): still under the number for a new bill; a stale version for an edit.
    expect(billRefusal(new ApiError(409, 'x'), t, { ...context, bills: [] }).fields[0]!.errors).toEqual([t('admin.bills.errors.duplicateNumber')]);
    expect(billRefusal(new ApiError(409, 'x'), t, { ...context, bills: [], self: 'b2' }).rest).toEqual([t('admin.bills.errors.changed')]);
    expect(billRefusal(new ApiError(409, BILL_POSTED_IMMUTABLE), t, { ...context, bills: [], self: 'b2' }).rest).toEqual([t('admin.bills.errors.posted')]);
  });

  it('says a credit note’s bill refused under its field, in Russian', async () => {
    const { t } = await createTestI18n('ru');
    const r = billRefusal(new ApiError(400, 'Please correct the errors below.', { credited_bill: ['Choose a posted bill of this supplier for the credit note to correct.'] }, true), t, context);
    expect(r).toEqual({ fields: [{ name: ['creditedBill'], errors: [t('admin.bills.creditNote.errors.creditedBill')] }], rest: [] });
    expect(r.fields[0]!.errors[0]).toMatch(/[а-я]/);
  });

  it('translates the domain’s texts under their fields, the stated total’s with both amounts', async () => {
    const { t } = await createTestI18n('ru');
    const err = new ApiError(400, 'Please correct the errors below.', {
      'items.1.account': [ACCOUNT_NOT_PURCHASE],
      'items.0.vat_rate': [AE_NEEDS_RATE],
      due_date: [DUE_BEFORE_DATE],
      total_amount: [statedMismatch(10_000, 9_999)],
    });
    const r = billRefusal(err, t, { ...context, statedCents: 9_999 });
    expect(r.rest).toEqual([]);
    expect(r.fields).toEqual([
      { name: ['items', 1, 'account'], errors: [t('admin.suppliers.errors.account')] },
      { name: ['items', 0, 'vatRate'], errors: [t('admin.bills.errors.aeNeedsRate')] },
      { name: ['dueDate'], errors: [t('admin.bills.errors.dueBeforeDate')] },
      { name: ['statedTotal'], errors: [t('admin.bills.errors.statedMismatch', { lines: formatMoney(10_000), stated: formatMoney(9_999) })] },
    ]);
    expect(r.fields.flatMap((f) => f.errors).every((e) => /[а-яё]/i.test(e))).toBe(true);
  });

  it('knows every sentence the bill’s domain refuses with, each translated in el and ru', () => {
    const sentences = (Object.values(billDomain) as unknown[]).filter((v): v is string => typeof v === 'string' && v.includes(' '));
    expect(sentences.length).toBeGreaterThan(10);
    expect(sentences.filter((s) => !SERVER_TEXT_KEYS[s])).toEqual([]);
    expectTranslated(SERVER_TEXT_KEYS);
  });

  it('words a payment dated before the bill in the screen’s language', async () => {
    const { t } = await createTestI18n('ru');
    expect(actionRefusalText(new ApiError(400, 'Please correct the errors below.', { date: [PAYMENT_BEFORE_BILL] }, true), t)).toBe('Платёж не может быть датирован раньше счёта.');
  });

  it('words a payment above what is open in the screen’s language', async () => {
    const { t } = await createTestI18n('el');
    const text = actionRefusalText(new ApiError(400, 'Please correct the errors below.', { amount: [paymentAboveOpen(87_200)] }), t, { cents: 87_200 });
    expect(text).toBe(t('admin.bills.errors.aboveOpen', { amount: formatMoney(87_200) }));
    expect(text).toContain('872,00');
  });

  it('words a payment above what is open of a bill in dollars in dollars, as the screen writes them', async () => {
    const { t } = await createTestI18n('el');
    const money = (amount: number, currency: string | null | undefined) => formatAmount(amount, currency ?? 'EUR', 'el');
    const text = actionRefusalText(new ApiError(400, 'Please correct the errors below.', { amount: [paymentAboveOpen(87_200, 'USD')] }), t, { cents: 87_200, currency: 'USD', money });
    expect(text).toBe(t('admin.bills.errors.aboveOpen', { amount: money(872, 'USD') }));
    expect(text.replace(/\s/g, ' ')).toContain('872,00 $');
  });

  it('says a missing exchange rate as the invoice screens do, in the language, and knows it is one', async () => {
    const { t } = await createTestI18n('ru');
    const message = noRateFor('USD', '2026-11-02');
    const err = new ApiError(400, 'Please correct the errors below.', { date: [message] }, true);
    const said = t('admin.invoices.currency.noRate', { currency: 'USD', date: formatDate('2026-11-02') });
    expect(serverText(message, t)).toBe(said);
    expect(said).toMatch(/[а-я]/);
    expect(actionRefusalText(err, t)).toBe(said);
    expect(namesMissingRate(err)).toBe(true);
    expect(namesMissingRate(new ApiError(400, 'Please correct the errors below.', { date: [PAYMENT_BEFORE_BILL] }))).toBe(false);
    // Posting a bill in a currency without a rate: refused on `currency`, said above the form.
    expect(billRefusal(new ApiError(400, 'x', { currency: [message] }), t, context)).toEqual({ fields: [{ name: ['currency'], errors: [said] }], rest: [] });
  });

  it('says a credit note in another currency than its bill, and a currency not offered, under the currency', async () => {
    const { t } = await createTestI18n('el');
    const r = billRefusal(new ApiError(400, 'x', { currency: ['The credit note must be in the currency of the bill it corrects, USD.', CLIENT_CURRENCY_INVALID] }), t, context);
    expect(r.fields).toEqual([{ name: ['currency'], errors: [t('admin.bills.currency.creditNoteCurrency', { currency: 'USD' }), t('admin.clients.currencyInvalid')] }]);
    expect(r.fields[0]!.errors[0]).toContain('USD');
    expect(r.fields[0]!.errors.every((e) => /[α-ω]/.test(e))).toBe(true);
  });

  it('names both totals of a bill in dollars in dollars', async () => {
    const { t } = await createTestI18n('en');
    const money = (amount: number, currency: string | null | undefined) => formatAmount(amount, currency ?? 'EUR', 'en');
    const r = billRefusal(new ApiError(400, 'x', { total_amount: [statedMismatch(10_000, 9_999, 'USD')] }), t, { ...context, statedCents: 9_999, currency: 'USD', money });
    expect(r.fields).toEqual([{ name: ['statedTotal'], errors: [t('admin.bills.errors.statedMismatch', { lines: '$100.00', stated: '$99.99' })] }]);
  });

  it('words the texts of bills in another currency in every language', () => {
    expectTranslated(Object.fromEntries(['help', 'creditNoteHelp', 'creditNoteCurrency', 'bookedAt', 'bookedShort', 'paymentHelp', 'openRates'].map((k) => [k, `admin.bills.currency.${k}`])));
    expectTranslated(Object.fromEntries(['action', 'title', 'creditNoteTitle', 'booked', 'paid', 'refunded', 'payments', 'refunds', 'noPayments', 'noRefunds', 'lineFigures', 'paymentEuros'].map((k) => [k, `admin.bills.view.${k}`])));
    expectTranslated({ currency: 'admin.bills.fields.currency' });
  });
});
