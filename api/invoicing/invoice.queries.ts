import { BOOKS_CURRENCY } from '../../domain/currency/currencies';
import { chargesByCard, type Config } from '../platform/config';
import type { Knex } from 'knex';
import { TableVersionedCache } from '../platform/db/table-versions';
import type { KeptInvoiceLine } from '../../domain/invoice/events';
import { addDays } from '../../domain/shared/dates';
import { categoryOf, REVERSE_CHARGE_TEXT, type VatCategory } from '../../domain/invoice/vat';
import { owedCents } from '../../domain/invoice/invoice';
import { bpToPercent, centsToEuros } from '../../domain/shared/money';
import type { InvoiceListRow } from '../../projections/invoices/invoice-list';
import { parseJson } from '../../projections/invoices/invoice-list';
import type { PublicInvoiceRow } from '../../projections/public-invoices/public-invoices';
import type { PublicInvoiceWire } from '../platform/contracts/rest.contract';
import { paymentReferenceOf } from './payment-reference';

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
  /** The catalogue product the line sells; null when it names none. */
  product: string | null;
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
  /** Written off as a bad debt: true from the write-off on (also once payments recovered it). */
  written_off: boolean;
  /** The open amount written off (0 when not written off). */
  written_off_amount: number;
  /** The write-off's day, or null. */
  written_off_on: string | null;
  /** What payments after the write-off recovered of it. */
  recovered_amount: number;
  /** Invoiced under reverse charge: the buyer accounts for the VAT. */
  reverse_charge: boolean;
  items: InvoiceItemWire[];
  subscription: string | null;
  period_start: string | null;
  /** Last day of the billed period (inclusive). */
  period_end: string | null;
  /** Stream revision: echo it on PUT for a 409 when someone else changed the invoice. */
  version: number;
  /** The ISO 11649 creditor reference a bank transfer quotes (RF + check digits + the number's letters and digits); null for a draft. */
  payment_reference: string | null;
  /** ISO 4217: the currency of its amounts (EUR unless its client is invoiced in another). */
  currency: string;
  /** Units of that currency per euro it was posted at (the rate of its date); null in euros. */
  exchange_rate: number | null;
}

export const itemWire = (l: KeptInvoiceLine): InvoiceItemWire => ({
  description: l.description,
  quantity: l.quantity,
  unit_price: centsToEuros(l.unitPriceCents),
  vat_rate: bpToPercent(l.vatRateBp),
  total: centsToEuros(l.netCents),
  vat_amount: centsToEuros(l.vatCents),
  vat_category: categoryOf(l),
  vat_exemption_reason: l.exemptionReason ?? (categoryOf(l) === 'AE' ? REVERSE_CHARGE_TEXT : null),
  product: l.productId ?? null,
});

export type InvoiceRowWithClient = InvoiceListRow & { client_name: string | null };

type SettlementColumns = Pick<InvoiceListRow, 'gross_cents' | 'credited_cents' | 'paid_cents' | 'written_off_cents' | 'recovered_cents'>;

/**
 * The open amount of an invoice list row: what it still owes after payments, credit notes and a
 * write-off not recovered (the domain's owedCents). Its `open_amount` everywhere, and, as
 * openCentsSql, in every query that filters or sums invoices by what they owe.
 */
export const openCentsOf = (row: SettlementColumns): number =>
  owedCents({
    grossCents: Number(row.gross_cents),
    creditedCents: Number(row.credited_cents),
    paidCents: Number(row.paid_cents),
    writtenOffCents: Math.max(0, Number(row.written_off_cents ?? 0) - Number(row.recovered_cents ?? 0)),
  });

/** openCentsOf in SQL over invoice_list (`alias`: the table's name or alias in the query). */
export const openCentsSql = (alias = 'invoice_list'): string => {
  const c = (column: keyof SettlementColumns) => `${alias}.${column}`;
  return `greatest(${c('gross_cents')} - ${c('credited_cents')} - ${c('paid_cents')} - greatest(${c('written_off_cents')} - ${c('recovered_cents')}, 0), 0)`;
};

