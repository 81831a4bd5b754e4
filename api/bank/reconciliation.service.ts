import { randomUUID } from 'node:crypto';
import { requestedPostingDays } from '../../domain/accounting/posting-dates';
import { ALREADY_RECONCILED, bankLineStream, decideReconcile, decideUnreconcile, STATEMENT_LINE_NOT_FOUND, type BankLineState } from '../../domain/bank/line';
import { BANK_LINE_SCHEMA_VERSION, bankLineStreamId, type BankLineEvent } from '../../domain/bank/line-events';
import {
  BANK_MOVEMENT_SCHEMA_VERSION,
  bankMovementStream,
  bankMovementStreamId,
  decideMatchMovement,
  decideReleaseMovement,
  type BankMovementEvent,
  type BankMovementMatched,
  type BankMovementState,
} from '../../domain/bank/movement-claim';
import { MONEY_ACCOUNT_NOT_FOUND } from '../../domain/bank/money-account';
import { checkReconciliation, CREDIT_WITH_INVOICE, postingsOf, REFUND_AS_MOVEMENT } from '../../domain/bank/reconciliation';
import { reconciliationReport, type UnreconciledItem } from '../../domain/bank/reconciliation-report';
import { buildCandidateIndex, recordInIndex, type BillCandidate, type CandidateIndex, type InvoiceCandidate } from '../../domain/bank/candidate-index';
import { TableVersionedCache } from '../platform/db/table-versions';
import { findCreditorReferences, invoiceCreditorReference } from '../../domain/bank/creditor-reference';
import { autoReconcile, autoReconcileBill, suggest } from '../../domain/bank/suggestions';
import { textKeys } from '../../domain/bank/match-text';
import { BILL_NUMBER_DIGITS_SQL, BILL_NUMBER_KEY_SQL, openBills, type OpenBillRow } from '../../projections/bills/queries';
import { applyRules, type BankRule } from '../../domain/bank/rules';
import { totalsInRange } from '../../projections/ledger/balances/queries';
import type { BankLine, BillFacts, InvoiceFacts, MovementFacts, ReconciliationContext, ReconciliationPart } from '../../domain/bank/reconciliation-parts';
import { ConflictError, NotFoundError, ValidationError, type FieldErrors } from '../../domain/shared/errors';
import { centsToEuros, typedCents } from '../../domain/shared/money';
import type { AppDeps } from '../platform/deps';
import type { StreamModel } from '../write/command-handler';
import { writePathOf } from '../write/write-path';
import { chartByCode } from './chart';
import { openInvoices, type OpenInvoiceRow } from './open-invoices';
import { invoiceReferenceBodySql } from '../../projections/invoices/migrations';
import type { MovementWire, OpenBillWire, OpenInvoiceWire, ReconciliationReportWire, SuggestionWire } from '../platform/contracts/rest.contract';
import { isUuid } from '../platform/wire';
import { isoDay } from '../../domain/shared/dates';
import { wireField } from './reconciliation.schema';
import { toStatementLineWire, type StatementLineRow, type StatementLineWire } from './statement.service';

const INVALID = 'Please correct the errors below.';

/** A line's payment of an invoice, on its day into its money account. */
export interface StatementPayment {
  invoiceId: string;
  amountCents: number;
  date: string;
  moneyAccountId: string;
  reference: string | null;
}

/**
 * Payments lines show, recorded by invoicing (above this module) as one batch; each answered, in
 * order, with its id or the error that refused it. The read models are waited for by the caller.
 */
export interface StatementPayments {
  recordStatementPayments(commands: readonly StatementPayment[], actor: string): Promise<StatementPaymentOutcome[]>;
  /** Takes them back out (an undone reconciliation); `check` writes nothing and throws the first refusal. Answers each one's refusal, or undefined. */
  removeStatementPayments(payments: readonly StatementPaymentRef[], actor: string, options?: { check?: boolean }): Promise<unknown[]>;
}
export interface StatementPaymentRef {
  invoiceId: string;
  paymentId: string;
}
export type StatementPaymentOutcome = { paymentId: string; error?: undefined } | { paymentId?: undefined; error: unknown };

/** A line's payment of a bill, on its day out of its money account (positive: what the bill is paid). */
export interface StatementBillPayment {
  billId: string;
  amountCents: number;
  date: string;
  moneyAccountId: string;
  reference: string | null;
}

/** Bill payments lines show, recorded by purchases (beside this module) as one batch, and taken back out: as StatementPayments for invoices. */
export interface StatementBillPayments {
  recordPayments(commands: readonly StatementBillPayment[], actor: string): Promise<StatementPaymentOutcome[]>;
  removePayments(payments: readonly StatementBillPaymentRef[], actor: string, options?: { check?: boolean }): Promise<unknown[]>;
}
export interface StatementBillPaymentRef {
  billId: string;
  paymentId: string;
}

/** A line and what it was, checked against the books: ready to record. */
interface Planned {
  line: BankLine;
  parts: ReconciliationPart[];
}

/** The invoices' payments a reconciliation recorded (its invoice and client credit parts), once each. */
const paymentsOf = (parts: readonly ReconciliationPart[]): StatementPaymentRef[] => {
  const seen = new Map<string, StatementPaymentRef>();
  for (const p of parts) if (p.kind === 'invoice' && p.paymentId && !seen.has(p.paymentId)) seen.set(p.paymentId, { invoiceId: p.invoiceId, paymentId: p.paymentId });
  return [...seen.values()];
};

