import { BOOKS_CURRENCY, isClientCurrency } from '../../domain/currency/currencies';
import { createHash } from 'node:crypto';
import type { User } from '../platform/user';
import type { CheckoutAnswer, ReconcileAnswer } from '../platform/contracts/rest.contract';
import type { AppDeps } from '../platform/deps';
import { chargesByCard } from '../platform/config';
import { isUuid } from '../platform/wire';
import { dayOf } from '../../domain/shared/dates';
import { AppError, NotFoundError, UnavailableError, ValidationError } from '../../domain/shared/errors';
import type { RecordPayment } from '../../domain/invoice/decide';
import type { PayableInvoice } from '../../domain/invoice/invoice';
import { CheckoutProviderError, type ChargeSnapshot, type CheckoutGateway, type CheckoutSessionSnapshot } from './checkout-gateway';
import type { ChargedMoney } from '../../domain/currency/rate';
import { checkoutBaseUrl, resolveReturnPath, returnUrls } from './return-path';
import type { MoneyMovementService } from './money-movements.service';
import { stripePaymentId } from './payment-ids';
import { actionOf, verifyWebhook } from './webhook';

export const ALREADY_PAID = 'This invoice has already been paid.';
export const NO_LONGER_PAYABLE = 'This invoice has been cancelled and is no longer payable.';
/** The simulated checkout (no Stripe keys) charges euros only: an invoice in another currency is paid by bank transfer there. */
export const cardNotInCurrency = (currency: string): string => `This invoice is in ${currency}: it cannot be paid by card here. Please pay it by bank transfer.`;
export const NOTHING_TO_PAY = 'This invoice has nothing to pay.';
export const CHECKOUT_FAILED = 'Failed to create Stripe checkout session.';

export type PaymentToRecord = RecordPayment['data'];

/** The invoice side payments depends on: billing owns invoices; payments never writes them itself. */
export interface InvoicePaymentsPort {
  findPayable(invoiceId: string): Promise<PayableInvoice | undefined>;
  /**
   * Idempotent on paymentId; concurrent deliveries are settled by the one write path's retries.
   * `charged`: the card's currency, and the euros the gateway settled a charge in another one at.
   */
  recordCardPayment(invoiceId: string, payment: PaymentToRecord, charged: ChargedMoney, actor: string): Promise<void>;
}

export type SettleOutcome = 'recorded' | 'not_paid' | 'unknown_invoice' | 'refused';

export const paymentIdOf = (session: CheckoutSessionSnapshot): string => stripePaymentId(session.paymentIntentId ?? session.id);

const HOUR_MS = 3_600_000;

/** When a Stripe event says it happened (`created`, Unix seconds); undefined for a hand-made one without it. */
const reportedAt = (created: number | undefined): Date | undefined => (Number.isFinite(created) ? new Date(created! * 1000) : undefined);

export class PaymentService {
  constructor(
    private readonly deps: AppDeps,
    readonly gateway: CheckoutGateway,
    private readonly invoices: InvoicePaymentsPort,
    readonly movements: MoneyMovementService,
  ) {}

