import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import { dayOf, yearOf } from '../../domain/shared/dates';
import { normaliseInvoiceNumber } from '../../domain/billing/numbering';
import type { CreateInvoice, IssueCreditNote, RecordInvoicePayment, UpdateInvoice } from '../../domain/invoice/commands';
import { decide, type InvoiceCommand, type LineInput, type PaymentRate, type RecordPayment } from '../../domain/invoice/decide';
import { invoiceStreamId, type InvoiceEvent, type PaymentMethod } from '../../domain/invoice/events';
import type { MoneyMovementCommand } from '../../domain/invoice/money-movements';
import { currencyOf, evolve, isCancelled, isIssued, isPaid, openCents, settlementOf, type InvoiceState, type PayableInvoice } from '../../domain/invoice/invoice';
import { creditNoteIdOf, decodeInvoiceEvent, isInvoiceEvent } from '../../domain/invoice/stream';
import { NotFoundError, ValidationError, type FieldErrors } from '../../domain/shared/errors';
import type { ExpectedRevision } from '../../eventstore/event-store';
import type { LockPolicy } from '../../domain/accounting/period-lock';
import type { CommandHandler, Handled, Loaded } from '../write/command-handler';
import { writePathOf } from '../write/write-path';
import { answerAfterWrite } from '../platform/write-outcome';
import { evolveCreditNote } from '../../projections/credit-notes/credit-notes';
import type { AppDeps } from '../platform/deps';
import { creditNoteWire, findCreditNote, type CreditNoteWire } from './credit-note.queries';
import { findInvoice, invoiceWire, type InvoiceWire } from './invoice.queries';
import { invoiceModel, viewAfter, viewInvoice, viewStarted } from './invoice-stream';
import { readParties, readPayee } from '../company';
import type { StatementPayment, StatementPaymentOutcome, StatementPaymentRef, StatementPayments } from '../bank';
import { inTimeOrder, reminderHistory } from './payment-reminders';
import { isUuid } from '../platform/wire';
import { BOOKS_CURRENCY } from '../../domain/currency/currencies';
import { impliedRate } from '../../domain/currency/conversion';
import { chargedInOtherCurrency, type ChargedMoney, type DocumentRate } from '../../domain/currency/rate';
import { ExchangeRateService } from '../currencies';

/** Namespace of payment ids derived from a manual "mark as paid" (so a retry derives the same id). */
const MANUAL_PAYMENT_NAMESPACE = '4f7c1d52-9a0e-4a53-8d7e-3b8f0c6a2e11';
const NOT_FOUND = 'Invoice not found.';
const UNKNOWN_PRODUCT = 'Invalid pk - product does not exist.';
export const NOT_UNPAID = 'A paid invoice cannot be marked as unpaid.';
export const CANCELLATION_REASON = 'Invoice cancelled';

export type PaymentToRecord = RecordPayment['data'];


/**
 * Where a payment recorded by hand is deposited: the ledger account of the money account named, or
 * of the method's default one; undefined for a method that settles elsewhere (a card). The bank
 * module answers it; the composition root hands it in.
 */
export interface DepositAccounts {
  depositLedgerAccount(method: PaymentMethod, moneyAccountId: string | null | undefined): Promise<string | undefined>;
}

/** Without money accounts (a bare service in a test): every method's own account, as before them. */
const NO_MONEY_ACCOUNTS: DepositAccounts = { depositLedgerAccount: async () => undefined };

/** One row of an invoice's history: an event of its stream, or a payment reminder sent. */
export interface HistoryEntry {
  type: string;
  at: string;
  actor: string;
  /** The stream revision of the event, or the one a reminder was decided on. */
  revision: number;
  data: unknown;
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

const typedNumber = (value: string | undefined): string | undefined => (value?.trim() ? normaliseInvoiceNumber(value) : undefined);

/** The client's name as the invoice was written (older invoices kept none). */
const buyerName = (state: InvoiceState): string | null => (state.status === 'empty' ? null : (state.parties?.buyer.name ?? null));

/** Invoice commands (the only writer of invoice streams) and the reads payments rely on. */
export class InvoiceService implements StatementPayments {
  private readonly commands: CommandHandler;
  private readonly rates: ExchangeRateService;

