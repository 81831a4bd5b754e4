import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import type { InvoiceEvent } from './events';
import { AMOUNT_TOO_LARGE, formatEuros, MAX_AMOUNT_CENTS } from '../shared/money';
import { availableCreditCents, foreignOpen, isCancelled, isIssued, openCents, refundableCents, settlementOf, type InvoiceData, type InvoicePayment, type InvoiceState } from './invoice';
import { impliedRate, relief, shareOf, toEuroCents } from '../currency/conversion';
import type { DisputeFx, DocumentRate, PaymentFx } from '../currency/rate';

/**
 * What happens to a payment after it was recorded: refunds, disputes and the gateway's fees. Each
 * is idempotent on the id its source gives it (a Stripe refund, dispute or balance transaction),
 * so a webhook delivered twice, late or out of order records it once.
 */

export type RefundPayment = {
  type: 'RefundPayment';
  /**
   * `euroCents`: of a payment in another currency refunded through a gateway, the euros the refund
   * took off its balance (its balance transaction): the refund is booked at them, not at a rate of the day.
   */
  data: { paymentId: string; refundId: string; amountCents: number; date: string; reason: string; reference: string | null; euroCents?: number };
  /**
   * Asked for by a user (checked against what is refundable, dated from the payment on, with a
   * reason) rather than reported by a gateway that already paid the money out (never refused for those).
   */
  byHand?: boolean;
  /** The rate of the refund's day: required for an invoice in another currency. */
  rate?: Pick<DocumentRate, 'rate' | 'rateDate'>;
};
export type FailRefund = { type: 'FailRefund'; data: { refundId: string; date: string } };
/**
 * `withdrawnEuroCents`: of a payment in another currency, the euros the gateway withdrew (its balance
 * transaction); absent, the payment's euros' share.
 */
export type OpenDispute = { type: 'OpenDispute'; data: { paymentId: string; disputeId: string; amountCents: number; date: string; reason: string | null; withdrawnEuroCents?: number } };
/**
 * `opened` is what the dispute said when it was opened, for a close that arrives first.
 * `returnedEuroCents`: of a dispute won in another currency, the euros the gateway gave back (absent: those it withdrew).
 */
export type CloseDispute = {
  type: 'CloseDispute';
  data: {
    paymentId: string;
    disputeId: string;
    amountCents: number;
    date: string;
    outcome: 'won' | 'lost';
    opened: { date: string; reason: string | null; withdrawnEuroCents?: number };
    returnedEuroCents?: number;
  };
};
export type ChargeGatewayFee = { type: 'ChargeGatewayFee'; data: { paymentId: string; feeId: string; amountCents: number; date: string; kind: 'payment' | 'dispute' } };

/** Moves credit balance of this invoice to another open invoice of the client (checked by `checkCreditTarget`). */
export type TransferCredit = {
  type: 'TransferCredit';
  data: { transferId: string; applicationId: string; toInvoiceId: string; toInvoiceNumber: string; amountCents: number; date: string };
};

export type MoneyMovementCommand = RefundPayment | FailRefund | OpenDispute | CloseDispute | ChargeGatewayFee | TransferCredit;

export const PAYMENT_NOT_FOUND = 'Payment not found.';
/** A gateway reported a movement of a payment this invoice does not have yet: the report is retried. */
export const PAYMENT_NOT_YET_RECORDED = 'The payment this refers to is not recorded yet; try again shortly.';
export const CREDIT_NOT_REFUNDABLE = 'Credit applied from another invoice cannot be refunded; the money was never paid to this invoice.';
export const overCreditBalance = (cents: number): string => `The amount cannot exceed the client's credit balance (${formatEuros(cents)}).`;
export const overOpenAmount = (cents: number): string => `The amount cannot exceed the invoice's open amount (${formatEuros(cents)}).`;
export const CREDIT_OTHER_CLIENT = 'This invoice belongs to another client.';
export const CREDIT_ON_DRAFT = 'Credit can be applied only to an issued invoice: send it first.';
export const CREDIT_ON_CANCELLED = 'This invoice has been cancelled.';
export const CREDIT_BEFORE_INVOICE = 'Credit cannot be applied before the invoice date.';
export const overRefund = (refundableCents: number): string =>
  `A refund cannot exceed what remains refundable on the payment (${(refundableCents / 100).toFixed(2)}).`;

