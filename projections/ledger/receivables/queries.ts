import { SYSTEM_ACCOUNT_IDS } from '../../../domain/accounting/accounts';
import type { Knex } from 'knex';
import { agingBucketSums } from '../../aging-sums';

/** One client's receivables in one aging bucket (or `credit`), summed in the database. */
export interface AgingSumRow {
  client_id: string | null;
  client_name: string | null;
  bucket: string;
  cents: number | string;
}

/**
 * How the owed and credit amounts per client and due date as of the day are found. `recent`: the
 * amounts now less the changes after the day, which reads the open groups and the few latest
 * days (the usual "today"). `full`: the changes up to the day, which reads less for a day long past.
 */
export type AgingPath = 'recent' | 'full';

/** Below this many changes after the day the recent path is taken, whatever the tables' sizes. */
const RECENT_PATH_MIN_LATER_CHANGES = 10_000;

/**
 * One row, `recent`: whether the recent path reads less. It is while the changes after the day are
 * fewer than half of what the full path would read beyond the open groups (the tables' sizes as
 * last analysed), and always below a floor; counting stops at that bound.
 */
const RECENT_IS_SHORTER = `with cap as (
    select cast(greatest(:floor, (coalesce((select reltuples from pg_class where oid = to_regclass('receivable_due_changes')), 0)
                                - coalesce((select reltuples from pg_class where oid = to_regclass('receivable_due_balances')), 0)) / 2) as bigint) as n
  )
  select (select count(*) from (select 1 from receivable_due_changes where date > :asOf limit (select n from cap)) x) < (select n from cap) as recent`;

/**
 * Rows per client and due date whose sums are what was owed (positive parts) and credit (negative
 * parts) as of :asOf; `gate` names a condition a path's rows are read under (a one-time filter).
 */
const pathRows = (path: AgingPath, gate = 'true'): string =>
  path === 'recent'
    ? `select client_id, due_date, open_cents, credit_cents from receivable_due_balances where ${gate}
       union all
       select client_id, due_date, -open_cents, -credit_cents from receivable_due_changes where date > :asOf and ${gate}`
    : `select client_id, due_date, open_cents, credit_cents from receivable_due_changes where date <= :asOf and ${gate}`;

export const chooseAgingPath = async (db: Knex, asOf: string): Promise<AgingPath> => {
  const result = await db.raw(RECENT_IS_SHORTER, { asOf, floor: RECENT_PATH_MIN_LATER_CHANGES });
  return ((result.rows ?? result) as Array<{ recent: boolean }>)[0]?.recent ? 'recent' : 'full';
};

/**
 * Accounts Receivable as of a day, aged in the database in one round trip: what each client owes
 * per due date as of the day (the positive parts of its invoices' balances, kept summed per client
 * and due date by the ledger projection) goes to the bucket of its days past due on the given
 * edges, the negative parts to `credit`. Lines of entries that name no invoice and those of a
 * voided invoice have no due date: the first bucket (current), under no client for the former.
 * Without a path, the database takes the one that reads less. One row per client and bucket comes
 * back, none at zero.
 */
export const agedSums = async (
  db: Knex,
  asOf: string,
  edges: readonly { bucket: string; maxDaysLate: number }[],
  lastBucket: string,
  path?: AgingPath,
): Promise<AgingSumRow[]> => {
  const aging = agingBucketSums({ asOf, edges, lastBucket, amount: 's.open_cents', dueDate: 's.due_date', noDueDateFirst: true });
  const bindings: Record<string, string | number> = { asOf, floor: RECENT_PATH_MIN_LATER_CHANGES, ...aging.bindings };
  const source = path
    ? pathRows(path)
    : `${pathRows('recent', '(select recent from choice)')} union all ${pathRows('full', 'not (select recent from choice)')}`;
  const result = await db.raw(
    `with ${path ? '' : `choice as (${RECENT_IS_SHORTER}),`}
     s as (${source}),
     g as (select s.client_id, ${aging.columns.join(', ')}, sum(s.credit_cents) as credit_cents from s group by s.client_id)
     select g.*, c.name as client_name from g left join clients c on c.id = g.client_id`,
    bindings,
  );
  const rows = (result.rows ?? result) as Array<Record<string, string | number | null> & { client_id: string | null; client_name: string | null }>;
  const out: AgingSumRow[] = [];
  for (const r of rows) {
    const row = (bucket: string, cents: number) => cents !== 0 && out.push({ client_id: r.client_id, client_name: r.client_name, bucket, cents });
    for (const [bucket, cents] of aging.bucketsOf(r)) row(bucket, cents);
    row('credit', Number(r.credit_cents ?? 0));
  }
  return out;
};

