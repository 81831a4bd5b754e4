import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { StreamConflictError, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent, type Position } from '../../../eventstore/event-store';
import { batchReads, NumberedBatches, type NumberedAppend, type NumberedResult, type TransactionalStore } from './numbered-batches';
import { ClaimRefused, takeNumbers, type NumberRequest } from './take-numbers';

export { DUPLICATE_NUMBER, type NumberRequest } from './take-numbers';
export type { NumberedAppend, NumberedResult } from './numbered-batches';

const isTransactional = (store: EventStore): store is TransactionalStore => store.transaction !== undefined;

interface Pending {
  streamId: string;
  expectedRevision: ExpectedRevision;
  events: NewEvent[];
}

/**
 * Gap-free document numbers. Where events live in the same PostgreSQL, the number is taken and the
 * events appended in one transaction: a crash at any point leaves both or neither. On EventStoreDB
 * the number is reserved first, with the events to append, and the append follows; a reservation
 * whose process died is completed by `recover` (the same events, whose ids make the append
 * idempotent) or, when it can no longer be appended, kept as `void`: never a silent gap, never a
 * duplicate.
 */
export class DocumentNumbers {
  private readonly batches?: NumberedBatches;

  constructor(
    private readonly db: Knex,
    private readonly store: EventStore,
    private readonly logger: Logger,
  ) {
    if (isTransactional(store)) this.batches = new NumberedBatches(store);
  }

  /** Takes each request's number and appends its stream; all of them or, on PostgreSQL, none. */
  async append(items: NumberedAppend[]): Promise<NumberedResult> {
    // One transaction with the events: the rows are issued at once, since they commit together or not at all.
    if (this.batches) return this.batches.append(items);
    const numbers: string[] = [];
    let position: Position | undefined;
    for (const item of items) {
      const { number, result } = await this.reserveThenAppend(item);
      numbers.push(number);
      position = this.later(position, result);
    }
    return { numbers, position };
  }

  /** EventStoreDB: reserve with the events to append (committed), append, then mark issued. */
  private async reserveThenAppend(item: NumberedAppend): Promise<{ number: string; result: AppendResult }> {
    const { taken, pending } = await this.db.transaction(async (trx) => {
      const [t] = await takeNumbers(trx, [item], 'reserved').catch((err: unknown) => {
        throw err instanceof ClaimRefused ? err.reason : err;
      });
      // The events live elsewhere (EventStoreDB): streams are read from the store itself.
      const events = await item.build(t!.number, batchReads({ db: trx, readStream: (streamId, options) => this.store.readStream(streamId, options) }));
      const p: Pending = { streamId: item.streamId, expectedRevision: item.expectedRevision, events };
      await trx('document_numbers').where({ number: t!.number }).update({ pending: JSON.stringify(p) });
      return { taken: t!, pending: p };
    });
    let result: AppendResult;
    try {
      result = await this.store.append(pending.streamId, pending.events, { expectedRevision: pending.expectedRevision });
    } catch (err) {
      // A definite refusal: nothing was appended, so the number goes back (or is voided). Any other
      // failure may have appended: `recover` decides once the store answers again.
      if (err instanceof StreamConflictError) await this.giveBack(taken.number);
      throw err;
    }
    await this.db.transaction((trx) => this.finalize(trx, item.documentId, taken.number));
    return { number: taken.number, result };
  }

  /** The number is the document's now; a number it held before (renamed) is free again. */
  private async finalize(trx: Knex.Transaction, documentId: string, number: string): Promise<void> {
    await trx('document_numbers').where({ number }).update({ status: 'issued', pending: null });
    await this.releaseOthers(trx, documentId, number);
  }

  private async releaseOthers(trx: Knex.Transaction, documentId: string, number: string): Promise<void> {
    await trx('document_numbers').where({ document_id: documentId, status: 'issued' }).whereNot({ number }).delete();
  }

  /**
   * A reservation whose events were never stored: the last number of its sequence is handed back;
   * one that later numbers already follow stays, visibly `void`, so the sequence keeps no hole.
   */
  private async giveBack(number: string): Promise<void> {
    await this.db.transaction(async (trx) => {
      const row = await trx('document_numbers').where({ number, status: 'reserved' }).forUpdate().first();
      if (!row) return;
      if (row.sequence === null) {
        await trx('document_numbers').where({ number }).delete();
        return;
      }
      const handedBack = await trx('document_number_sequences')
        .where({ series: row.series, year: row.year, last: row.sequence })
        .update({ last: row.sequence - 1 });
      if (handedBack > 0) await trx('document_numbers').where({ number }).delete();
      else {
        await trx('document_numbers').where({ number }).update({ status: 'void', pending: null });
        this.logger.warn({ number, documentId: row.document_id }, 'a reserved document number could not be used and is void');
      }
    });
  }

  /**
   * Completes reservations older than `graceMs` (their process died between reserving and
   * appending): appends their events (ids make a repeat harmless) and marks them issued, or gives
   * the number back when the stream refuses them. Nothing to do where appends are transactional.
   */
  async recover(graceMs = 30_000, now = new Date()): Promise<{ completed: number; released: number }> {
    if (this.store.transaction) return { completed: 0, released: 0 };
    const stale: { number: string; document_id: string; pending: Pending | string | null }[] = await this.db('document_numbers')
      .where({ status: 'reserved' })
      .where('reserved_at', '<', new Date(now.getTime() - graceMs))
      .select('number', 'document_id', 'pending');
    let completed = 0;
    let released = 0;
    for (const row of stale) {
      const pending: Pending | null = typeof row.pending === 'string' ? (JSON.parse(row.pending) as Pending) : row.pending;
      if (pending && (await this.appendedOrAppend(pending))) {
        await this.db.transaction((trx) => this.finalize(trx, row.document_id, row.number));
        completed++;
      } else {
        await this.giveBack(row.number);
        released++;
      }
    }
    if (stale.length > 0) this.logger.warn({ completed, released }, 'recovered document number reservations');
    return { completed, released };
  }

  private async appendedOrAppend(pending: Pending): Promise<boolean> {
    try {
      await this.store.append(pending.streamId, pending.events, { expectedRevision: pending.expectedRevision });
      return true;
    } catch (err) {
      if (!(err instanceof StreamConflictError)) throw err;
      const first = pending.events[0]?.eventId;
      return (await this.store.readStream(pending.streamId)).some((e) => e.eventId === first);
    }
  }

  /** The documents among these that already hold a number (so their streams exist or are pending). */
  async numbered(documentIds: string[]): Promise<Set<string>> {
    if (documentIds.length === 0) return new Set();
    const rows: { document_id: string }[] = await this.db('document_numbers').whereIn('document_id', documentIds).select('document_id');
    return new Set(rows.map((r) => r.document_id));
  }

  private later(a: Position | undefined, b: AppendResult): Position {
    return this.store.comparePositions(a, b.position) >= 0 ? a! : b.position;
  }
}
