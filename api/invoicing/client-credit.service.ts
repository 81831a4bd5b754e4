import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import { checkCreditTarget, overCreditBalance } from '../../domain/invoice/money-movements';
import type { InvoiceEvent } from '../../domain/invoice/events';
import { dayOf } from '../../domain/shared/dates';
import { NotFoundError, ValidationError } from '../../domain/shared/errors';
import type { CreditTransferRow } from '../../projections/invoice-payments/invoice-payments';
import { startPeriodic } from '../platform/background/periodic';
import type { AppDeps } from '../platform/deps';
import type { InvoiceService } from './invoice.service';
import type { InvoiceWire } from './invoice.queries';
import { isUuid } from '../platform/wire';
import { runIdempotent } from '../platform/http/idempotency';
import { creditSources, type CreditSource } from './client-balance';

/** Namespace of a credit transfer's ids (from the request and the source) and of its receiving payment. */
const CREDIT_NAMESPACE = '8a3e5b1c-6d2f-4e7a-9c0b-1f4d2e3a5b6c';
/** A transfer whose receiving half is still missing this long after it was recorded is completed by the sweep. */
export const UNFINISHED_AFTER_MS = 30_000;
/** How many times one application plans its transfers again after concurrent ones drained its sources. */
const MAX_PLANS = 5;

export interface ApplyCredit {
  clientId: string;
  invoiceId: string;
  amountCents: number;
  /** Defaults to today. */
  date?: string;
  /** The same key (e.g. the dialog's Idempotency-Key) makes a retried request the same application. */
  requestKey?: string;
}

export interface CreditApplied {
  appliedCents: number;
  transfers: { fromInvoiceId: string; amountCents: number }[];
  invoice: InvoiceWire;
}

/**
 * Applies a client's credit balance to one of its open invoices: it draws on the invoices holding
 * credit (oldest first), each a `CreditTransferred` on that invoice's stream (checked against its
 * revision, so credit is never spent twice), then a `credit` payment on the receiving invoice
 * (idempotent on an id derived from the transfer). A crash between the two is completed by `sweep`.
 */
/** The booked euros credit in another currency left its invoice with, and that invoice's rate. */
interface TransferredEuros {
  rate: string;
  euroCents: number;
}

export class ClientCreditService {
  constructor(
    private readonly deps: AppDeps,
    private readonly invoices: InvoiceService,
  ) {}

  /** Invoices of the client holding credit, oldest first, as their streams have them now. */
  private sources(clientId: string): Promise<CreditSource[]> {
    return creditSources(this.deps.db, (id) => this.invoices.load(id), clientId);
  }

  async apply(input: ApplyCredit, actor: string): Promise<CreditApplied> {
    const { requestKey: key, ...request } = input;
    if (!key) return this.applyOnce(input, actor);
    // The key is bound to its request: the same application again answers the first, another is a 409.
    return runIdempotent(this.deps.db, { userId: actor, key, request: { applyCredit: request }, now: this.deps.clock(), logger: this.deps.logger }, () => this.applyOnce(input, actor));
  }

  private async applyOnce(input: ApplyCredit, actor: string): Promise<CreditApplied> {
    if (!isUuid(input.clientId)) throw new NotFoundError('Client not found.');
    if (!(await this.deps.db('clients').where({ id: input.clientId }).first('id'))) throw new NotFoundError('Client not found.');
    if (!isUuid(input.invoiceId)) throw new ValidationError('Please correct the errors below.', { invoiceId: ['Invoice not found.'] });
    const applicationId = uuidv5(`apply:${input.clientId}:${input.requestKey ?? randomUUID()}`, CREDIT_NAMESPACE);
    const done: CreditTransferRow[] = await this.deps.db('credit_transfers').where({ application_id: applicationId });
    if (done.length > 0) {
      // A retry of a request that already applied credit: finish what it started, apply nothing new.
      for (const t of done) await this.complete(t, actor);
      return this.answer(input.invoiceId, done.map((t) => ({ fromInvoiceId: t.from_invoice_id, amountCents: Number(t.amount_cents) })));
    }
    const date = input.date ?? dayOf(this.deps.clock());
    const target = await this.invoices.load(input.invoiceId);
    checkCreditTarget(target, input.clientId, input.amountCents, date);
    const targetNumber = target.status === 'empty' ? '' : target.invoiceNumber;
    const transfers: CreditApplied['transfers'] = [];
    let remaining = input.amountCents;
    // A concurrent application for the same client may drain a source between the plan and its
    // transfer (the source's revision check refuses it): plan again from what is left.
    for (let round = 0; remaining > 0 && round < MAX_PLANS; round++) {
      const sources = (await this.sources(input.clientId)).filter((s) => s.id !== input.invoiceId);
      const available = sources.reduce((sum, s) => sum + s.cents, 0);
      if (transfers.length === 0 && remaining > available) throw new ValidationError('Please correct the errors below.', { amount: [overCreditBalance(available)] });
      if (available === 0) break;
      for (const source of sources) {
        if (remaining === 0) break;
        const amountCents = Math.min(remaining, source.cents);
        // The first plan's ids stay those of earlier versions, so a retried request finds them.
        const transferId = uuidv5(round === 0 ? `${applicationId}:${source.id}` : `${applicationId}:${source.id}:${round}`, CREDIT_NAMESPACE);
        let moved: InvoiceEvent[];
        try {
          moved = await this.invoices.move(source.id, { type: 'TransferCredit', data: { transferId, applicationId, toInvoiceId: input.invoiceId, toInvoiceNumber: targetNumber, amountCents, date } }, actor);
        } catch (err) {
          if (err instanceof ValidationError && err.fieldErrors?.amount) break;
          throw err;
        }
        const transferred = moved.find((e) => e.type === 'CreditTransferred');
        const euros = transferred?.type === 'CreditTransferred' && transferred.data.fx ? { rate: transferred.data.fx.rate, euroCents: transferred.data.fx.relievedCents } : undefined;
        await this.receive({ transferId, toInvoiceId: input.invoiceId, fromNumber: source.number, amountCents, date, euros }, actor);
        transfers.push({ fromInvoiceId: source.id, amountCents });
        remaining -= amountCents;
      }
    }
    return this.answer(input.invoiceId, transfers);
  }

