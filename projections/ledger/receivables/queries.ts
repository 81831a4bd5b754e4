import type { Knex } from 'knex';

/** One client's receivables in one aging bucket (or `credit`), summed in the database. */
export interface AgingSumRow {
  client_id: string | null;
  client_name: string | null;
  bucket: string;
  cents: number | string;
}

/**
 * How each invoice's balance as of the day is found. `recent`: the balance now less the changes
 * after the day, which reads the open invoices and the few latest days (the usual "today").
 * `full`: the changes up to the day, which reads less for a day long past.
 */
export type AgingPath = 'recent' | 'full';

/** Beyond this many changes after the day, summing from the start reads fewer rows. */
const RECENT_PATH_MAX_LATER_CHANGES = 20_000;

/**
 * Each invoice's non-zero balance as of the day, with its client and due date. The recent path
 * takes an invoice without later changes straight from the open balances (the partial index), so
 * only the few invoices changed after the day are summed, never all of them.
 */
const balancesAsOf: Record<AgingPath, string> = {
  recent: `with later as (select invoice_id, sum(delta_cents) as cents from receivable_changes where date > :asOf group by invoice_id)
           select b.client_id, b.due_date, b.balance_cents as bal from receivable_balances b
           where b.balance_cents <> 0 and not exists (select 1 from later where later.invoice_id = b.invoice_id)
           union all
           select b.client_id, b.due_date, b.balance_cents - later.cents from later join receivable_balances b on b.invoice_id = later.invoice_id
           where b.balance_cents <> later.cents`,
  full: `select b.client_id, b.due_date, c.bal from (
           select invoice_id, sum(delta_cents) as bal from receivable_changes where date <= :asOf
           group by invoice_id having sum(delta_cents) <> 0
         ) c join receivable_balances b on b.invoice_id = c.invoice_id`,
};

export const chooseAgingPath = async (db: Knex, asOf: string): Promise<AgingPath> => {
  const result = await db.raw('select count(*) as n from (select 1 from receivable_changes where date > ? limit ?) x', [asOf, RECENT_PATH_MAX_LATER_CHANGES]);
  const rows = (result.rows ?? result) as Array<{ n: number | string }>;
  return Number(rows[0]?.n ?? 0) < RECENT_PATH_MAX_LATER_CHANGES ? 'recent' : 'full';
};

/**
 * Accounts Receivable as of a day, aged in the database: each invoice's balance (postings and
 * reversals up to the day, so the balance sheet's figure split by invoice) goes to its client's
 * bucket by days past due on the given edges, a negative one to `credit`; lines of entries that
 * name no invoice (keyed by the nil uuid) and those of a voided invoice, which the invoice list no
 * longer shows, are `current` under no client. One row per client and bucket comes back.
 */
export const agedSums = async (
  db: Knex,
  asOf: string,
  edges: readonly { bucket: string; maxDaysLate: number }[],
  lastBucket: string,
  path?: AgingPath,
): Promise<AgingSumRow[]> => {
  const chosen = path ?? (await chooseAgingPath(db, asOf));
  const bindings: Record<string, string | number> = { asOf, lastBucket };
  const cases = edges
    .map((e, i) => {
      bindings[`max${i}`] = e.maxDaysLate;
      bindings[`bucket${i}`] = e.bucket;
      return `when cast(:asOf as date) - s.due_date <= :max${i} then :bucket${i}`;
    })
    .join(' ');
  // Grouped by client id before the names join in: hashing ids beats sorting names per invoice.
  const result = await db.raw(
    `with s as (${balancesAsOf[chosen]}),
     g as (
       select s.client_id, case when s.bal < 0 then 'credit' when s.due_date is null then 'current' ${cases} else :lastBucket end as bucket, sum(s.bal) as cents
       from s group by 1, 2
     )
     select g.client_id, c.name as client_name, g.bucket, g.cents
     from g left join clients c on c.id = g.client_id`,
    bindings,
  );
  return (result.rows ?? result) as AgingSumRow[];
};
