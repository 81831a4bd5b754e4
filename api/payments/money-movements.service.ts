import { requestedPostingDays } from '../../domain/accounting/posting-dates';
import { createHash, randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { InvoiceEvent } from '../../domain/invoice/events';
import type { MoneyMovementCommand } from '../../domain/invoice/money-movements';
import { PAYMENT_NOT_FOUND } from '../../domain/invoice/money-movements';
import { decidePayout, type PayoutState } from '../../domain/payouts/payout';
import { PAYOUT_SCHEMA_VERSION, payoutStreamId, type PayoutEvent } from '../../domain/payouts/events';
import { payoutStream } from '../../domain/payouts/stream';
import { currencyOf, type InvoiceState } from '../../domain/invoice/invoice';
import { dayOf } from '../../domain/shared/dates';
import { NotFoundError, UnavailableError } from '../../domain/shared/errors';
import { paymentById, type InvoicePaymentView } from '../../projections/invoice-payments/invoice-payments';
import type { StreamModel } from '../write/command-handler';
import { writePathOf } from '../write/write-path';
import type { AppDeps } from '../platform/deps';
import {
  CheckoutProviderError,
  refundHolds,
  type CheckoutGateway,
  type DisputeSnapshot,
  type PayoutSnapshot,
  type RefundSnapshot,
} from './checkout-gateway';
import { stripePaymentId } from './payment-ids';
import { runIdempotent } from '../platform/http/idempotency';
import { readPayoutLedgerAccount } from '../bank';

const REFUND_NAMESPACE = '0e6a4c2b-5d1f-4a8e-9b3c-7f2d1e0a6b54';

export const REFUND_FAILED = 'The refund could not be made through Stripe; nothing was recorded. Please try again.';

/** The invoice side of money movements: billing owns invoice streams. */
export interface InvoiceMovementsPort {
  /** Runs a movement command on the invoice's stream through the one write path. */
  move(invoiceId: string, command: MoneyMovementCommand, actor: string): Promise<InvoiceEvent[]>;
  /** Decides it on the invoice as it is now, writing nothing; answers that state. */
  check(invoiceId: string, command: MoneyMovementCommand): Promise<InvoiceState>;
}

export interface RefundInput {
  amountCents: number;
  reason: string;
  /** Refunds paid out by hand (not through the gateway) may be dated; absent: today. */
  date?: string;
  /** The caller's key for this refund request: the same key is the same refund. */
  idempotencyKey?: string;
}

/** What a gateway's refund report asks of the payment's invoice. */
/** A refund Stripe reports, as the invoice's command; one in another currency than the euro at the euros it took off the balance, when known. */
const refundCommand = (paymentId: string, refund: RefundSnapshot, reportedOn: string): MoneyMovementCommand => {
  if (!refundHolds(refund.status)) return { type: 'FailRefund', data: { refundId: refund.id, date: reportedOn } };
  const euros = refund.currency !== 'EUR' && refund.euroCents !== null ? { euroCents: refund.euroCents } : {};
  return { type: 'RefundPayment', data: { paymentId, refundId: refund.id, amountCents: refund.amountCents, date: refund.date, reason: refund.reason ?? 'Refunded in Stripe', reference: refund.id, ...euros } };
};

const payoutModel: StreamModel<PayoutState, PayoutEvent> = {
  initialState: payoutStream.initialState,
  evolve: payoutStream.evolve,
  fromRecorded: payoutStream.decode,
  toNew: (e, actor) => ({ eventId: randomUUID(), type: e.type, data: e.data, metadata: { actor, schemaVersion: PAYOUT_SCHEMA_VERSION } }),
  postingDays: requestedPostingDays,
};

/**
 * Refunds, disputes, gateway fees and payouts: every one an event with a date, posted by the
 * ledger. Gateway reports (webhooks, lookups) are idempotent on the gateway's own ids.
 */
export class MoneyMovementService {
  constructor(
    private readonly deps: AppDeps,
    private readonly gateway: CheckoutGateway,
    private readonly invoices: InvoiceMovementsPort,
  ) {}

  private today(): string {
    return dayOf(this.deps.clock());
  }

  /** The payment's row with the money account it went to (the refund answer shows it). */
  async payment(paymentId: string): Promise<InvoicePaymentView | undefined> {
    return paymentById(this.deps.db, paymentId);
  }

  /**
   * A refund asked for by a user. A card payment taken through the gateway is refunded there first
   * (nothing is written when the gateway refuses); any other is recorded as paid out by hand.
   */
  async refund(paymentId: string, input: RefundInput, actor: string): Promise<{ refundId: string; invoiceId: string }> {
    const { idempotencyKey: key } = input;
    if (!key) return this.refundOnce(paymentId, input, actor);
    // The key is bound to its request: the same refund again answers the first, another is a 409.
    const request = { refund: paymentId, amountCents: input.amountCents, reason: input.reason, date: input.date ?? null };
    return runIdempotent(this.deps.db, { userId: actor, key, request, now: this.deps.clock(), logger: this.deps.logger }, () => this.refundOnce(paymentId, input, actor));
  }

  private async refundOnce(paymentId: string, input: RefundInput, actor: string): Promise<{ refundId: string; invoiceId: string }> {
    const payment = await this.payment(paymentId);
    if (!payment) throw new NotFoundError(PAYMENT_NOT_FOUND);
    const date = payment.method === 'stripe' ? this.today() : (input.date ?? this.today());
    // The caller's key makes a repeated request (a retry after a lost answer) the same refund.
    const refundId = input.idempotencyKey ? uuidv5(`refund:${paymentId}:${input.idempotencyKey}`, REFUND_NAMESPACE) : randomUUID();
    const asked = { paymentId, refundId, amountCents: input.amountCents, date, reason: input.reason, reference: null };
    // Paid out by hand: the write decides (an invoice in another currency at the rate of the refund's day).
    if (payment.method !== 'stripe' || !payment.reference) {
      await this.invoices.move(payment.invoice_id, { type: 'RefundPayment', data: asked, byHand: true }, actor);
      return { refundId: asked.refundId, invoiceId: payment.invoice_id };
    }
    // Checked before any money moves: the same rule the write applies.
    const state = await this.invoices.check(payment.invoice_id, { type: 'RefundPayment', data: asked, byHand: true });
    const currency = currencyOf(state);
    // The same request again (a double click, a retry after a timeout) gets the same Stripe refund:
    // the caller's Idempotency-Key when it sends one (the admin screen does, per dialog), otherwise
    // the same amount and reason within ten minutes are taken as the same refund.
    const bucket = Math.floor(this.deps.clock().getTime() / 600_000);
    const idempotencyKey = createHash('sha256').update(JSON.stringify(['refund', paymentId, input.amountCents, input.reason, input.idempotencyKey ?? bucket])).digest('hex');
    let refund: RefundSnapshot;
    try {
      refund = await this.gateway.refund({ paymentIntentId: payment.reference, amountCents: input.amountCents, currency, reason: input.reason, idempotencyKey });
    } catch (err) {
      if (!(err instanceof CheckoutProviderError)) throw err;
      this.deps.logger.error({ err: err.cause ?? err, paymentId }, 'gateway refund failed');
      throw new UnavailableError(REFUND_FAILED);
    }
    // The money has left: recorded as the gateway reports it, never refused (in another currency at the euros it took).
    const euros = currency !== 'EUR' && refund.euroCents !== null ? { euroCents: refund.euroCents } : {};
    await this.invoices.move(payment.invoice_id, { type: 'RefundPayment', data: { ...asked, refundId: refund.id, date: refund.date, reference: refund.id, ...euros } }, actor);
    return { refundId: refund.id, invoiceId: payment.invoice_id };
  }

  /** The invoice a gateway payment belongs to: from the read model, else the payment intent's metadata. */
  private async invoiceOf(paymentIntentId: string): Promise<string | undefined> {
    const row = await this.payment(stripePaymentId(paymentIntentId));
    if (row) return row.invoice_id;
    const charge = await this.gateway.chargeOf(paymentIntentId);
    return charge?.invoiceId ?? undefined;
  }

  /** Runs the commands a gateway report asks of one payment, in order, on its invoice (looked up once). */
  private async moveForIntent(paymentIntentId: string | null, commands: (paymentId: string) => MoneyMovementCommand | MoneyMovementCommand[]): Promise<boolean> {
    if (!paymentIntentId) return false;
    const invoiceId = await this.invoiceOf(paymentIntentId);
    if (!invoiceId) {
      this.deps.logger.warn({ paymentIntentId }, 'a gateway report names a payment that is not an invoice payment; ignored');
      return false;
    }
    for (const command of [commands(stripePaymentId(paymentIntentId))].flat()) await this.invoices.move(invoiceId, command, 'stripe');
    return true;
  }

  /** A refund as the gateway reports it: recorded once while it holds, given back once it failed. */
  async recordGatewayRefund(refund: RefundSnapshot, reportedOn: string): Promise<boolean> {
    // A refund in another currency reported without its balance transaction (a webhook's object names
    // it only): the gateway's list gives the euros it took.
    const known =
      refund.currency !== 'EUR' && refund.euroCents === null && refundHolds(refund.status) && refund.paymentIntentId
        ? ((await this.gateway.refundsOf(refund.paymentIntentId)).find((r) => r.id === refund.id) ?? refund)
        : refund;
    return this.moveForIntent(known.paymentIntentId, (paymentId) => refundCommand(paymentId, known, reportedOn));
  }

  /** charge.refunded names the charge, not the refunds: the gateway lists them. */
  async recordGatewayRefundsOf(paymentIntentId: string, reportedOn: string): Promise<void> {
    const refunds = await this.gateway.refundsOf(paymentIntentId);
    if (refunds.length > 0) await this.moveForIntent(paymentIntentId, (paymentId) => refunds.map((r) => refundCommand(paymentId, r, reportedOn)));
  }

  /**
   * Opened, or closed (won or lost; a close arriving first records the open too); its fees once each.
   * Of a payment in another currency, in the euros its balance transactions moved.
   */
  async recordDispute(dispute: DisputeSnapshot, reportedOn: string): Promise<void> {
    // An inquiry (warning_*) withdraws no funds: nothing moves until it becomes a dispute.
    if (dispute.status.startsWith('warning_')) return;
    const closed = dispute.status === 'won' || dispute.status === 'lost';
    const withdrawn = dispute.withdrawnEuroCents === null ? {} : { withdrawnEuroCents: dispute.withdrawnEuroCents };
    const returned = dispute.returnedEuroCents === null ? {} : { returnedEuroCents: dispute.returnedEuroCents };
    await this.moveForIntent(dispute.paymentIntentId, (paymentId): MoneyMovementCommand[] => [
      closed
        ? {
            type: 'CloseDispute',
            data: { paymentId, disputeId: dispute.id, amountCents: dispute.amountCents, date: reportedOn, outcome: dispute.status as 'won' | 'lost', opened: { date: dispute.date, reason: dispute.reason, ...withdrawn }, ...returned },
          }
        : { type: 'OpenDispute', data: { paymentId, disputeId: dispute.id, amountCents: dispute.amountCents, date: dispute.date, reason: dispute.reason, ...withdrawn } },
      ...dispute.fees.map((fee): MoneyMovementCommand => ({ type: 'ChargeGatewayFee', data: { paymentId, feeId: fee.id, amountCents: fee.feeCents, date: dispute.date, kind: 'dispute' } })),
    ]);
  }

  /** The fee of a card payment, once its charge has a balance transaction (false when not yet). */
  async recordPaymentFee(paymentIntentId: string, date: string): Promise<boolean> {
    const charge = await this.gateway.chargeOf(paymentIntentId);
    if (!charge?.balanceTransactionId || charge.feeCents === null) return false;
    const { balanceTransactionId, feeCents } = charge;
    return this.moveForIntent(paymentIntentId, (paymentId) => ({ type: 'ChargeGatewayFee', data: { paymentId, feeId: balanceTransactionId, amountCents: feeCents, date, kind: 'payment' } }));
  }

  /** Best effort right after a payment: a failure is caught up when the payout that settles it arrives. */
  async recordPaymentFeeSoon(paymentIntentId: string, date: string): Promise<void> {
    try {
      await this.recordPaymentFee(paymentIntentId, date);
    } catch (err) {
      this.deps.logger.warn({ err, paymentIntentId }, 'the card fee could not be recorded yet; the payout will');
    }
  }

  /**
   * A payout to the bank. First everything it settles is made sure of (each charge's fee, each
   * refund), so Stripe clearing is left holding exactly what is not yet paid out.
   */
  async recordPayout(payout: PayoutSnapshot): Promise<void> {
    const commands = writePathOf(this.deps).commands;
    const streamId = payoutStreamId(payout.id);
    if (payout.status === 'failed' || payout.status === 'canceled') {
      await commands.handle(payoutModel, { streamId, actor: 'stripe', decide: ({ state }) => decidePayout({ type: 'FailPayout', data: { payoutId: payout.id, date: payout.date } }, state) });
      return;
    }
    const transactions = await this.gateway.payoutTransactions(payout.id);
    for (const txn of transactions) {
      if (!txn.paymentIntentId) continue;
      if (txn.type === 'charge' || txn.type === 'payment') {
        const paymentIntentId = txn.paymentIntentId;
        // Dated on the charge's day, as if its fee had been looked up when it was paid.
        await this.moveForIntent(paymentIntentId, (paymentId) => ({ type: 'ChargeGatewayFee', data: { paymentId, feeId: txn.id, amountCents: txn.feeCents, date: txn.date, kind: 'payment' } }));
      } else if (txn.type === 'refund' || txn.type === 'payment_refund') {
        await this.recordGatewayRefundsOf(txn.paymentIntentId, payout.date);
      }
    }
    // The money account it lands in is fixed in the event now: a later change of the default, or a
    // replay, leaves this payout where it was posted.
    const cashAccountId = await readPayoutLedgerAccount(this.deps.db);
    const data = { payoutId: payout.id, amountCents: payout.amountCents, date: payout.date, balanceTransactionIds: transactions.map((t) => t.id), ...(cashAccountId ? { cashAccountId } : {}) };
    await commands.handle(payoutModel, { streamId, actor: 'stripe', decide: ({ state }) => decidePayout({ type: 'RecordPayout', data }, state) });
  }
}