/**
 * Owed and chased: not paid, not cancelled (a cancelled invoice is owed by nobody) and not written
 * off (a bad debt is no longer chased). The list's unpaid filter, the overview's and the reminders'.
 */
export const whereUnpaid = (q: Knex.QueryBuilder, alias = 'invoice_list'): Knex.QueryBuilder =>
  q.where(`${alias}.paid`, false).where(`${alias}.cancelled`, false).whereNull(`${alias}.written_off_on`);

/** Unpaid and past its due date on `today`. */
export const whereOverdue = (q: Knex.QueryBuilder, today: string, alias = 'invoice_list'): Knex.QueryBuilder => whereUnpaid(q, alias).where(`${alias}.due_date`, '<', today);

export const invoiceWire = (row: InvoiceRowWithClient): InvoiceWire => {
  const items = (parseJson(row.items) as KeptInvoiceLine[]).map(itemWire);
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
  open_amount: centsToEuros(openCentsOf(row)),
  issued: row.issued,
  cancelled: row.cancelled,
  written_off: !!row.written_off_on,
  written_off_amount: centsToEuros(Number(row.written_off_cents ?? 0)),
  written_off_on: row.written_off_on ?? null,
  recovered_amount: centsToEuros(Number(row.recovered_cents ?? 0)),
  reverse_charge: items.some((i) => i.vat_category === 'AE'),
  items,
  subscription: row.subscription_id,
  period_start: row.period_start,
  period_end: row.period_end ? addDays(row.period_end, -1) : null,
  version: row.revision,
  payment_reference: paymentReferenceOf({ issued: row.issued, invoiceNumber: row.invoice_number }),
  currency: row.currency ?? BOOKS_CURRENCY,
  exchange_rate: row.exchange_rate ? Number(row.exchange_rate) : null,
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
  if (f.status === 'unpaid') whereUnpaid(q, 'i');
  if (f.overdue === true) whereOverdue(q, f.today, 'i');
  if (f.overdue === false) q.whereNot((w) => void whereOverdue(w, f.today, 'i'));
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

/** `config` says whether Pay Now can charge its currency by card. */
export const findPublicInvoice = async (db: Knex, id: string, config: Pick<Config, 'stripe'>): Promise<PublicInvoiceWire | undefined> => {
  // Whether it is issued (and so has a payment reference) is the invoice list's to say.
  // The lines and net/VAT totals are the invoice list's too (the PDF on the same link prints them).
  type Joined = PublicInvoiceRow & { client_name: string | null; issued: boolean | null; items: unknown; net_cents: number | null; vat_cents: number | null; currency: string | null };
  const row: Joined | undefined = await db('public_invoices as p')
    .leftJoin('clients as c', 'c.id', 'p.client_id')
    .leftJoin('invoice_list as i', 'i.id', 'p.id')
    .select('p.*', 'c.name as client_name', 'i.issued as issued', 'i.items as items', 'i.net_cents as net_cents', 'i.vat_cents as vat_cents', 'i.currency as currency')
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
    payment_reference: paymentReferenceOf({ issued: row.issued === true, invoiceNumber: row.invoice_number }),
    currency: row.currency ?? BOOKS_CURRENCY,
    card_payment: chargesByCard(config, row.currency ?? BOOKS_CURRENCY),
    items: ((parseJson(row.items) ?? []) as KeptInvoiceLine[]).map((l) => {
      const { description, quantity, unit_price, vat_rate, total } = itemWire(l);
      return { description, quantity, unit_price, vat_rate, total };
    }),
    net_amount: centsToEuros(Number(row.net_cents ?? 0)),
    vat_amount: centsToEuros(Number(row.vat_cents ?? 0)),
  };
};
