import type { Knex } from 'knex';
import { paymentEntryId } from '../../domain/accounting/postings';
import { billPaymentEntryId } from '../../domain/bill/postings';
import { decodeBankLineEvent } from '../../domain/bank/line';
import { BANK_LINE_EVENT_TYPES, type BankLineEvent } from '../../domain/bank/line-events';
import type { RecordedEvent } from '../../eventstore/event-store';
import type { Projection } from '../projection';

export interface BankLineReconciliationRow {
  line_id: string;
  reconciliation_id: string;
  money_account_id: string;
  date: string;
  amount_cents: number;
  parts: unknown;
  reconciled_by: string;
  reconciled_at: string;
}

type Decoded = { recorded: RecordedEvent; event: BankLineEvent };

/**
 * A batch's events cut, in order, into runs of one kind (reconciliations, or undos) in which no
 * line appears twice: a run is written with one statement per table, and runs one after the
 * other, so a line reconciled, undone and reconciled again within one batch ends as one by one.
 */
export const runsOf = <T extends { event: { type: string; data: { lineId: string } } }>(events: readonly T[]): T[][] => {
  const runs: T[][] = [];
  let run: T[] = [];
  let lines = new Set<string>();
  for (const e of events) {
    if (run.length && (run[0]!.event.type !== e.event.type || lines.has(e.event.data.lineId))) {
      runs.push(run);
      [run, lines] = [[], new Set()];
    }
    run.push(e);
    lines.add(e.event.data.lineId);
  }
  if (run.length) runs.push(run);
  return runs;
};

/** The movements a reconciliation matched, and the payments it recorded on invoices and bills (their ledger entries). */
const matchedBy = (event: Extract<BankLineEvent, { type: 'BankLineReconciled' }>): string[] => {
  const ids = new Set<string>();
  for (const p of event.data.parts) {
    if (p.kind === 'movement') ids.add(p.movementId);
    if ((p.kind === 'invoice' || p.kind === 'clientCredit') && p.paymentId) ids.add(paymentEntryId(p.paymentId));
    if (p.kind === 'bill' && p.paymentId) ids.add(billPaymentEntryId(p.paymentId));
  }
  return [...ids];
};

const writeReconciled = async (trx: Knex.Transaction, run: readonly Decoded[]): Promise<void> => {
  const rows: BankLineReconciliationRow[] = [];
  // A movement named twice in one run keeps the later line, as one event after the other would.
  const movements = new Map<string, string>();
  for (const { recorded, event } of run) {
    if (event.type !== 'BankLineReconciled') continue;
    const d = event.data;
    rows.push({
      line_id: d.lineId,
      reconciliation_id: d.reconciliationId,
      money_account_id: d.moneyAccountId,
      date: d.date,
      amount_cents: d.amountCents,
      parts: JSON.stringify(d.parts),
      reconciled_by: recorded.metadata.actor,
      reconciled_at: recorded.metadata.recordedAt,
    });
    for (const id of matchedBy(event)) movements.set(id, d.lineId);
  }
  await trx('bank_line_reconciliations').insert(rows).onConflict('line_id').merge();
  const matched = [...movements].map(([movement_id, line_id]) => ({ movement_id, line_id }));
  if (matched.length) await trx('bank_reconciled_movements').insert(matched).onConflict('movement_id').merge();
};

const writeUndone = async (trx: Knex.Transaction, run: readonly Decoded[]): Promise<void> => {
  const pairs = run.map(({ event }) => [event.data.lineId, event.data.reconciliationId]);
  // Only the movements of the reconciliations undone: an undo of another one (never decided) leaves the line's.
  const undone = (await trx('bank_line_reconciliations').whereIn(['line_id', 'reconciliation_id'], pairs).delete().returning('line_id')) as Array<{ line_id: string }>;
  if (undone.length) await trx('bank_reconciled_movements').whereIn('line_id', undone.map((r) => r.line_id)).delete();
};

/**
 * Applies each line's steps in order: a reconciliation writes its row and the movements it matched
 * (its invoice payments among them), an undo removes them. A batch costs a few statements per run
 * of one kind (runsOf), not one per event: an import reconciling a thousand lines is one run.
 */
export const bankLinesProjection: Projection = {
  name: 'bank-lines',
  eventTypes: BANK_LINE_EVENT_TYPES,
  tables: ['bank_line_reconciliations', 'bank_reconciled_movements'],
  apply: async (trx: Knex.Transaction, events: RecordedEvent[]) => {
    for (const run of runsOf(events.map((recorded) => ({ recorded, event: decodeBankLineEvent(recorded) })))) {
      if (run[0]!.event.type === 'BankLineReconciled') await writeReconciled(trx, run);
      else await writeUndone(trx, run);
    }
  },
};
