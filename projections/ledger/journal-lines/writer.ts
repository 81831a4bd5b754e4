import type { Knex } from 'knex';
import type { KnownEntry, LedgerEffect } from '../../../domain/accounting/postings';
import type { VatMovement } from '../../../domain/accounting/vat-return';

export interface EffectContext {
  eventId: string;
  actor: string;
  recordedAt: string;
}

export const loadKnownEntries = async (trx: Knex.Transaction, entryIds: string[]): Promise<Map<string, KnownEntry & { version: number }>> => {
  const known = new Map<string, KnownEntry & { version: number }>();
  if (entryIds.length === 0) return known;
  const rows: Array<{ entry_id: string; revenue_account_id: string | null; version: number; vat_breakdown: string | null }> = await trx('ledger_entries')
    .select('entry_id', 'revenue_account_id', 'version', 'vat_breakdown')
    .whereIn('entry_id', [...new Set(entryIds)]);
  for (const r of rows) known.set(r.entry_id, { revenueAccountId: r.revenue_account_id, vat: r.vat_breakdown === null ? null : (JSON.parse(r.vat_breakdown) as VatMovement[]), version: r.version });
  return known;
};

export interface EntryWrite {
  effect: LedgerEffect;
  version: number;
  ctx: EffectContext;
}

/**
 * Writes a batch of effects: each entry's current header (one upsert row per entry, the batch's
 * last state, created_* from its first) and all new lines tagged with their entry version, in a
 * few statements per batch rather than two per event.
 */
export const writeEntries = async (trx: Knex.Transaction, writes: EntryWrite[]): Promise<void> => {
  const headers = new Map<string, Record<string, unknown>>();
  const lines: Record<string, unknown>[] = [];
  for (const { effect, version, ctx } of writes) {
    const first = headers.get(effect.entryId);
    headers.set(effect.entryId, {
      entry_id: effect.entryId,
      source_type: effect.source.type,
      source_id: effect.source.id,
      invoice_id: effect.source.invoiceId,
      created_at: first?.created_at ?? ctx.recordedAt,
      created_by: first?.created_by ?? ctx.actor,
      status: effect.entry.status,
      date: effect.entry.date,
      description: effect.entry.description,
      version,
      revenue_account_id: effect.revenueAccountId,
      vat_breakdown: effect.vat ? JSON.stringify(effect.vat) : (first?.vat_breakdown ?? null),
      updated_at: ctx.recordedAt,
      updated_by: ctx.actor,
    });
    let lineNo = 0;
    for (const p of effect.postings) {
      for (const l of p.lines) {
        lines.push({
          entry_id: effect.entryId,
          entry_version: version,
          kind: p.kind,
          line_no: lineNo++,
          date: p.date,
          account_id: l.accountId,
          debit_cents: l.debitCents,
          credit_cents: l.creditCents,
          vat_category: l.vatCategory ?? null,
          vat_rate_bp: l.vatRateBp ?? null,
          vat_settlement: l.vatSettlement === true,
          currency: l.foreign?.currency ?? null,
          foreign_cents: l.foreign?.amountCents ?? null,
          rate: l.foreign?.rate ?? null,
          description: p.description,
          event_id: ctx.eventId,
          recorded_at: ctx.recordedAt,
          recorded_by: ctx.actor,
        });
      }
    }
  }
  // Each table's rows as one JSON parameter, read by the server into the table's own row type: a
  // batch of a thousand postings is two parameters, not thousands of bindings built and sent.
  const rows = [...headers.values()];
  if (rows.length) {
    await trx.raw(
      `insert into ledger_entries (${ENTRY_COLUMNS.join(', ')})
       select ${ENTRY_COLUMNS.join(', ')} from json_populate_recordset(null::ledger_entries, ?::json)
       on conflict (entry_id) do update set ${ENTRY_MERGED.map((c) => `${c} = excluded.${c}`).join(', ')}`,
      [JSON.stringify(rows)],
    );
  }
  // Lines keep batch order, so their serial ids order them as the events did.
  if (lines.length) {
    await trx.raw(
      `insert into ledger_lines (${LINE_COLUMNS.join(', ')})
       select ${LINE_COLUMNS.join(', ')} from json_populate_recordset(null::ledger_lines, ?::json) with ordinality as u order by u.ordinality`,
      [JSON.stringify(lines)],
    );
  }
};

const ENTRY_COLUMNS = ['entry_id', 'source_type', 'source_id', 'invoice_id', 'created_at', 'created_by', 'status', 'date', 'description', 'version', 'revenue_account_id', 'vat_breakdown', 'updated_at', 'updated_by'];
/** What a later version of an entry replaces (its creation stays). */
const ENTRY_MERGED = ['status', 'date', 'description', 'version', 'revenue_account_id', 'vat_breakdown', 'updated_at', 'updated_by'];
const LINE_COLUMNS = ['entry_id', 'entry_version', 'kind', 'line_no', 'date', 'account_id', 'debit_cents', 'credit_cents', 'vat_category', 'vat_rate_bp', 'vat_settlement', 'currency', 'foreign_cents', 'rate', 'description', 'event_id', 'recorded_at', 'recorded_by'];
