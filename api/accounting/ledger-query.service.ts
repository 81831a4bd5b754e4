import type { Knex } from 'knex';
import { NotFoundError } from '../../domain/shared/errors';
import { countEntries, currentLines, findEntry, listEntries, type EntryFilter, type EntryRow, type LineRow } from '../../projections/ledger/journal-lines/queries';
import { isUuid } from './ids';

export interface EntryWithLines {
  entry: EntryRow;
  lines: LineRow[];
}

/** Read side of the journal: entries with their current lines, from the ledger read model. */
export class LedgerQueryService {
  constructor(private readonly db: Knex) {}

  async entries(filter: EntryFilter, page?: { offset: number; limit: number }): Promise<{ items: EntryWithLines[]; total: number }> {
    const [rows, total] = await Promise.all([listEntries(this.db, filter, page), page ? countEntries(this.db, filter) : Promise.resolve(-1)]);
    const lines = await currentLines(this.db, rows.map((r) => r.entry_id));
    return { items: rows.map((entry) => ({ entry, lines: lines.get(entry.entry_id) ?? [] })), total: total < 0 ? rows.length : total };
  }

  async entry(id: string, options: { manualOnly?: boolean; includeDeleted?: boolean } = {}): Promise<EntryWithLines> {
    const entry = isUuid(id) ? await findEntry(this.db, id) : undefined;
    if (!entry || (options.manualOnly && entry.source_type !== 'manual') || (!options.includeDeleted && entry.status !== 'active')) {
      throw new NotFoundError('Journal entry not found.');
    }
    const lines = await currentLines(this.db, [entry.entry_id]);
    return { entry, lines: lines.get(entry.entry_id) ?? [] };
  }

  /** The ledger entry an invoice posted (for links from the ledger to the invoice and back). */
  async invoiceEntries(invoiceId: string): Promise<EntryWithLines[]> {
    const rows: EntryRow[] = await this.db('ledger_entries').where('invoice_id', invoiceId).orderBy('created_at');
    const lines = await currentLines(this.db, rows.map((r) => r.entry_id));
    return rows.map((entry) => ({ entry, lines: lines.get(entry.entry_id) ?? [] }));
  }
}
