import type { Knex } from 'knex';
import { cashAccountFor } from '../../domain/accounting/postings';
import { PAYMENT_MOVEMENT_TYPES, type InvoiceEvent, type PaymentRecorded } from '../../domain/invoice/events';
import { decodeInvoiceEvent, decodeInvoiceEventOf } from '../../domain/invoice/stream';
import type { RecordedEvent } from '../../eventstore/event-store';
import type { Projection } from '../projection';

/** One row per recorded payment: the payments of an invoice (admin, GraphQL) read it. */
export interface InvoicePaymentRow {
  payment_id: string;
  invoice_id: string;
  amount_cents: number;
  date: string;
  method: PaymentRecorded['data']['method'];
  reference: string | null;
  actor: string;
  recorded_at: string;
  /** Refunds that hold (failed ones given back). */
  refunded_cents: number;
  /** The amount of its dispute, if any. */
  disputed_cents: number;
  dispute_status: 'open' | 'won' | 'lost' | null;
  /** What the gateway kept (card payment and dispute fees). */
  fee_cents: number;
  /** Set when it arrived for an invoice already cancelled or deleted (then also the invoice's number and client). */
  unexpected_reason: 'cancelled' | 'deleted' | null;
  invoice_number: string | null;
  client_id: string | null;
  /**
   * The ledger account its posting debited: the money account it was deposited to (the event's
   * `cashAccountId`), else the method's own account, as the ledger posted every payment recorded
   * before money accounts (the books' Bank for bank, cash and other; Stripe clearing for cards).
   * Null only on a row written before this column whose event could not be read (see migrations).
   */
  cash_account_id: string | null;
}

/** A payment as the screens read it: its row and the money account it went to, if any. */
export interface InvoicePaymentView extends InvoicePaymentRow {
  /** The money account (`money_accounts`) holding its ledger account; null for a card or applied credit. */
  deposited_to_id: string | null;
  deposited_to_name: string | null;
}

export const paymentRowOf = (event: RecordedEvent): InvoicePaymentRow => {
  const d = decodeInvoiceEventOf('PaymentRecorded', event).data;
  return {
    payment_id: d.paymentId,
    invoice_id: d.invoiceId,
    amount_cents: d.amountCents,
    date: d.date,
    method: d.method,
    reference: d.reference,
    actor: event.metadata.actor,
    recorded_at: event.metadata.recordedAt,
    refunded_cents: 0,
    disputed_cents: 0,
    dispute_status: null,
    fee_cents: 0,
    unexpected_reason: d.unexpected?.reason ?? null,
    invoice_number: d.unexpected?.invoiceNumber ?? null,
    client_id: d.unexpected?.clientId ?? null,
    cash_account_id: d.cashAccountId ?? cashAccountFor(d.method),
  };
};

export interface CreditTransferRow {
  transfer_id: string;
  application_id: string;
  from_invoice_id: string;
  to_invoice_id: string;
  to_invoice_number: string;
  client_id: string;
  amount_cents: number;
  date: string;
  actor: string;
  recorded_at: string;
  payment_id: string | null;
}

const transferRowOf = (event: RecordedEvent): CreditTransferRow => {
  const d = decodeInvoiceEventOf('CreditTransferred', event).data;
  return {
    transfer_id: d.transferId,
    application_id: d.applicationId,
    from_invoice_id: d.invoiceId,
    to_invoice_id: d.toInvoiceId,
    to_invoice_number: d.toInvoiceNumber,
    client_id: d.clientId,
    amount_cents: d.amountCents,
    date: d.date,
    actor: event.metadata.actor,
    recorded_at: event.metadata.recordedAt,
    payment_id: null,
  };
};

/** The change a later event makes to its payment's row: amounts added to columns, values set. */
interface Movement {
  paymentId: string;
  add?: Partial<Record<'refunded_cents' | 'fee_cents', number>>;
  set?: Partial<Pick<InvoicePaymentRow, 'disputed_cents' | 'dispute_status'>>;
}