  constructor(
    private readonly deps: AppDeps,
    /** Where money recorded by hand is deposited (the bank module's money accounts). */
    private readonly deposits: DepositAccounts = NO_MONEY_ACCOUNTS,
  ) {
    this.commands = writePathOf(deps).commands;
    this.rates = new ExchangeRateService(deps);
  }

  private today(): string {
    return dayOf(this.deps.clock());
  }

  /**
   * The currency and rate a document of the client's dated `date` is written in: none for a client
   * in euros; else the rate of that day or the last before it, or a 400 naming currency and day.
   */
  private async documentRate(clientId: string, date: string): Promise<DocumentRate | undefined> {
    const client: { currency: string } | undefined = await this.deps.db('clients').where({ id: clientId }).first('currency');
    if (!client || client.currency === BOOKS_CURRENCY) return undefined;
    const found = await this.rates.rateOn(client.currency, date);
    return { currency: found.currency, rate: found.rate, rateDate: found.date };
  }

  /** The rate of a payment's day, for a payment of an invoice in another currency (none for one in euros). */
  private async paymentRate(state: InvoiceState, date: string): Promise<{ rate: string; rateDate: string } | undefined> {
    if (state.status === 'empty' || !state.fx) return undefined;
    const found = await this.rates.rateOn(state.fx.currency, date);
    return { rate: found.rate, rateDate: found.date };
  }

  private run(invoiceId: string, actor: string, decideOn: (loaded: Loaded<InvoiceState>, number: string | undefined) => InvoiceEvent[] | Promise<InvoiceEvent[]>, options: Pick<Parameters<CommandHandler['handle']>[1], 'expectedRevision' | 'newStream' | 'number' | 'lockPolicy'> = {}): Promise<Handled<InvoiceState, InvoiceEvent>> {
    return this.commands.handle(invoiceModel, { streamId: invoiceStreamId(invoiceId), actor, decide: decideOn, ...options });
  }

  /**
   * The invoice as answered after a command (the handler already waited for the read models); when
   * reading it back fails, folded from the stream the command loaded and the events it appended.
   */
  private async answer(invoiceId: string, handled: Handled<InvoiceState, InvoiceEvent>): Promise<InvoiceWire> {
    return answerAfterWrite(
      this.deps.logger,
      async () => {
        const row = await viewInvoice(this.deps.eventStore, invoiceId);
        if (!row) throw new NotFoundError(NOT_FOUND);
        const client = await this.deps.db('clients').where({ id: row.client_id }).first('name');
        return invoiceWire({ ...row, client_name: client?.name ?? null });
      },
      () => {
        const row = viewAfter(handled.loaded.events, handled.events, this.deps.clock().toISOString());
        if (!row) throw new NotFoundError(NOT_FOUND);
        return invoiceWire({ ...row, client_name: buyerName(handled.state) });
      },
      handled,
    );
  }

  /** The current state of an invoice's stream. */
  async load(invoiceId: string): Promise<InvoiceState> {
    return (await this.commands.load(invoiceModel, invoiceStreamId(invoiceId))).state;
  }

  /** Lines that name a product name one of the catalogue's (refused under `lines.<i>.productId`). */
  private async assertProducts(lines: readonly LineInput[] | undefined): Promise<void> {
    const named = [...new Set((lines ?? []).flatMap((l) => (l.productId ? [l.productId] : [])))];
    if (named.length === 0) return;
    const known = new Set((await this.deps.db('products').whereIn('id', named).pluck('id')) as string[]);
    const errors: FieldErrors = {};
    lines!.forEach((l, i) => {
      if (l.productId && !known.has(l.productId)) errors[`lines.${i}.productId`] = [UNKNOWN_PRODUCT];
    });
    if (Object.keys(errors).length) throw new ValidationError('Please correct the errors below.', errors);
  }