const NO_REFUND_RATE = 'A refund of an invoice in another currency needs the rate of its day.';

/**
 * A refund of a foreign invoice's payment: the euros the money is worth at the refund's rate, and the
 * booked euros it puts back on the receivable (all of a credit balance it uses up, else its share, or
 * at the invoice's rate when nothing is in credit); the difference is realised.
 */
const refundFx = (s: InvoiceData, d: RefundPayment['data'], rate: RefundPayment['rate']): { fx: PaymentFx } | Record<string, never> => {
  const open = foreignOpen(s);
  if (!s.fx || !open) return {};
  const relievedCents = -relief(open, -d.amountCents, s.fx.rate);
  // Refunded through the gateway: the euros it took, and the rate they come to.
  if (d.euroCents !== undefined && d.euroCents > 0) {
    return { fx: { currency: s.fx.currency, rate: impliedRate(d.amountCents, d.euroCents), rateDate: d.date, bookedRate: s.fx.rate, receivedCents: d.euroCents, relievedCents } };
  }
  if (!rate) throw new ValidationError(NO_REFUND_RATE);
  return { fx: { currency: s.fx.currency, rate: rate.rate, rateDate: rate.rateDate, bookedRate: s.fx.rate, receivedCents: toEuroCents(d.amountCents, rate.rate), relievedCents } };
};

const invalid = (field: string, message: string) => new ValidationError('Please correct the errors below.', { [field]: [message] });

const paymentOf = (state: InvoiceState, paymentId: string, reported: boolean) => {
  if (state.status === 'empty') throw new NotFoundError('Invoice not found.');
  const payment = state.payments.find((p) => p.paymentId === paymentId);
  if (!payment) throw reported ? new ConflictError(PAYMENT_NOT_YET_RECORDED) : new NotFoundError(PAYMENT_NOT_FOUND);
  return { state, payment };
};

/** An amount of money moved: a whole number of cents above zero, at most the bound every amount keeps (exact sums). */
const positive = (cents: number, field = 'amountCents'): void => {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw invalid(field, 'Enter an amount greater than zero.');
  if (cents > MAX_AMOUNT_CENTS) throw invalid(field, AMOUNT_TOO_LARGE);
};

/** A refund leaves from the money account its payment went into, when the payment names one. */
const accountOf = (payment: InvoicePayment): { cashAccountId?: string } => (payment.cashAccountId ? { cashAccountId: payment.cashAccountId } : {});

const refund = (cmd: RefundPayment, state: InvoiceState): InvoiceEvent[] => {
  const d = cmd.data;
  if (state.status !== 'empty' && state.refunds.some((r) => r.refundId === d.refundId)) return [];
  const { state: s, payment } = paymentOf(state, d.paymentId, !cmd.byHand);
  positive(d.amountCents);
  if (cmd.byHand) {
    if (!d.reason.trim()) throw invalid('reason', 'This field may not be blank.');
    if (payment.method === 'credit') throw new ValidationError(CREDIT_NOT_REFUNDABLE);
    if (d.date < payment.date) throw invalid('date', 'A refund cannot be dated before its payment.');
    const refundable = refundableCents(s, d.paymentId);
    if (d.amountCents > refundable) throw new ValidationError(overRefund(refundable), { amountCents: [overRefund(refundable)] });
  }
  const data = { invoiceId: s.invoiceId, paymentId: d.paymentId, refundId: d.refundId, amountCents: d.amountCents, date: d.date, method: payment.method, ...accountOf(payment), reason: d.reason.trim(), reference: d.reference, ...refundFx(s, d, cmd.rate) };
  return [{ type: 'PaymentRefunded', data }];
};

