import type { Knex } from 'knex';
import { SYSTEM_ACCOUNT_IDS } from '../../../domain/accounting/accounts';
import type { LedgerEffect } from '../../../domain/accounting/postings';

/** The receivables key of Accounts Receivable lines whose entry names no invoice (manual journals). */
export const NO_INVOICE = '00000000-0000-0000-0000-000000000000';

/**
 * Whose an invoice is and when it falls due, as the invoice list shows it; a voided one has none,
 * unless a payment kept for it names its client (no due date then).
 */
export interface InvoiceTerms {
  clientId: string;
  dueDate: string | null;
}

/**
 * Adds a batch's Accounts Receivable lines to each invoice's change of the day and its balance,
 * and keeps its client and due date beside the balance so aging reads one table. Rows are written
 * even when a batch nets to zero, so the rows are the same however the events were batched (a
 * rebuild equals the live read model).
 */
export const writeReceivables = async (trx: Knex.Transaction, effects: LedgerEffect[], terms: Map<string, InvoiceTerms | null>): Promise<void> => {
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
  const termRows = [...terms].map(([invoiceId, t]) => ({ invoice_id: invoiceId, balance_cents: 0, client_id: t?.clientId ?? null, due_date: t?.dueDate ?? null }));
  for (let i = 0; i < termRows.length; i += 1000) {
    await trx('receivable_balances').insert(termRows.slice(i, i + 1000)).onConflict('invoice_id').merge(['client_id', 'due_date']);
  }
};

/** The client of each deleted invoice a payment was kept for (the invoice list no longer has it). */
export const KEPT_PAYMENT_CLIENTS = "select distinct invoice_id, client_id from invoice_payments where unexpected_reason = 'deleted'";

/** The same rows computed from the journal lines and the invoice list at once: for a database that had lines before these tables. */
export const fillReceivablesFromLines = async (db: Knex): Promise<void> => {
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