/** The bills' payments a reconciliation recorded (its bill parts), once each. */
const billPaymentsOf = (parts: readonly ReconciliationPart[]): StatementBillPaymentRef[] => {
  const seen = new Map<string, StatementBillPaymentRef>();
  for (const p of parts) if (p.kind === 'bill' && p.paymentId && !seen.has(p.paymentId)) seen.set(p.paymentId, { billId: p.billId, paymentId: p.paymentId });
  return [...seen.values()];
};

/** What a bill payment says it was paid for: the line's reference, else its text (the supplier's number is usually there), else the bank's entry reference. */
const billReference = (line: BankLine): string | null => (line.reference?.trim() || line.description.trim() || line.bankReference?.trim() || '').slice(0, 200) || null;


const billCandidateOf = (r: OpenBillRow): BillCandidate => ({
  id: r.id,
  number: r.supplier_invoice_number,
  supplierId: r.supplier_id,
  supplierName: r.supplier_name,
  supplierIban: r.supplier_iban,
  openCents: Number(r.open_cents),
  dueDate: isoDay(r.due_date),
});

const lineOf = (r: StatementLineRow): BankLine => ({
  id: r.id,
  bookingDate: r.booking_date,
  valueDate: r.value_date,
  amountCents: r.amount_cents,
  description: r.description,
  counterpartyName: r.counterparty_name,
  counterpartyIban: r.counterparty_iban,
  reference: r.reference,
  bankReference: r.bank_reference,
});

const bankLineModel: StreamModel<BankLineState, BankLineEvent> = {
  initialState: bankLineStream.initialState,
  evolve: bankLineStream.evolve,
  fromRecorded: bankLineStream.decode,
  toNew: (e, actor) => ({ eventId: randomUUID(), type: e.type, data: e.data, metadata: { actor, schemaVersion: BANK_LINE_SCHEMA_VERSION } }),
  postingDays: requestedPostingDays,
};

/** A movement's claim stream: no postings, nothing projected; only its revision matters. */
const bankMovementModel: StreamModel<BankMovementState, BankMovementEvent> = {
  initialState: bankMovementStream.initialState,
  evolve: bankMovementStream.evolve,
  fromRecorded: bankMovementStream.decode,
  toNew: (e, actor) => ({ eventId: randomUUID(), type: e.type, data: e.data, metadata: { actor, schemaVersion: BANK_MOVEMENT_SCHEMA_VERSION } }),
};

type Claim = BankMovementMatched['data'];

/** The movements a reconciliation's parts name, each claimed for it. */
const claimsOf = (lineId: string, reconciliationId: string, parts: readonly ReconciliationPart[]): Claim[] =>
  [...new Set(parts.flatMap((p) => (p.kind === 'movement' ? [p.movementId] : [])))].map((movementId) => ({ movementId, lineId, reconciliationId }));

export type { MovementWire, ReconciliationReportWire, SuggestionWire };

/**
 * Reconciles statement lines, one step an event on the line's stream (`bank-line-<id>`): what the
 * line's money was (invoices it paid and a client's credit, recorded as payments on the invoices;
 * accounts with VAT, transfers and money movements already in the books), checked and turned into
 * postings by domain/bank, refused when its day is locked, and undone the same way.
 */
export class ReconciliationService {
  private readonly invoiceIndexCache: TableVersionedCache<CandidateIndex>;

  constructor(
    private readonly deps: AppDeps,
    private readonly payments: StatementPayments,
    private readonly billPayments: StatementBillPayments,
    private readonly rules?: { rules(): Promise<BankRule[]> },
  ) {
    this.invoiceIndexCache = new TableVersionedCache<CandidateIndex>(deps.db, ['invoice_list', 'clients'], 2);
  }

  async reconcile(moneyAccountId: string, lineId: string, parts: ReconciliationPart[], actor: string): Promise<StatementLineWire> {
    const row = await this.row(moneyAccountId, lineId);
    if (row.reconciliation_id) throw new ConflictError(ALREADY_RECONCILED);
    const line = lineOf(row);
    const context = await this.context(moneyAccountId, parts);
    this.check(line, parts, context);
    const reconciliationId = randomUUID();
    // The movements first: of two lines reconciled at once with one movement, the second stops here.
    const claims = claimsOf(line.id, reconciliationId, parts);
    await this.claim(claims, actor);
    const [recorded] = await this.recordAll(moneyAccountId, [{ line, parts }], context, actor);
    if (!recorded!.ok) {
      await this.release(claims, actor);
      throw recorded!.error;
    }
    try {
      await writePathOf(this.deps).commands.handle(bankLineModel, this.lineCommand(moneyAccountId, recorded!.planned, context, actor, reconciliationId));
    } catch (err) {
      await this.withdrawAll(recorded!.planned.parts, actor);
      await this.release(claims, actor);
      throw err;
    }
    return this.wire(moneyAccountId, lineId);
  }

  /** Refuses parts that do not say what the line was (ValidationError, by field). */
  private check(line: BankLine, parts: ReconciliationPart[], context: ReconciliationContext): void {
    const early: FieldErrors = {};
    const invoiceClients = new Set<string>();
    for (const p of parts) if (p.kind === 'invoice') invoiceClients.add(context.invoices.get(p.invoiceId)?.clientId ?? '');
    parts.forEach((p, i) => {
      if (p.kind === 'invoice' && p.cents < 0) early[`parts.${i}.amount`] = [REFUND_AS_MOVEMENT];
      if (p.kind === 'clientCredit' && !invoiceClients.has(p.clientId)) early[`parts.${i}.kind`] = [CREDIT_WITH_INVOICE];
    });
    if (Object.keys(early).length) throw new ValidationError(INVALID, early);
    const errors = checkReconciliation(line, parts, context);
    if (errors.length) {
      const fields: FieldErrors = {};
      for (const e of errors) (fields[wireField(e.field)] ??= []).push(e.message);
      throw new ValidationError(INVALID, fields);
    }
  }

