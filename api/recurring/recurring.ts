import { BOOKS_CURRENCY } from '../../domain/currency/currencies';
import { fromEuroCents } from '../../domain/currency/conversion';
import type { DocumentRate } from '../../domain/currency/rate';
import { ExchangeRateService } from '../currencies';
import { v5 as uuidv5 } from 'uuid';
import { addDays, dayOf, yearOf } from '../../domain/shared/dates';
import { defaultDueDate } from '../../domain/billing/numbering';
import { assertInvoiceable } from '../../domain/billing/billing-state';
import { duePeriods, nextPeriod, type BillingCycle, type Period } from '../../domain/billing/periods';
import { decide } from '../../domain/invoice/decide';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import type { EventStore, Position } from '../../eventstore/event-store';
import { invoiceStreamId, type InvoiceEvent } from '../../domain/invoice/events';
import type { InvoiceState } from '../../domain/invoice/invoice';
import { writePathOf } from '../write/write-path';
import type { Command, CommandHandler } from '../write/command-handler';
import { answerAfterWrite } from '../platform/write-outcome';
import type { AppDeps } from '../platform/deps';
import type { DocumentNumbers } from '../write/numbering/document-numbers';
import { invoiceModel, type InvoiceService, invoiceWire, type InvoiceWire, viewInvoice } from '../invoicing';
import { findSubscription } from './subscription.queries';
import { type BuyerColumns, buyerOf, readParties, readSeller } from '../company';
import type { DocumentParties } from '../../domain/invoice/vat';

/** Fixed namespace: an invoice generated for (subscription, period start) has the same id everywhere, forever. */
export const GENERATED_INVOICE_NAMESPACE = 'b6f1e0a4-2c55-4f0e-9d3a-6f1b9c7e8a21';
export const generatedInvoiceId = (subscriptionId: string, periodStart: string): string =>
  uuidv5(`${subscriptionId}/${periodStart}`, GENERATED_INVOICE_NAMESPACE);

interface DueSubscription {
  id: string;
  client_id: string;
  /** The client's currency: a product's euro price is converted into it at the invoice date's rate. */
  currency: string;
  product_id: string;
  product_name: string;
  billing_cycle: BillingCycle;
  price_cents: number;
  vat_rate_bp: number;
  start_date: string;
  invoiced_end: string | null;
}

export interface PeriodInvoice {
  invoiceId: string;
  subscription: DueSubscription;
  /** Seller and buyer as they are when the period is invoiced. */
  parties: DocumentParties;
  period: Period;
  date: string;
  /** For a client in another currency: that currency and the rate of the invoice's date. */
  fx?: DocumentRate;
}

/** A period the write path refused to issue (its date in a locked period, say): nothing of it was written. */
export interface RefusedPeriod {
  subscriptionId: string;
  periodStart: string;
  /** The period's last day (as an invoice's period_end). */
  periodEnd: string;
  /** The invoice's date, as it would have been issued. */
  date: string;
  /** The refusal's stable reason (`BOOKS_LOCKED`), or its code when it has none. */
  reason: string;
  message: string;
}

export interface GenerationResult {
  created: number;
  skipped: number;
  subscriptions: number;
  /**
   * Periods refused as `POST /api/invoices/` would refuse their invoice (a date in a locked
   * period): not issued, and their subscription's later periods wait for them. A later run issues
   * them once they are allowed (the period reopened).
   */
  refused: RefusedPeriod[];
  /** True when the read models did not show every invoice issued within the wait (they will). */
  pending: boolean;
}

/** What became of a batch of periods. */
interface Issued {
  created: number;
  skipped: number;
  refused: { item: PeriodInvoice; error: AppError }[];
  position?: Position;
}

const PAGE = 500;
const CHUNK = 200;

const describe = (s: DueSubscription, p: Period): string =>
  s.billing_cycle === 'one_time' ? s.product_name : `${s.product_name} (${p.start} – ${addDays(p.end, -1)})`;

/** A refusal of the write path (the lock, a day out of bounds, a domain rule): the period is reported, the run goes on. */
const isRefusal = (err: unknown): err is AppError => err instanceof AppError && (err.code === 'VALIDATION' || err.code === 'CONFLICT');

/**
 * Recurring invoicing. Each period's invoice has a deterministic id and is issued through the
 * command handler as a new stream, with the same lock check, retries and numbering (in the
 * append's transaction) as `POST /api/invoices/`: a second run, or a run in another process at the
 * same moment, finds the stream taken and creates nothing, and a period the handler refuses is
 * reported and written nowhere.
 */
export class RecurringInvoicing {
  private readonly store: EventStore;
  private readonly numbers: DocumentNumbers;
  private readonly commands: CommandHandler;
  private readonly rates: ExchangeRateService;

  constructor(
    private readonly deps: AppDeps,
    private readonly invoices: InvoiceService,
  ) {
    this.rates = new ExchangeRateService(deps);
    this.store = deps.eventStore;
    ({ numbers: this.numbers, commands: this.commands } = writePathOf(deps));
  }

