import type { Knex } from 'knex';
import { SYSTEM_ACCOUNT_IDS } from '../../../domain/accounting/accounts';
import type { LockedThrough } from '../../../domain/accounting/period-lock';
import type { LedgerEffect } from '../../../domain/accounting/postings';
import type { AgingStep, ReceivableChange } from '../../../domain/accounting/aging';
import { groupSteps, withTerms, type InvoiceTerms, type TermsSpan } from '../../../domain/accounting/receivable-terms';

/** The receivables key of Accounts Receivable lines whose entry names no invoice (manual journals). */
export const NO_INVOICE = '00000000-0000-0000-0000-000000000000';

/** An invoice's new terms (`termsOf`), with the lock in force when its event was applied. */
export interface TermsChange {
  invoiceId: string;
  terms: InvoiceTerms;
  lockedThrough: LockedThrough;
}

/**
 * Adds a batch's Accounts Receivable lines to each invoice's change of the day and its balance,
 * and keeps its client and due date beside the balance so aging reads one table; an invoice whose
 * terms changed under the lock also keeps its terms over time (`receivable_term_spans`), so what it
 * was through the lock stays in its old group. Rows are written even when a batch nets to zero, so
 * the rows are the same however the events were batched (a rebuild equals the live read model).
 */
export const writeReceivables = async (trx: Knex.Transaction, effects: LedgerEffect[], termsChanges: TermsChange[]): Promise<void> => {
  const changes = new Map<string, number>();
  const balances = new Map<string, number>();
  for (const effect of effects) {
    const invoiceId = effect.source.invoiceId ?? NO_INVOICE;
    for (const posting of effect.postings) {
      for (const line of posting.lines) {
        if (line.accountId !== SYSTEM_ACCOUNT_IDS.receivables) continue;
        const delta = line.debitCents - line.creditCents;
        const key = `${invoiceId}|${posting.date}`;
        changes.set(key, (changes.get(key) ?? 0) + delta);
        balances.set(invoiceId, (balances.get(invoiceId) ?? 0) + delta);
      }
    }
  }
  const terms = new Map<string, TermsChange[]>();
  for (const c of termsChanges) terms.set(c.invoiceId, [...(terms.get(c.invoiceId) ?? []), c]);
  const touched = [...new Set([...balances.keys(), ...terms.keys()])];
  const before = touched.length ? await invoicesNamed(trx, touched, true) : new Map<string, InvoiceReceivable>();
  const changeRows = [...changes].map(([key, delta]) => {
    const [invoiceId, date] = key.split('|') as [string, string];
    return { invoice_id: invoiceId, date, delta_cents: delta };
  });
  for (let i = 0; i < changeRows.length; i += 1000) {
    await trx('receivable_changes')
      .insert(changeRows.slice(i, i + 1000))
      .onConflict(['invoice_id', 'date'])
      .merge({ delta_cents: trx.raw('receivable_changes.delta_cents + excluded.delta_cents') });
  }
  const balanceRows = [...balances].map(([invoiceId, cents]) => ({ invoice_id: invoiceId, balance_cents: cents }));
  for (let i = 0; i < balanceRows.length; i += 1000) {
    await trx('receivable_balances')
      .insert(balanceRows.slice(i, i + 1000))
      .onConflict('invoice_id')
      .merge({ balance_cents: trx.raw('receivable_balances.balance_cents + excluded.balance_cents') });
  }
  // Each invoice's terms over time, its changes of terms applied in event order under their locks.
  const timelines = [...terms].map(([invoiceId, list]) => ({ invoiceId, spans: list.reduce((spans, c) => withTerms(spans, c.terms, c.lockedThrough), before.get(invoiceId)?.timeline ?? []) }));
  const termRows = timelines.map(({ invoiceId, spans }) => ({ invoice_id: invoiceId, balance_cents: 0, client_id: spans.at(-1)!.clientId, due_date: spans.at(-1)!.dueDate }));
  for (let i = 0; i < termRows.length; i += 1000) {
    await trx('receivable_balances').insert(termRows.slice(i, i + 1000)).onConflict('invoice_id').merge(['client_id', 'due_date']);
  }
  // One span (the usual case) lives in receivable_balances alone.
  const changed = timelines.map((t) => t.invoiceId);
  if (changed.length) await trx('receivable_term_spans').whereIn('invoice_id', changed).delete();
  const spanRows = timelines.filter((t) => t.spans.length > 1).flatMap(({ invoiceId, spans }) => spans.map((s) => ({ invoice_id: invoiceId, from_date: s.from, client_id: s.clientId, due_date: s.dueDate })));
  for (let i = 0; i < spanRows.length; i += 1000) await trx('receivable_term_spans').insert(spanRows.slice(i, i + 1000));
  if (touched.length) await writeDueSums(trx, before, await invoicesNamed(trx, touched, false), changes);
};