  /** The line's event: the payments post what its invoice, credit and bill parts say; its own postings are the rest. */
  private lineCommand(moneyAccountId: string, { line, parts }: Planned, context: ReconciliationContext, actor: string, reconciliationId: string = randomUUID()) {
    const own = postingsOf(line, parts.filter((p) => p.kind !== 'invoice' && p.kind !== 'clientCredit' && p.kind !== 'bill'), context);
    const command = { lineId: line.id, reconciliationId, moneyAccountId, date: line.bookingDate, amountCents: line.amountCents, parts, postings: own };
    return { streamId: bankLineStreamId(line.id), actor, decide: ({ state }: { state: BankLineState }) => decideReconcile(state, command) };
  }

  /**
   * One payment per invoice of each line's parts, on the line's day into this money account, all
   * lines' payments as one batch; a client's credit goes with the payment of one of its invoices
   * (an overpayment, as by hand). Each line comes back with its parts naming their payment, or the
   * error that refused one of them (its other payments, recorded, are then taken back).
   */
  private async recordPayments(moneyAccountId: string, planned: readonly Planned[], context: ReconciliationContext, actor: string): Promise<Array<{ ok: true; planned: Planned } | { ok: false; error: unknown }>> {
    const commands: StatementPayment[] = [];
    const perLine = planned.map(({ line, parts }) => {
      const amounts = new Map<string, number>();
      const invoiceOfClient = new Map<string, string>();
      for (const p of parts) {
        if (p.kind !== 'invoice') continue;
        amounts.set(p.invoiceId, (amounts.get(p.invoiceId) ?? 0) + p.cents);
        const clientId = context.invoices.get(p.invoiceId)!.clientId;
        if (!invoiceOfClient.has(clientId)) invoiceOfClient.set(clientId, p.invoiceId);
      }
      for (const p of parts) {
        if (p.kind !== 'clientCredit') continue;
        const invoiceId = invoiceOfClient.get(p.clientId)!;
        amounts.set(invoiceId, amounts.get(invoiceId)! + p.cents);
      }
      const first = commands.length;
      for (const [invoiceId, amountCents] of amounts) commands.push({ invoiceId, amountCents, date: line.bookingDate, moneyAccountId, reference: line.reference ?? line.bankReference });
      return { first, invoiceIds: [...amounts.keys()], invoiceOfClient };
    });
    const outcomes = commands.length ? await this.payments.recordStatementPayments(commands, actor) : [];
    const orphans: StatementPaymentRef[] = [];
    const results = planned.map((p, k) => {
      const { first, invoiceIds, invoiceOfClient } = perLine[k]!;
      const payments = new Map<string, string>();
      let error: unknown;
      let refused = false;
      for (const [j, invoiceId] of invoiceIds.entries()) {
        const outcome = outcomes[first + j]!;
        if (outcome.paymentId === undefined) [refused, error] = [true, outcome.error];
        else payments.set(invoiceId, outcome.paymentId);
      }
      if (refused) {
        for (const [invoiceId, paymentId] of payments) orphans.push({ invoiceId, paymentId });
        return { ok: false as const, error };
      }
      const parts = p.parts.map((part) => {
        if (part.kind === 'invoice') return { ...part, paymentId: payments.get(part.invoiceId)! };
        if (part.kind === 'clientCredit') return { ...part, paymentId: payments.get(invoiceOfClient.get(part.clientId)!)! };
        return part;
      });
      return { ok: true as const, planned: { line: p.line, parts } };
    });
    await this.withdraw(orphans, actor);
    return results;
  }

  /** The invoices' payments of each line, then the bills' of the lines whose invoices took theirs: each line ready, or refused with nothing of it left recorded. */
  private async recordAll(moneyAccountId: string, planned: readonly Planned[], context: ReconciliationContext, actor: string): Promise<Array<{ ok: true; planned: Planned } | { ok: false; error: unknown }>> {
    const invoiced = await this.recordPayments(moneyAccountId, planned, context, actor);
    const billed = await this.recordBillPayments(moneyAccountId, invoiced.flatMap((r) => (r.ok ? [r.planned] : [])), actor);
    let k = 0;
    return invoiced.map((r) => (r.ok ? billed[k++]! : r));
  }

  /**
   * One payment per bill of each line's parts (what its parts pay it together), on the line's day
   * out of this money account, all lines' as one batch. A line one of whose bills refused its
   * payment comes back with that error, its other payments (bills' and invoices') taken back.
   */
  private async recordBillPayments(moneyAccountId: string, planned: readonly Planned[], actor: string): Promise<Array<{ ok: true; planned: Planned } | { ok: false; error: unknown }>> {
    const commands: StatementBillPayment[] = [];
    const perLine = planned.map(({ line, parts }) => {
      const amounts = new Map<string, number>();
      for (const p of parts) if (p.kind === 'bill') amounts.set(p.billId, (amounts.get(p.billId) ?? 0) - p.cents);
      const first = commands.length;
      for (const [billId, amountCents] of amounts) commands.push({ billId, amountCents, date: line.bookingDate, moneyAccountId, reference: billReference(line) });
      return { first, billIds: [...amounts.keys()] };
    });
    if (!commands.length) return planned.map((p) => ({ ok: true as const, planned: p }));
    const outcomes = await this.billPayments.recordPayments(commands, actor);
    const refused: Planned[] = [];
    const results = planned.map((p, k) => {
      const { first, billIds } = perLine[k]!;
      const payments = new Map<string, string>();
      let error: unknown;
      for (const [j, billId] of billIds.entries()) {
        const outcome = outcomes[first + j]!;
        if (outcome.paymentId === undefined) error ??= outcome.error;
        else payments.set(billId, outcome.paymentId);
      }
      const parts = p.parts.map((part) => (part.kind === 'bill' && payments.has(part.billId) ? { ...part, paymentId: payments.get(part.billId)! } : part));
      if (error !== undefined) {
        refused.push({ line: p.line, parts });
        return { ok: false as const, error };
      }
      return { ok: true as const, planned: { line: p.line, parts } };
    });
    for (const p of refused) await this.withdrawAll(p.parts, actor);
    return results;
  }

