import type { Knex } from 'knex';
import { billingState, type SubscriptionStatus } from '../../domain/billing/billing-state';
import type { BillingCycle } from '../../domain/billing/periods';
import { centsToEuros } from '../../domain/shared/money';
import { toIso } from '../platform/wire';

export interface SubscriptionWire {
  id: string;
  client: { id: string; name: string };
  product: { id: string; name: string; billing_cycle: BillingCycle; price: number };
  start_date: string;
  status: SubscriptionStatus;
  auto_generate_invoices: boolean;
  invoiced_until: string | null;
  next_billing_date: string | null;
  invoice_status: string;
  version: number;
  updated_at: string;
}

export interface SubscriptionJoinedRow {
  id: string;
  client_id: string;
  client_name: string;
  /** The client's currency (its invoices are in it). */
  currency: string;
  product_id: string;
  product_name: string;
  billing_cycle: BillingCycle;
  price_cents: number;
  vat_rate_bp: number;
  start_date: string;
  status: SubscriptionStatus;
  auto_generate_invoices: boolean;
  version: number;
  updated_at: Date | string;
  invoiced_end: string | null;
}

/** Subscriptions with their client, product and how far they are billed (subscription_billing). */
export const subscriptionsQuery = (db: Knex) =>
  db('subscriptions as s')
    .join('clients as c', 'c.id', 's.client_id')
    .join('products as p', 'p.id', 's.product_id')
    .leftJoin('subscription_billing as b', 'b.subscription_id', 's.id')
    .select(
      's.id',
      's.client_id',
      'c.name as client_name',
      'c.currency',
      's.product_id',
      'p.name as product_name',
      'p.billing_cycle',
      'p.price_cents',
      'p.vat_rate_bp',
      's.start_date',
      's.status',
      's.auto_generate_invoices',
      's.version',
      's.updated_at',
      'b.invoiced_end',
    );

export const subscriptionWire = (row: SubscriptionJoinedRow, today: string): SubscriptionWire => {
  const state = billingState({ startDate: row.start_date, cycle: row.billing_cycle, status: row.status, invoicedEnd: row.invoiced_end }, today);
  return {
    id: row.id,
    client: { id: row.client_id, name: row.client_name },
    product: { id: row.product_id, name: row.product_name, billing_cycle: row.billing_cycle, price: centsToEuros(row.price_cents) },
    start_date: row.start_date,
    status: row.status,
    auto_generate_invoices: row.auto_generate_invoices,
    invoiced_until: state.invoicedUntil,
    next_billing_date: state.nextBillingDate,
    invoice_status: state.invoiceStatus,
    version: row.version,
    updated_at: toIso(row.updated_at),
  };
};

/** Newest first by start date. */
export const listSubscriptions = async (
  db: Knex,
  today: string,
  filters: { clientId?: string; status?: SubscriptionStatus } = {},
  page?: { limit: number; offset: number },
): Promise<{ items: SubscriptionWire[]; total: number }> => {
  const q = subscriptionsQuery(db).orderBy([
    { column: 's.start_date', order: 'desc' },
    { column: 's.created_at', order: 'desc' },
    { column: 's.id', order: 'asc' },
  ]);
  if (filters.clientId) q.where('s.client_id', filters.clientId);
  if (filters.status) q.where('s.status', filters.status);
  if (page) q.limit(page.limit).offset(page.offset);
  const rows: SubscriptionJoinedRow[] = await q;
  let total = rows.length;
  if (page) {
    const c = db('subscriptions as s');
    if (filters.clientId) c.where('s.client_id', filters.clientId);
    if (filters.status) c.where('s.status', filters.status);
    total = Number((await c.count({ n: '*' }).first())?.n ?? 0);
  }
  return { items: rows.map((r) => subscriptionWire(r, today)), total };
};

export const findSubscription = async (db: Knex, id: string): Promise<SubscriptionJoinedRow | undefined> =>
  subscriptionsQuery(db).where('s.id', id).first();