const movementOf = (event: InvoiceEvent): Movement | null => {
  switch (event.type) {
    case 'PaymentRefunded':
      return { paymentId: event.data.paymentId, add: { refunded_cents: event.data.amountCents } };
    case 'RefundFailed':
      return { paymentId: event.data.paymentId, add: { refunded_cents: -event.data.amountCents } };
    case 'PaymentDisputed':
      return { paymentId: event.data.paymentId, set: { disputed_cents: event.data.amountCents, dispute_status: 'open' } };
    case 'DisputeClosed':
      return { paymentId: event.data.paymentId, set: { dispute_status: event.data.outcome } };
    case 'GatewayFeeCharged':
      return { paymentId: event.data.paymentId, add: { fee_cents: event.data.amountCents } };
    default:
      return null;
  }
};

export const invoicePaymentsProjection: Projection = {
  name: 'invoice_payments',
  eventTypes: ['PaymentRecorded', 'PaymentRemoved', ...PAYMENT_MOVEMENT_TYPES],
  tables: ['invoice_payments', 'credit_transfers'],
  apply: async (trx, events) => {
    const payments = events.filter((e) => e.type === 'PaymentRecorded');
    // The invoice aggregate never records one payment id twice; the key makes that hold here too.
    if (payments.length > 0) await trx('invoice_payments').insert(payments.map(paymentRowOf)).onConflict('payment_id').ignore();
    const transfers = events.filter((e) => e.type === 'CreditTransferred');
    if (transfers.length > 0) await trx('credit_transfers').insert(transfers.map(transferRowOf)).onConflict('transfer_id').ignore();
    const decoded = events.map(decodeInvoiceEvent);
    for (const event of decoded) {
      // The receiving half of a credit transfer; it may come first when a sweep completed it.
      if (event.type === 'PaymentRecorded' && event.data.transferId) await trx('credit_transfers').where({ transfer_id: event.data.transferId }).update({ payment_id: event.data.paymentId });
    }
    for (const event of decoded) {
      const movement = movementOf(event);
      if (!movement) continue;
      const added = Object.fromEntries(Object.entries(movement.add ?? {}).map(([column, cents]) => [column, trx.raw('?? + ?', [column, cents])]));
      await trx('invoice_payments').where({ payment_id: movement.paymentId }).update({ ...added, ...movement.set });
    }
    // A payment removed as recorded in error is no longer one of the invoice's (its history keeps both events).
    const removed = decoded.flatMap((e) => (e.type === 'PaymentRemoved' ? [e.data.paymentId] : []));
    if (removed.length > 0) await trx('invoice_payments').whereIn('payment_id', removed).del();
  },
};

/**
 * Payments with the money account each went to: the one whose ledger account its posting debited
 * (a live join, so a renamed account reads with its new name). A card payment's Stripe clearing and
 * applied credit's transfers account belong to no money account, so theirs is null. The bank
 * module owns `money_accounts`; read here as receivables read `clients`.
 */
const withDepositAccounts = (db: Knex) =>
  db('invoice_payments as p')
    .leftJoin('money_accounts as m', 'm.ledger_account_id', 'p.cash_account_id')
    .select('p.*', 'm.id as deposited_to_id', 'm.name as deposited_to_name');

export const paymentsOfInvoices = async (db: Knex, invoiceIds: string[]): Promise<InvoicePaymentView[]> =>
  invoiceIds.length === 0
    ? []
    : withDepositAccounts(db).whereIn('p.invoice_id', invoiceIds).orderBy([{ column: 'p.recorded_at' }, { column: 'p.payment_id' }]);

export const paymentById = async (db: Knex, paymentId: string): Promise<InvoicePaymentView | undefined> => withDepositAccounts(db).where('p.payment_id', paymentId).first();