  /** Takes back every payment a line's parts recorded, invoices' and bills'. */
  private async withdrawAll(parts: readonly ReconciliationPart[], actor: string): Promise<void> {
    await this.withdraw(paymentsOf(parts), actor);
    await this.withdrawBills(billPaymentsOf(parts), actor);
  }

  /** As `withdraw`, for bills: one that cannot be removed stays as a movement of the account, to be matched. */
  private async withdrawBills(payments: readonly StatementBillPaymentRef[], actor: string): Promise<void> {
    if (!payments.length) return;
    const refusals = await this.billPayments.removePayments(payments, actor);
    refusals.forEach((err, i) => err !== undefined && this.deps.logger.warn({ err, paymentId: payments[i]!.paymentId }, 'a bill payment of a statement line could not be removed; it stays as a movement'));
  }

  /** Claims the movements for the reconciliation; when one is another line's, gives back the others and refuses (409). */
  private async claim(claims: readonly Claim[], actor: string): Promise<void> {
    const outcomes = await this.onMovements(claims, decideMatchMovement, actor);
    const refused = outcomes.find((o) => o.error !== undefined);
    if (!refused) return;
    await this.release(claims.filter((_, i) => outcomes[i]!.error === undefined), actor);
    throw refused.error;
  }

  /** Gives movements back (an undone reconciliation, or one that did not happen); a failure is logged, the next claim meets it as taken. */
  private async release(claims: readonly Claim[], actor: string): Promise<void> {
    const outcomes = await this.onMovements(claims, decideReleaseMovement, actor);
    outcomes.forEach((o, i) => o.error !== undefined && this.deps.logger.error({ err: o.error, movementId: claims[i]!.movementId }, 'a money movement could not be given back by its statement line'));
  }

  /** One decision on each claim's movement stream, as a batch (nothing projected: no wait). */
  private async onMovements(claims: readonly Claim[], decide: (state: BankMovementState, claim: Claim) => BankMovementEvent[], actor: string) {
    if (!claims.length) return [];
    const batch = await writePathOf(this.deps).commands.handleBatch(
      bankMovementModel,
      claims.map((c) => ({ streamId: bankMovementStreamId(c.movementId), actor, decide: ({ state }: { state: BankMovementState }) => decide(state, c) })),
      { wait: false },
    );
    return batch.outcomes;
  }

  /**
   * Takes back payments recorded for a line that then stayed open (another of its payments refused,
   * its own event refused by a concurrent reconciliation or a lock that came in between), so no
   * invoice stays paid by a line that is open.
   * One that cannot be removed stays as a movement of the account, to be matched.
   */
  private async withdraw(payments: readonly StatementPaymentRef[], actor: string): Promise<void> {
    if (!payments.length) return;
    const refusals = await this.payments.removeStatementPayments(payments, actor);
    refusals.forEach((err, i) => err !== undefined && this.deps.logger.warn({ err, paymentId: payments[i]!.paymentId }, 'a payment of a statement line could not be removed; it stays as a movement'));
  }

