import type { RecordedEvent } from '../../eventstore/event-store';
import type { KeptInvoiceLine } from '../../domain/invoice/events';
import type { Projection } from '../projection';
import { applyKeyed, type KeyedTable } from '../keyed-table';
import { decodeInvoiceEvent } from '../../domain/invoice/stream';
import { iso, parseJson } from '../invoices/invoice-list';
import { BOOKS_CURRENCY } from '../../domain/currency/currencies';

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
  /** As its event wrote them; a row kept since before categories were upcast may lack them. */
  lines: KeptInvoiceLine[];
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  full: boolean;
  /** ISO 4217: EUR, or its invoice's other currency. */
  currency: string;
  /** Its invoice's rate (units per euro) and that rate's day; null in euros. */
  exchange_rate: string | null;
  rate_date: string | null;
  recorded_at: string;
}

/** What the read model takes of a stored event (a command's answer folds the events it has just appended the same way). */
export type CreditedEvent = Pick<RecordedEvent, 'type' | 'data'> & { metadata: Pick<RecordedEvent['metadata'], 'recordedAt'> };

export const evolveCreditNote = (row: CreditNoteRow | null, recorded: CreditedEvent): CreditNoteRow | null => {
  const event = decodeInvoiceEvent(recorded);
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
    currency: d.fx?.currency ?? BOOKS_CURRENCY,
    exchange_rate: d.fx?.rate ?? null,
    rate_date: d.fx?.rateDate ?? null,
    recorded_at: recorded.metadata.recordedAt,
  };
};

const table: KeyedTable<CreditNoteRow> = {
  table: 'credit_notes',
  key: 'id',
  keyOf: (e) => {
    const event = decodeInvoiceEvent(e);
    return event.type === 'InvoiceCredited' ? event.data.creditNoteId : undefined;
  },
  evolve: evolveCreditNote,
  toDb: (row) => ({ ...row, lines: JSON.stringify(row.lines) }),
  fromDb: (r) => ({ ...(r as unknown as CreditNoteRow), lines: parseJson(r.lines) as KeptInvoiceLine[], recorded_at: iso(r.recorded_at) }),
};

export const creditNotesProjection: Projection = {
  name: 'credit_notes',
  eventTypes: ['InvoiceCredited'],
  tables: ['credit_notes'],
  apply: (trx, events) => applyKeyed(trx, table, events),
};
