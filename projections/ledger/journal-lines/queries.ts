import type { Knex } from 'knex';
import type { SourceType } from '../../../domain/accounting/postings';

export interface EntryRow {
  entry_id: string;
  source_type: SourceType;
  source_id: string;
  invoice_id: string | null;
  status: 'active' | 'deleted';
  date: string;
  description: string;
  version: number;
  created_at: string | Date;
  created_by: string;
  updated_at: string | Date;
  updated_by: string;
}

export interface LineRow {
  id: number;
  entry_id: string;
  entry_version: number;
  kind: 'posting' | 'reversal';
  line_no: number;
  date: string;
  account_id: string;
  account_name: string;
  debit_cents: number;
  credit_cents: number;
  description: string;
  /** A manual line's VAT tag (null and false elsewhere). */
  vat_category: string | null;
  vat_rate_bp: number | null;
  vat_settlement: boolean;
}

export interface EntryFilter {
  sources?: SourceType[];
  includeDeleted?: boolean;
  from?: string;
  to?: string;
}

const filtered = (db: Knex, f: EntryFilter) => {
  const q = db('ledger_entries');
  if (f.sources?.length) q.whereIn('source_type', f.sources);
  if (!f.includeDeleted) q.where('status', 'active');
  if (f.from) q.where('date', '>=', f.from);
  if (f.to) q.where('date', '<=', f.to);
  return q;
};

export const findEntry = async (db: Knex, entryId: string): Promise<EntryRow | undefined> =>
  db('ledger_entries').where('entry_id', entryId).first();

export const listEntries = async (db: Knex, f: EntryFilter, page?: { offset: number; limit: number }): Promise<EntryRow[]> => {
  const q = filtered(db, f).select('*').orderBy([{ column: 'date', order: 'desc' }, { column: 'created_at', order: 'desc' }, { column: 'entry_id', order: 'asc' }]);
  if (page) q.offset(page.offset).limit(page.limit);
  return q;
};

export const countEntries = async (db: Knex, f: EntryFilter): Promise<number> => {
  const row = await filtered(db, f).count<{ n: number | string }>({ n: '*' }).first();
  return Number(row?.n ?? 0);
};

/**
 * The lines an entry stands for now: the postings of its latest version that posted any (a
 * deleted entry shows what was deleted). Reversals stay in the ledger, not in this view.
 */
export const currentLines = async (db: Knex, entryIds: string[]): Promise<Map<string, LineRow[]>> => {
  const out = new Map<string, LineRow[]>();
  if (entryIds.length === 0) return out;
  const rows: LineRow[] = await db('ledger_lines as l')
    .join('accounts as a', 'a.id', 'l.account_id')
    .select('l.*', 'a.account_name')
    .where('l.kind', 'posting')
    .whereIn('l.entry_id', entryIds)
    .whereRaw("l.entry_version = (select max(entry_version) from ledger_lines m where m.entry_id = l.entry_id and m.kind = 'posting')")
    .orderBy([{ column: 'l.entry_id' }, { column: 'l.line_no' }]);
  for (const r of rows) {
    const list = out.get(r.entry_id) ?? [];
    list.push(r);
    out.set(r.entry_id, list);
  }
  return out;
};

export const accountHasLines = async (db: Knex, accountId: string): Promise<boolean> =>
  !!(await db('ledger_lines').where('account_id', accountId).first('id'));

export interface AccountLedgerLine extends LineRow {
  source_type: SourceType;
  source_id: string;
  invoice_id: string | null;
  /** Debit minus credit from the start of the period through this line. */
  running_cents: number;
}