  /**
   * What an import reconciles alone: money in whose intact RF reference names exactly one open
   * invoice (domain autoReconcile), money out of exactly one open bill's amount that its supplier's
   * IBAN or number confirms (autoReconcileBill), each open amount lowered as lines take it; then each other line
   * the first matching bank rule takes (domain applyRules: the whole line to the rule's account with
   * its VAT). All of it is checked against one read of the books and written as two batches (the
   * invoices' payments, then the lines' events) with one wait for the read models. A line that
   * cannot be reconciled (its day locked, the invoice paid meanwhile) stays open for a person.
   */
  async autoReconcile(moneyAccountId: string, lines: BankLine[], actor: string): Promise<number> {
    const references = new Map(lines.map((l) => [l, l.amountCents > 0 ? findCreditorReferences(`${l.reference ?? ''} ${l.description}`) : []]));
    const named = new Set(lines.filter((l) => references.get(l)!.length > 0));
    // Only the invoices the references can name: a reference's body is its invoice number's letters and digits.
    const bodies = [...new Set([...references.values()].flat().map((r) => r.slice(4)))];
    const index = named.size ? buildCandidateIndex({ invoices: await this.openInvoiceCandidates(bodies), movements: [] }) : null;
    // Only the bills whose open amount some line paid out: autoReconcileBill needs the amount to agree.
    const outAmounts = [...new Set(lines.filter((l) => l.amountCents < 0).map((l) => -l.amountCents))];
    const billRows = outAmounts.length ? ((await openBills(this.deps.db).whereRaw('b.gross_cents - b.paid_cents = any(?::bigint[])', [outAmounts])) as OpenBillRow[]) : [];
    const billIndex = billRows.length ? buildCandidateIndex({ invoices: [], movements: [], bills: billRows.map(billCandidateOf) }) : null;
    const rules = (await this.rules?.rules()) ?? [];
    const decided: Planned[] = [];
    for (const line of lines) {
      // An invoice reference first, or a bill; else the first rule that takes the line.
      const byReference = index && named.has(line) ? autoReconcile(line, index) : null;
      if (byReference && index) recordInIndex(index, byReference);
      const byBill = !byReference && billIndex ? autoReconcileBill(line, billIndex) : null;
      if (byBill && billIndex) recordInIndex(billIndex, byBill);
      const parts = byReference?.parts ?? byBill?.parts ?? (rules.length ? applyRules(line, rules)?.part : undefined);
      if (parts) decided.push({ line, parts: Array.isArray(parts) ? parts : [parts] });
    }
    if (!decided.length) return 0;
    const context = await this.context(moneyAccountId, decided.flatMap((d) => d.parts));
    const checked: Planned[] = [];
    for (const planned of decided) {
      try {
        this.check(planned.line, planned.parts, context);
      } catch (err) {
        this.deps.logger.warn({ err, lineId: planned.line.id }, 'a statement line could not be reconciled on import; it stays open');
        continue;
      }
      checked.push(planned);
      // The next line sees what this one takes of each invoice and bill.
      for (const p of planned.parts) {
        const invoice = p.kind === 'invoice' ? context.invoices.get(p.invoiceId) : undefined;
        if (invoice) invoice.openCents -= p.cents;
        const bill = p.kind === 'bill' ? context.bills.get(p.billId) : undefined;
        if (bill) bill.openCents += p.cents;
      }
    }
    const recorded = await this.recordAll(moneyAccountId, checked, context, actor);
    const ready: Planned[] = [];
    for (const [k, r] of recorded.entries()) {
      if (r.ok) ready.push(r.planned);
      else this.deps.logger.warn({ err: r.error, lineId: checked[k]!.line.id }, 'a statement line could not be reconciled on import; it stays open');
    }
    if (!ready.length) return 0;
    const batch = await writePathOf(this.deps).commands.handleBatch(bankLineModel, ready.map((p) => this.lineCommand(moneyAccountId, p, context, actor)));
    const refused: Planned[] = [];
    for (const [k, outcome] of batch.outcomes.entries()) {
      if (outcome.error === undefined) continue;
      refused.push(ready[k]!);
      this.deps.logger.warn({ err: outcome.error, lineId: ready[k]!.line.id }, 'a statement line could not be reconciled on import; it stays open');
    }
    await this.withdraw(refused.flatMap((l) => paymentsOf(l.parts)), actor);
    await this.withdrawBills(refused.flatMap((l) => billPaymentsOf(l.parts)), actor);
    return ready.length - refused.length;
  }

  /**
   * What the line most likely was, best first: open invoices (by RF reference, invoice number,
   * amount, the payer's name) and movements already in the books of its amount. Each suggestion's
   * parts are the body `…/reconcile/` takes, so accepting one is posting it as it is.
   */
  async suggestions(moneyAccountId: string, lineId: string): Promise<SuggestionWire[]> {
    const row = await this.row(moneyAccountId, lineId);
    if (row.reconciliation_id) return [];
    const account = (await this.deps.db('money_accounts').where({ id: moneyAccountId }).first('ledger_account_id')) as { ledger_account_id: string };
    const line = lineOf(row);
    const [invoiceIndex, movementRows, billRows] = await Promise.all([
      // The open invoices' index is kept while the invoice list and the clients do not change; the account's movements are read each time.
      this.invoiceIndexCache.get('open', async () => buildCandidateIndex({ invoices: await this.openInvoiceCandidates(), movements: [] })),
      this.movementRows(account.ledger_account_id, {}),
      line.amountCents < 0 ? this.billCandidatesFor(line) : Promise.resolve([]),
    ]);
    const movements = movementRows.map((m) => ({ id: m.id, amountCents: Number(m.cents), date: m.date, reference: null, clientId: null, clientName: null }));
    const movementIndex = buildCandidateIndex({ invoices: [], movements, bills: billRows.map(billCandidateOf) });
    // suggest() only reads the index: the cached invoice half is shared, the movement half is this call's.
    const index: CandidateIndex = {
      ...invoiceIndex,
      movements: movementIndex.movements,
      movementsByAmount: movementIndex.movementsByAmount,
      movementsByKey: movementIndex.movementsByKey,
      reconciledMovements: movementIndex.reconciledMovements,
      bills: movementIndex.bills,
      billOpen: movementIndex.billOpen,
      billsByNumberKey: movementIndex.billsByNumberKey,
      billsByAmount: movementIndex.billsByAmount,
      billsByIban: movementIndex.billsByIban,
    };
    const byId = invoiceIndex.invoices;
    const clientName = (clientId: string): string => {
      for (const id of invoiceIndex.byClient.get(clientId) ?? []) {
        const invoice = byId.get(id);
        if (invoice) return invoice.clientName;
      }
      return clientId;
    };
    const movementById = new Map(movementRows.map((m) => [m.id, m]));
    return suggest(line, index).map((s) => ({
      score: s.score,
      reasons: s.reasons,
      parts: s.parts.map((p) => {
        switch (p.kind) {
          case 'invoice': {
            const invoice = byId.get(p.invoiceId);
            return { kind: 'invoice', invoice: p.invoiceId, amount: centsToEuros(p.cents), label: invoice ? `${invoice.number} · ${invoice.clientName}` : p.invoiceId };
          }
          case 'clientCredit':
            return { kind: 'client_credit', client: p.clientId, amount: centsToEuros(p.cents), label: clientName(p.clientId) };
          case 'movement':
            return { kind: 'movement', movement: p.movementId, amount: centsToEuros(p.cents), label: movementById.get(p.movementId)?.description ?? p.movementId };
          case 'transfer':
            return { kind: 'transfer', money_account: p.moneyAccountId, amount: centsToEuros(p.cents), label: p.moneyAccountId };
          case 'account':
            return { kind: 'account', account: p.accountCode, amount: centsToEuros(p.cents), vat_rate: p.vatRateBp / 100, description: p.description, label: p.accountCode };
          case 'bill': {
            const bill = index.bills.get(p.billId);
            return { kind: 'bill', bill: p.billId, amount: centsToEuros(p.cents), label: bill ? `${bill.number} · ${bill.supplierName}` : p.billId };
          }
          default: {
            const exhaustive: never = p;
            return exhaustive;
          }
        }
      }),
    }));
  }