/** An invoice's receivable as the tables hold it: its terms over time and its changes by day. */
interface InvoiceReceivable {
  timeline: TermsSpan[];
  changes: ReceivableChange[];
}

/** The invoices' terms over time and changes, two round trips; `lock` takes their rows for this transaction first. */
const invoicesNamed = async (trx: Knex.Transaction, invoiceIds: string[], lock: boolean): Promise<Map<string, InvoiceReceivable>> => {
  const result = await trx.raw(
    `select b.invoice_id, b.client_id, b.due_date, c.date, c.delta_cents
     from receivable_balances b left join receivable_changes c on c.invoice_id = b.invoice_id
     where b.invoice_id = any(?::uuid[])${lock ? ' for update of b' : ''}`,
    [invoiceIds],
  );
  const rows = (result.rows ?? result) as Array<{ invoice_id: string; client_id: string | null; due_date: string | null; date: string | null; delta_cents: number | string | null }>;
  const spans: Array<{ invoice_id: string; from_date: string | null; client_id: string | null; due_date: string | null }> = await trx('receivable_term_spans')
    .whereIn('invoice_id', invoiceIds)
    .orderBy([{ column: 'invoice_id' }, { column: 'from_date', order: 'asc', nulls: 'first' }]);
  const out = new Map<string, InvoiceReceivable>();
  for (const r of rows) {
    const invoice = out.get(r.invoice_id) ?? { timeline: [{ from: null, clientId: r.client_id, dueDate: r.due_date }], changes: [] };
    if (r.date !== null) invoice.changes.push({ date: r.date, deltaCents: Number(r.delta_cents) });
    out.set(r.invoice_id, invoice);
  }
  const timelines = new Map<string, TermsSpan[]>();
  for (const s of spans) timelines.set(s.invoice_id, [...(timelines.get(s.invoice_id) ?? []), { from: s.from_date, clientId: s.client_id, dueDate: s.due_date }]);
  for (const [invoiceId, timeline] of timelines) {
    const invoice = out.get(invoiceId);
    if (invoice) invoice.timeline = timeline;
  }
  return out;
};

/** A client's and due date's owed amount and credit (`receivable_due_balances`), or their change on a day (`receivable_due_changes`). */
interface DueSum {
  clientId: string | null;
  dueDate: string | null;
  date?: string;
  openCents: number;
  creditCents: number;
}

/**
 * Moves each touched invoice's aging steps from where they were (its terms over time and changes
 * before the batch) to where they are now, in the per-(client, due date) tables aged receivables
 * read. Rows left at zero are deleted, so the tables hold the same rows however the events were
 * batched, and the open balances only the groups that still owe or hold credit.
 */
const writeDueSums = async (trx: Knex.Transaction, before: Map<string, InvoiceReceivable>, after: Map<string, InvoiceReceivable>, batch: Map<string, number>): Promise<void> => {
  const daily = new Map<string, DueSum>();
  const totals = new Map<string, DueSum>();
  const add = (target: Map<string, DueSum>, key: string, base: DueSum, steps: AgingStep[], sign: number, date?: string) => {
    const sum = target.get(key) ?? { ...base, date, openCents: 0, creditCents: 0 };
    for (const s of steps) {
      sum.openCents += sign * s.openCents;
      sum.creditCents += sign * s.creditCents;
    }
    target.set(key, sum);
  };
  const move = (timeline: TermsSpan[], changes: ReceivableChange[], sign: number) => {
    for (const step of groupSteps(timeline, changes)) {
      const group = `${step.clientId ?? ''}|${step.dueDate ?? ''}`;
      const base = { clientId: step.clientId, dueDate: step.dueDate, openCents: 0, creditCents: 0 };
      add(daily, `${group}|${step.date}`, base, [step], sign, step.date);
      add(totals, group, base, [step], sign);
    }
  };
  for (const [invoiceId, now] of after) {
    move(now.timeline, now.changes, 1);
    const was = before.get(invoiceId);
    if (!was) continue; // A new invoice: its changes are all this batch's.
    // Its changes before the batch: the ones now less the batch's.
    const earlier = now.changes.map((c) => ({ date: c.date, deltaCents: c.deltaCents - (batch.get(`${invoiceId}|${c.date}`) ?? 0) }));
    move(was.timeline, earlier, -1);
  }
  await upsertDueSums(trx, 'receivable_due_changes', ['date', 'client_id', 'due_date'], [...daily.values()]);
  await upsertDueSums(trx, 'receivable_due_balances', ['client_id', 'due_date'], [...totals.values()]);
};