  async create(command: CreateInvoice, actor: string): Promise<InvoiceWire> {
    await this.assertProducts(command.lines);
    const parties = await readParties(this.deps.db, command.clientId);
    const invoiceId = randomUUID();
    const typed = typedNumber(command.invoiceNumber);
    const bank = command.paid ? await this.markedPaidAccount() : undefined;
    const fx = await this.documentRate(command.clientId, command.date);
    const paidRate = command.paid && fx ? await this.rates.rateOn(fx.currency, this.today()) : undefined;
    const { events } = await this.run(
      invoiceId,
      actor,
      ({ state }, number) =>
        decideAll(state, [
          {
            type: 'IssueInvoice',
            data: { invoiceId, invoiceNumber: number!, clientId: command.clientId, date: command.date, dueDate: command.dueDate, lines: command.lines ?? [], period: null, parties, ...(fx ? { fx } : {}) },
          },
          ...(command.paid ? [this.markCommand(invoiceId, 0, bank, paidRate && { rate: paidRate.rate, rateDate: paidRate.date })] : []),
        ]),
      { newStream: true, number: { documentId: invoiceId, request: typed ? { series: 'invoice', typed } : { series: 'invoice', year: yearOf(command.date) } } },
    );
    // Answered from the events just appended (the stream holds exactly these) and the client read above.
    const row = viewStarted(events, this.deps.clock().toISOString());
    if (!row) throw new NotFoundError(NOT_FOUND);
    return invoiceWire({ ...row, client_name: parties.buyer.name });
  }

  async update(command: UpdateInvoice, actor: string): Promise<InvoiceWire> {
    const { invoiceId } = command;
    const current = await this.load(invoiceId);
    if (current.status !== 'issued') throw new NotFoundError(NOT_FOUND);
    await this.assertProducts(command.lines);
    const parties = await readParties(this.deps.db, command.clientId);
    const typed = typedNumber(command.invoiceNumber);
    const bank = command.paid === true ? await this.markedPaidAccount() : undefined;
    const fx = await this.documentRate(command.clientId, command.date);
    // A new number is claimed in the same step as the edit; the old one is freed with it.
    const renamed = typed !== undefined && typed !== current.invoiceNumber;
    const handled = await this.run(
      invoiceId,
      actor,
      async ({ state, revision }, number) => {
        if (state.status !== 'issued') throw new NotFoundError(NOT_FOUND);
        if (command.paid === false && isPaid(settlementOf(state))) throw new ValidationError(NOT_UNPAID, { paid: [NOT_UNPAID] });
        const edit: InvoiceCommand = {
          type: 'EditInvoice',
          data: { invoiceNumber: number ?? state.invoiceNumber, clientId: command.clientId, date: command.date, dueDate: command.dueDate, lines: command.lines, parties, ...(fx ? { fx } : {}) },
        };
        if (command.paid !== true) return decideAll(state, [edit]);
        // Marked paid today in the currency the edit leaves it in.
        const edited = decide(edit, state).reduce(evolve, state);
        return decideAll(state, [edit, this.markCommand(invoiceId, revision, bank, await this.paymentRate(edited, this.today()))]);
      },
      { expectedRevision: command.expectedVersion, number: renamed ? { documentId: invoiceId, request: { series: 'invoice', typed } } : undefined },
    );
    return this.answer(invoiceId, handled);
  }

  /**
   * Deleting a draft appends InvoiceVoided(reason 'deleted'): gone from lists, kept in history.
   * An issued invoice is never erased: it is cancelled by a full credit note and stays readable.
   */
  async remove(invoiceId: string, actor: string): Promise<void> {
    const state = await this.load(invoiceId);
    if (state.status === 'issued' && isIssued(state)) {
      await this.credit({ invoiceId, reason: CANCELLATION_REASON }, actor);
      return;
    }
    await this.run(invoiceId, actor, ({ state: s }) => decide({ type: 'VoidInvoice', data: { reason: 'deleted', date: this.today() } }, s));
  }

