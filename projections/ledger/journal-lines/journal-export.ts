import type { Knex } from 'knex';

/** One ledger line as the auditors' journal export lists it. */
export interface JournalExportRow {
  id: number | string;
  date: string;
  entry_id: string;
  entry_description: string;
  entry_status: string;
  entry_version: number;
  kind: 'posting' | 'reversal';
  line_no: number;
  account_code: string;
  account_name: string;
  debit_cents: number | string;
  credit_cents: number | string;
  description: string;
  source_type: string;
  source_id: string;
  /** The invoice, credit note or payment reference the entry comes from, when it has one. */
  document: string | null;
  invoice_id: string | null;
  event_id: string;
  /** The event's actor: a user id, or system/stripe. */
  recorded_by: string | null;
  /** The user's name when the actor is a user. */
  author: string | null;
  recorded_at: string | Date;
}

/**
 * Every ledger line dated in [from, to] (postings and reversals, of active and deleted entries
 * alike), in ledger order, one page after the line `after` (keyset on (date, id)) so an export
 * of a million lines streams in pages with flat memory.
 */
export const journalExportPage = async (db: Knex, from: string, to: string, after: { date: string; id: number } | null, limit: number): Promise<JournalExportRow[]> => {
  const result = await db.raw(
    `select l.id, l.date, l.entry_id, e.description as entry_description, e.status as entry_status, l.entry_version, l.kind, l.line_no,
            a.code as account_code, a.account_name, l.debit_cents, l.credit_cents, l.description,
            e.source_type, e.source_id, e.invoice_id, l.event_id, l.recorded_by, u.username as author, l.recorded_at,
            case e.source_type
              when 'credit_note' then cn.credit_note_number
              when 'payment' then coalesce(nullif(p.reference, ''), i.invoice_number)
              else i.invoice_number
            end as document
     from ledger_lines l
     join ledger_entries e on e.entry_id = l.entry_id
     join accounts a on a.id = l.account_id
     left join invoice_list i on i.id::text = e.invoice_id
     left join credit_notes cn on e.source_type = 'credit_note' and cn.id::text = e.source_id
     left join invoice_payments p on e.source_type = 'payment' and p.payment_id::text = e.source_id
     left join users u on u.id::text = l.recorded_by
     where l.date between ? and ? ${after ? 'and (l.date, l.id) > (?, ?)' : ''}
     order by l.date, l.id
     limit ?`,
    [from, to, ...(after ? [after.date, after.id] : []), limit],
  );
  return (result.rows ?? result) as JournalExportRow[];
};
