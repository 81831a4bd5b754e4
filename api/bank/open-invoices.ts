import type { Knex } from 'knex';

/** An invoice a statement line may pay, as the invoice list holds it. */
export interface OpenInvoiceRow {
  id: string;
  invoice_number: string;
  client_id: string;
  due_date: string;
  /** What is left to pay after payments and credit notes (a written-off amount is still collectible). */
  open_cents: number;
}

/**
 * Issued (sent), not cancelled invoices with something left to pay: the one definition the
 * suggestions, the reconciliation's check and the demo's statement read. Refunds are matched as
 * movements, so an invoice owing nothing is never open here. Narrow it further with `where…`.
 */
export const openInvoices = (db: Knex): Knex.QueryBuilder<OpenInvoiceRow, OpenInvoiceRow[]> =>
  db('invoice_list as i')
    .where({ 'i.sent': true, 'i.cancelled': false })
    .whereRaw('i.gross_cents - i.paid_cents - i.credited_cents > 0')
    .select('i.id', 'i.invoice_number', 'i.client_id', 'i.due_date', db.raw('(i.gross_cents - i.paid_cents - i.credited_cents)::bigint as open_cents')) as unknown as Knex.QueryBuilder<OpenInvoiceRow, OpenInvoiceRow[]>;
