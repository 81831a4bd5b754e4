import type { Knex } from 'knex';
import { invoiceStreamId } from '../../domain/invoice/events';
import { availableCreditCents, type InvoiceState } from '../../domain/invoice/invoice';
import type { AppDeps } from '../platform/deps';
import { writePathOf } from '../write/write-path';
import { invoiceModel } from './invoice-stream';

/** An invoice of the client holding credit. */
export interface CreditSource {
  id: string;
  number: string;
  /** What of it is the client's to apply elsewhere (the domain's availableCreditCents). */
  cents: number;
}

/**
 * The client's invoices holding credit, oldest first: live ones paid or credited beyond what they
 * ask (the read model finds them), then deleted ones that kept gateway payments. How much each
 * holds is decided on its own stream by the domain's one rule (availableCreditCents), so refunds,
 * lost disputes, credit notes, write-offs and credit already moved on count as the aggregate
 * counts them when a transfer draws on it. The credit balance and the credit application both read this.
 */
export const creditSources = async (db: Knex, load: (invoiceId: string) => Promise<InvoiceState>, clientId: string): Promise<CreditSource[]> => {
  const live: { id: string; invoice_number: string }[] = await db('invoice_list')
    .where({ client_id: clientId })
    .whereRaw('paid_cents + credited_cents > gross_cents')
    .orderBy([{ column: 'date' }, { column: 'invoice_number' }])
    .select('id', 'invoice_number');
  const deleted: { invoice_id: string; invoice_number: string | null }[] = await db('invoice_payments')
    .where({ client_id: clientId, unexpected_reason: 'deleted' })
    .distinct('invoice_id', 'invoice_number')
    .orderBy('invoice_id');
  const candidates = [...live.map((r) => ({ id: r.id, number: r.invoice_number })), ...deleted.map((r) => ({ id: r.invoice_id, number: r.invoice_number ?? '' }))];
  const loaded = await Promise.all(
    candidates.map(async (c) => {
      return { ...c, cents: availableCreditCents(await load(c.id)) };
    }),
  );
  return loaded.filter((s) => s.cents > 0);
};

/** An invoice's state from its stream, as the write path loads it. */
export const invoiceStateLoader =
  (deps: AppDeps) =>
  async (invoiceId: string): Promise<InvoiceState> =>
    (await writePathOf(deps).commands.load(invoiceModel, invoiceStreamId(invoiceId))).state;

/** A client's credit balance in cents: what its invoices hold for it (creditSources). */
export const clientCreditCents = async (deps: AppDeps, clientId: string): Promise<number> =>
  (await creditSources(deps.db, invoiceStateLoader(deps), clientId)).reduce((sum, s) => sum + s.cents, 0);
