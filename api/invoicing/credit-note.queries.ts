import { BOOKS_CURRENCY } from '../../domain/currency/currencies';
import type { Knex } from 'knex';
import { centsToEuros } from '../../domain/shared/money';
import type { CreditNoteRow } from '../../projections/credit-notes/credit-notes';
import { parseJson } from '../../projections/invoices/invoice-list';
import { itemWire, type InvoiceItemWire } from './invoice.queries';

export interface CreditNoteWire {
  id: string;
  credit_note_number: string;
  /** The invoice it corrects, as it stood when credited. */
  invoice: { id: string; invoice_number: string; date: string };
  client: { id: string; name: string };
  date: string;
  reason: string;
  items: InvoiceItemWire[];
  net_amount: number;
  vat_amount: number;
  total_amount: number;
  /** Credits everything that remained: the invoice is cancelled. */
  full: boolean;
  /** ISO 4217: its invoice's currency, which its amounts are in. */
  currency: string;
  /** Units of that currency per euro: its invoice's rate, which its VAT in euros is at; null in euros. */
  exchange_rate: number | null;
}

type Row = CreditNoteRow & { client_name: string | null };

export const creditNoteWire = (row: Row): CreditNoteWire => ({
  id: row.id,
  credit_note_number: row.credit_note_number,
  invoice: { id: row.invoice_id, invoice_number: row.invoice_number, date: row.invoice_date },
  client: { id: row.client_id, name: row.client_name ?? '' },
  date: row.date,
  reason: row.reason,
  items: (parseJson(row.lines) as CreditNoteRow['lines']).map(itemWire),
  net_amount: centsToEuros(Number(row.net_cents)),
  vat_amount: centsToEuros(Number(row.vat_cents)),
  total_amount: centsToEuros(Number(row.gross_cents)),
  full: row.full,
  currency: row.currency ?? BOOKS_CURRENCY,
  exchange_rate: row.exchange_rate ? Number(row.exchange_rate) : null,
});

const base = (db: Knex) => db('credit_notes as n').leftJoin('clients as c', 'c.id', 'n.client_id').select('n.*', 'c.name as client_name');

/** Newest first; optionally one client's or one invoice's. */
export const listCreditNotes = async (db: Knex, filters: { clientId?: string; invoiceId?: string } = {}): Promise<CreditNoteWire[]> => {
  const q = base(db).orderBy([{ column: 'n.date', order: 'desc' }, { column: 'n.credit_note_number', order: 'desc' }]);
  if (filters.clientId) q.where('n.client_id', filters.clientId);
  if (filters.invoiceId) q.where('n.invoice_id', filters.invoiceId);
  return ((await q) as Row[]).map(creditNoteWire);
};

export const findCreditNote = async (db: Knex, id: string): Promise<CreditNoteWire | undefined> => {
  const row = (await base(db).where('n.id', id).first()) as Row | undefined;
  return row && creditNoteWire(row);
};