  /**
   * Open invoices a person may pick for a line, a page at a time: those whose number or client's
   * name holds `search` (in any case), or whose open amount it is ("1250", "1.250,00",
   * "1250.00"); soonest due first. Never the whole list: a ledger may hold a hundred thousand.
   */
  async searchOpenInvoices(moneyAccountId: string, search: string, limit = 20): Promise<OpenInvoiceWire[]> {
    const db = this.deps.db;
    if (!(await db('money_accounts').where({ id: moneyAccountId }).first('id'))) throw new NotFoundError(MONEY_ACCOUNT_NOT_FOUND);
    const q = openInvoices(db).join('clients as c', 'c.id', 'i.client_id').select('c.name as client_name');
    const text = search.trim().slice(0, 100);
    if (text) {
      const like = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const cents = typedCents(text);
      q.where((w) => {
        w.whereRaw('i.invoice_number ilike ?', [like]).orWhereRaw('c.name ilike ?', [like]);
        if (cents !== null && cents > 0) w.orWhereRaw('i.gross_cents - i.paid_cents - i.credited_cents = ?', [cents]);
      });
    }
    const rows = (await q.orderBy([{ column: 'i.due_date' }, { column: 'i.id' }]).limit(Math.min(Math.max(1, limit), 100))) as Array<OpenInvoiceRow & { client_name: string }>;
    return rows.map((r) => ({ id: r.id, invoice_number: r.invoice_number, client: { id: r.client_id, name: r.client_name }, due_date: r.due_date, open_amount: centsToEuros(Number(r.open_cents)) }));
  }

  /**
   * Open bills a person may pick for money out, a page at a time: those whose supplier's number or
   * name holds `search`, or whose open amount it is; soonest due first.
   */
  async searchOpenBills(moneyAccountId: string, search: string, limit = 20): Promise<OpenBillWire[]> {
    const db = this.deps.db;
    if (!(await db('money_accounts').where({ id: moneyAccountId }).first('id'))) throw new NotFoundError(MONEY_ACCOUNT_NOT_FOUND);
    const q = openBills(db);
    const text = search.trim().slice(0, 100);
    if (text) {
      const like = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const cents = typedCents(text);
      q.where((w) => {
        w.whereRaw('b.supplier_invoice_number ilike ?', [like]).orWhereRaw('s.name ilike ?', [like]);
        if (cents !== null && cents > 0) w.orWhereRaw('b.gross_cents - b.paid_cents = ?', [cents]);
      });
    }
    const rows = (await q.orderBy([{ column: 'b.due_date' }, { column: 'b.id' }]).limit(Math.min(Math.max(1, limit), 100))) as OpenBillRow[];
    return rows.map((r) => ({ id: r.id, invoice_number: r.supplier_invoice_number, supplier: { id: r.supplier_id, name: r.supplier_name }, due_date: isoDay(r.due_date), open_amount: centsToEuros(Number(r.open_cents)) }));
  }

  /** The open bills money out may be: of its amount, of the payee's IBAN, or whose number its text holds (domain numberKeys, in SQL). */
  private async billCandidatesFor(line: BankLine): Promise<OpenBillRow[]> {
    const keys = [...textKeys(`${line.reference ?? ''} ${line.description}`)];
    const iban = line.counterpartyIban ? line.counterpartyIban.replace(/\s+/g, '').toUpperCase() : null;
    return (await openBills(this.deps.db).where((w) => {
      w.whereRaw('b.gross_cents - b.paid_cents = ?', [-line.amountCents]);
      if (iban) w.orWhereRaw(`upper(regexp_replace(s.iban, '\\s+', '', 'g')) = ?`, [iban]);
      if (keys.length) w.orWhereRaw(`${BILL_NUMBER_KEY_SQL} = any(?::text[])`, [keys]).orWhereRaw(`${BILL_NUMBER_DIGITS_SQL} = any(?::text[])`, [keys]);
    })) as OpenBillRow[];
  }

  /**
   * Issued, not cancelled invoices with something open, as the suggestions read them; with
   * `referenceBodies`, only those whose number's letters and digits are one of them (what a
   * creditor reference names: see invoiceCreditorReference).
   */
  private async openInvoiceCandidates(referenceBodies?: readonly string[]): Promise<InvoiceCandidate[]> {
    const q = openInvoices(this.deps.db).join('clients as c', 'c.id', 'i.client_id').select('c.name as client_name');
    if (referenceBodies) q.whereRaw(`${invoiceReferenceBodySql('i.invoice_number')} = any(?::text[])`, [[...referenceBodies]]);
    const rows = (await q) as Array<OpenInvoiceRow & { client_name: string }>;
    return rows.map((r) => ({
      id: r.id,
      number: r.invoice_number,
      clientId: r.client_id,
      clientName: r.client_name,
      clientIbans: [],
      openCents: Number(r.open_cents),
      dueDate: r.due_date,
      creditorReference: invoiceCreditorReference(r.invoice_number),
    }));
  }

