import { inexactAmounts } from '../shared/money';
import type { BillingPeriod, InvoiceEvent, InvoiceTotals, InvoiceVoided } from './events';

/**
 * Repairing an invoice written before amounts were bounded, whose stream holds an event with an
 * amount no number holds exactly (the penetration test's 1,000 × 99,999,999,999.99). Events are
 * immutable, so the repair is a corrective event: the invoice is annulled (InvoiceVoided, reason
 * `annulled`), and the event's metadata names the events it makes void (`annuls`), so the read
 * models, which pass over those events and report them, know they are resolved.
 *
 * What the ledger holds of the invoice is what its exact events posted (the inexact ones were
 * never folded): the annulment reverses exactly that, on the day it was posted, so the books end
 * as if the document had never been written; money really received for it stays the client's
 * (its payments are exact and stay posted).
 */

export interface StoredInvoiceEvent {
  eventId: string;
  event: InvoiceEvent;
  /** The events this one annuls (its metadata's `annuls`), if it is an annulment. */
  annuls?: readonly string[];
}

export interface Annulment {
  event: InvoiceVoided;
  /** The events it makes void: every inexact event of the stream not annulled before. */
  annuls: string[];
}

const ZERO: InvoiceTotals = { netCents: 0, vatCents: 0, grossCents: 0 };

/** The events of a stream no read model may fold: an amount field that is not a safe integer. */
export const inexactEventIds = (stream: readonly StoredInvoiceEvent[]): string[] => stream.filter((s) => inexactAmounts(s.event.data).length > 0).map((s) => s.eventId);

/** The annulment an invoice stream needs, or null when none of its events is inexact or all of them are annulled already. */
export const annulment = (stream: readonly StoredInvoiceEvent[]): Annulment | null => {
  const done = new Set(stream.flatMap((s) => s.annuls ?? []));
  const pending = inexactEventIds(stream).filter((id) => !done.has(id));
  if (pending.length === 0) return null;
  const bad = new Set(inexactEventIds(stream));
  // What the ledger posted for the invoice's own entry: its last exact issue or edit, unless a void reversed it since.
  let posted = null as { totals: InvoiceTotals; date: string; period: BillingPeriod | null } | null;
  let anyDate: string | undefined;
  for (const { eventId, event } of stream) {
    if (event.type === 'InvoiceIssued' || event.type === 'InvoiceEdited') anyDate ??= event.data.date;
    if (bad.has(eventId)) continue;
    if (event.type === 'InvoiceIssued') posted = { totals: event.data.totals, date: event.data.date, period: event.data.period };
    else if (event.type === 'InvoiceEdited') posted = { totals: event.data.totals, date: event.data.date, period: event.data.period ?? posted?.period ?? null };
    else if (event.type === 'InvoiceVoided') posted = null;
  }
  const invoiceId = stream[0]!.event.data.invoiceId;
  const day = posted?.date ?? anyDate ?? '2000-01-01';
  return {
    event: {
      type: 'InvoiceVoided',
      data: { invoiceId, reason: 'annulled', date: day, totals: posted?.totals ?? ZERO, originalDate: day, period: posted?.period ?? null },
    },
    annuls: pending,
  };
};
