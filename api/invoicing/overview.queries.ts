import type { Knex } from 'knex';
import { monthTrends, trailingMonths, type MonthTrend } from '../../domain/billing/overview-trends';
import { dayOf, monthEnd, type IsoDate } from '../../domain/shared/dates';
import { openCentsSql, whereOverdue, whereUnpaid } from './invoice.queries';

export interface RecentPayment {
  paymentId: string;
  invoiceId: string;
  invoiceNumber: string | null;
  clientId: string | null;
  clientName: string | null;
  amountCents: number;
  date: string;
  method: string;
}

export interface AdminOverview {
  today: string;
  receivablesCents: number;
  unpaidCount: number;
  overdueCount: number;
  overdueCents: number;
  /** Net (excluding VAT) of invoices dated in the current calendar month / year. */
  revenueMonthCents: number;
  revenueYearCents: number;
  recentPayments: RecentPayment[];
}

// pg answers sums of bigint as strings, PGlite as numbers; null when no row matched.
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** The landing page's figures, read from the invoice and payment read models (no event replay). */
export const adminOverview = async (db: Knex, now: Date, recentLimit = 5): Promise<AdminOverview> => {
  const today = dayOf(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const open = `sum(${openCentsSql()}) as cents`;
  const [openRow, overdueRow, revenueRow, payments] = await Promise.all([
    whereUnpaid(db('invoice_list')).first(db.raw('count(*) as n'), db.raw(open)),
    whereOverdue(db('invoice_list'), today).first(db.raw('count(*) as n'), db.raw(open)),
    db('invoice_list')
      .where('date', '>=', yearStart)
      .where('date', '<=', `${today.slice(0, 4)}-12-31`)
      .first(
        db.raw('sum(net_cents) as year_cents'),
        db.raw('sum(case when date >= ? then net_cents else 0 end) as month_cents', [monthStart]),
      ),
    db('invoice_payments as p')
      .leftJoin('invoice_list as i', 'i.id', 'p.invoice_id')
      .leftJoin('clients as c', 'c.id', 'i.client_id')
      .select('p.payment_id', 'p.invoice_id', 'p.amount_cents', 'p.date', 'p.method', 'i.invoice_number', 'i.client_id', 'c.name as client_name')
      .orderBy([{ column: 'p.date', order: 'desc' }, { column: 'p.recorded_at', order: 'desc' }, { column: 'p.payment_id' }])
      .limit(recentLimit),
  ]);
  return {
    today,
    receivablesCents: num(openRow?.cents),
    unpaidCount: num(openRow?.n),
    overdueCount: num(overdueRow?.n),
    overdueCents: num(overdueRow?.cents),
    revenueMonthCents: num(revenueRow?.month_cents),
    revenueYearCents: num(revenueRow?.year_cents),
    recentPayments: payments.map((p: Record<string, unknown>) => ({
      paymentId: String(p.payment_id),
      invoiceId: String(p.invoice_id),
      invoiceNumber: (p.invoice_number as string | null) ?? null,
      clientId: (p.client_id as string | null) ?? null,
      clientName: (p.client_name as string | null) ?? null,
      amountCents: num(p.amount_cents),
      date: String(p.date),
      method: String(p.method),
    })),
  };
};

const byMonth = (rows: { month: string; cents: unknown }[]): Map<IsoDate, number> => new Map(rows.map((r) => [String(r.month), num(r.cents)]));

/**
 * The overview's charts: per month of the last `count`, invoicing (less credit notes), money
 * received and the cash accounts' balance at the month's end, from the read models and the ledger.
 */
export const monthlyTrends = async (db: Knex, now: Date, count = 12): Promise<MonthTrend[]> => {
  const months = trailingMonths(dayOf(now), count);
  const from = months[0]!;
  const to = monthEnd(months.at(-1)!);
  const month = (column: string) => db.raw(`to_char(${column}, 'YYYY-MM-01') as month`);
  const inPeriod = (q: Knex.QueryBuilder, column: string) => q.where(column, '>=', from).where(column, '<=', to).groupByRaw('1');
  const cash = () => db('ledger_balances_monthly as b').join('accounts as a', 'a.id', 'b.account_id').where('a.cash_flow_class', 'cash');
  const [invoiced, credited, collected, cashMovement, opening] = await Promise.all([
    inPeriod(db('invoice_list').select(month('date'), db.raw('sum(gross_cents) as cents')), 'date'),
    inPeriod(db('credit_notes').select(month('date'), db.raw('sum(gross_cents) as cents')), 'date'),
    // Credit moved from one invoice to another is no money received.
    inPeriod(db('invoice_payments').whereNot('method', 'credit').select(month('date'), db.raw('sum(amount_cents) as cents')), 'date'),
    inPeriod(cash().select(month('b.month'), db.raw('sum(b.debit_cents - b.credit_cents) as cents')), 'b.month'),
    cash().where('b.month', '<', from).first(db.raw('sum(b.debit_cents - b.credit_cents) as cents')),
  ]);
  return monthTrends(months, {
    invoiced: byMonth(invoiced),
    credited: byMonth(credited),
    collected: byMonth(collected),
    cashMovement: byMonth(cashMovement),
    cashOpening: num(opening?.cents),
  });
};
