import { createHash } from 'node:crypto';
import type { User } from '../auth/user.service';
import type { CheckoutAnswer, ReconcileAnswer } from '../contracts/rest.contract';
import type { AppDeps } from '../deps';
import { dayOf } from '../../domain/shared/dates';
import { AppError, NotFoundError, UnavailableError, ValidationError } from '../../domain/shared/errors';
import type { RecordPayment } from '../../domain/invoice/decide';
import type { PayableInvoice } from '../../domain/invoice/invoice';
import { CheckoutProviderError, type CheckoutGateway, type CheckoutSessionSnapshot } from './checkout-gateway';
import { checkoutBaseUrl, resolveReturnPath, returnUrls } from './return-path';
import type { MoneyMovementService } from './money-movements.service';
import { stripePaymentId } from './payment-ids';
import { actionOf, verifyWebhook } from './webhook';

export const ALREADY_PAID = 'This invoice has already been paid.';
export const NO_LONGER_PAYABLE = 'This invoice has been cancelled and is no longer payable.';
export const NOTHING_TO_PAY = 'This invoice has nothing to pay.';
export const CHECKOUT_FAILED = 'Failed to create Stripe checkout session.';

export type PaymentToRecord = RecordPayment['data'];

/** The invoice side payments depends on: billing owns invoices; payments never writes them itself. */
export interface InvoicePaymentsPort {
  findPayable(invoiceId: string): Promise<PayableInvoice | undefined>;
  /** Idempotent on paymentId; concurrent deliveries are settled by the one write path's retries. */
  recordPayment(invoiceId: string, payment: PaymentToRecord, actor: string): Promise<void>;
}

export type SettleOutcome = 'recorded' | 'not_paid' | 'unknown_invoice' | 'refused';

export const paymentIdOf = (session: CheckoutSessionSnapshot): string => stripePaymentId(session.paymentIntentId ?? session.id);

const HOUR_MS = 3_600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    const invoice = UUID.test(invoiceId) ? await this.invoices.findPayable(invoiceId.toLowerCase()) : undefined;
    if (!invoice) throw new NotFoundError('Invoice not found.');
    if (user && !user.is_superuser && user.client_id !== invoice.clientId) throw new NotFoundError('Invoice not found.');
    if (invoice.cancelled) throw new ValidationError(NO_LONGER_PAYABLE);
    if (invoice.paid) throw new ValidationError(ALREADY_PAID);
    // A €0 invoice (or one whose credit notes and payments leave nothing open) is not paid but has
    // nothing to charge: the pay page says the same and offers no Pay Now.
    if (invoice.openCents <= 0) throw new ValidationError(NOTHING_TO_PAY);
    const path = resolveReturnPath(returnTo, invoice.id);
    const urls = returnUrls(checkoutBaseUrl(this.deps.config, requestOrigin), path);
    const request = {
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      amountCents: invoice.openCents,
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
    const reportedOn = dayOf(Number.isFinite(event.created) ? new Date(event.created * 1000) : this.deps.clock());
    switch (action.kind) {
      case 'settle':
        return { received: true, outcome: await this.settle(action.session) };
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

  /** Records a paid session's payment exactly once, however often and in whatever order it is reported. */
  async settle(session: CheckoutSessionSnapshot): Promise<SettleOutcome> {
    if (session.paymentStatus !== 'paid') return 'not_paid';
    const log = this.deps.logger.child({ sessionId: session.id, invoiceId: session.invoiceId });
    const invoiceId = session.invoiceId && UUID.test(session.invoiceId) ? session.invoiceId.toLowerCase() : undefined;
    if (!invoiceId) {
      log.error('a paid checkout session names no known invoice; record it by hand');
      return 'unknown_invoice';
    }
    if (session.currency !== 'eur' || session.amountTotalCents === null || session.amountTotalCents <= 0) {
      log.error({ currency: session.currency, amount: session.amountTotalCents }, 'a paid checkout session has an unexpected amount');
      return 'refused';
    }
    const payment: PaymentToRecord = {
      paymentId: paymentIdOf(session),
      amountCents: session.amountTotalCents,
      method: 'stripe',
      reference: session.paymentIntentId ?? session.id,
      date: this.deps.clock().toISOString().slice(0, 10),
    };
    try {
      // Recorded even when the invoice was cancelled or deleted meanwhile: it becomes the client's
      // credit balance and an alert in the admin inbox, never lost.
      await this.invoices.recordPayment(invoiceId, payment, 'stripe');
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
