import type { Knex } from 'knex';
import { TableVersionedCache } from '../db/table-versions';
import type { InvoiceLine } from '../../domain/invoice/events';
import { addDays } from '../../domain/shared/dates';
import { categoryOf, REVERSE_CHARGE_TEXT, type VatCategory } from '../../domain/invoice/vat';
import { owedCents } from '../../domain/invoice/invoice';
import { bpToPercent, centsToEuros } from '../../domain/shared/money';
import type { InvoiceListRow } from '../../projections/invoices/invoice-list';
import { parseJson } from '../../projections/invoices/invoice-list';
import type { PublicInvoiceRow } from '../../projections/public-invoices/public-invoices';
import type { PublicInvoiceWire } from '../contracts/rest.contract';

export interface InvoiceItemWire {
  description: string;
  quantity: number;
  unit_price: number;
  vat_rate: number;
  /** Net line amount (quantity × unit price). */
  total: number;
  vat_amount: number;
  /** S, Z, E or AE. */
  vat_category: VatCategory;
  /** Why no VAT is charged (E and AE lines); null otherwise. */
  vat_exemption_reason: string | null;
}

export interface InvoiceWire {
  id: string;
  client: { id: string; name: string };
  invoice_number: string;
  date: string;
  due_date: string;
  paid: boolean;
  sent: boolean;
  /** Gross. */
  total_amount: number;
  net_amount: number;
  vat_amount: number;
  paid_amount: number;
  /** Credit notes against it. */
  credited_amount: number;
  /** What is still owed after payments and credit notes. */
  open_amount: number;
  /** Sent or paid: a document of record, corrected only by credit notes (only its due date may change). */
  issued: boolean;
  /** Fully credited: no longer payable. */
  cancelled: boolean;
  /** Invoiced under reverse charge: the buyer accounts for the VAT. */
  reverse_charge: boolean;
  items: InvoiceItemWire[];
  subscription: string | null;
  period_start: string | null;
  /** Last day of the billed period (inclusive). */
  period_end: string | null;
  /** Stream revision: echo it on PUT for a 409 when someone else changed the invoice. */
  version: number;
}

export const itemWire = (l: InvoiceLine): InvoiceItemWire => ({
  description: l.description,
  quantity: l.quantity,
  unit_price: centsToEuros(l.unitPriceCents),
  vat_rate: bpToPercent(l.vatRateBp),
  total: centsToEuros(l.netCents),
  vat_amount: centsToEuros(l.vatCents),
  vat_category: categoryOf(l),
  vat_exemption_reason: l.exemptionReason ?? (categoryOf(l) === 'AE' ? REVERSE_CHARGE_TEXT : null),
});

export type InvoiceRowWithClient = InvoiceListRow & { client_name: string | null };

export const invoiceWire = (row: InvoiceRowWithClient): InvoiceWire => {
  const items = (parseJson(row.items) as InvoiceLine[]).map(itemWire);
  return {
  id: row.id,
  client: { id: row.client_id, name: row.client_name ?? '' },
  invoice_number: row.invoice_number,
  date: row.date,
  due_date: row.due_date,
  paid: row.paid,
  sent: row.sent,
  total_amount: centsToEuros(row.gross_cents),
  net_amount: centsToEuros(row.net_cents),
  vat_amount: centsToEuros(row.vat_cents),
  paid_amount: centsToEuros(row.paid_cents),
  credited_amount: centsToEuros(row.credited_cents),
  open_amount: centsToEuros(owedCents({ grossCents: Number(row.gross_cents), creditedCents: Number(row.credited_cents), paidCents: Number(row.paid_cents) })),
  issued: row.issued,
  cancelled: row.cancelled,
  reverse_charge: items.some((i) => i.vat_category === 'AE'),
  items,
  subscription: row.subscription_id,
  period_start: row.period_start,
  period_end: row.period_end ? addDays(row.period_end, -1) : null,
  version: row.revision,
  };
};

export interface InvoiceFilters {
  clientId?: string;
  status?: 'paid' | 'unpaid';
  /** Unpaid and past the due date on `today`. */
  overdue?: boolean;
  today: string;
}