  /**
   * Opens a hosted checkout for what is still owed. The invoice id is the capability for anonymous
   * callers (the pay link); a client user may pay only its own invoices. `requestOrigin` is the
   * origin the caller used; it counts only where config allows (see checkoutBaseUrl).
   */
  async createCheckoutSession(
    invoiceId: string,
    returnTo: string | null | undefined,
    user: User | undefined,
    requestOrigin?: string,
  ): Promise<CheckoutAnswer> {
    const invoice = isUuid(invoiceId) ? await this.invoices.findPayable(invoiceId.toLowerCase()) : undefined;
    if (!invoice) throw new NotFoundError('Invoice not found.');
    if (user && !user.is_superuser && user.client_id !== invoice.clientId) throw new NotFoundError('Invoice not found.');
    if (invoice.cancelled) throw new ValidationError(NO_LONGER_PAYABLE);
    if (invoice.paid) throw new ValidationError(ALREADY_PAID);
    if (!chargesByCard(this.deps.config, invoice.currency)) throw new ValidationError(cardNotInCurrency(invoice.currency));
    // A €0 invoice (or one whose credit notes and payments leave nothing open) is not paid but has
    // nothing to charge: the pay page says the same and offers no Pay Now.
    if (invoice.openCents <= 0) throw new ValidationError(NOTHING_TO_PAY);
    const path = resolveReturnPath(returnTo, invoice.id);
    const urls = returnUrls(checkoutBaseUrl(this.deps.config, requestOrigin), path);
    const request = {
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      amountCents: invoice.openCents,
      currency: invoice.currency,
      customerEmail: invoice.clientEmail ?? undefined,
      ...urls,
    };
    // Double clicks within the hour reuse one session. Stripe refuses a reused key with other
    // parameters, so every parameter is part of the key: any change makes a new session.
    const bucket = Math.floor(this.deps.clock().getTime() / HOUR_MS);
    const idempotencyKey = createHash('sha256').update(JSON.stringify([request, bucket])).digest('hex');
    try {
      const session = await this.gateway.createSession({ ...request, idempotencyKey });
      return { sessionId: session.id, url: session.url };
    } catch (err) {
      if (!(err instanceof CheckoutProviderError)) throw err;
      this.deps.logger.error({ err: err.cause ?? err, invoiceId }, 'checkout session creation failed');
      throw new UnavailableError(CHECKOUT_FAILED);
    }
  }

