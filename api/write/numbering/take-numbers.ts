import type { Knex } from 'knex';
import { formatDocumentNumber, type NumberSeries } from '../../../domain/billing/numbering';
import { ConflictError } from '../../../domain/shared/errors';

export const DUPLICATE_NUMBER = 'An invoice with this invoice number already exists.';

/** The next number of a series' year, or one an admin typed. */
export type NumberRequest = { series: NumberSeries; year: number } | { series: NumberSeries; typed: string };

export interface NumberClaim {
  documentId: string;
  request: NumberRequest;
}

export interface Taken {
  number: string;
  year: number | null;
  sequence: number | null;
}

/** The claim at `index` cannot have its number (a typed number in use); the others could. */
export class ClaimRefused extends Error {
  constructor(
    readonly index: number,
    readonly reason: unknown,
  ) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

/**
 * The ordering guard of numbering transactions whose events go to the same database: the first
 * statement, before anything gives the transaction its id, waits for the previous numbering
 * transaction (of any process) to end. The id, which is the event store's read order, is taken
 * only after that, so a document numbered later is also read later. Counter row locks alone do
 * not do this: a counter's first row is inserted (an id is taken before waiting on a concurrent
 * insert of it), and a transaction numbering in two series takes its id at the first.
 */
export const lockNumbering = async (trx: Knex.Transaction): Promise<void> => {
  await trx.raw(`select pg_advisory_xact_lock(hashtextextended('document-numbers:' || current_schema(), 0))`);
};

/** Numbers for the claims, in their order, as rows of this transaction with the given status. */
export const takeNumbers = async (trx: Knex.Transaction, claims: NumberClaim[], status: 'reserved' | 'issued'): Promise<Taken[]> => {
  const taken: (Taken | undefined)[] = [];
  let pending: { index: number; series: NumberSeries; year: number; documentId: string }[] = [];
  for (const [index, { request, documentId }] of claims.entries()) {
    if ('typed' in request) {
      const inserted = await trx('document_numbers')
        .insert({ number: request.typed, series: request.series, document_id: documentId, status })
        .onConflict('number')
        .ignore()
        .returning('number');
      if (inserted.length === 0) throw new ClaimRefused(index, new ConflictError(DUPLICATE_NUMBER));
      taken[index] = { number: request.typed, year: null, sequence: null };
    } else pending.push({ index, series: request.series, year: request.year, documentId });
  }
  while (pending.length > 0) {
    const rows: { number: string; series: string; document_id: string; status: string; year: number; sequence: number }[] = [];
    const groups = new Map<string, typeof pending>();
    for (const p of pending) groups.set(`${p.series}/${p.year}`, [...(groups.get(`${p.series}/${p.year}`) ?? []), p]);
    // Counters in one order, so two transactions never wait on each other's.
    for (const [, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
      const { series, year } = group[0]!;
      const last = await bump(trx, series, year, group.length);
      group.forEach((p, i) => {
        const sequence = last - group.length + 1 + i;
        rows.push({ number: formatDocumentNumber(series, year, sequence), series, document_id: p.documentId, status, year, sequence });
      });
    }
    const inserted = rowsOf<{ number: string; document_id: string; year: number; sequence: number }>(
      await trx('document_numbers').insert(rows).onConflict('number').ignore().returning(['number', 'document_id', 'year', 'sequence']),
    );
    const byDocument = new Map(inserted.map((r) => [r.document_id, r]));
    for (const p of pending) {
      const row = byDocument.get(p.documentId);
      if (row) taken[p.index] = { number: row.number, year: Number(row.year), sequence: Number(row.sequence) };
    }
    // A number typed by hand earlier holds that place: those documents draw the next ones.
    pending = pending.filter((p) => !byDocument.has(p.documentId));
  }
  return taken as Taken[];
};

const bump = async (trx: Knex.Transaction, series: NumberSeries, year: number, count: number): Promise<number> => {
  const rows = rowsOf<{ last: number }>(
    await trx.raw(
      `insert into document_number_sequences (series, year, last) values (?, ?, ?)
       on conflict (series, year) do update set last = document_number_sequences.last + excluded.last
       returning last`,
      [series, year, count],
    ),
  );
  return Number(rows[0]!.last);
};
