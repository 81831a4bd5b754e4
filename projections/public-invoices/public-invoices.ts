import type { RecordedEvent } from '../../eventstore/event-store';
import { INVOICE_EVENT_TYPES } from '../../domain/invoice/events';
import type { Projection } from '../projection';
import { applyKeyed, type KeyedTable } from '../keyed-table';
import { decodeInvoiceEvent, invoiceIdOf } from '../../domain/invoice/stream';
import { afterCredit, afterMoneyMoved } from '../invoices/invoice-list';

/** What the anonymous pay link may show (and the open amount to charge): kept apart from the admin list. */
export interface PublicInvoiceRow {
  id: string;
  invoice_number: string;
  client_id: string;
  date: string;
  due_date: string;
  gross_cents: number;
  paid_cents: number;
  paid: boolean;
  credited_cents: number;
  /** Fully credited: the pay page says it is no longer payable. */
  cancelled: boolean;
}

export const evolvePublicInvoice = (row: PublicInvoiceRow | null, recorded: RecordedEvent): PublicInvoiceRow | null => {
  const event = decodeInvoiceEvent(recorded);
  switch (event.type) {
    case 'InvoiceIssued': {
      const d = event.data;
      return {
        id: d.invoiceId,
        invoice_number: d.invoiceNumber,
        client_id: d.clientId,
        date: d.date,
        due_date: d.dueDate,
        gross_cents: d.totals.grossCents,
        paid_cents: 0,
        paid: false,
        credited_cents: 0,
        cancelled: false,
      };
    }
    case 'InvoiceEdited': {
      if (!row) return null;
      const d = event.data;
      return { ...row, invoice_number: d.invoiceNumber, client_id: d.clientId, date: d.date, due_date: d.dueDate, gross_cents: d.totals.grossCents };
    }
    case 'InvoiceSent':
      return row;
    case 'PaymentRecorded':
    case 'PaymentRefunded':
    case 'RefundFailed':
    case 'DisputeClosed':
    case 'PaymentDisputed':
    case 'GatewayFeeCharged':
    case 'CreditTransferred':
    case 'PaymentRemoved': {
      return row && { ...row, ...afterMoneyMoved(row, event) };
    }
    case 'InvoiceCredited':
      return row && { ...row, ...afterCredit(row, event.data.totals.grossCents) };
    // Written off in the books, still owed by the client: the pay page still collects it (a recovery).
    case 'InvoiceWrittenOff':
      return row;
    case 'InvoiceVoided':
      return null;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

const table: KeyedTable<PublicInvoiceRow> = {
  table: 'public_invoices',
  key: 'id',
  keyOf: invoiceIdOf,
  evolve: evolvePublicInvoice,
  toDb: (row) => ({ ...row }),
  fromDb: (r) => r as unknown as PublicInvoiceRow,
};

export const publicInvoicesProjection: Projection = {
  name: 'public_invoices',
  eventTypes: INVOICE_EVENT_TYPES,
  tables: ['public_invoices'],
  apply: (trx, events) => applyKeyed(trx, table, events),
};
