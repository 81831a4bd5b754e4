import type { Knex } from 'knex';
import type { KnownEntry, LedgerEffect } from '../../../domain/accounting/postings';

export interface EffectContext {
  eventId: string;
  actor: string;
  recordedAt: string;
}

export const loadKnownEntries = async (trx: Knex.Transaction, entryIds: string[]): Promise<Map<string, KnownEntry & { version: number }>> => {
  const known = new Map<string, KnownEntry & { version: number }>();
  if (entryIds.length === 0) return known;
  const rows: Array<{ entry_id: string; revenue_account_id: string | null; version: number }> = await trx('ledger_entries')
    .select('entry_id', 'revenue_account_id', 'version')
    .whereIn('entry_id', [...new Set(entryIds)]);
  for (const r of rows) known.set(r.entry_id, { revenueAccountId: r.revenue_account_id, version: r.version });
  return known;
};

/** Writes one effect: the entry's current header, and its new lines tagged with the entry version. */
export const writeEntry = async (trx: Knex.Transaction, effect: LedgerEffect, version: number, ctx: EffectContext): Promise<void> => {
  const header = {
    status: effect.entry.status,
    date: effect.entry.date,
    description: effect.entry.description,
    version,
    revenue_account_id: effect.revenueAccountId,
    updated_at: ctx.recordedAt,
    updated_by: ctx.actor,
  };
  await trx('ledger_entries')
    .insert({
      entry_id: effect.entryId,
      source_type: effect.source.type,
      source_id: effect.source.id,
      invoice_id: effect.source.invoiceId,
      created_at: ctx.recordedAt,
      created_by: ctx.actor,
      ...header,
    })
    .onConflict('entry_id')
    .merge(header);
  let lineNo = 0;
  const rows = effect.postings.flatMap((p) =>
    p.lines.map((l) => ({
      entry_id: effect.entryId,
      entry_version: version,
      kind: p.kind,
      line_no: lineNo++,
      date: p.date,
      account_id: l.accountId,
      debit_cents: l.debitCents,
      credit_cents: l.creditCents,
      description: p.description,
      event_id: ctx.eventId,
      recorded_at: ctx.recordedAt,
    })),
  );
  if (rows.length) await trx('ledger_lines').insert(rows);
};
