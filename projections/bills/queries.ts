import type { Knex } from 'knex';
import { AGING_EDGES } from '../../domain/accounting/aging';

export interface PayableSum {
  supplier_id: string;
  supplier_name: string | null;
  bucket: string;
  cents: number | string;
}

/**
 * What each supplier is owed as of a day, per aging bucket: posted bills dated on or before it, less
 * their payments dated on or before it, bucketed by days past due with the receivables' edges; the
 * credit of posted supplier credit notes (less refunds) negative, in the credit bucket. One
 * grouped scan of `bill_list` (payments summed from the row's own list).
 */
export const payableSums = (db: Knex, asOf: string): Promise<PayableSum[]> => {
  const buckets = AGING_EDGES.map((e) => `when (?::date - b.due_date) <= ${Number(e.maxDaysLate)} then '${e.bucket}'`).join(' ');
  // A bill paid last on or before the day owes gross − paid; only one paid after it reads its list.
  return db
    .raw(
      `with owed as (
         select b.supplier_id, case when b.document_type = 'credit_note' then 'credit' ${buckets} else 'over90' end as bucket,
                sum((case when b.document_type = 'credit_note' then -1 else 1 end) * (b.gross_cents - case when b.last_payment_date is null or b.last_payment_date <= ?::date then b.paid_cents
                    else coalesce((select sum((p->>'amountCents')::bigint) from jsonb_array_elements(b.payments) p where p->>'date' <= ?), 0) end)) as cents
           from bill_list b
          where b.status = 'posted' and b.date <= ?::date
          group by 1, 2)
       select o.supplier_id, s.name as supplier_name, o.bucket, o.cents from owed o left join suppliers s on s.id = o.supplier_id`,
      [...AGING_EDGES.map(() => asOf), asOf, asOf, asOf],
    )
    .then((r: { rows: PayableSum[] }) => r.rows);
};

/** A posted bill with something open, as a bank statement line may pay it. */
export interface OpenBillRow {
  id: string;
  supplier_id: string;
  supplier_name: string;
  supplier_iban: string | null;
  supplier_invoice_number: string;
  due_date: string | Date;
  open_cents: number | string;
}

/** A supplier's number as matching keys it (domain/bank numberKeys): its letters and digits, and its digits alone. */
export const BILL_NUMBER_KEY_SQL = `upper(regexp_replace(b.supplier_invoice_number, '[^[:alnum:]]+', '', 'g'))`;
export const BILL_NUMBER_DIGITS_SQL = `regexp_replace(b.supplier_invoice_number, '[^0-9]+', '', 'g')`;

/** Posted bills with something open, with their supplier's name and IBAN (callers narrow it). */
export const openBills = (db: Knex): Knex.QueryBuilder =>
  db('bill_list as b')
    .join('suppliers as s', 's.id', 'b.supplier_id')
    .where('b.status', 'posted')
    .where('b.document_type', 'bill')
    .whereRaw('b.gross_cents > b.paid_cents')
    .select('b.id', 'b.supplier_id', 's.name as supplier_name', 's.iban as supplier_iban', 'b.supplier_invoice_number', 'b.due_date', db.raw('b.gross_cents - b.paid_cents as open_cents'));