  /** A webhook delivery: verified on its raw bytes, then settled through the idempotent path. */
  async handleWebhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true; outcome?: SettleOutcome }> {
    const secret = this.gateway.webhookSecret;
    if (!secret) {
      this.deps.logger.error('a Stripe webhook arrived but STRIPE_WEBHOOK_SECRET is not set');
      throw new ValidationError('Webhook signing secret is not configured.');
    }
    const event = verifyWebhook(rawBody, signature, secret);
    const action = actionOf(event);
    // The day the gateway reports it (every Stripe event has `created`; a hand-made one may not).
    const reportedOn = dayOf(reportedAt(event.created) ?? this.deps.clock());
    switch (action.kind) {
      case 'settle':
        return { received: true, outcome: await this.settle(action.session, reportedAt(event.created)) };
      case 'failed':
        this.deps.logger.warn({ sessionId: action.session.id, invoiceId: action.session.invoiceId }, 'asynchronous card payment failed');
        return { received: true };
      case 'charge':
        await this.movements.recordPaymentFee(action.paymentIntentId, reportedOn);
        return { received: true };
      case 'refunds':
        await this.movements.recordGatewayRefundsOf(action.paymentIntentId, reportedOn);
        return { received: true };
      case 'refund':
        await this.movements.recordGatewayRefund(action.refund, reportedOn);
        return { received: true };
      case 'dispute':
        await this.movements.recordDispute(action.dispute, reportedOn);
        return { received: true };
      case 'payout':
        await this.movements.recordPayout(action.payout);
        return { received: true };
      case 'ignore':
        return { received: true };
      default: {
        const exhaustive: never = action;
        return exhaustive;
      }
    }
  }

  /** The return from checkout is no proof of payment: ask the gateway, then settle idempotently. */
  async reconcile(sessionId: string): Promise<ReconcileAnswer> {
    let session: CheckoutSessionSnapshot | undefined;
    try {
      session = await this.gateway.retrieveSession(sessionId);
    } catch (err) {
      if (!(err instanceof CheckoutProviderError)) throw err;
      this.deps.logger.error({ err: err.cause ?? err, sessionId }, 'checkout session lookup failed');
      throw new UnavailableError();
    }
    if (!session) throw new NotFoundError('Checkout session not found.');
    const outcome = await this.settle(session);
    return { invoice_id: session.invoiceId, paid: outcome === 'recorded' };
  }

  /**
   * The paid session's charge as the gateway keeps it: when the customer paid and what the gateway
   * settled it at; none for a session without a payment intent, or whose charge the gateway does not
   * show. When the gateway cannot be asked, nothing is recorded (503): a later delivery or return records it.
   */
  private async chargeOf(session: CheckoutSessionSnapshot): Promise<ChargeSnapshot | undefined> {
    if (!session.paymentIntentId) return undefined;
    try {
      return await this.gateway.chargeOf(session.paymentIntentId);
    } catch (err) {
      if (!(err instanceof CheckoutProviderError)) throw err;
      this.deps.logger.error({ err: err.cause ?? err, sessionId: session.id }, 'the paid session\'s charge could not be read; it is recorded when reported again');
      throw new UnavailableError();
    }
  }

  /**
   * What the card was charged in, and for another currency than the euro the euros Stripe settled
   * it at, as its balance transaction says: until Stripe has settled the charge nothing is recorded
   * (503), and a later delivery or return records it.
   */
  private charged(session: CheckoutSessionSnapshot, charge: ChargeSnapshot | undefined, currency: string): ChargedMoney {
    if (currency === BOOKS_CURRENCY) return { currency, euroCents: null };
    if (charge?.settledCents && charge.settledCurrency === BOOKS_CURRENCY) return { currency, euroCents: charge.settledCents };
    this.deps.logger.warn({ sessionId: session.id, settledCurrency: charge?.settledCurrency ?? null }, 'a card payment in another currency is not settled in euros yet; it is recorded when reported again');
    throw new UnavailableError();
  }

  /**
   * Records a paid session's payment exactly once, however often and in whatever order it is
   * reported, dated on the day the customer paid (in the books' time zone, see `dayOf`). A day in a
   * locked period is still recorded (the gateway's report is never refused): the ledger posts it
   * on the first open day and the admin inbox shows it.
   */
  async settle(session: CheckoutSessionSnapshot, reported?: Date): Promise<SettleOutcome> {
    if (session.paymentStatus !== 'paid') return 'not_paid';
    const log = this.deps.logger.child({ sessionId: session.id, invoiceId: session.invoiceId });
    const invoiceId = isUuid(session.invoiceId) ? session.invoiceId.toLowerCase() : undefined;
    if (!invoiceId) {
      log.error('a paid checkout session names no known invoice; record it by hand');
      return 'unknown_invoice';
    }
    const currency = session.currency?.toUpperCase() ?? '';
    if (!isClientCurrency(currency) || session.amountTotalCents === null || session.amountTotalCents <= 0) {
      log.error({ currency: session.currency, amount: session.amountTotalCents }, 'a paid checkout session has an unexpected amount');
      return 'refused';
    }
    const charge = await this.chargeOf(session);
    const charged = this.charged(session, charge, currency);
    const payment: PaymentToRecord = {
      paymentId: paymentIdOf(session),
      amountCents: session.amountTotalCents,
      method: 'stripe',
      reference: session.paymentIntentId ?? session.id,
      // When the customer paid: the charge's time as the gateway keeps it (a webhook delivered days
      // late, or a return reconciled later, dates it on the day it was made), else when it was reported.
      date: dayOf(charge?.paidAt ?? reported ?? this.deps.clock()),
    };
    try {
      // Recorded even when the invoice was cancelled or deleted meanwhile: it becomes the client's
      // credit balance and an alert in the admin inbox, never lost.
      await this.invoices.recordCardPayment(invoiceId, payment, charged, 'stripe');
      if (session.paymentIntentId) await this.movements.recordPaymentFeeSoon(session.paymentIntentId, payment.date);
      return 'recorded';
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') {
        log.error('a paid checkout session names no known invoice; record it by hand');
        return 'unknown_invoice';
      }
      if (err instanceof AppError && err.code === 'VALIDATION') {
        log.error({ err }, 'a paid checkout session was refused by its invoice; refund or record it by hand');
        return 'refused';
      }
      throw err;
    }
  }
}
