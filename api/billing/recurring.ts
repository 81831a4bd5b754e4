import { v5 as uuidv5 } from 'uuid';
import { addDays, dayOf, yearOf } from '../../domain/shared/dates';
import { defaultDueDate } from '../../domain/billing/numbering';
import { assertInvoiceable } from '../../domain/billing/billing-state';
import { duePeriods, nextPeriod, type BillingCycle, type Period } from '../../domain/billing/periods';
import { decide } from '../../domain/invoice/decide';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { StreamConflictError, type EventStore, type Position } from '../../eventstore/event-store';
import { invoiceStreamId } from '../../domain/invoice/events';
import { writePathOf } from '../commands/write-path';
import type { AppDeps } from '../deps';
import type { DocumentNumbers, NumberedAppend } from '../numbering/document-numbers';
import { invoiceModel } from './invoice-stream';
import type { InvoiceService } from './invoice.service';
import type { InvoiceWire } from './invoice.queries';
import { findSubscription } from './subscription.queries';
import { buyerOf, readParties, readSeller, type BuyerColumns } from './parties';
import type { DocumentParties } from '../../domain/invoice/vat';

/** Fixed namespace: an invoice generated for (subscription, period start) has the same id everywhere, forever. */
export const GENERATED_INVOICE_NAMESPACE = 'b6f1e0a4-2c55-4f0e-9d3a-6f1b9c7e8a21';
export const generatedInvoiceId = (subscriptionId: string, periodStart: string): string =>
  uuidv5(`${subscriptionId}/${periodStart}`, GENERATED_INVOICE_NAMESPACE);

interface DueSubscription {
  id: string;
  client_id: string;
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
}

export interface GenerationResult {
  created: number;
  skipped: number;
  subscriptions: number;
}

const PAGE = 500;
const CHUNK = 200;

const describe = (s: DueSubscription, p: Period): string =>
  s.billing_cycle === 'one_time' ? s.product_name : `${s.product_name} (${p.start} – ${addDays(p.end, -1)})`;

/**
 * Recurring invoicing. Each period's invoice has a deterministic id and is appended with expected
 * revision no_stream: a second run, or a run in another process at the same moment, finds the
 * stream taken and creates nothing.
 */
export class RecurringInvoicing {
  private readonly store: EventStore;
  private readonly numbers: DocumentNumbers;

  constructor(
    private readonly deps: AppDeps,
    private readonly invoices: InvoiceService,
  ) {
    this.store = deps.eventStore;
    this.numbers = writePathOf(deps).numbers;
  }

  /** Issues every due period of every active, auto-invoiced subscription. */
  async run(options: { today?: string; actor?: string; waitForReadModels?: boolean } = {}): Promise<GenerationResult> {
    const today = options.today ?? dayOf(this.deps.clock());
    const actor = options.actor ?? 'scheduler';
    const result: GenerationResult = { created: 0, skipped: 0, subscriptions: 0 };
    let last: Position | undefined;
    let after = '';
    const seller = await readSeller(this.deps.db);
    for (;;) {
      const page: (DueSubscription & BuyerColumns)[] = await this.deps
        .db('subscriptions as s')
        .join('products as p', 'p.id', 's.product_id')
        .join('clients as c', 'c.id', 's.client_id')
        .leftJoin('subscription_billing as b', 'b.subscription_id', 's.id')
        .select('s.id', 's.client_id', 'p.name as product_name', 'p.billing_cycle', 'p.price_cents', 'p.vat_rate_bp', 's.start_date', 'b.invoiced_end')
        .select('c.name', 'c.address', 'c.country', 'c.vat_number')
        .where({ 's.status': 'active', 's.auto_generate_invoices': true })
        .where('s.start_date', '<=', today)
        .where((w) => w.whereNull('b.invoiced_end').orWhere((o) => o.whereNot('p.billing_cycle', 'one_time').where('b.invoiced_end', '<=', today)))
        .where('s.id', '>', after || '00000000-0000-0000-0000-000000000000')
        .orderBy('s.id')
        .limit(PAGE);
      if (page.length === 0) break;
      after = page[page.length - 1]!.id;
      const due = page.flatMap((s) => {
        const parties = { seller, buyer: buyerOf(s, seller) };
        return duePeriods(s.start_date, s.billing_cycle, s.invoiced_end, today).map((period) => ({
          invoiceId: generatedInvoiceId(s.id, period.start),
          subscription: s,
          parties,
          period,
          date: period.start,
        }));
      });
      result.subscriptions += new Set(due.map((d) => d.subscription.id)).size;
      for (let i = 0; i < due.length; i += CHUNK) {
        const outcome = await this.issue(due.slice(i, i + CHUNK), actor);
        result.created += outcome.created;
        result.skipped += outcome.skipped;
        last = this.later(last, outcome.position);
      }
      if (page.length < PAGE) break;
    }
    if (last && options.waitForReadModels !== false) await this.deps.projections.waitFor(last, { timeoutMs: 30_000 });
    return result;
  }

