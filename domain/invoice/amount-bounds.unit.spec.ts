import { describe, expect, it } from 'vitest';
import { ValidationError } from '../shared/errors';
import { MAX_AMOUNT_CENTS } from '../shared/money';
import { documentTooLarge, LINE_TOO_LARGE, PRICE_TOO_LARGE, QUANTITY_TOO_LARGE } from './amount-bounds';
import { decide, type InvoiceCommand, type LineInput } from './decide';
import type { InvoiceEvent, InvoiceIssued } from './events';
import { foldInvoice } from './invoice';
import type { DocumentParties } from './vat';

const seller = { name: 'Aegis GRC Ltd', address: 'Nicosia', country: 'CY', vatNumber: 'CY10000000D', registrationNumber: 'HE 1' };
const parties: DocumentParties = { seller, buyer: { name: 'Client Ltd', address: 'Limassol', country: 'CY', vatNumber: 'CY20000000I' } };
const fields = { invoiceNumber: '2026-000001', clientId: 'c1', date: '2026-03-01', dueDate: '2026-03-15', parties };
const line = (quantityMilli: number, unitPriceCents: number, vatRateBp = 1900): LineInput => ({ description: 'Work', quantityMilli, unitPriceCents, vatRateBp });
const issue = (lines: LineInput[]): InvoiceCommand => ({ type: 'IssueInvoice', data: { invoiceId: 'i1', ...fields, lines, period: null } });

const refusal = (events: InvoiceEvent[], command: InvoiceCommand): { message: string; fields: Record<string, string[]> } => {
  try {
    decide(command, foldInvoice(events));
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return { message: err.message, fields: err.fieldErrors ?? {} };
  }
  throw new Error('not refused');
};

describe('amounts an invoice may carry', () => {
  it("refuses the finding's invoice (1,000 × 99,999,999,999.99) with the limit, whatever transport sent it", () => {
    expect(refusal([], issue([line(1_000_000, 9_999_999_999_999)]))).toEqual({ message: PRICE_TOO_LARGE, fields: { 'lines.0.unitPriceCents': [PRICE_TOO_LARGE] } });
    expect(PRICE_TOO_LARGE).toBe('A unit price cannot exceed 1,000,000,000.00.');
  });

  it('refuses a line whose quantity × price with VAT is above the bound, though each figure is within it', () => {
    // 1,000 × 1,000,000.00 = 1,000,000,000.00 net, 1,190,000,000.00 with VAT.
    const { message, fields: errors } = refusal([], issue([line(10_000, 100), line(1_000_000, 100_000_000)]));
    expect(message).toBe("A line's amount with VAT cannot exceed 1,000,000,000.00.");
    expect(errors).toEqual({ 'lines.1.unitPriceCents': [LINE_TOO_LARGE] });
    // The same line without VAT is exactly at the bound, and accepted.
    const [event] = decide(issue([line(1_000_000, 100_000_000, 0)]), foldInvoice([])) as [InvoiceIssued];
    expect(event.data.totals).toEqual({ netCents: MAX_AMOUNT_CENTS, vatCents: 0, grossCents: MAX_AMOUNT_CENTS });
  });

  it('refuses an invoice whose total is above the bound, though each line is within it', () => {
    const half = line(1000, 60_000_000_000, 0);
    expect(refusal([], issue([half, half]))).toEqual({ message: documentTooLarge('invoice'), fields: { lines: ["An invoice's total cannot exceed 1,000,000,000.00."] } });
  });

  it('refuses a quantity above 1,000,000 and a price above the bound that reached the domain without a parser', () => {
    expect(refusal([], issue([line(1_000_000_001, 1)])).fields).toEqual({ 'lines.0.quantityMilli': [QUANTITY_TOO_LARGE] });
    expect(refusal([], issue([line(1000, MAX_AMOUNT_CENTS + 1)])).fields).toEqual({ 'lines.0.unitPriceCents': [PRICE_TOO_LARGE] });
    expect(refusal([], issue([line(1000, Number.MAX_SAFE_INTEGER + 2)])).fields).toEqual({ 'lines.0.unitPriceCents': [PRICE_TOO_LARGE] });
  });

  const issued = decide(issue([line(1000, 80_000_000_000, 0)]), foldInvoice([]))[0]!;
  const sent: InvoiceEvent = { type: 'InvoiceSent', data: { invoiceId: 'i1', to: 'a@b.c', sentAt: '2026-03-02T10:00:00Z' } };

  it('refuses an edit to lines above the bound', () => {
    const edit: InvoiceCommand = { type: 'EditInvoice', data: { ...fields, lines: [line(2000, 80_000_000_000, 0)] } };
    expect(refusal([issued], edit).fields).toEqual({ 'lines.0.unitPriceCents': [LINE_TOO_LARGE] });
  });

  it('refuses chosen credit-note lines above the bound, and a payment above it', () => {
    const credit: InvoiceCommand = { type: 'CreditInvoice', data: { creditNoteId: 'n1', creditNoteNumber: 'CN-2026-000001', date: '2026-03-03', reason: 'x', lines: [line(1000, MAX_AMOUNT_CENTS + 1, 0)] } };
    expect(refusal([issued, sent], credit).fields).toEqual({ 'lines.0.unitPriceCents': [PRICE_TOO_LARGE] });
    const pay: InvoiceCommand = { type: 'RecordPayment', data: { paymentId: 'p1', amountCents: MAX_AMOUNT_CENTS + 1, date: '2026-03-03', method: 'bank', reference: null }, byHand: true };
    expect(refusal([issued, sent], pay)).toEqual({ message: 'An amount cannot exceed 1,000,000,000.00.', fields: { amountCents: ['An amount cannot exceed 1,000,000,000.00.'] } });
  });
});