  /**
   * Issues every due period of every active, auto-invoiced subscription. A subscription's periods
   * are issued in order, one round each (a round's periods batched together): billing resumes after
   * the latest period issued, so a period issued past a refused one would leave that one behind for
   * good. Once a period is refused, its subscription's later periods wait for the next run.
   */
  async run(options: { today?: string; actor?: string; waitForReadModels?: boolean } = {}): Promise<GenerationResult> {
    const today = options.today ?? dayOf(this.deps.clock());
    const actor = options.actor ?? 'scheduler';
    const result: GenerationResult = { created: 0, skipped: 0, subscriptions: 0, refused: [], pending: false };
    let last: Position | undefined;
    let after = '';
    const seller = await readSeller(this.deps.db);
    for (;;) {
      const page: (DueSubscription & BuyerColumns)[] = await this.deps
        .db('subscriptions as s')
        .join('products as p', 'p.id', 's.product_id')
        .join('clients as c', 'c.id', 's.client_id')
        .leftJoin('subscription_billing as b', 'b.subscription_id', 's.id')
        .select('s.id', 's.client_id', 'c.currency', 's.product_id', 'p.name as product_name', 'p.billing_cycle', 'p.price_cents', 'p.vat_rate_bp', 's.start_date', 'b.invoiced_end')
        .select('c.name', 'c.address', 'c.country', 'c.vat_number')
        .where({ 's.status': 'active', 's.auto_generate_invoices': true })
        .where('s.start_date', '<=', today)
        .where((w) => w.whereNull('b.invoiced_end').orWhere((o) => o.whereNot('p.billing_cycle', 'one_time').where('b.invoiced_end', '<=', today)))
        .where('s.id', '>', after || '00000000-0000-0000-0000-000000000000')
        .orderBy('s.id')
        .limit(PAGE);
      if (page.length === 0) break;
      after = page[page.length - 1]!.id;
      // Each subscription's due periods, oldest first.
      const queues = page.flatMap((s) => {
        const parties = { seller, buyer: buyerOf(s, seller) };
        const due = duePeriods(s.start_date, s.billing_cycle, s.invoiced_end, today).map(
          (period): PeriodInvoice => ({ invoiceId: generatedInvoiceId(s.id, period.start), subscription: s, parties, period, date: period.start }),
        );
        return due.length > 0 ? [due] : [];
      });
      result.subscriptions += queues.length;
      for (let waiting = queues; waiting.length > 0; ) {
        const refused = new Set<string>();
        // A period of a client in another currency takes the rate of its date; without one it is refused as the write path refuses.
        const { priced: round, unpriced } = await this.priced(waiting.map((queue) => queue[0]!));
        const refuse = ({ item, error }: { item: PeriodInvoice; error: AppError }) => {
          refused.add(item.subscription.id);
          result.refused.push({
            subscriptionId: item.subscription.id,
            periodStart: item.period.start,
            periodEnd: addDays(item.period.end, -1),
            date: item.date,
            reason: error.reason ?? error.code,
            message: error.message,
          });
        };
        unpriced.forEach(refuse);
        for (let i = 0; i < round.length; i += CHUNK) {
          const outcome = await this.issue(round.slice(i, i + CHUNK), actor);
          result.created += outcome.created;
          result.skipped += outcome.skipped;
          outcome.refused.forEach(refuse);
          last = this.later(last, outcome.position);
        }
        waiting = waiting.filter((queue) => !refused.has(queue[0]!.subscription.id)).map((queue) => queue.slice(1)).filter((queue) => queue.length > 0);
      }
      if (page.length < PAGE) break;
    }
    if (result.refused.length > 0) this.deps.logger.warn({ refused: result.refused }, 'recurring generation left periods it may not issue yet');
    // A run is idempotent (each period's invoice has one id), so a failure after some appends may be retried as it is.
    if (last && options.waitForReadModels !== false) result.pending = !(await this.commands.reach(last, { timeoutMs: 30_000 }));
    return result;
  }

  /** The periods with their client's rate (none in euros), and those whose currency has no rate on their date. */
  private async priced(items: PeriodInvoice[]): Promise<{ priced: PeriodInvoice[]; unpriced: { item: PeriodInvoice; error: AppError }[] }> {
    const priced: PeriodInvoice[] = [];
    const unpriced: { item: PeriodInvoice; error: AppError }[] = [];
    for (const item of items) {
      try {
        priced.push(await this.withRate(item));
      } catch (err) {
        if (!isRefusal(err)) throw err;
        unpriced.push({ item, error: err });
      }
    }
    return { priced, unpriced };
  }

  /** A period of a client in another currency with the rate of its date (a 400 naming both without one). */
  private async withRate(item: PeriodInvoice): Promise<PeriodInvoice> {
    const currency = item.subscription.currency;
    if (currency === BOOKS_CURRENCY) return item;
    const found = await this.rates.rateOn(currency, item.date);
    return { ...item, fx: { currency, rate: found.rate, rateDate: found.date } };
  }