  /** Issues a credit note (own gap-free series, claimed with its event) against an issued invoice. */
  async credit(command: IssueCreditNote, actor: string): Promise<CreditNoteWire> {
    await this.assertProducts(command.lines);
    const creditNoteId = randomUUID();
    const date = command.date ?? this.today();
    const handled = await this.run(
      command.invoiceId,
      actor,
      ({ state }, number) =>
        decide({ type: 'CreditInvoice', data: { creditNoteId, creditNoteNumber: number!, date, reason: command.reason, lines: command.lines } }, state),
      { number: { documentId: creditNoteId, request: { series: 'credit_note', year: yearOf(date) } } },
    );
    return answerAfterWrite(
      this.deps.logger,
      async () => {
        const note = await findCreditNote(this.deps.db, creditNoteId);
        if (!note) throw new NotFoundError('Credit note not found.');
        return note;
      },
      // Not in the read model yet (or unreadable): the credit note as its event states it.
      () => {
        const credited = handled.events.find((e) => e.type === 'InvoiceCredited' && e.data.creditNoteId === creditNoteId);
        const row = credited && evolveCreditNote(null, { type: credited.type, data: credited.data, metadata: { recordedAt: this.deps.clock().toISOString() } });
        if (!row) throw new NotFoundError('Credit note not found.');
        return creditNoteWire({ ...row, client_name: buyerName(handled.state) });
      },
      // A wait that ran out answers from the event: a saved credit note never answers 404.
      handled,
    );
  }

  /** Marked as paid: a bank transfer of what is open, into the default bank account (`cashAccountId`) when there is one. */
  private markCommand(invoiceId: string, revision: ExpectedRevision, cashAccountId: string | undefined, rate?: { rate: string; rateDate: string }): InvoiceCommand {
    const paymentId = uuidv5(`manual:${invoiceId}:${String(revision)}`, MANUAL_PAYMENT_NAMESPACE);
    return { type: 'MarkInvoicePaid', data: { paymentId, date: this.today(), ...(cashAccountId ? { cashAccountId } : {}) }, ...(rate ? { rate } : {}) };
  }

  /** The default bank account's ledger account: where a mark as paid deposits. */
  private markedPaidAccount(): Promise<string | undefined> {
    return this.deposits.depositLedgerAccount('manual', null);
  }

  async markAsPaid(invoiceId: string, actor: string): Promise<InvoiceWire> {
    const bank = await this.markedPaidAccount();
    return this.answer(invoiceId, await this.run(invoiceId, actor, async ({ state, revision }) => decide(this.markCommand(invoiceId, revision, bank, await this.paymentRate(state, this.today())), state)));
  }

  /**
   * Records a payment; idempotent on paymentId (a retried webhook records nothing new). `lockPolicy`
   * 'defer' completes what was already accepted (a credit transfer's second half) even once its day is locked.
   */
  async recordPayment(invoiceId: string, payment: PaymentToRecord, actor: string, lockPolicy?: LockPolicy, rate?: PaymentRate): Promise<void> {
    if (!isUuid(invoiceId)) throw new NotFoundError(NOT_FOUND);
    await this.run(invoiceId, actor, ({ state }) => decide({ type: 'RecordPayment', data: payment, ...(rate ? { rate } : {}) }, state), { lockPolicy });
  }

  /**
   * A card payment as the gateway reports it (idempotent on paymentId, never refused for the day or
   * the invoice's state): `charged` is the currency the card was charged in, which must be the
   * invoice's, and for an invoice in another currency the euros the gateway settled it at, the payment's
   * euros in the books (its rate is what they come to).
   */
  async recordCardPayment(invoiceId: string, payment: PaymentToRecord, charged: ChargedMoney, actor: string): Promise<void> {
    if (!isUuid(invoiceId)) throw new NotFoundError(NOT_FOUND);
    await this.run(invoiceId, actor, ({ state }) => {
      const currency = currencyOf(state);
      if (state.status !== 'empty' && charged.currency !== currency) throw new ValidationError(chargedInOtherCurrency(charged.currency, currency));
      const rate = currency !== BOOKS_CURRENCY && charged.euroCents ? { rate: impliedRate(payment.amountCents, charged.euroCents), rateDate: payment.date, receivedCents: charged.euroCents } : undefined;
      return decide({ type: 'RecordPayment', data: payment, ...(rate ? { rate } : {}) }, state);
    });
  }

