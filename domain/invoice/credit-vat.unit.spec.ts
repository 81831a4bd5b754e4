import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { CREDIT_VAT_EXCEEDS_CHARGED, CREDIT_VAT_NOT_CHARGED, vatRemainders } from './credit-vat';
import { decide, type InvoiceCommand, type LineInput } from './decide';
import type { InvoiceCredited, InvoiceEvent } from './events';
import { foldInvoice } from './invoice';
import type { DocumentParties } from './vat';

const seller = { name: 'Aegis GRC Ltd', address: 'Nicosia', country: 'CY', vatNumber: 'CY10000000D', registrationNumber: 'HE 1' };
const domestic: DocumentParties = { seller, buyer: { name: 'Client Ltd', address: 'Limassol', country: 'CY', vatNumber: 'CY20000000I' } };
const german: DocumentParties = { seller, buyer: { name: 'Kunde GmbH', address: 'Berlin', country: 'DE', vatNumber: 'DE123456788' } };

const line = (unitPriceCents: number, vatRateBp: number, extra: Partial<LineInput> = {}): LineInput => ({ description: 'Service', quantityMilli: 1000, unitPriceCents, vatRateBp, ...extra });

/** An issued (sent) invoice of these lines. */
const invoiceOf = (lines: LineInput[], parties: DocumentParties = domestic): InvoiceEvent[] => {
  const fields = { invoiceId: 'i1', invoiceNumber: '2026-000001', clientId: 'c1', date: '2026-03-01', dueDate: '2026-03-15', parties, period: null };
  const [issued] = decide({ type: 'IssueInvoice', data: { ...fields, lines } }, foldInvoice([]));
  return [issued!, { type: 'InvoiceSent', data: { invoiceId: 'i1', to: 'billing@client.test', sentAt: '2026-03-02T10:00:00.000Z' } }];
};

let n = 0;
const creditOf = (lines?: LineInput[]): InvoiceCommand => {
  n += 1;
  return { type: 'CreditInvoice', data: { creditNoteId: `n${n}`, creditNoteNumber: `CN-2026-00000${n}`, date: '2026-03-10', reason: 'Correction', lines } };
};

/** Given the invoice's events, when a credit note: the event decided, or the refusal's fields, reason and parameters. */
const given = (events: InvoiceEvent[]) => ({
  when: (command: InvoiceCommand) => {
    const run = () => decide(command, foldInvoice(events));
    return {
      thenCredits: () => {
        const [event] = run();
        expect(event?.type).toBe('InvoiceCredited');
        return event as InvoiceCredited;
      },
      thenRefuses: () => {
        try {
          run();
        } catch (err) {
          expect(err).toBeInstanceOf(AppError);
          const e = err as AppError;
          expect(e.code).toBe('VALIDATION');
          return { message: e.message, fields: e.fieldErrors ?? {}, reason: e.reason, params: e.params };
        }
        throw new Error('expected the credit note to be refused');
      },
    };
  },
});