const failRefund = (cmd: FailRefund, state: InvoiceState): InvoiceEvent[] => {
  if (state.status === 'empty') throw new NotFoundError('Invoice not found.');
  const r = state.refunds.find((x) => x.refundId === cmd.data.refundId);
  // Unknown (its creation not reported yet: nothing to undo) or already failed: nothing to do.
  if (!r || r.failed) return [];
  const payment = state.payments.find((p) => p.paymentId === r.paymentId)!;
  const fx = r.fx ? { fx: r.fx } : {};
  return [{ type: 'RefundFailed', data: { invoiceId: state.invoiceId, paymentId: r.paymentId, refundId: r.refundId, amountCents: r.amountCents, date: cmd.data.date, method: payment.method, ...accountOf(payment), ...fx } }];
};

/**
 * A dispute of a payment of a foreign invoice, in euros: what the gateway withdrew, as its balance
 * transaction says, or else the payment's euros' share (what the charge settled at).
 */
const withdrawnFx = (s: InvoiceData, payment: InvoicePayment, amountCents: number, withdrawn: number | undefined): { fx: DisputeFx } | Record<string, never> => {
  if (!s.fx) return {};
  const euros = withdrawn ?? (payment.fx ? shareOf(payment.fx.receivedCents, amountCents, payment.amountCents) : toEuroCents(amountCents, s.fx.rate));
  return { fx: { currency: s.fx.currency, withdrawnCents: euros } };
};

const openDispute = (cmd: OpenDispute, state: InvoiceState): InvoiceEvent[] => {
  const d = cmd.data;
  if (state.status !== 'empty' && state.disputes.some((x) => x.disputeId === d.disputeId)) return [];
  const { state: s, payment } = paymentOf(state, d.paymentId, true);
  positive(d.amountCents);
  return [{ type: 'PaymentDisputed', data: { invoiceId: s.invoiceId, paymentId: d.paymentId, disputeId: d.disputeId, amountCents: d.amountCents, date: d.date, reason: d.reason, ...withdrawnFx(s, payment, d.amountCents, d.withdrawnEuroCents) } }];
};

/**
 * A foreign dispute's close in euros: won, what came back (the withdrawn euros unless the gateway
 * says otherwise); lost, the booked euros the invoice is owed again (its share of what is open, as a
 * refund puts back). The difference from the withdrawn euros is realised.
 */
const closedFx = (s: InvoiceState, withdrawn: DisputeFx | undefined, outcome: 'won' | 'lost', amountCents: number, returned: number | undefined): { fx: DisputeFx } | Record<string, never> => {
  if (s.status === 'empty' || !s.fx || !withdrawn) return {};
  if (outcome === 'won') return { fx: { ...withdrawn, returnedCents: returned ?? withdrawn.withdrawnCents } };
  const open = foreignOpen(s)!;
  return { fx: { ...withdrawn, relievedCents: -relief(open, -amountCents, s.fx.rate), bookedRate: s.fx.rate } };
};

const closeDispute = (cmd: CloseDispute, state: InvoiceState): InvoiceEvent[] => {
  const d = cmd.data;
  const known = state.status === 'empty' ? undefined : state.disputes.find((x) => x.disputeId === d.disputeId);
  if (known && known.status !== 'open') return [];
  // A close that arrives before the open records the open first, from what the close says.
  const opened = known
    ? []
    : openDispute(
        { type: 'OpenDispute', data: { paymentId: d.paymentId, disputeId: d.disputeId, amountCents: d.amountCents, date: d.opened.date, reason: d.opened.reason, ...(d.opened.withdrawnEuroCents === undefined ? {} : { withdrawnEuroCents: d.opened.withdrawnEuroCents }) } },
        state,
      );
  const amountCents = known?.amountCents ?? d.amountCents;
  const invoiceId = state.status === 'empty' ? '' : state.invoiceId;
  const withdrawn = known ? known.fx : opened[0]?.type === 'PaymentDisputed' ? opened[0].data.fx : undefined;
  const fx = closedFx(state, withdrawn, d.outcome, amountCents, d.returnedEuroCents);
  return [...opened, { type: 'DisputeClosed', data: { invoiceId, paymentId: d.paymentId, disputeId: d.disputeId, amountCents, date: d.date, outcome: d.outcome, ...fx } }];
};