/** One account's lines in [from, to] with a running sum over the whole period, paged. */
export const accountLines = async (
  db: Knex,
  accountId: string,
  from: string,
  to: string,
  page: { offset: number; limit: number },
): Promise<{ lines: AccountLedgerLine[]; total: number }> => {
  const result = await db.raw(
    `select * from (
       select l.*, a.account_name, e.source_type, e.source_id, e.invoice_id,
              (sum(l.debit_cents - l.credit_cents) over (order by l.date, l.id))::bigint as running_cents,
              count(*) over () as total
       from ledger_lines l
       join ledger_entries e on e.entry_id = l.entry_id
       join accounts a on a.id = l.account_id
       where l.account_id = ? and l.date between ? and ?
     ) x order by date, id offset ? limit ?`,
    [accountId, from, to, page.offset, page.limit],
  );
  const lines = result.rows as Array<AccountLedgerLine & { total: number | string }>;
  const total = lines.length ? Number(lines[0]!.total) : page.offset > 0 ? await countLines(db, accountId, from, to) : 0;
  return { lines: lines.map((l) => ({ ...l, running_cents: Number(l.running_cents) })), total };
};

const countLines = async (db: Knex, accountId: string, from: string, to: string): Promise<number> => {
  const row = await db('ledger_lines').where('account_id', accountId).whereBetween('date', [from, to]).count<{ n: number | string }>({ n: '*' }).first();
  return Number(row?.n ?? 0);
};

/** One Accounts Receivable line of a client's invoice, with the documents a statement prints. */
export interface ClientReceivableLineRow {
  id: number | string;
  entry_id: string;
  date: string;
  source_type: string;
  invoice_number: string | null;
  /** The entry's own document: a credit note's number or a payment's reference. */
  document: string | null;
  debit_cents: number | string;
  credit_cents: number | string;
  /** A line of a document in another currency: its currency and amount in it. */
  currency: string | null;
  foreign_cents: number | string | null;
}

/**
 * A client's invoices on Accounts Receivable: the balance of their lines before `from` and every
 * line in [from, to]. Entries of every source type that name one of the client's invoices count
 * (postings and reversals, and those of a deleted invoice whose payment was kept as credit), so
 * the balance through `to` is the client's share of the balance sheet's receivables, as the aged
 * receivables split it.
 */
export const clientReceivables = async (
  db: Knex,
  accountId: string,
  clientId: string,
  from: string,
  to: string,
): Promise<{ openingCents: number; lines: ClientReceivableLineRow[] }> => {
  // The client is the receivable row's, as aged receivables read it: it outlives the invoice list's
  // row of a deleted invoice whose payment was kept as credit.
  const ofClient = `from receivable_balances b
       join ledger_entries e on e.invoice_id = b.invoice_id::text
       join ledger_lines l on l.entry_id = e.entry_id and l.account_id = ?`;
  const opening = await db.raw(`select coalesce(sum(l.debit_cents - l.credit_cents), 0) as cents ${ofClient} where b.client_id = ? and l.date < ?`, [accountId, clientId, from]);
  const lines = await db.raw(
    `select l.id, l.entry_id, l.date, l.debit_cents, l.credit_cents, l.currency, l.foreign_cents, e.source_type, coalesce(i.invoice_number, k.invoice_number) as invoice_number,
            case e.source_type when 'credit_note' then cn.credit_note_number when 'payment' then nullif(p.reference, '') end as document
     ${ofClient}
     left join invoice_list i on i.id = b.invoice_id
     left join credit_notes cn on e.source_type = 'credit_note' and cn.id::text = e.source_id
     left join invoice_payments p on e.source_type = 'payment' and p.payment_id::text = e.source_id
     left join lateral (select invoice_number from invoice_payments kp where kp.invoice_id = b.invoice_id and kp.unexpected_reason is not null limit 1) k on i.id is null
     where b.client_id = ? and l.date between ? and ?
     order by l.date, l.id`,
    [accountId, clientId, from, to],
  );
  const openingRows = (opening.rows ?? opening) as Array<{ cents: number | string }>;
  return { openingCents: Number(openingRows[0]?.cents ?? 0), lines: (lines.rows ?? lines) as ClientReceivableLineRow[] };
};