  /**
   * Undoes the line's reconciliation: what it posted itself is reversed, the movements it matched
   * are free again, and the payments it recorded on invoices and bills are removed (they are owed
   * again), all on the line's day, refused
   * once that day is locked. A payment that cannot be removed (refunded since, its credit applied
   * to another invoice) refuses the undo before anything changes.
   */
  async unreconcile(moneyAccountId: string, lineId: string, actor: string): Promise<StatementLineWire> {
    await this.row(moneyAccountId, lineId);
    const commands = writePathOf(this.deps).commands;
    const streamId = bankLineStreamId(lineId);
    // What the line's stream says it recorded (the read model may not have the reconciliation yet).
    const reconciled = (await commands.load(bankLineModel, streamId)).state.current;
    const recorded = paymentsOf(reconciled?.parts ?? []);
    if (recorded.length) await this.payments.removeStatementPayments(recorded, actor, { check: true });
    const bills = billPaymentsOf(reconciled?.parts ?? []);
    if (bills.length) await this.billPayments.removePayments(bills, actor, { check: true });
    const undone = (await commands.handle(bankLineModel, { streamId, actor, decide: ({ state }) => decideUnreconcile(state) })).events[0];
    if (undone) {
      await this.release(claimsOf(lineId, undone.data.reconciliationId, undone.data.parts), actor);
      await this.withdrawAll(undone.data.parts, actor);
    }
    return this.wire(moneyAccountId, lineId);
  }

  /**
   * The money account's movements in the books that no statement line has matched yet (payments
   * recorded by hand, payouts, journal entries on its ledger account), oldest first: what a line
   * may be reconciled with as a `movement` part. Amounts signed as the bank sees the account.
   */
  async openMovements(moneyAccountId: string, limit = 200): Promise<MovementWire[]> {
    const db = this.deps.db;
    const account = (await db('money_accounts').where({ id: moneyAccountId }).first('ledger_account_id')) as { ledger_account_id: string } | undefined;
    if (!account) throw new NotFoundError(MONEY_ACCOUNT_NOT_FOUND);
    const rows = await this.movementRows(account.ledger_account_id, {}, limit);
    return rows.map((r) => ({ id: r.id, date: r.date, description: r.description, source: r.source, amount: centsToEuros(Number(r.cents)) }));
  }

  /**
   * The reconciliation report on the closing day of the account's last statement on or before
   * `date` (the last statement of all without it). Movements dated on or before the first
   * statement's opening day are in that opening balance, so they are not listed as waiting.
   */
  async report(moneyAccountId: string, date?: string): Promise<ReconciliationReportWire> {
    const db = this.deps.db;
    const account = (await db('money_accounts').where({ id: moneyAccountId }).first('ledger_account_id')) as { ledger_account_id: string } | undefined;
    if (!account) throw new NotFoundError(MONEY_ACCOUNT_NOT_FOUND);
    const closingQuery = db('bank_statements').where({ money_account_id: moneyAccountId }).whereNotNull('closing_cents');
    if (date) closingQuery.where('closing_date', '<=', date);
    const statement = (await closingQuery.orderBy([{ column: 'closing_date', order: 'desc' }, { column: 'imported_at', order: 'desc' }]).first('id', 'closing_date', 'closing_cents')) as
      | { id: string; closing_date: string; closing_cents: number }
      | undefined;
    if (!statement) throw new NotFoundError(date ? `No statement of this account closes on or before ${date}.` : 'This account has no statement with a closing balance yet.');
    const day = statement.closing_date;
    const first = (await db('bank_statements').where({ money_account_id: moneyAccountId }).whereNotNull('opening_date').min({ day: 'opening_date' }).first()) as { day: string | null } | undefined;
    const [totals, lineRows, movementRows] = await Promise.all([
      totalsInRange(db, undefined, day, account.ledger_account_id),
      db('bank_statement_lines as l')
        .leftJoin('bank_line_reconciliations as r', 'r.line_id', 'l.id')
        .where('l.money_account_id', moneyAccountId)
        .where('l.booking_date', '<=', day)
        .whereNull('r.line_id')
        .select('l.id', 'l.booking_date as date', 'l.description', 'l.amount_cents as cents') as Promise<Array<{ id: string; date: string; description: string; cents: number }>>,
      this.movementRows(account.ledger_account_id, { after: first?.day ?? undefined, through: day }),
    ]);
    const t = totals.get(account.ledger_account_id);
    const descriptions = new Map<string, string>([...lineRows, ...movementRows].map((r) => [r.id, r.description]));
    const item = (r: { id: string; date: string; cents: number | string }): UnreconciledItem => ({ id: r.id, date: r.date, amountCents: Number(r.cents) });
    const report = reconciliationReport({
      statementClosing: { date: day, cents: statement.closing_cents },
      ledgerBalanceCents: t ? t.debitCents - t.creditCents : 0,
      unreconciledLines: lineRows.map(item),
      unreconciledMovements: movementRows.map(item),
    });
    const listed = (items: UnreconciledItem[]) => items.map((i) => ({ id: i.id, date: i.date, description: descriptions.get(i.id) ?? '', amount: centsToEuros(i.amountCents) }));
    return {
      money_account: moneyAccountId,
      statement: statement.id,
      date: report.date,
      statement_balance: centsToEuros(report.statementBalanceCents),
      ledger_balance: centsToEuros(report.ledgerBalanceCents),
      unreconciled_lines: listed(report.unreconciledLines),
      unreconciled_lines_total: centsToEuros(report.unreconciledLinesCents),
      unreconciled_movements: listed(report.unreconciledMovements),
      unreconciled_movements_total: centsToEuros(report.unreconciledMovementsCents),
      explained_balance: centsToEuros(report.explainedBalanceCents),
      difference: centsToEuros(report.differenceCents),
      proven: report.proven,
      complete: report.complete,
    };
  }

