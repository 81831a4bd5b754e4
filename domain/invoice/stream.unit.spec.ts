import { describe, expect, it } from 'vitest';
import { INVOICE_EVENT_TYPES, type InvoiceEvent } from './events';
import { foldInvoice, initialState } from './invoice';
import { creditNoteIdOf, decodeInvoiceEvent, decodeInvoiceEventOf, evolveStored, foldInvoiceStream, invoiceIdOf, invoiceStream, isInvoiceEvent } from './stream';

const line = { description: 'Plan', quantity: 1, unitPriceCents: 10000, vatRateBp: 1900, netCents: 10000, vatCents: 1900, grossCents: 11900, vatCategory: 'S' as const };
const totals = { netCents: 10000, vatCents: 1900, grossCents: 11900 };
const events: InvoiceEvent[] = [
  { type: 'InvoiceIssued', data: { invoiceId: 'i1', invoiceNumber: '2026-000001', clientId: 'c1', date: '2026-03-01', dueDate: '2026-03-15', lines: [line], totals, period: null, parties: null } },
  { type: 'InvoiceSent', data: { invoiceId: 'i1', to: 'a@b.test', sentAt: '2026-03-02T00:00:00.000Z' } },
  { type: 'PaymentRecorded', data: { invoiceId: 'i1', paymentId: 'p1', amountCents: 5000, date: '2026-03-05', method: 'bank', reference: null } },
  {
    type: 'InvoiceCredited',
    data: {
      invoiceId: 'i1',
      creditNoteId: 'cn1',
      creditNoteNumber: 'CN-2026-000001',
      invoiceNumber: '2026-000001',
      invoiceDate: '2026-03-01',
      clientId: 'c1',
      date: '2026-03-06',
      reason: 'Goodwill',
      lines: [{ ...line, unitPriceCents: 1000, netCents: 1000, vatCents: 190, grossCents: 1190 }],
      totals: { netCents: 1000, vatCents: 190, grossCents: 1190 },
      full: false,
      period: null,
    },
  },
];
/** As the event store hands them back: a type and a JSON value (and more the decoder ignores). */
const stored = events.map((e, i) => ({ type: e.type, data: JSON.parse(JSON.stringify(e.data)) as unknown, streamRevision: i }));

describe('the invoice stream model', () => {
  it('decodes every invoice event type into the typed event, data untouched', () => {
    expect(stored.map(decodeInvoiceEvent)).toEqual(events);
    for (const type of INVOICE_EVENT_TYPES) expect(decodeInvoiceEvent({ type, data: { invoiceId: 'i1' } }).type).toBe(type);
  });

  it("refuses another aggregate's event and data that is no object", () => {
    expect(() => decodeInvoiceEvent({ type: 'JournalEntryRecorded', data: { entryId: 'e1' } })).toThrow('Not an event of an invoice: JournalEntryRecorded');
    for (const data of [null, 'text', 42, [1]]) expect(() => decodeInvoiceEvent({ type: 'InvoiceSent', data })).toThrow('The InvoiceSent event holds no data object');
    expect(isInvoiceEvent({ type: 'InvoiceWrittenOff' })).toBe(true);
    expect(isInvoiceEvent({ type: 'PayoutPaid' })).toBe(false);
  });

  it('decodes an event of one expected type, and refuses another', () => {
    expect(decodeInvoiceEventOf('PaymentRecorded', stored[2]!).data.paymentId).toBe('p1');
    expect(() => decodeInvoiceEventOf('PaymentRecorded', stored[1]!)).toThrow('Expected PaymentRecorded, not InvoiceSent');
  });

  it('folds stored events into the state the typed events fold into', () => {
    const state = foldInvoiceStream(stored);
    expect(state).toEqual(foldInvoice(events));
    expect(state).toMatchObject({ status: 'issued', sent: true, paidCents: 5000, creditedCents: 1190, parties: null });
    expect(stored.reduce(evolveStored, initialState())).toEqual(state);
    expect(foldInvoiceStream([])).toEqual(invoiceStream.initialState());
  });

  it('names the invoice of every event and the credit note of the one that issues it', () => {
    expect(stored.map(invoiceIdOf)).toEqual(['i1', 'i1', 'i1', 'i1']);
    expect(events.map(creditNoteIdOf)).toEqual([undefined, undefined, undefined, 'cn1']);
  });
});
