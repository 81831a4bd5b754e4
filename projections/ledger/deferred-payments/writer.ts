import type { Knex } from 'knex';
import type { LedgerEffect, LedgerEvent } from '../../../domain/accounting/postings';

/** A payment whose own day was locked when the ledger applied it: posted on the first open day instead. */
export interface DeferredPaymentRow {
  payment_id: string;
  invoice_id: string;
  /** The day it was made. */
  date: string;
  /** The day the ledger posted it. */
  posted_on: string;
}

/** The row for a payment the period lock moved, or null (any other event, or a payment posted on its day). */
export const deferredPaymentOf = (event: LedgerEvent, effect: LedgerEffect): DeferredPaymentRow | null => {
  if (event.type !== 'PaymentRecorded') return null;
  const postedOn = effect.postings[0]?.date;
  return postedOn && postedOn !== event.data.date ? { payment_id: event.data.paymentId, invoice_id: event.data.invoiceId, date: event.data.date, posted_on: postedOn } : null;
};

/** A payment is posted once, so is its row (a repeated batch writes nothing new). */
export const writeDeferredPayments = async (trx: Knex.Transaction, rows: DeferredPaymentRow[]): Promise<void> => {
  for (let i = 0; i < rows.length; i += 1000) await trx('ledger_deferred_payments').insert(rows.slice(i, i + 1000)).onConflict('payment_id').ignore();
};

/** The rows for a ledger written before this table: payment entries whose lines are dated after the payment. */
export const fillDeferredPaymentsFromLines = async (db: Knex): Promise<void> => {
  await db.raw(
    `insert into ledger_deferred_payments (payment_id, invoice_id, date, posted_on)
     select e.source_id::uuid, e.invoice_id::uuid, e.date, min(l.date) from ledger_entries e join ledger_lines l on l.entry_id = e.entry_id
     where e.source_type = 'payment' and e.invoice_id is not null group by e.entry_id, e.source_id, e.invoice_id, e.date having min(l.date) > e.date
     on conflict (payment_id) do nothing`,
  );
};