  /** A payment recorded by hand (any date from the invoice's on, partial or above what is owed). */
  async recordManualPayment(command: RecordInvoicePayment, actor: string): Promise<InvoiceWire> {
    const cashAccountId = await this.deposits.depositLedgerAccount(command.method, command.moneyAccountId);
    const data: PaymentToRecord = { paymentId: randomUUID(), amountCents: command.amountCents, date: command.date, method: command.method, reference: command.reference?.trim() || null, ...(cashAccountId ? { cashAccountId } : {}) };
    return this.answer(
      command.invoiceId,
      await this.run(command.invoiceId, actor, async ({ state }) => {
        const rate = await this.paymentRate(state, command.date);
        return decide({ type: 'RecordPayment', data, byHand: true, ...(rate ? { rate } : {}) }, state);
      }),
    );
  }

  /**
   * Payments bank statement lines show (their reconciliation): each a bank transfer into its money
   * account, dated on the line's booking day, checked as a payment by hand is. Recorded through the
   * write path's batch (a refusal is that payment's outcome, never the others'); the caller waits
   * for the read models once it has written what the payments belong to. Answers, in order, each
   * payment's id or the error that refused it.
   */
  async recordStatementPayments(commands: readonly StatementPayment[], actor: string): Promise<StatementPaymentOutcome[]> {
    const ledgerAccounts = new Map<string, string | undefined>();
    for (const id of new Set(commands.map((c) => c.moneyAccountId))) ledgerAccounts.set(id, await this.deposits.depositLedgerAccount('bank', id));
    const payments = commands.map((command) => {
      const cashAccountId = ledgerAccounts.get(command.moneyAccountId);
      const data: PaymentToRecord = { paymentId: randomUUID(), amountCents: command.amountCents, date: command.date, method: 'bank', reference: command.reference, ...(cashAccountId ? { cashAccountId } : {}) };
      return { invoiceId: command.invoiceId, data };
    });
    const known = payments.filter((p) => isUuid(p.invoiceId));
    const batch = await this.commands.handleBatch(
      invoiceModel,
      known.map(({ invoiceId, data }) => ({ streamId: invoiceStreamId(invoiceId), actor, decide: ({ state }: Loaded<InvoiceState>) => decide({ type: 'RecordPayment', data, byHand: true }, state) })),
      { wait: false },
    );
    const outcomes = new Map(known.map((p, k) => [p, batch.outcomes[k]!]));
    return payments.map((p) => {
      const outcome = outcomes.get(p);
      if (!outcome) return { error: new NotFoundError(NOT_FOUND) };
      return outcome.error !== undefined ? { error: outcome.error } : { paymentId: p.data.paymentId };
    });
  }

  /**
   * Takes statement lines' payments back out of the books (their reconciliation undone): each
   * invoice owed again as if the payment had never been (the domain's RemovePayment). With `check`
   * nothing is written: the refusal of the first payment that cannot be removed (refunded since,
   * its credit applied elsewhere) is thrown, so the caller can refuse before it changes anything.
   * Otherwise one batch, one wait; answers each payment's refusal, or undefined.
   */
  async removeStatementPayments(payments: readonly StatementPaymentRef[], actor: string, options: { check?: boolean } = {}): Promise<unknown[]> {
    const command = (paymentId: string) => ({ type: 'RemovePayment' as const, data: { paymentId, reason: 'statement_line_unreconciled' as const } });
    if (options.check) {
      for (const p of payments) decide(command(p.paymentId), (await this.commands.load(invoiceModel, invoiceStreamId(p.invoiceId))).state);
      return payments.map(() => undefined);
    }
    const batch = await this.commands.handleBatch(
      invoiceModel,
      payments.map((p) => ({ streamId: invoiceStreamId(p.invoiceId), actor, decide: ({ state }: Loaded<InvoiceState>) => decide(command(p.paymentId), state) })),
    );
    return batch.outcomes.map((o) => o.error);
  }