  /** Movements on the ledger account no line has matched, in a range of days. */
  private movementRows(ledgerAccountId: string, range: { after?: string; through?: string }, limit?: number) {
    const db = this.deps.db;
    const q = db('ledger_entries as e')
      .join('ledger_lines as l', 'l.entry_id', 'e.entry_id')
      .leftJoin('bank_reconciled_movements as m', 'm.movement_id', db.raw('e.entry_id::text'))
      .where('l.account_id', ledgerAccountId)
      .whereNot('e.source_type', 'bank_reconciliation')
      .whereNull('m.movement_id');
    if (range.after) q.where('e.date', '>', range.after);
    if (range.through) q.where('e.date', '<=', range.through);
    q.groupBy('e.entry_id', 'e.date', 'e.description', 'e.source_type')
      .havingRaw('sum(l.debit_cents - l.credit_cents) <> 0')
      .orderBy([{ column: 'e.date' }, { column: 'e.entry_id' }])
      .select('e.entry_id as id', 'e.date', 'e.description', 'e.source_type as source', db.raw('sum(l.debit_cents - l.credit_cents) as cents'));
    if (limit) q.limit(limit);
    return q as unknown as Promise<Array<{ id: string; date: string; description: string; source: string; cents: number | string }>>;
  }

  private async row(moneyAccountId: string, lineId: string): Promise<StatementLineRow> {
    const row = (await this.deps
      .db('bank_statement_lines as l')
      .leftJoin('bank_line_reconciliations as r', 'r.line_id', 'l.id')
      .where({ 'l.id': lineId, 'l.money_account_id': moneyAccountId })
      .first('l.*', 'r.reconciliation_id', 'r.parts', 'r.reconciled_at')) as StatementLineRow | undefined;
    if (!row) throw new NotFoundError(STATEMENT_LINE_NOT_FOUND);
    return row;
  }


  private async wire(moneyAccountId: string, lineId: string): Promise<StatementLineWire> {
    return toStatementLineWire(await this.row(moneyAccountId, lineId));
  }

  /** What the check needs: the chart by code, the money accounts, and the movements the parts name. */
  private async context(moneyAccountId: string, parts: ReconciliationPart[]): Promise<ReconciliationContext> {
    const db = this.deps.db;
    const [accounts, moneyRows] = await Promise.all([
      chartByCode(db),
      db('money_accounts').select('id', 'ledger_account_id') as Promise<Array<{ id: string; ledger_account_id: string }>>,
    ]);
    const moneyAccounts = new Map(moneyRows.map((m) => [m.id, { ledgerAccountId: m.ledger_account_id }]));
    const ledgerAccountId = moneyAccounts.get(moneyAccountId)?.ledgerAccountId;
    const movementIds = parts.flatMap((p) => (p.kind === 'movement' ? [p.movementId] : []));
    const movements = new Map<string, MovementFacts>();
    if (movementIds.length && ledgerAccountId) {
      // A movement is a ledger entry's effect on this money account (a reconciliation's own entries are not movements).
      const rows = (await db('ledger_entries as e')
        .join('ledger_lines as l', 'l.entry_id', 'e.entry_id')
        .leftJoin('bank_reconciled_movements as m', 'm.movement_id', db.raw('e.entry_id::text'))
        .whereRaw('e.entry_id = any(?::uuid[])', [movementIds])
        .where('l.account_id', ledgerAccountId)
        .whereNot('e.source_type', 'bank_reconciliation')
        .groupBy('e.entry_id', 'm.line_id')
        .select('e.entry_id', 'm.line_id', db.raw('sum(l.debit_cents - l.credit_cents) as cents'))) as Array<{ entry_id: string; line_id: string | null; cents: number | string }>;
      for (const r of rows) movements.set(r.entry_id, { amountCents: Number(r.cents), reconciled: r.line_id !== null });
    }
    const invoiceIds = parts.flatMap((p) => (p.kind === 'invoice' ? [p.invoiceId] : []));
    const invoices = new Map<string, InvoiceFacts>();
    if (invoiceIds.length) {
      for (const r of await openInvoices(db).whereIn('i.id', invoiceIds)) invoices.set(r.id, { clientId: r.client_id, openCents: Number(r.open_cents), refundableCents: 0 });
    }
    const clientIds = new Set([...invoices.values()].map((i) => i.clientId));
    const billIds = [...new Set(parts.flatMap((p) => (p.kind === 'bill' && isUuid(p.billId) ? [p.billId] : [])))];
    const bills = new Map<string, BillFacts>();
    if (billIds.length) {
      const rows = (await db('bill_list').whereIn('id', billIds).select('id', 'supplier_id', 'status', db.raw('gross_cents - paid_cents as open_cents'))) as Array<{ id: string; supplier_id: string; status: string; open_cents: number | string }>;
      for (const r of rows) bills.set(r.id, { supplierId: r.supplier_id, posted: r.status === 'posted', openCents: Number(r.open_cents) });
    }
    return { moneyAccountId, moneyAccounts, accounts, invoices, movements, clientIds, bills };
  }
}
