import type { Knex } from 'knex';
import { paymentEntryId } from '../../domain/accounting/postings';
import { decodeBankLineEvent } from '../../domain/bank/line';
import { BANK_LINE_EVENT_TYPES } from '../../domain/bank/line-events';
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

/**
 * Applies each line's steps in order: a reconciliation writes its row and the movements it matched
 * (its invoice payments among them), an undo removes them (the payments stay, unmatched).
 */
export const bankLinesProjection: Projection = {
  name: 'bank-lines',
  eventTypes: BANK_LINE_EVENT_TYPES,
  tables: ['bank_line_reconciliations', 'bank_reconciled_movements'],
  apply: async (trx: Knex.Transaction, events: RecordedEvent[]) => {
    for (const recorded of events) {
      const event = decodeBankLineEvent(recorded);
      const d = event.data;
      if (event.type === 'BankLineReconciled') {
        const row: BankLineReconciliationRow = {
          line_id: d.lineId,
          reconciliation_id: d.reconciliationId,
          money_account_id: d.moneyAccountId,
          date: d.date,
          amount_cents: event.data.amountCents,
          parts: JSON.stringify(d.parts),
          reconciled_by: recorded.metadata.actor,
          reconciled_at: recorded.metadata.recordedAt,
        };
        await trx('bank_line_reconciliations').insert(row).onConflict('line_id').merge();
        // Movements matched, and the payments the line recorded on invoices (their ledger entries).
        const ids = new Set<string>();
        for (const p of d.parts) {
          if (p.kind === 'movement') ids.add(p.movementId);
          if ((p.kind === 'invoice' || p.kind === 'clientCredit') && p.paymentId) ids.add(paymentEntryId(p.paymentId));
        }
        const movements = [...ids].map((id) => ({ movement_id: id, line_id: d.lineId }));
        if (movements.length) await trx('bank_reconciled_movements').insert(movements).onConflict('movement_id').merge();
      } else {
        await trx('bank_line_reconciliations').where({ line_id: d.lineId, reconciliation_id: d.reconciliationId }).delete();
        await trx('bank_reconciled_movements').where({ line_id: d.lineId }).delete();
      }
    }
  },
};