  /**
   * The receiving half: a `credit` payment on the target, idempotent on the transfer. The first half
   * was accepted, so a lock set since then defers this half past it rather than refusing it.
   */
  private async receive(t: { transferId: string; toInvoiceId: string; fromNumber: string; amountCents: number; date: string; euros: TransferredEuros | undefined }, actor: string): Promise<void> {
    const paymentId = uuidv5(`credit:${t.transferId}`, CREDIT_NAMESPACE);
    // Credit in another currency arrives with the booked euros it left its invoice with, at that invoice's rate.
    const rate = t.euros ? { rate: t.euros.rate, rateDate: t.date, receivedCents: t.euros.euroCents } : undefined;
    await this.invoices.recordPayment(t.toInvoiceId, { paymentId, amountCents: t.amountCents, date: t.date, method: 'credit', reference: t.fromNumber || null, transferId: t.transferId }, actor, 'defer', rate);
  }

  private async complete(t: CreditTransferRow, actor: string): Promise<void> {
    if (t.payment_id) return;
    const from = await this.invoices.load(t.from_invoice_id);
    const fromNumber = from.status === 'empty' ? '' : from.invoiceNumber;
    const euroCents = from.status === 'empty' ? undefined : from.transferredEuros?.[t.transfer_id];
    const euros = from.status !== 'empty' && from.fx && euroCents !== undefined ? { rate: from.fx.rate, euroCents } : undefined;
    await this.receive({ transferId: t.transfer_id, toInvoiceId: t.to_invoice_id, fromNumber, amountCents: Number(t.amount_cents), date: String(t.date), euros }, actor);
  }

  /**
   * Completes transfers whose receiving half a crash left unrecorded; returns how many it completed.
   * Their age is measured on the wall clock, as events are stamped.
   */
  async sweep(olderThanMs = UNFINISHED_AFTER_MS): Promise<number> {
    const cutoff = new Date(Date.now() - olderThanMs);
    const unfinished: CreditTransferRow[] = await this.deps.db('credit_transfers').whereNull('payment_id').where('recorded_at', '<', cutoff).limit(100);
    for (const t of unfinished) await this.complete({ ...t, date: dateOnly(t.date) }, t.actor);
    return unfinished.length;
  }

  private async answer(invoiceId: string, transfers: CreditApplied['transfers']): Promise<CreditApplied> {
    const invoice = await this.invoices.get(invoiceId);
    if (!invoice) throw new NotFoundError('Invoice not found.');
    return { appliedCents: transfers.reduce((sum, t) => sum + t.amountCents, 0), transfers, invoice };
  }
}

/** A `date` column as 'YYYY-MM-DD' whichever driver read it. */
const dateOnly = (v: unknown): string => (v instanceof Date ? dayOf(v) : String(v).slice(0, 10));

/** Every minute: completes credit transfers a crash left half done (each completion is idempotent). */
export const startCreditTransferSweep = (deps: AppDeps, credit: ClientCreditService, intervalMs = 60_000): { stop: () => void } =>
  startPeriodic(
    () =>
      void credit.sweep().then(
        (n) => n > 0 && deps.logger.info({ completed: n }, 'credit transfers completed'),
        (err: unknown) => deps.logger.warn({ err }, 'credit transfer sweep failed'),
      ),
    intervalMs,
  );
