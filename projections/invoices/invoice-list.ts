import type { RecordedEvent } from '../../eventstore/event-store';
import type { InvoiceEvent, KeptInvoiceLine } from '../../domain/invoice/events';
import { INVOICE_EVENT_TYPES } from '../../domain/invoice/events';
import { isCancelled, isPaid, paidDeltaOf } from '../../domain/invoice/invoice';
import { decodeInvoiceEvent, invoiceIdOf } from '../../domain/invoice/stream';
import type { Projection } from '../projection';
import { BOOKS_CURRENCY } from '../../domain/currency/currencies';
import { applyKeyed, type KeyedTable } from '../keyed-table';

/** One row per live invoice: the admin list, the client detail and the portal read it. */
export interface InvoiceListRow {
  id: string;
  client_id: string;
  invoice_number: string;
  date: string;
  due_date: string;
  paid: boolean;
  sent: boolean;
  /** Sent or ever paid (even if all of it was refunded since): no longer a draft, as the domain's `isIssued`. */
  issued: boolean;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  paid_cents: number;
  /** Credit notes against it; the whole gross once it is cancelled. */
  credited_cents: number;
  cancelled: boolean;
  /** Written off as a bad debt (0 and null when not), and what payments recovered of it since. */
  written_off_cents: number;
  recovered_cents: number;
  written_off_on: string | null;
  /** As its events wrote them; a row kept since before categories were upcast may lack them. */
  items: KeptInvoiceLine[];
  subscription_id: string | null;
  period_start: string | null;
  period_end: string | null;
  /** Stream revision of the last event applied: the version for optimistic edits. */
  revision: number;
  issued_at: string;
  /** ISO 4217: the currency its amounts are in (EUR for rows written before currencies). */
  currency: string;
  /** Units of the currency per euro it was posted at; null in euros. */
  exchange_rate: string | null;
}

/** What both invoice read models keep of an invoice's settlement. */
type SettlementColumns = { paid_cents: number; gross_cents: number; credited_cents: number; paid: boolean };

/** After a payment or a later money movement: refunds and lost disputes take back what was paid, the others change nothing. */
export const afterMoneyMoved = (row: SettlementColumns, event: InvoiceEvent): Pick<SettlementColumns, 'paid_cents' | 'paid'> => {
  const paidCents = row.paid_cents + paidDeltaOf(event);
  return { paid_cents: paidCents, paid: isPaid({ paidCents, grossCents: row.gross_cents, paymentCount: 1, creditedCents: row.credited_cents }) };
};

/** After a credit note of `grossCents`: what is owed shrinks, and the whole gross credited cancels the invoice. */
export const afterCredit = (row: SettlementColumns, grossCents: number): Pick<SettlementColumns, 'credited_cents' | 'paid'> & { cancelled: boolean } => {
  const creditedCents = row.credited_cents + grossCents;
  const settlement = { paidCents: row.paid_cents, grossCents: row.gross_cents, paymentCount: row.paid_cents > 0 || row.paid ? 1 : 0, creditedCents };
  return { credited_cents: creditedCents, cancelled: isCancelled(settlement), paid: isPaid(settlement) };
};

/** What the list reads of a stored event: the event, its revision and when it was recorded. */
export type ListedEvent = Pick<RecordedEvent, 'type' | 'data' | 'streamRevision'> & { metadata: Pick<RecordedEvent['metadata'], 'recordedAt'> };

export const evolveInvoiceList = (row: InvoiceListRow | null, recorded: ListedEvent): InvoiceListRow | null => {
  const event = decodeInvoiceEvent(recorded);
  const revision = recorded.streamRevision;
  switch (event.type) {
    case 'InvoiceIssued': {
      const d = event.data;
      return {
        id: d.invoiceId,
        client_id: d.clientId,
        invoice_number: d.invoiceNumber,
        date: d.date,
        due_date: d.dueDate,
        paid: false,
        sent: false,
        issued: false,
        net_cents: d.totals.netCents,
        vat_cents: d.totals.vatCents,
        gross_cents: d.totals.grossCents,
        paid_cents: 0,
        credited_cents: 0,
        cancelled: false,
        written_off_cents: 0,
        recovered_cents: 0,
        written_off_on: null,
        items: d.lines,
        subscription_id: d.period?.subscriptionId ?? null,
        period_start: d.period?.start ?? null,
        period_end: d.period?.end ?? null,
        revision,
        issued_at: recorded.metadata.recordedAt,
        currency: d.fx?.currency ?? BOOKS_CURRENCY,
        exchange_rate: d.fx?.rate ?? null,
      };
    }
    case 'InvoiceEdited': {
      if (!row) return null;
      const d = event.data;
      // Edits are refused once any payment exists, so an edited invoice has none.
      const paid = isPaid({ paidCents: row.paid_cents, grossCents: d.totals.grossCents, paymentCount: 0, creditedCents: row.credited_cents });
      return {
        ...row,
        client_id: d.clientId,
        invoice_number: d.invoiceNumber,
        date: d.date,
        due_date: d.dueDate,
        items: d.lines,
        net_cents: d.totals.netCents,
        vat_cents: d.totals.vatCents,
        gross_cents: d.totals.grossCents,
        paid,
        revision,
        currency: d.fx?.currency ?? BOOKS_CURRENCY,
        exchange_rate: d.fx?.rate ?? null,
      };
    }
    case 'InvoiceSent':
      return row && { ...row, sent: true, issued: true, revision };
    case 'PaymentRecorded': {
      if (!row) return null;
      const recovered = event.data.recoveredCents ? { recovered_cents: Number(row.recovered_cents ?? 0) + event.data.recoveredCents } : {};
      return { ...row, ...afterMoneyMoved(row, event), ...recovered, issued: true, revision };
    }
    case 'PaymentRemoved': {
      if (!row) return null;
      const recovered = event.data.recoveredCents ? { recovered_cents: Math.max(0, Number(row.recovered_cents ?? 0) - event.data.recoveredCents) } : {};
      return { ...row, ...afterMoneyMoved(row, event), ...recovered, revision };
    }
    case 'InvoiceWrittenOff':
      return row && { ...row, written_off_cents: event.data.amountCents, recovered_cents: 0, written_off_on: event.data.date, revision };
    case 'PaymentRefunded':
    case 'RefundFailed':
    case 'DisputeClosed':
    case 'PaymentDisputed':
    case 'GatewayFeeCharged':
    case 'CreditTransferred': {
      return row && { ...row, ...afterMoneyMoved(row, event), revision };
    }
    case 'InvoiceCredited':
      return row && { ...row, ...afterCredit(row, event.data.totals.grossCents), revision };
    case 'InvoiceVoided':
      return null;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

const table: KeyedTable<InvoiceListRow> = {
  table: 'invoice_list',
  key: 'id',
  keyOf: invoiceIdOf,
  evolve: evolveInvoiceList,
  toDb: (row) => ({ ...row, items: JSON.stringify(row.items) }),
  fromDb: (r) => ({ ...(r as unknown as InvoiceListRow), items: parseJson(r.items) as KeptInvoiceLine[], issued_at: iso(r.issued_at) }),
};

export const parseJson = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
export const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));

export const invoiceListProjection: Projection = {
  name: 'invoice_list',
  eventTypes: INVOICE_EVENT_TYPES,
  tables: ['invoice_list'],
  apply: (trx, events) => applyKeyed(trx, table, events),
};
