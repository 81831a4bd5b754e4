import type { Knex } from 'knex';
import { isoDay } from '../../domain/shared/dates';
import { bookedGrossCents, bookedPaidCents, evolveBill, type BillState } from '../../domain/bill/bill';
import { BILL_EVENT_TYPES } from '../../domain/bill/events';
import { decodeBillEvent } from '../../domain/bill/stream';
import type { RecordedEvent } from '../../eventstore/event-store';
import type { Projection } from '../projection';

export interface BillRow {
  id: string;
  supplier_id: string;
  supplier_invoice_number: string;
  date: string;
  due_date: string;
  status: 'draft' | 'posted';
  net_cents: number | string;
  vat_cents: number | string;
  self_assessed_vat_cents: number | string;
  gross_cents: number | string;
  paid_cents: number | string;
  lines: unknown;
  payments: unknown;
  document_type?: string | null;
  credited_bill_id?: string | null;
  /** EUR, or the currency the amounts are in (then `exchange_rate` of `rate_date` once posted). */
  currency?: string | null;
  exchange_rate?: string | null;
  rate_date?: string | Date | null;
  /** Posted: the gross in euros as booked, and the booked euros its payments cleared. */
  gross_euro_cents?: number | string | null;
  paid_euro_cents?: number | string | null;
  revision: number;
  updated_at: Date | string;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A row as the bill's state (what the projection folds the next event onto). */
export const billStateOfRow = (r: BillRow): BillState => ({
  status: r.status,
  billId: r.id,
  supplierId: r.supplier_id,
  supplierInvoiceNumber: r.supplier_invoice_number,
  date: isoDay(r.date),
  dueDate: isoDay(r.due_date),
  lines: json(r.lines),
  totals: { netCents: Number(r.net_cents), vatCents: Number(r.vat_cents), selfAssessedVatCents: Number(r.self_assessed_vat_cents), grossCents: Number(r.gross_cents) },
  payments: json(r.payments),
  paidCents: Number(r.paid_cents),
  ...(r.document_type === 'credit_note' ? { documentType: 'credit_note' as const, creditedBillId: r.credited_bill_id ?? null } : {}),
  ...(r.currency && r.currency !== 'EUR' ? { currency: r.currency } : {}),
  ...(r.currency && r.currency !== 'EUR' && r.exchange_rate && r.rate_date ? { fx: { currency: r.currency, rate: r.exchange_rate, rateDate: isoDay(r.rate_date) } } : {}),
});

const rowOf = (s: Extract<BillState, { status: 'draft' | 'posted' }>, revision: number, at: string) => ({
  id: s.billId,
  supplier_id: s.supplierId,
  supplier_invoice_number: s.supplierInvoiceNumber,
  date: s.date,
  due_date: s.dueDate,
  status: s.status,
  net_cents: s.totals.netCents,
  vat_cents: s.totals.vatCents,
  self_assessed_vat_cents: s.totals.selfAssessedVatCents,
  gross_cents: s.totals.grossCents,
  paid_cents: s.paidCents,
  last_payment_date: s.payments.reduce<string | null>((last, p) => (last === null || p.date > last ? p.date : last), null),
  lines: JSON.stringify(s.lines),
  payments: JSON.stringify(s.payments),
  document_type: s.documentType ?? 'bill',
  credited_bill_id: s.creditedBillId ?? null,
  currency: s.currency ?? 'EUR',
  exchange_rate: s.fx?.rate ?? null,
  rate_date: s.fx?.rateDate ?? null,
  // A draft in another currency has no rate yet: no euros.
  gross_euro_cents: s.status === 'posted' || s.currency === undefined ? bookedGrossCents(s) : null,
  paid_euro_cents: bookedPaidCents(s),
  revision,
  updated_at: at,
});

/** Bills: one row per bill that is not deleted, folded by the domain's evolve. */
export const billsProjection = (): Projection => ({
  name: 'bills',
  eventTypes: [...BILL_EVENT_TYPES],
  tables: ['bill_list'],
  apply: async (trx: Knex.Transaction, events: RecordedEvent[]) => {
    const ids = [...new Set(events.map((e) => decodeBillEvent(e).data.billId))];
    const rows = (await trx('bill_list').whereIn('id', ids)) as BillRow[];
    const states = new Map<string, { state: BillState; revision: number }>(rows.map((r) => [r.id, { state: billStateOfRow(r), revision: r.revision }]));
    let at = new Date().toISOString();
    for (const recorded of events) {
      const event = decodeBillEvent(recorded);
      const known = states.get(event.data.billId);
      at = recorded.metadata.recordedAt ?? at;
      states.set(event.data.billId, { state: evolveBill(known?.state ?? { status: 'empty' }, event), revision: Number(recorded.streamRevision) });
    }
    const gone: string[] = [];
    const kept = [];
    for (const [id, { state, revision }] of states) {
      if (state.status === 'draft' || state.status === 'posted') kept.push(rowOf(state, revision, at));
      else gone.push(id);
    }
    if (gone.length) await trx('bill_list').whereIn('id', gone).delete();
    if (kept.length) await trx('bill_list').insert(kept).onConflict('id').merge();
  },
});
