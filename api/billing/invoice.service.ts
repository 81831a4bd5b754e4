import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import { dayOf, yearOf } from '../../domain/shared/dates';
import { normaliseInvoiceNumber } from '../../domain/billing/numbering';
import { decide, type InvoiceCommand, type LineInput } from '../../domain/invoice/decide';
import type { InvoiceEvent, PaymentMethod } from '../../domain/invoice/events';
import { evolve, isPaid, openCents, type InvoiceState } from '../../domain/invoice/invoice';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { StreamConflictError, type ExpectedRevision } from '../../eventstore/event-store';
import type { AppDeps } from '../deps';
import { parseInput } from '../http/validate';
import { invoiceInput, type InvoiceInput } from './invoice.schema';
import { InvoiceNumbers } from './invoice-numbers';
import { findInvoice, invoiceWire, type InvoiceWire } from './invoice.queries';
import { InvoiceRepository, type LoadedInvoice } from './invoice-repository';
import { isUuid } from './wire';

/** Namespace of payment ids derived from a manual "mark as paid" (so a retry derives the same id). */
const MANUAL_PAYMENT_NAMESPACE = '4f7c1d52-9a0e-4a53-8d7e-3b8f0c6a2e11';
const NOT_FOUND = 'Invoice not found.';
export const NOT_UNPAID = 'A paid invoice cannot be marked as unpaid.';

export interface PaymentInput {
  paymentId: string;
  amountCents: number;
  method: PaymentMethod;
  reference: string | null;
  date: string;
}

/** What payments need to charge an invoice (see api/payments InvoicePaymentsPort). */
export interface PayableInvoice {
  id: string;
  invoiceNumber: string;
  clientId: string;
  clientEmail: string | null;
  openCents: number;
  paid: boolean;
}

const decideAll = (state: InvoiceState, commands: InvoiceCommand[]): InvoiceEvent[] => {
  const out: InvoiceEvent[] = [];
  let s = state;
  for (const c of commands) {
    const events = decide(c, s);
    out.push(...events);
    s = events.reduce(evolve, s);
  }
  return out;
};

const lineInputs = (items: InvoiceInput['items']): LineInput[] | undefined =>
  items?.map((i) => ({ description: i.description, quantityMilli: i.quantity, unitPriceCents: i.unit_price, vatRateBp: i.vat_rate }));

/** Invoice commands (the only writer of invoice streams) and the reads payments rely on. */
export class InvoiceService {
  readonly repository: InvoiceRepository;
  readonly numbers: InvoiceNumbers;

  constructor(private readonly deps: AppDeps) {
    this.repository = new InvoiceRepository(deps.eventStore);
    this.numbers = new InvoiceNumbers(deps.db);
  }

  private today(): string {
    return dayOf(this.deps.clock());
  }

  private async assertClient(clientId: string): Promise<void> {
    const client = await this.deps.db('clients').where({ id: clientId }).first('id');
    if (!client) {
      throw new ValidationError('Please correct the errors below.', { client: [`Invalid pk "${clientId}" - object does not exist.`] });
    }
  }

  /** The invoice as answered after a command: read from its stream, once the read models caught up. */
  private async answer(invoiceId: string, position?: string): Promise<InvoiceWire> {
    if (position) await this.deps.projections.waitFor(position);
    const row = await this.repository.view(invoiceId);
    if (!row) throw new NotFoundError(NOT_FOUND);
    const client = await this.deps.db('clients').where({ id: row.client_id }).first('name');
    return invoiceWire({ ...row, client_name: client?.name ?? null });
  }

  /**
   * Runs a command against the current stream. Without a version from the caller a concurrent
   * append is retried on fresh state (marking paid twice stays harmless); with one it is a 409.
   */
  private async execute(
    invoiceId: string,
    actor: string,
    plan: (loaded: LoadedInvoice) => Promise<InvoiceEvent[]> | InvoiceEvent[],
    options: { expectedVersion?: number; onFailure?: () => Promise<void> } = {},
  ): Promise<string | undefined> {
    for (let attempt = 0; ; attempt++) {
      const loaded = await this.repository.load(invoiceId);
      if (options.expectedVersion !== undefined && loaded.revision !== options.expectedVersion) throw new ConflictError();
      const events = await plan(loaded);
      if (events.length === 0) return undefined;
      try {
        return (await this.repository.append(invoiceId, events, loaded.revision, { actor })).position;
      } catch (err) {
        if (err instanceof StreamConflictError && options.expectedVersion === undefined && attempt < 3) continue;
        await options.onFailure?.();
        throw err instanceof StreamConflictError ? new ConflictError() : err;
      }
    }
  }

  async create(body: unknown, actor: string): Promise<InvoiceWire> {
    const input = parseInput(invoiceInput, body);
    await this.assertClient(input.client);
    const invoiceId = randomUUID();
    const typed = input.invoice_number?.trim() ? normaliseInvoiceNumber(input.invoice_number) : undefined;
    let number: string;
    if (typed) {
      await this.numbers.claim(typed, invoiceId);
      number = typed;
    } else {
      number = (await this.numbers.assign([{ invoiceId, year: yearOf(input.date) }])).get(invoiceId)!;
    }
    const commands: InvoiceCommand[] = [
      {
        type: 'IssueInvoice',
        data: { invoiceId, invoiceNumber: number, clientId: input.client, date: input.date, dueDate: input.due_date, lines: lineInputs(input.items) ?? [], period: null },
      },
    ];
    if (input.paid) commands.push(this.markCommand(invoiceId, 0));
    let events: InvoiceEvent[];
    try {
      events = decideAll({ status: 'empty' }, commands);
    } catch (err) {
      await this.numbers.release(number, invoiceId);
      throw err;
    }
    const position = await this.execute(invoiceId, actor, () => events, { onFailure: () => this.numbers.release(number, invoiceId) });
    return this.answer(invoiceId, position);
  }

