import type { Knex } from 'knex';
import { addDays } from '../../../domain/shared/dates';

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

/** Rows per client and due date with what was owed (positive parts) and credit (negative parts) as of :asOf. */
const sumsAsOf: Record<AgingPath, string> = {
  recent: `select client_id, due_date, open_cents, credit_cents from receivable_due_balances
           union all
           select client_id, due_date, -open_cents, -credit_cents from receivable_due_changes where date > :asOf`,
  full: `select client_id, due_date, open_cents, credit_cents from receivable_due_changes where date <= :asOf`,
};

/**
 * The recent path reads the open groups and the changes after the day, the full path the changes
 * up to it; the recent one is taken while the changes after the day are fewer than half of what
 * the full path would read beyond the open groups (the tables' sizes as last analysed), and always
 * below a floor. Both give the same rows.
 */
export const chooseAgingPath = async (db: Knex, asOf: string): Promise<AgingPath> => {
  const result = await db.raw(
    `with cap as (
       select cast(greatest(:floor, (coalesce((select reltuples from pg_class where oid = to_regclass('receivable_due_changes')), 0)
                                   - coalesce((select reltuples from pg_class where oid = to_regclass('receivable_due_balances')), 0)) / 2) as bigint) as n
     )
     select (select count(*) from (select 1 from receivable_due_changes where date > :asOf limit (select n from cap)) x) as later, (select n from cap) as cap`,
    { asOf, floor: RECENT_PATH_MIN_LATER_CHANGES },
  );
  const row = ((result.rows ?? result) as Array<{ later: number | string; cap: number | string }>)[0];
  return Number(row?.later ?? 0) < Number(row?.cap ?? 0) ? 'recent' : 'full';
};

/**
 * Accounts Receivable as of a day, aged in the database: what each client owes per due date as of
 * the day (the positive parts of its invoices' balances, kept summed per client and due date by
 * the ledger projection) goes to the bucket of its days past due on the given edges, the negative
 * parts to `credit`. Lines of entries that name no invoice and those of a voided invoice have no
 * due date: the first bucket (current), under no client for the former. One row per client and
 * bucket comes back, none at zero.
 */
export const agedSums = async (
  db: Knex,
  asOf: string,
  edges: readonly { bucket: string; maxDaysLate: number }[],
  lastBucket: string,
  path?: AgingPath,
): Promise<AgingSumRow[]> => {
  const chosen = path ?? (await chooseAgingPath(db, asOf));
  const bindings: Record<string, string | number> = { asOf };
  // Due on or after asOf - maxDaysLate: date comparisons per row, the bucket an index into `names`.
  const cases = edges
    .map((e, i) => {
      bindings[`from${i}`] = addDays(asOf, -e.maxDaysLate);
      return `when s.due_date >= cast(:from${i} as date) then ${i}`;
    })
    .join(' ');
  const names = [...edges.map((e) => e.bucket), lastBucket];
  const result = await db.raw(
    `with s as (${sumsAsOf[chosen]}),
     g as (
       select s.client_id, case when s.due_date is null then 0 ${cases} else ${edges.length} end as b, sum(s.open_cents) as open_cents, sum(s.credit_cents) as credit_cents
       from s group by 1, 2
     )
     select g.client_id, c.name as client_name, g.b, g.open_cents, g.credit_cents
     from g left join clients c on c.id = g.client_id`,
    bindings,
  );
  const rows = (result.rows ?? result) as Array<{ client_id: string | null; client_name: string | null; b: number; open_cents: number | string; credit_cents: number | string }>;
  const out: AgingSumRow[] = [];
  const credit = new Map<string | null, AgingSumRow>();
  for (const r of rows) {
    const open = Number(r.open_cents);
    if (open !== 0) out.push({ client_id: r.client_id, client_name: r.client_name, bucket: names[Number(r.b)]!, cents: open });
    const held = credit.get(r.client_id) ?? { client_id: r.client_id, client_name: r.client_name, bucket: 'credit', cents: 0 };
    held.cents = Number(held.cents) + Number(r.credit_cents);
    credit.set(r.client_id, held);
  }
  for (const c of credit.values()) if (c.cents !== 0) out.push(c);
  return out;
};