/** Adds the sums to the table's rows (keys may be null: the unique indexes treat nulls as equal), then deletes the rows left at zero. */
const upsertDueSums = async (trx: Knex.Transaction, table: string, key: string[], sums: DueSum[]): Promise<void> => {
  const rows = sums
    .filter((s) => s.openCents !== 0 || s.creditCents !== 0)
    .map((s) => ({ ...(s.date === undefined ? {} : { date: s.date }), client_id: s.clientId, due_date: s.dueDate, open_cents: s.openCents, credit_cents: s.creditCents }));
  const emptied: string[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const written = (await trx(table)
      .insert(rows.slice(i, i + 1000))
      .onConflict(key)
      .merge({ open_cents: trx.raw('??.open_cents + excluded.open_cents', [table]), credit_cents: trx.raw('??.credit_cents + excluded.credit_cents', [table]) })
      .returning(['ctid', 'open_cents', 'credit_cents'])) as Array<{ ctid: string; open_cents: number | string; credit_cents: number | string }>;
    for (const r of written) if (Number(r.open_cents) === 0 && Number(r.credit_cents) === 0) emptied.push(r.ctid);
  }
  if (emptied.length) await trx.raw(`delete from ?? where ctid = any(?::tid[])`, [table, emptied]);
};

/** The client of each deleted invoice a payment was kept for (the invoice list no longer has it). */
export const KEPT_PAYMENT_CLIENTS = "select distinct invoice_id, client_id from invoice_payments where unexpected_reason = 'deleted'";

/** All the receivables tables computed from the journal lines and the invoice list at once (what the projection writes beside the lines). */
export const fillReceivablesFromLines = async (db: Knex): Promise<void> => {
  await fillInvoiceReceivablesFromLines(db);
  await fillDueSumsFromReceivables(db);
};

/** The per-invoice rows computed from the journal lines and the invoice list at once: for a database that had lines before these tables. */
export const fillInvoiceReceivablesFromLines = async (db: Knex): Promise<void> => {
  await db.raw(
    `insert into receivable_changes (invoice_id, date, delta_cents)
     select coalesce(e.invoice_id::uuid, ?::uuid), l.date, sum(l.debit_cents - l.credit_cents)
     from ledger_lines l join ledger_entries e on e.entry_id = l.entry_id
     where l.account_id = ? group by 1, 2`,
    [NO_INVOICE, SYSTEM_ACCOUNT_IDS.receivables],
  );
  await db.raw(
    `insert into receivable_balances (invoice_id, balance_cents, client_id, due_date)
     select coalesce(c.invoice_id, i.id), coalesce(c.cents, 0), coalesce(i.client_id, k.client_id), i.due_date
     from (select invoice_id, sum(delta_cents) as cents from receivable_changes group by invoice_id) c
     full join invoice_list i on i.id = c.invoice_id
     left join (${KEPT_PAYMENT_CLIENTS}) k on k.invoice_id = c.invoice_id`,
  );
};

/**
 * The per-(client, due date) tables computed at once from the per-invoice ones: each invoice's
 * running balance by day, its owed and credit parts' changes, summed per client, due date and day,
 * and the totals now per client and due date (zero rows left out, as the projection deletes them).
 */
export const fillDueSumsFromReceivables = async (db: Knex): Promise<void> => {
  await db.raw(
    `insert into receivable_due_changes (date, client_id, due_date, open_cents, credit_cents)
     select s.date, b.client_id, b.due_date, sum(s.open_cents), sum(s.credit_cents)
     from (
       select invoice_id, date, greatest(bal, 0) - greatest(bal - delta_cents, 0) as open_cents, least(bal, 0) - least(bal - delta_cents, 0) as credit_cents
       from (select invoice_id, date, delta_cents, sum(delta_cents) over (partition by invoice_id order by date) as bal from receivable_changes) r
     ) s join receivable_balances b on b.invoice_id = s.invoice_id
     group by 1, 2, 3 having sum(s.open_cents) <> 0 or sum(s.credit_cents) <> 0`,
  );
  await db.raw(
    `insert into receivable_due_balances (client_id, due_date, open_cents, credit_cents)
     select client_id, due_date, sum(greatest(balance_cents, 0)), sum(least(balance_cents, 0)) from receivable_balances
     where balance_cents <> 0 group by 1, 2 having sum(greatest(balance_cents, 0)) <> 0 or sum(least(balance_cents, 0)) <> 0`,
  );
};
