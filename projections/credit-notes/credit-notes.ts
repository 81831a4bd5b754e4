import type { RecordedEvent } from '../../eventstore/event-store';
import type { InvoiceLine } from '../../domain/invoice/events';
import type { Projection } from '../projection';
import { applyKeyed, type KeyedTable } from '../keyed-table';
import { asInvoiceEvent, iso, parseJson } from '../invoices/invoice-list';

/** One row per credit note: the admin lists, the client detail and the documents read it. */
export interface CreditNoteRow {
  id: string;
  credit_note_number: string;
  invoice_id: string;
  invoice_number: string;
  invoice_date: string;
  client_id: string;
  date: string;
  reason: string;
  lines: InvoiceLine[];
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  full: boolean;
  recorded_at: string;
}

export const evolveCreditNote = (row: CreditNoteRow | null, recorded: RecordedEvent): CreditNoteRow | null => {
  const event = asInvoiceEvent(recorded);
  if (event.type !== 'InvoiceCredited') return row;
  const d = event.data;
  return {
    id: d.creditNoteId,
    credit_note_number: d.creditNoteNumber,
    invoice_id: d.invoiceId,
    invoice_number: d.invoiceNumber,
    invoice_date: d.invoiceDate,
    client_id: d.clientId,
    date: d.date,
    reason: d.reason,
    lines: d.lines,
    net_cents: d.totals.netCents,
    vat_cents: d.totals.vatCents,
    gross_cents: d.totals.grossCents,
    full: d.full,
    recorded_at: recorded.metadata.recordedAt,
  };
};

const table: KeyedTable<CreditNoteRow> = {
  table: 'credit_notes',
  key: 'id',
  keyOf: (e) => (e.type === 'InvoiceCredited' ? (e.data as { creditNoteId: string }).creditNoteId : undefined),
  evolve: evolveCreditNote,
  toDb: (row) => ({ ...row, lines: JSON.stringify(row.lines) }),
  fromDb: (r) => ({ ...(r as unknown as CreditNoteRow), lines: parseJson(r.lines) as InvoiceLine[], recorded_at: iso(r.recorded_at) }),
};

export const creditNotesProjection: Projection = {
  name: 'credit_notes',
  eventTypes: ['InvoiceCredited'],
  tables: ['credit_notes'],
  apply: (trx, events) => applyKeyed(trx, table, events),
};