  /** POST /subscriptions/{id}/create-invoice/: the next period's invoice now, even before it is due. */
  async createForSubscription(subscriptionId: string, actor: string): Promise<InvoiceWire> {
    const s = await findSubscription(this.deps.db, subscriptionId);
    if (!s) throw new NotFoundError('Subscription not found.');
    assertInvoiceable(s.status);
    const period = nextPeriod(s.start_date, s.billing_cycle, s.invoiced_end);
    if (!period) throw new ValidationError('This once-off subscription has already been invoiced.');
    const today = dayOf(this.deps.clock());
    const item: PeriodInvoice = {
      invoiceId: generatedInvoiceId(s.id, period.start),
      subscription: { ...s },
      parties: await readParties(this.deps.db, s.client_id),
      period,
      // Billed ahead of its start: the invoice is dated today.
      date: period.start < today ? period.start : today,
    };
    const outcome = await this.issue([item], actor);
    if (outcome.created === 0) throw new ConflictError('This period has already been invoiced.');
    if (outcome.position) await this.deps.projections.waitFor(outcome.position);
    const invoice = await this.invoices.get(item.invoiceId);
    if (!invoice) throw new NotFoundError('Invoice not found.');
    return invoice;
  }

  /**
   * Numbers and appends a batch in one step (one transaction on PostgreSQL). A period some other
   * run issued meanwhile fails the batch; its invoices are then issued one by one, and the taken
   * periods skipped.
   */
  async issue(items: PeriodInvoice[], actor: string): Promise<{ created: number; skipped: number; position?: Position }> {
    const numbered = await this.numbers.numbered(items.map((i) => i.invoiceId));
    const fresh = items.filter((i) => !numbered.has(i.invoiceId));
    let skipped = items.length - fresh.length;
    try {
      const { position } = await this.numbers.append(fresh.map((item) => this.numberedAppend(item, actor)));
      return { created: fresh.length, skipped, position };
    } catch (err) {
      if (!(err instanceof StreamConflictError)) throw err;
    }
    let created = 0;
    let position: Position | undefined;
    for (const item of fresh) {
      try {
        const result = await this.numbers.append([this.numberedAppend(item, actor)]);
        created++;
        position = this.later(position, result.position);
      } catch (err) {
        if (!(err instanceof StreamConflictError)) throw err;
        skipped++;
      }
    }
    return { created, skipped, position };
  }

  private numberedAppend(item: PeriodInvoice, actor: string): NumberedAppend {
    const s = item.subscription;
    return {
      documentId: item.invoiceId,
      streamId: invoiceStreamId(item.invoiceId),
      expectedRevision: 'no_stream',
      request: { series: 'invoice', year: yearOf(item.date) },
      build: (invoiceNumber) =>
        decide(
          {
            type: 'IssueInvoice',
            data: {
              invoiceId: item.invoiceId,
              invoiceNumber,
              clientId: s.client_id,
              date: item.date,
              dueDate: defaultDueDate(item.date),
              lines: [{ description: describe(s, item.period), quantityMilli: 1000, unitPriceCents: s.price_cents, vatRateBp: s.vat_rate_bp }],
              period: { subscriptionId: s.id, start: item.period.start, end: item.period.end },
              parties: item.parties,
            },
          },
          { status: 'empty' },
        ).map((e) => invoiceModel.toNew(e, actor)),
    };
  }

  private later(a: Position | undefined, b: Position | undefined): Position | undefined {
    return this.store.comparePositions(a, b) >= 0 ? a : b;
  }
}
