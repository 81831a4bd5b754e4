import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { PostedLines } from '../../domain/journal/events';
import { NotFoundError } from '../../domain/shared/errors';
import { countEntries, currentLines, findEntry, listEntries, type EntryFilter, type EntryRow, type LineRow } from '../../projections/ledger/journal-lines/queries';
import { isUuid } from '../platform/wire';
import { answerAfterWrite } from '../platform/write-outcome';
import { notePending } from '../platform/http/request-context';

export interface EntryWithLines {
  entry: EntryRow;
  lines: LineRow[];
}

/** Read side of the journal: entries with their current lines, from the ledger read model. */
export class LedgerQueryService {
  constructor(
    private readonly db: Knex,
    private readonly logger: Logger,
  ) {}

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

  /**
   * A manual entry just written. Normally the ledger has caught up (the service waited for it); if
   * the wait timed out or the read fails, the answer is built from what was written (pending)
   * rather than a false 404 or a 503 that would invite writing it again.
   */
  async written(id: string, posted: PostedLines, actor: string, at: string): Promise<EntryWithLines> {
    return answerAfterWrite(
      this.logger,
      async () => {
        try {
          return await this.entry(id, { manualOnly: true });
        } catch (err) {
          if (!(err instanceof NotFoundError)) throw err;
          notePending();
          return this.asWritten(id, posted, actor, at, await this.accountNames(posted));
        }
      },
      () => this.asWritten(id, posted, actor, at, new Map()),
    );
  }

  private async accountNames(posted: PostedLines): Promise<Map<string, string>> {
    const rows: { id: string; account_name: string }[] = await this.db('accounts').whereIn('id', posted.lines.map((l) => l.accountId)).select('id', 'account_name');
    return new Map(rows.map((a) => [a.id, a.account_name]));
  }

  private asWritten(id: string, posted: PostedLines, actor: string, at: string, names: Map<string, string>): EntryWithLines {
    const entry: EntryRow = {
      entry_id: id,
      source_type: 'manual',
      source_id: id,
      invoice_id: null,
      status: 'active',
      date: posted.date,
      description: posted.description,
      version: 0,
      created_at: at,
      created_by: actor,
      updated_at: at,
      updated_by: actor,
    };
    const lines: LineRow[] = posted.lines.map((l, i) => ({
      id: 0,
      entry_id: id,
      entry_version: 0,
      kind: 'posting',
      line_no: i,
      date: posted.date,
      account_id: l.accountId,
      account_name: names.get(l.accountId) ?? '',
      debit_cents: l.debitCents,
      credit_cents: l.creditCents,
      description: posted.description,
      vat_category: l.vatCategory ?? null,
      vat_rate_bp: l.vatRateBp ?? null,
      vat_settlement: l.vatSettlement === true,
    }));
    return { entry, lines };
  }

  /** The ledger entry an invoice posted (for links from the ledger to the invoice and back). */
  async invoiceEntries(invoiceId: string): Promise<EntryWithLines[]> {
    const rows: EntryRow[] = await this.db('ledger_entries').where('invoice_id', invoiceId).orderBy('created_at');
    const lines = await currentLines(this.db, rows.map((r) => r.entry_id));
    return rows.map((entry) => ({ entry, lines: lines.get(entry.entry_id) ?? [] }));
  }
}