const chargeFee = (cmd: ChargeGatewayFee, state: InvoiceState): InvoiceEvent[] => {
  const d = cmd.data;
  if (state.status !== 'empty' && state.feeIds.includes(d.feeId)) return [];
  const { state: s } = paymentOf(state, d.paymentId, true);
  // A payment without a fee (a zero-fee method) has nothing to post.
  if (d.amountCents === 0) return [];
  if (!Number.isSafeInteger(d.amountCents)) throw invalid('amountCents', 'A fee must be a whole number of cents.');
  return [{ type: 'GatewayFeeCharged', data: { invoiceId: s.invoiceId, paymentId: d.paymentId, feeId: d.feeId, amountCents: d.amountCents, date: d.date, kind: d.kind } }];
};

const transferCredit = (cmd: TransferCredit, state: InvoiceState): InvoiceEvent[] => {
  const d = cmd.data;
  if (state.status === 'empty') throw new NotFoundError('Invoice not found.');
  if (state.transferIds?.includes(d.transferId)) return [];
  positive(d.amountCents, 'amount');
  if (d.toInvoiceId === state.invoiceId) throw invalid('invoiceId', 'Credit cannot be applied to the invoice it comes from.');
  const available = availableCreditCents(state);
  if (d.amountCents > available) throw invalid('amount', overCreditBalance(available));
  // In another currency: the credit leaves at its share of the booked euros (all of them when it is all the credit).
  const open = foreignOpen(state);
  const fx = state.fx && open ? { fx: { ...state.fx, relievedCents: -relief(open, -d.amountCents, state.fx.rate) } } : {};
  const data = { invoiceId: state.invoiceId, transferId: d.transferId, applicationId: d.applicationId, toInvoiceId: d.toInvoiceId, toInvoiceNumber: d.toInvoiceNumber, clientId: state.clientId, amountCents: d.amountCents, date: d.date, ...fx };
  return [{ type: 'CreditTransferred', data }];
};

/**
 * May `clientId`'s credit of `amountCents` be applied to this invoice on `date`? Like a payment by
 * hand: an issued invoice of that client, not cancelled, not before its date, no more than it owes.
 */
export const checkCreditTarget = (state: InvoiceState, clientId: string, amountCents: number, date: string): void => {
  if (state.status !== 'issued') throw new NotFoundError('Invoice not found.');
  if (state.clientId !== clientId) throw invalid('invoiceId', CREDIT_OTHER_CLIENT);
  if (!isIssued(state)) throw invalid('invoiceId', CREDIT_ON_DRAFT);
  if (isCancelled(settlementOf(state))) throw new ConflictError(CREDIT_ON_CANCELLED);
  positive(amountCents, 'amount');
  if (date < state.date) throw invalid('date', CREDIT_BEFORE_INVOICE);
  const open = openCents(state);
  if (amountCents > open) throw invalid('amount', overOpenAmount(open));
};

export const decideMoneyMovement = (command: MoneyMovementCommand, state: InvoiceState): InvoiceEvent[] => {
  switch (command.type) {
    case 'RefundPayment':
      return refund(command, state);
    case 'FailRefund':
      return failRefund(command, state);
    case 'OpenDispute':
      return openDispute(command, state);
    case 'CloseDispute':
      return closeDispute(command, state);
    case 'ChargeGatewayFee':
      return chargeFee(command, state);
    case 'TransferCredit':
      return transferCredit(command, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
};
