import { describe, expect, it } from 'vitest';
import { decide } from './decide';
import { INVOICE_SCHEMA_VERSION, type InvoiceLine } from './events';
import { reverseChargeOf } from './invoice';
import { foldInvoiceStream } from './stream';
import { invoiceUpcasters } from './upcasters';

const upcast = (eventType: string, data: unknown): unknown => {
  const upcaster = invoiceUpcasters.find((u) => u.eventType === eventType && u.fromVersion === 1);
  if (!upcaster) throw new Error(`no upcaster for ${eventType}@1`);
  return upcaster.upcast(data);
};

/** Lines as version 1 wrote them before VAT categories were stored: none carries one. */
const oldLines = [
  { description: 'Plan', quantity: 1, unitPriceCents: 10000, vatRateBp: 1900, netCents: 10000, vatCents: 1900, grossCents: 11900 },
  { description: 'Export papers', quantity: 2, unitPriceCents: 500, vatRateBp: 0, netCents: 1000, vatCents: 0, grossCents: 1000 },
];
const totals = { netCents: 11000, vatCents: 1900, grossCents: 12900 };
const categorised: InvoiceLine[] = [
  { ...oldLines[0]!, vatCategory: 'S' },
  { ...oldLines[1]!, vatCategory: 'Z' },
];
/** An InvoiceIssued as written before e-invoices: no parties, no categories. */
const oldIssued = { invoiceId: 'i1', invoiceNumber: '2025-000001', clientId: 'c1', date: '2025-03-01', dueDate: '2025-03-31', lines: oldLines, totals, period: null };
const parties = {
  seller: { name: 'Aegis GRC Ltd', address: 'Nicosia', country: 'CY', vatNumber: 'CY10000000D', registrationNumber: 'HE 1' },
  buyer: { name: 'Kunde GmbH', address: 'Berlin', country: 'DE', vatNumber: 'DE123456788' },
};

describe('invoice upcasters (schema version 1 to 2)', () => {
  it('are the steps from version 1, once each, to the version written now', () => {
    expect(INVOICE_SCHEMA_VERSION).toBe(2);
    expect(invoiceUpcasters.map((u) => `${u.eventType}@${u.fromVersion}`)).toEqual(['InvoiceIssued@1', 'InvoiceEdited@1', 'InvoiceCredited@1']);
  });

  it('give an old InvoiceIssued null parties and each line its category: S above 0 %, Z at 0 %', () => {
    expect(upcast('InvoiceIssued', oldIssued)).toEqual({ ...oldIssued, lines: categorised, parties: null });
  });

  it('give an old InvoiceEdited the categories of its lines and nothing else', () => {
    const edited = { ...oldIssued, previousTotals: totals, previousDate: '2025-03-01' };
    expect(upcast('InvoiceEdited', edited)).toEqual({ ...edited, lines: categorised });
  });

  it('give the lines of an old InvoiceCredited (a credit note of a whole old invoice repeats them) their categories', () => {
    const credited = {
      invoiceId: 'i1',
      creditNoteId: 'cn1',
      creditNoteNumber: 'CN-2025-000001',
      invoiceNumber: '2025-000001',
      invoiceDate: '2025-03-01',
      clientId: 'c1',
      date: '2025-04-01',
      reason: 'Cancelled',
      lines: oldLines,
      totals,
      full: true,
      period: null,
    };
    expect(upcast('InvoiceCredited', credited)).toEqual({ ...credited, lines: categorised });
  });

  it('leave a version 1 event written with categories and parties as it is, the same object', () => {
    const current = { ...oldIssued, lines: [{ ...oldLines[0]!, vatCategory: 'AE', exemptionReason: 'Reverse charge', vatRateBp: 0, vatCents: 0 }], parties };
    expect(upcast('InvoiceIssued', current)).toBe(current);
    const edited = { ...current, previousTotals: totals, previousDate: '2025-03-01' };
    expect(upcast('InvoiceEdited', edited)).toBe(edited);
  });

  it('keep a category a line has, and fill only the lines that lack one', () => {
    const mixed = { ...oldIssued, lines: [{ ...oldLines[1]!, vatCategory: 'E', exemptionReason: 'Art. 132' }, oldLines[0]] };
    expect((upcast('InvoiceIssued', mixed) as { lines: InvoiceLine[] }).lines.map((l) => l.vatCategory)).toEqual(['E', 'S']);
  });

  it('fold an old stream, once upcast, as the invoice it was: no parties, its lines S and Z, no reverse charge', () => {
    const state = foldInvoiceStream([{ type: 'InvoiceIssued', data: upcast('InvoiceIssued', oldIssued) }]);
    if (state.status !== 'issued') throw new Error('not issued');
    expect(state.parties).toBeNull();
    expect(state.lines).toEqual(categorised);
    expect(reverseChargeOf(state)).toBe(false);
    // Its whole-invoice credit note repeats the lines with their categories.
    const sent = { type: 'InvoiceSent', data: { invoiceId: 'i1', to: 'a@b.test', sentAt: '2025-03-02T00:00:00.000Z' } };
    const [note] = decide(
      { type: 'CreditInvoice', data: { creditNoteId: 'cn1', creditNoteNumber: 'CN-2025-000001', date: '2025-04-01', reason: 'Cancelled' } },
      foldInvoiceStream([{ type: 'InvoiceIssued', data: upcast('InvoiceIssued', oldIssued) }, sent]),
    );
    expect(note).toMatchObject({ type: 'InvoiceCredited', data: { lines: categorised, full: true } });
    expect(note!.data).not.toHaveProperty('parties');
  });

  it('pass over what is not an event object (the decoder refuses it later)', () => {
    for (const u of invoiceUpcasters) {
      expect(u.upcast(null)).toBeNull();
      expect(u.upcast('text')).toBe('text');
    }
  });
});
