import type { Knex } from 'knex';
import { excessCents } from '../../domain/invoice/invoice';

/**
 * A client's credit balance in cents: what its invoices were paid or credited beyond what they ask,
 * plus gateway payments kept for its deleted invoices (less what was refunded or applied elsewhere).
 */
export const clientCreditCents = async (db: Knex, clientId: string): Promise<number> => {
  const rows: { gross_cents: string | number; paid_cents: string | number; credited_cents: string | number }[] = await db('invoice_list')
    .where({ client_id: clientId })
    .whereRaw('paid_cents + credited_cents > gross_cents')
    .select('gross_cents', 'paid_cents', 'credited_cents');
  const excess = rows.reduce((sum, r) => sum + excessCents({ grossCents: Number(r.gross_cents), paidCents: Number(r.paid_cents), creditedCents: Number(r.credited_cents) }), 0);
  const kept = await db('invoice_payments')
    .where({ client_id: clientId, unexpected_reason: 'deleted' })
    .select(db.raw('coalesce(sum(amount_cents - refunded_cents), 0) as cents'))
    .first();
  const movedOn = await db('credit_transfers as t')
    .where('t.client_id', clientId)
    .whereIn('t.from_invoice_id', db('invoice_payments').where({ client_id: clientId, unexpected_reason: 'deleted' }).select('invoice_id'))
    .select(db.raw('coalesce(sum(t.amount_cents), 0) as cents'))
    .first();
  return excess + Number(kept?.cents ?? 0) - Number(movedOn?.cents ?? 0);
};