/**
 * The credit held in Accounts Receivable as of a day, as a positive amount: the negative parts of
 * the invoices' balances (what the aged receivables show as credit), summed in one round trip on
 * the path that reads less. The balance sheet shows it as a liability instead of netting it.
 */
export const receivableCreditAsOf = async (db: Knex, asOf: string): Promise<number> => {
  const result = await db.raw(
    `with choice as (${RECENT_IS_SHORTER}),
     s as (${pathRows('recent', '(select recent from choice)')} union all ${pathRows('full', 'not (select recent from choice)')})
     select coalesce(sum(credit_cents), 0) as credit_cents from s`,
    { asOf, floor: RECENT_PATH_MIN_LATER_CHANGES },
  );
  return -Number(((result.rows ?? result) as Array<{ credit_cents: string | number }>)[0]?.credit_cents ?? 0);
};

/** One invoice's foreign receivable as of a day: its client, currency, the amount open in it and its euros as booked. */
export interface ForeignOpenInvoice {
  invoiceId: string;
  clientId: string | null;
  currency: string;
  /** Open in the invoice's currency (its cents). */
  cents: number;
  /** Its euros as booked (cents). */
  carryingCents: number;
}

/**
 * What is open in other currencies than the euro as of a day, per invoice: the foreign amounts on the
 * Accounts Receivable lines of its entries (debits add, credits take off) and their euros, where
 * either is not zero. Revaluation reads it per invoice, the aged receivables per client.
 */
export const foreignOpenInvoices = async (db: Knex, asOf: string): Promise<ForeignOpenInvoice[]> => {
  const rows = (await db('ledger_lines as l')
    .join('ledger_entries as e', 'e.entry_id', 'l.entry_id')
    // ledger_entries keeps the invoice id as text.
    .leftJoin('receivable_balances as b', (j) => j.on(db.raw('b.invoice_id::text = e.invoice_id')))
    .where('l.account_id', SYSTEM_ACCOUNT_IDS.receivables)
    .whereNotNull('l.currency')
    .where('l.date', '<=', asOf)
    .groupBy('e.invoice_id', 'b.client_id', 'l.currency')
    .havingRaw('sum(case when l.debit_cents > 0 then l.foreign_cents else -l.foreign_cents end) <> 0 or sum(l.debit_cents - l.credit_cents) <> 0')
    .select('e.invoice_id', 'b.client_id', 'l.currency')
    .select(db.raw('sum(case when l.debit_cents > 0 then l.foreign_cents else -l.foreign_cents end) as cents'))
    .select(db.raw('sum(l.debit_cents - l.credit_cents) as carrying'))
    .orderBy(['e.invoice_id', 'l.currency'])) as Array<{ invoice_id: string; client_id: string | null; currency: string; cents: string | number; carrying: string | number }>;
  return rows.map((r) => ({ invoiceId: r.invoice_id, clientId: r.client_id, currency: r.currency, cents: Number(r.cents), carryingCents: Number(r.carrying) }));
};

/** What each client has open in other currencies as of a day, per currency (the aged receivables show it beside the euros). */
export const foreignOpenByClient = async (db: Knex, asOf: string): Promise<Array<{ clientId: string | null; currency: string; cents: number }>> => {
  const sums = new Map<string, { clientId: string | null; currency: string; cents: number }>();
  for (const i of await foreignOpenInvoices(db, asOf)) {
    const key = `${i.clientId ?? ''}|${i.currency}`;
    const sum = sums.get(key) ?? { clientId: i.clientId, currency: i.currency, cents: 0 };
    sum.cents += i.cents;
    sums.set(key, sum);
  }
  return [...sums.values()].filter((s) => s.cents !== 0).sort((a, b) => a.currency.localeCompare(b.currency));
};