const base = (db: Knex) =>
  db('invoice_list as i').leftJoin('clients as c', 'c.id', 'i.client_id').select('i.*', 'c.name as client_name');

const filtered = (db: Knex, f: InvoiceFilters) => {
  const q = base(db);
  if (f.clientId) q.where('i.client_id', f.clientId);
  if (f.status === 'paid') q.where('i.paid', true);
  // A cancelled invoice is owed by nobody: neither unpaid nor overdue.
  if (f.status === 'unpaid') q.where('i.paid', false).where('i.cancelled', false);
  if (f.overdue === true) q.where('i.paid', false).where('i.cancelled', false).where('i.due_date', '<', f.today);
  if (f.overdue === false) q.where((w) => w.where('i.paid', true).orWhere('i.cancelled', true).orWhere('i.due_date', '>=', f.today));
  return q;
};

/** The tables an invoice list page is read from: its cache (and GraphQL's kept answers) follow their versions. */
export const INVOICE_LIST_TABLES = ['invoice_list', 'clients'] as const;

const lists = new WeakMap<Knex, TableVersionedCache<{ items: InvoiceWire[]; total: number }>>();

/**
 * Newest first (date, then number), as the client page and the portal show them. Results are
 * reused while the invoice list and the clients are unchanged (see TableVersionedCache); they are
 * frozen, since every caller shares them.
 */
export const listInvoices = async (
  db: Knex,
  filters: InvoiceFilters,
  page?: { limit: number; offset: number },
): Promise<{ items: readonly InvoiceWire[]; total: number }> => {
  if (db.isTransaction) return queryInvoices(db, filters, page);
  let cache = lists.get(db);
  if (!cache) lists.set(db, (cache = new TableVersionedCache(db, INVOICE_LIST_TABLES)));
  const key = JSON.stringify([filters.clientId, filters.status, filters.overdue, filters.today, page?.limit, page?.offset]);
  return cache.get(key, () => queryInvoices(db, filters, page));
};

const queryInvoices = async (
  db: Knex,
  filters: InvoiceFilters,
  page?: { limit: number; offset: number },
): Promise<{ items: InvoiceWire[]; total: number }> => {
  const q = filtered(db, filters).orderBy([
    { column: 'i.date', order: 'desc' },
    { column: 'i.invoice_number', order: 'desc' },
    { column: 'i.id', order: 'asc' },
  ]);
  if (page) q.limit(page.limit).offset(page.offset);
  const rows: InvoiceRowWithClient[] = await q;
  // A short page (or an empty one at the start) tells the total without counting.
  const total =
    page && (rows.length === page.limit || (rows.length === 0 && page.offset > 0))
      ? Number((await filtered(db, filters).clearSelect().count({ n: '*' }).first())?.n ?? 0)
      : (page?.offset ?? 0) + rows.length;
  return { items: rows.map(invoiceWire), total };
};

export const findInvoice = async (db: Knex, id: string): Promise<InvoiceWire | undefined> => {
  const row: InvoiceRowWithClient | undefined = await base(db).where('i.id', id).first();
  return row && invoiceWire(row);
};

export const findPublicInvoice = async (db: Knex, id: string): Promise<PublicInvoiceWire | undefined> => {
  const row: (PublicInvoiceRow & { client_name: string | null }) | undefined = await db('public_invoices as p')
    .leftJoin('clients as c', 'c.id', 'p.client_id')
    .select('p.*', 'c.name as client_name')
    .where('p.id', id)
    .first();
  if (!row) return undefined;
  return {
    id: row.id,
    invoice_number: row.invoice_number,
    client: { name: row.client_name ?? '' },
    date: row.date,
    due_date: row.due_date,
    total_amount: centsToEuros(row.gross_cents),
    open_amount: centsToEuros(owedCents({ grossCents: Number(row.gross_cents), creditedCents: Number(row.credited_cents), paidCents: Number(row.paid_cents) })),
    paid: row.paid,
    cancelled: row.cancelled,
  };
};