  async update(invoiceId: string, body: unknown, actor: string): Promise<InvoiceWire> {
    const input = parseInput(invoiceInput, body);
    const current = await this.repository.load(invoiceId);
    if (current.state.status !== 'issued') throw new NotFoundError(NOT_FOUND);
    await this.assertClient(input.client);
    const typed = input.invoice_number?.trim() ? normaliseInvoiceNumber(input.invoice_number) : undefined;
    const oldNumber = current.state.invoiceNumber;
    const renamed = typed !== undefined && typed !== oldNumber;
    if (renamed) await this.numbers.claim(typed, invoiceId);
    const position = await this.execute(
      invoiceId,
      actor,
      ({ state, revision }) => {
        if (state.status !== 'issued') throw new NotFoundError(NOT_FOUND);
        if (input.paid === false && isPaid(state)) throw new ValidationError(NOT_UNPAID, { paid: [NOT_UNPAID] });
        const commands: InvoiceCommand[] = [
          {
            type: 'EditInvoice',
            data: { invoiceNumber: typed ?? state.invoiceNumber, clientId: input.client, date: input.date, dueDate: input.due_date, lines: lineInputs(input.items) },
          },
        ];
        if (input.paid === true) commands.push(this.markCommand(invoiceId, revision));
        return decideAll(state, commands);
      },
      { expectedVersion: input.version },
    ).catch(async (err) => {
      if (renamed) await this.numbers.release(typed, invoiceId);
      throw err;
    });
    if (renamed && position) await this.numbers.release(oldNumber, invoiceId);
    return this.answer(invoiceId, position);
  }

  /** Deleting appends InvoiceVoided(reason 'deleted'): gone from lists, kept in history. */
  async remove(invoiceId: string, actor: string): Promise<void> {
    const position = await this.execute(invoiceId, actor, ({ state }) =>
      decide({ type: 'VoidInvoice', data: { reason: 'deleted', date: this.today() } }, state),
    );
    if (position) await this.deps.projections.waitFor(position);
  }

  private markCommand(invoiceId: string, revision: ExpectedRevision): InvoiceCommand {
    return { type: 'MarkInvoicePaid', data: { paymentId: uuidv5(`manual:${invoiceId}:${String(revision)}`, MANUAL_PAYMENT_NAMESPACE), date: this.today() } };
  }

  async markAsPaid(invoiceId: string, actor: string): Promise<InvoiceWire> {
    const position = await this.execute(invoiceId, actor, ({ state, revision }) => decide(this.markCommand(invoiceId, revision), state));
    return this.answer(invoiceId, position);
  }

  /** Records a payment; idempotent on paymentId (a retried webhook records nothing new). */
  async recordPayment(invoiceId: string, payment: PaymentInput, actor: string): Promise<void> {
    if (!isUuid(invoiceId)) throw new NotFoundError(NOT_FOUND);
    const position = await this.execute(invoiceId, actor, ({ state }) => decide({ type: 'RecordPayment', data: payment }, state));
    if (position) await this.deps.projections.waitFor(position);
  }

  /** Appends InvoiceSent; the invoice-mail reactor e-mails the PDF exactly once per event. */
  async send(invoiceId: string, actor: string): Promise<InvoiceWire> {
    const position = await this.execute(invoiceId, actor, async ({ state }) => {
      if (state.status !== 'issued') throw new NotFoundError(NOT_FOUND);
      const client = await this.deps.db('clients').where({ id: state.clientId }).first('email');
      if (!client?.email) throw new ValidationError('The client has no e-mail address to send the invoice to.');
      const payUrl = `${this.deps.config.publicBaseUrl}/pay-invoice/${invoiceId}`;
      return decide({ type: 'SendInvoice', data: { to: client.email, sentAt: this.deps.clock().toISOString(), payUrl } }, state);
    });
    return this.answer(invoiceId, position);
  }

  async findPayable(invoiceId: string): Promise<PayableInvoice | undefined> {
    if (!isUuid(invoiceId)) return undefined;
    const { state } = await this.repository.load(invoiceId);
    if (state.status !== 'issued') return undefined;
    const client = await this.deps.db('clients').where({ id: state.clientId }).first('email');
    return {
      id: state.invoiceId,
      invoiceNumber: state.invoiceNumber,
      clientId: state.clientId,
      clientEmail: client?.email ?? null,
      openCents: openCents(state),
      paid: isPaid(state),
    };
  }

  /** What is still owed on a live invoice, in cents; undefined for an unknown or deleted one. */
  async openAmount(invoiceId: string): Promise<number | undefined> {
    return (await this.findPayable(invoiceId))?.openCents;
  }

  get(invoiceId: string): Promise<InvoiceWire | undefined> {
    return findInvoice(this.deps.db, invoiceId);
  }

  /** Every change with who and when, oldest first (deleted invoices included). */
  async history(invoiceId: string): Promise<{ type: string; at: string; actor: string; revision: number; data: unknown }[]> {
    const { events } = await this.repository.load(invoiceId);
    if (events.length === 0) throw new NotFoundError(NOT_FOUND);
    return events.map((e) => ({ type: e.type, at: e.metadata.recordedAt, actor: e.metadata.actor, revision: e.streamRevision, data: e.data }));
  }
}