describe('credit notes credit what the invoice charged', () => {
  it('refuses a line at a VAT rate the invoice never charged (59.50 at 100 % against an invoice at 19 %)', () => {
    const invoice = invoiceOf([line(10000, 1900)]);
    const refusal = given(invoice).when(creditOf([line(5950, 10000)])).thenRefuses();
    expect(refusal.message).toBe(CREDIT_VAT_NOT_CHARGED);
    expect(refusal.fields).toEqual({
      'lines.0.vatRateBp': ['Line 1: the invoice charged no VAT at 100 % (standard rate); credit it at a rate the invoice charged: 19 % (standard rate).'],
    });
    expect(refusal).toMatchObject({ reason: 'CREDIT_VAT_NOT_CHARGED', params: { line: '1', rate: '100', category: 'S' } });
  });

  it('names every line at a rate the invoice did not use, and only those', () => {
    const invoice = invoiceOf([line(10000, 1900), line(5000, 0)]);
    const refusal = given(invoice).when(creditOf([line(1000, 1900), line(1000, 2400), line(500, 0), line(100, 500)])).thenRefuses();
    expect(Object.keys(refusal.fields)).toEqual(['lines.1.vatRateBp', 'lines.3.vatRateBp']);
    expect(refusal.fields['lines.1.vatRateBp']![0]).toContain('Line 2: the invoice charged no VAT at 24 % (standard rate); credit it at a rate the invoice charged: 19 % (standard rate), 0 % (zero rated).');
  });

  it('points at the category when the rate was charged under another one (0 % exempt against 0 % zero rated)', () => {
    const invoice = invoiceOf([line(10000, 0)]);
    const refusal = given(invoice).when(creditOf([line(1000, 0, { vatCategory: 'E' })])).thenRefuses();
    expect(Object.keys(refusal.fields)).toEqual(['lines.0.vatCategory']);
    expect(refusal.params).toEqual({ line: '1', rate: '0', category: 'E' });
    given(invoice).when(creditOf([line(1000, 0)])).thenCredits();
  });

  it('refuses more net or VAT at a rate than the invoice charged there, even when the total stays within the invoice', () => {
    // 100.00 at 19 % and 100.00 zero rated: 219.00 in all, of which 119.00 at 19 %.
    const invoice = invoiceOf([line(10000, 1900), line(10000, 0)]);
    const refusal = given(invoice).when(creditOf([line(9000, 1900), line(6000, 1900)])).thenRefuses();
    expect(refusal.message).toBe(CREDIT_VAT_EXCEEDS_CHARGED);
    const expected = 'at 19 % (standard rate) the invoice has 100.00 net and 19.00 VAT left to credit; the lines at that rate credit 150.00 net and 28.50 VAT.';
    expect(refusal.fields).toEqual({ 'lines.0.unitPriceCents': [`Line 1: ${expected}`], 'lines.1.unitPriceCents': [`Line 2: ${expected}`] });
    expect(refusal).toMatchObject({ reason: 'CREDIT_VAT_EXCEEDS_CHARGED', params: { line: '1', rate: '19', category: 'S', net: '100.00', vat: '19.00' } });
    // Exactly what was charged at each rate is fine.
    const credited = given(invoice).when(creditOf([line(10000, 1900), line(10000, 0)])).thenCredits();
    expect(credited.data.totals).toEqual({ netCents: 20000, vatCents: 1900, grossCents: 21900 });
    expect(credited.data.full).toBe(true);
  });

  it('counts what earlier credit notes credited at the rate', () => {
    let events = invoiceOf([line(10000, 1900), line(10000, 0)]);
    events = [...events, given(events).when(creditOf([line(6000, 1900)])).thenCredits()];
    const refusal = given(events).when(creditOf([line(5000, 1900)])).thenRefuses();
    expect(refusal.params).toMatchObject({ net: '40.00', vat: '7.60' });
    // The zero-rated part is untouched by the first note.
    given(events).when(creditOf([line(10000, 0)])).thenCredits();
    events = [...events, given(events).when(creditOf([line(4000, 1900)])).thenCredits()];
    expect(given(events).when(creditOf([line(1, 1900)])).thenRefuses().params).toMatchObject({ net: '0.00', vat: '0.00' });
  });

  it('refuses the cent of VAT that rounding each credited part up would credit beyond what was charged', () => {
    // 0.09 at 19 % charged 0.02 of VAT; three notes of 0.03 would credit 0.01 each (the zero-rated
    // line leaves room in the invoice's total, so only the rule per rate can refuse the third).
    let events = invoiceOf([line(9, 1900), line(100, 0)]);
    for (let i = 0; i < 2; i++) events = [...events, given(events).when(creditOf([line(3, 1900)])).thenCredits()];
    const refusal = given(events).when(creditOf([line(3, 1900)])).thenRefuses();
    expect(refusal.params).toMatchObject({ net: '0.03', vat: '0.00' });
    // Crediting the rest without lines takes exactly what remains.
    const rest = given(events).when(creditOf()).thenCredits();
    expect(rest.data.lines).toMatchObject([{ vatRateBp: 1900, netCents: 3, vatCents: 0 }, { vatRateBp: 0, netCents: 100 }]);
  });

  it('credits a reverse-charge invoice at its reverse-charge category whatever rate a line asks', () => {
    const invoice = invoiceOf([line(10000, 1900), line(5000, 0, { vatCategory: 'E' })], german);
    const credited = given(invoice).when(creditOf([line(4000, 1900)])).thenCredits();
    expect(credited.data.lines).toMatchObject([{ vatCategory: 'AE', vatRateBp: 0, vatCents: 0 }]);
    expect(given(invoice).when(creditOf([line(5000, 0, { vatCategory: 'E' })])).thenCredits().data.lines).toMatchObject([{ vatCategory: 'E' }]);
    expect(given(invoice).when(creditOf([line(10001, 0)])).thenRefuses().fields).toHaveProperty(['lines.0.unitPriceCents']);
    expect(given(invoiceOf([line(10000, 1900)], german)).when(creditOf([line(1000, 0, { vatCategory: 'E' })])).thenRefuses().fields).toHaveProperty(['lines.0.vatCategory']);
  });

  it('keeps what remains per category and rate, in the order the invoice used them', () => {
    const [issued] = invoiceOf([line(10000, 1900), line(5000, 0), line(2000, 1900)]);
    const lines = (issued as Extract<InvoiceEvent, { type: 'InvoiceIssued' }>).data.lines;
    expect(vatRemainders(lines, [[lines[0]!]])).toEqual([
      { vatCategory: 'S', vatRateBp: 1900, netCents: 2000, vatCents: 380 },
      { vatCategory: 'Z', vatRateBp: 0, netCents: 5000, vatCents: 0 },
    ]);
  });
});