  /** A refund, dispute or gateway fee on one of the invoice's payments (the domain decides). */
  async move(invoiceId: string, command: MoneyMovementCommand, actor: string): Promise<InvoiceEvent[]> {
    if (!isUuid(invoiceId)) throw new NotFoundError(NOT_FOUND);
    return (await this.run(invoiceId, actor, async ({ state }) => decide(await this.rated(command, state), state))).events;
  }

  /** Decides a movement on the invoice as it is now, writing nothing (a refund checked before the gateway moves money); answers that state. */
  async check(invoiceId: string, command: MoneyMovementCommand): Promise<InvoiceState> {
    const state = await this.load(invoiceId);
    decide(await this.rated(command, state), state);
    return state;
  }

  /** A refund of an invoice in another currency is at the rate of its day, unless the gateway said the euros it took. */
  private async rated(command: MoneyMovementCommand, state: InvoiceState): Promise<MoneyMovementCommand> {
    if (command.type !== 'RefundPayment' || command.rate || command.data.euroCents !== undefined) return command;
    const rate = await this.paymentRate(state, command.data.date);
    return rate ? { ...command, rate } : command;
  }

  /** Appends InvoiceSent; the invoice-mail reactor e-mails the PDF exactly once per event. */
  async send(invoiceId: string, actor: string): Promise<InvoiceWire> {
    const handled = await this.run(invoiceId, actor, async ({ state }) => {
      if (state.status !== 'issued') throw new NotFoundError(NOT_FOUND);
      const client = await this.deps.db('clients').where({ id: state.clientId }).first('email');
      if (!client?.email) throw new ValidationError('The client has no e-mail address to send the invoice to.');
      const payUrl = `${this.deps.config.publicBaseUrl}/pay-invoice/${invoiceId}`;
      const payee = await readPayee(this.deps.db);
      return decide({ type: 'SendInvoice', data: { to: client.email, sentAt: this.deps.clock().toISOString(), payUrl, payee } }, state);
    });
    return this.answer(invoiceId, handled);
  }

  async findPayable(invoiceId: string): Promise<PayableInvoice | undefined> {
    if (!isUuid(invoiceId)) return undefined;
    const state = await this.load(invoiceId);
    if (state.status !== 'issued') return undefined;
    const client = await this.deps.db('clients').where({ id: state.clientId }).first('email');
    return {
      id: state.invoiceId,
      invoiceNumber: state.invoiceNumber,
      clientId: state.clientId,
      clientEmail: client?.email ?? null,
      openCents: openCents(state),
      currency: currencyOf(state),
      paid: isPaid(settlementOf(state)),
      cancelled: isCancelled(settlementOf(state)),
    };
  }

  /** What is still owed on a live invoice, in cents; undefined for an unknown or deleted one. */
  async openAmount(invoiceId: string): Promise<number | undefined> {
    return (await this.findPayable(invoiceId))?.openCents;
  }

  get(invoiceId: string): Promise<InvoiceWire | undefined> {
    return findInvoice(this.deps.db, invoiceId);
  }

  /** A credit note's own history: the event that issued it (later ones will name it too). */
  async creditNoteHistory(invoiceId: string, creditNoteId: string): Promise<HistoryEntry[]> {
    return (await this.history(invoiceId)).filter((e) => isInvoiceEvent(e) && creditNoteIdOf(decodeInvoiceEvent(e)) === creditNoteId);
  }

  /** Every change with who and when, oldest first (deleted invoices included), and the payment reminders sent. */
  async history(invoiceId: string): Promise<HistoryEntry[]> {
    const { events } = await this.commands.load(invoiceModel, invoiceStreamId(invoiceId));
    if (events.length === 0) throw new NotFoundError(NOT_FOUND);
    const changes = events.map((e) => ({ type: e.type, at: e.metadata.recordedAt, actor: e.metadata.actor, revision: e.streamRevision, data: e.data }));
    return inTimeOrder(changes, await reminderHistory(this.deps.db, invoiceId));
  }
}
