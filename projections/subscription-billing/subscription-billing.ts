import type { RecordedEvent } from '../../eventstore/event-store';
import type { Projection } from '../projection';
import { applyKeyed, type KeyedTable } from '../keyed-table';
import { decodeInvoiceEvent } from '../../domain/invoice/stream';

/**
 * How far each subscription is billed, from the invoices actually issued for it. A deleted
 * (voided) invoice still counts: its period's deterministic invoice id is spent, so recurring
 * generation moves on to the next period instead of retrying one that can never be re-issued.
 */
export interface SubscriptionBillingRow {
  subscription_id: string;
  /** Exclusive end of the latest billed period. */
  invoiced_end: string;
  invoice_count: number;
  last_invoice_id: string;
}

export const evolveSubscriptionBilling = (row: SubscriptionBillingRow | null, recorded: RecordedEvent): SubscriptionBillingRow | null => {
  const event = decodeInvoiceEvent(recorded);
  if (event.type !== 'InvoiceIssued' || !event.data.period) return row;
  const { period, invoiceId } = event.data;
  if (!row) return { subscription_id: period.subscriptionId, invoiced_end: period.end, invoice_count: 1, last_invoice_id: invoiceId };
  const later = period.end > row.invoiced_end;
  return {
    ...row,
    invoiced_end: later ? period.end : row.invoiced_end,
    invoice_count: row.invoice_count + 1,
    last_invoice_id: later ? invoiceId : row.last_invoice_id,
  };
};

const table: KeyedTable<SubscriptionBillingRow> = {
  table: 'subscription_billing',
  key: 'subscription_id',
  keyOf: (e) => {
    const event = decodeInvoiceEvent(e);
    return event.type === 'InvoiceIssued' ? event.data.period?.subscriptionId : undefined;
  },
  evolve: evolveSubscriptionBilling,
  toDb: (row) => ({ ...row }),
  fromDb: (r) => r as unknown as SubscriptionBillingRow,
};

export const subscriptionBillingProjection: Projection = {
  name: 'subscription_billing',
  eventTypes: ['InvoiceIssued'],
  tables: ['subscription_billing'],
  apply: (trx, events) => applyKeyed(trx, table, events),
};
