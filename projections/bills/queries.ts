import type { Knex } from 'knex';
import { AGING_EDGES } from '../../domain/accounting/aging';
import { agingBucketSums } from '../aging-sums';

export interface PayableSum {
  supplier_id: string;
  supplier_name: string | null;
  bucket: string;
  cents: number;
}

/** A payment's booked euros in `bill_list.payments` (what it cleared of a bill in another currency; else its amount). */
const PAYMENT_EUROS_SQL = `coalesce((p->'fx'->>'relievedCents')::bigint, (p->>'amountCents')::bigint)`;

/**
 * What each supplier is owed in euros as booked as of a day, per aging bucket: posted bills dated on or before it, less
 * their payments dated on or before it, bucketed by days past due with the receivables' edges; the
 * credit of posted supplier credit notes (less refunds) negative, in the credit bucket. One scan of
 * `bill_list` summed per supplier, bills settled by the day left out: each row's open amount is
 * reckoned once (a bill paid last on or before the day owes gross − paid; only one paid after it
 * reads its payments' list), then summed into each bucket by its due date's range, so the hash
 * table holds a row per supplier and the answer a row per supplier and bucket, none at zero.
 */
export const payableSums = async (db: Knex, asOf: string): Promise<PayableSum[]> => {
  const aging = agingBucketSums({ asOf, edges: AGING_EDGES, lastBucket: 'over90', amount: 'r.owed', dueDate: 'r.due_date', where: 'not r.credit' });
  // offset 0 keeps the row's amount reckoned once, not again inside each bucket's sum. Reading the
  // payments' list in it prices the scan past PostgreSQL's JIT threshold, and compiling the plan
  // takes longer than running it (100,000 bills: 20 ms of 45): no JIT for this query.
  type SumRow = Record<string, string | null> & { supplier_id: string; supplier_name: string | null };
  const result = await db.transaction(async (trx): Promise<{ rows: SumRow[] }> => {
    await trx.raw('set local jit = off');
    return trx.raw(
      `with r as (
         select b.supplier_id, b.due_date, b.document_type = 'credit_note' as credit,
                coalesce(b.gross_euro_cents, b.gross_cents) - case when b.last_payment_date is null or b.last_payment_date <= cast(:asOf as date) then coalesce(b.paid_euro_cents, b.paid_cents)
                  else coalesce((select sum(${PAYMENT_EUROS_SQL}) from jsonb_array_elements(b.payments) p where p->>'date' <= :asOf), 0)::bigint end as owed
           from bill_list b
          where b.status = 'posted' and b.date <= cast(:asOf as date)
            and (b.gross_cents <> b.paid_cents or b.last_payment_date > cast(:asOf as date))
         offset 0),
       g as (select r.supplier_id, ${aging.columns.join(', ')}, sum(r.owed) filter (where r.credit) as credit from r group by r.supplier_id)
       select g.*, s.name as supplier_name from g left join suppliers s on s.id = g.supplier_id`,
      { asOf, ...aging.bindings },
    );
  });
  const out: PayableSum[] = [];
  for (const r of result.rows) {
    const row = (bucket: string, cents: number) => cents !== 0 && out.push({ supplier_id: r.supplier_id, supplier_name: r.supplier_name, bucket, cents });
    for (const [bucket, cents] of aging.bucketsOf(r)) row(bucket, cents);
    row('credit', -Number(r.credit ?? 0));
  }
  return out;
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

/** Posted bills in euros with something open, with their supplier's name and IBAN (callers narrow it): what a statement line in euros may pay. */
export const openBills = (db: Knex): Knex.QueryBuilder =>
  db('bill_list as b')
    .join('suppliers as s', 's.id', 'b.supplier_id')
    .where('b.status', 'posted')
    .where('b.document_type', 'bill')
    .where('b.currency', 'EUR')
    .whereRaw('b.gross_cents > b.paid_cents')
    .select('b.id', 'b.supplier_id', 's.name as supplier_name', 's.iban as supplier_iban', 'b.supplier_invoice_number', 'b.due_date', db.raw('b.gross_cents - b.paid_cents as open_cents'));

/** A posted bill in another currency open on a day: in its currency and in euros as booked (a credit note's credit too). */
export interface ForeignOpenBill {
  billId: string;
  supplierId: string;
  currency: string;
  credit: boolean;
  /** Open in the bill's currency (hundredths), positive: owed, or on a credit note the credit held. */
  cents: number;
  carryingCents: number;
}

/** The bills in other currencies open as of a day (posted on or before it, less its payments on or before it): what a revaluation revalues. */
export const foreignOpenBills = async (db: Knex, asOf: string): Promise<ForeignOpenBill[]> => {
  const paidBy = (amount: string) => `coalesce((select sum(${amount}) from jsonb_array_elements(b.payments) p where p->>'date' <= :asOf), 0)`;
  const result = (await db.raw(
    `select * from (
       select b.id, b.supplier_id, b.currency, b.document_type = 'credit_note' as credit,
              b.gross_cents - ${paidBy(`(p->>'amountCents')::bigint`)} as cents,
              b.gross_euro_cents - ${paidBy(PAYMENT_EUROS_SQL)} as carrying
         from bill_list b
        where b.status = 'posted' and b.currency <> 'EUR' and b.date <= cast(:asOf as date)) o
      where o.cents <> 0 or o.carrying <> 0
      order by o.id`,
    { asOf },
  )) as { rows: Array<{ id: string; supplier_id: string; currency: string; credit: boolean; cents: string | number; carrying: string | number }> };
  return result.rows.map((r) => ({ billId: r.id, supplierId: r.supplier_id, currency: r.currency, credit: r.credit, cents: Number(r.cents), carryingCents: Number(r.carrying) }));
};