  /** POST /subscriptions/{id}/create-invoice/: the next period's invoice now, even before it is due. */
  async createForSubscription(subscriptionId: string, actor: string): Promise<InvoiceWire> {
    const s = await findSubscription(this.deps.db, subscriptionId);
    if (!s) throw new NotFoundError('Subscription not found.');
    assertInvoiceable(s.status);
    const period = nextPeriod(s.start_date, s.billing_cycle, s.invoiced_end);
    if (!period) throw new ValidationError('This once-off subscription has already been invoiced.');
    const today = dayOf(this.deps.clock());
    const item: PeriodInvoice = await this.withRate({
      invoiceId: generatedInvoiceId(s.id, period.start),
      subscription: { ...s },
      parties: await readParties(this.deps.db, s.client_id),
      period,
      // Billed ahead of its start: the invoice is dated today.
      date: period.start < today ? period.start : today,
    });
    // Refused as POST /api/invoices/ refuses (a locked day: 400 BOOKS_LOCKED), with nothing written.
    const handled = await this.commands.handle(invoiceModel, this.command(item, actor));
    if (handled.events.length === 0) throw new ConflictError('This period has already been invoiced.');
    return answerAfterWrite(
      this.deps.logger,
      async () => {
        const invoice = await this.invoices.get(item.invoiceId);
        if (!invoice) throw new NotFoundError('Invoice not found.');
        return invoice;
      },
      // Not in the list yet: the invoice from its stream, with the client as it was invoiced.
      async () => {
        const row = await viewInvoice(this.store, item.invoiceId);
        if (!row) throw new NotFoundError('Invoice not found.');
        return invoiceWire({ ...row, client_name: item.parties.buyer.name });
      },
      handled,
    );
  }

  /**
   * Issues a batch of periods through the command handler (`handleBatch`): their numbers are taken
   * and their streams started in one numbering transaction on PostgreSQL, a period refused there
   * (a locked day) is taken out while the others commit, and a period some other run issued
   * meanwhile decides nothing (skipped). Periods already numbered are skipped before any command.
   * An error that is not a refusal (the database gone) fails the run, which may be run again.
   */
  async issue(items: PeriodInvoice[], actor: string): Promise<Issued> {
    const numbered = await this.numbers.numbered(items.map((i) => i.invoiceId));
    const fresh = items.filter((i) => !numbered.has(i.invoiceId));
    const issued: Issued = { created: 0, skipped: items.length - fresh.length, refused: [] };
    if (fresh.length === 0) return issued;
    const batch = await this.commands.handleBatch(invoiceModel, fresh.map((item) => this.command(item, actor)), { wait: false });
    let failure: unknown;
    batch.outcomes.forEach((outcome, i) => {
      if (outcome.handled) {
        if (outcome.handled.events.length > 0) issued.created++;
        else issued.skipped++;
      } else if (isRefusal(outcome.error)) issued.refused.push({ item: fresh[i]!, error: outcome.error });
      else failure ??= outcome.error;
    });
    if (failure !== undefined) throw failure;
    issued.position = batch.position;
    return issued;
  }

  /** The period's invoice as a command: a new stream, numbered in its append, refused (never deferred) on a locked day. */
  private command(item: PeriodInvoice, actor: string): Command<InvoiceState, InvoiceEvent> {
    const s = item.subscription;
    return {
      streamId: invoiceStreamId(item.invoiceId),
      actor,
      newStream: true,
      // An invoice is a document the run decides to issue, not a report of what happened: the
      // scheduler's run is refused on a locked day as a person's POST /api/invoices/ is.
      lockPolicy: 'refuse',
      number: { documentId: item.invoiceId, request: { series: 'invoice', year: yearOf(item.date) } },
      decide: ({ state, revision }, invoiceNumber) =>
        // Issued by another run meanwhile: nothing to do.
        revision !== 'no_stream'
          ? []
          : decide(
              {
                type: 'IssueInvoice',
                data: {
                  invoiceId: item.invoiceId,
                  invoiceNumber: invoiceNumber!,
                  clientId: s.client_id,
                  date: item.date,
                  dueDate: defaultDueDate(item.date),
                  // The product's euro price, in the client's currency at the invoice date's rate.
                  lines: [{ description: describe(s, item.period), quantityMilli: 1000, unitPriceCents: item.fx ? fromEuroCents(s.price_cents, item.fx.rate) : s.price_cents, vatRateBp: s.vat_rate_bp, productId: s.product_id }],
                  period: { subscriptionId: s.id, start: item.period.start, end: item.period.end },
                  parties: item.parties,
                  ...(item.fx ? { fx: item.fx } : {}),
                },
              },
              state,
            ),
    };
  }

  private later(a: Position | undefined, b: Position | undefined): Position | undefined {
    return this.store.comparePositions(a, b) >= 0 ? a : b;
  }
}
