import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { requestedPostingDays } from '../../domain/accounting/posting-dates';
import { BILL_POSTED_IMMUTABLE, bookedGrossCents, bookedPaymentCents, inputCurrency, buildBill, decideBill, initialBillState, openCentsOf, billStatusOf, type BillCommand, type BillInput, type BillState, type DayRate } from '../../domain/bill/bill';
import type { DocumentRate } from '../../domain/currency/rate';
import { BOOKS_CURRENCY } from '../../domain/currency/currencies';
import { ExchangeRateService } from '../currencies';
import { BILL_SCHEMA_VERSION, billStreamId, type BillEvent } from '../../domain/bill/events';
import { billStream } from '../../domain/bill/stream';
import {
  BILL_NUMBER_SCHEMA_VERSION,
  billNumberKey,
  billNumberStream,
  billNumberStreamId,
  decideClaimBillNumber,
  decideReleaseBillNumber,
  type BillNumberEvent,
  type BillNumberState,
} from '../../domain/bill/number-claim';
import { purchaseAccountRefusal } from '../../domain/purchases/supplier';
import { addDays, isoDay } from '../../domain/shared/dates';
import { AppError, ConflictError, NotFoundError, ValidationError, type FieldErrors } from '../../domain/shared/errors';
import { bpToPercent, centsToEuros, lineAmounts } from '../../domain/shared/money';
import { billStateOfRow, type BillRow } from '../../projections/bills/bills';
import { payableSums } from '../../projections/bills/queries';
import { totalsInRange } from '../../projections/ledger/balances/queries';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { ageReceivables, type AgedReceivables, type AgingRow } from '../../domain/accounting/aging';
import { dayOf } from '../../domain/shared/dates';
import { resolveAsOf, resolveStatementPeriod, type PeriodFieldNames, type PeriodInput } from '../platform/period';
import { supplierStatement, type SupplierStatement } from '../../domain/bill/statement';
import type { AppDeps } from '../platform/deps';
import { answerAfterWrite } from '../platform/write-outcome';
import { isUuid, toIso } from '../platform/wire';
import type { Handled, StreamModel } from '../write/command-handler';
import { writePathOf } from '../write/write-path';
import type { ParsedBill } from './bill.schema';
import { purchaseAccountsById } from './purchase-accounts';
import { BillDocumentService, type BillDocumentWire } from './bill-documents';
import type { EinvoiceWarning } from '../../domain/bill/from-einvoice';

const NOT_FOUND = 'Bill not found.';
const INVALID = 'Please correct the errors below.';
const SUPPLIER_UNKNOWN = 'Invalid pk - supplier does not exist.';
const MONEY_ACCOUNT_UNKNOWN = 'Invalid pk - money account does not exist.';
export const BILL_TWICE = 'This bill is already in the list.';
export const CREDITED_BILL_INVALID = "Choose a posted bill of this supplier for the credit note to correct.";
export const creditNoteCurrency = (currency: string): string => `The credit note must be in the currency of the bill it corrects, ${currency}.`;
/** A statement line in euros cannot say how much of a bill in another currency it pays. */
export const billNotInEuros = (currency: string): string => `This bill is in ${currency}: record its payment on the bill, in ${currency}, where the day's exchange rate is used.`;
export const duplicateBillNumber = (number: string, date: string): string => `This supplier's invoice ${number} is already entered, as the bill dated ${date}.`;
/** The number claimed by a bill written a moment ago, which the lists do not show yet. */
export const numberJustTaken = (number: string): string => `This supplier's invoice ${number} has just been entered on another bill.`;

export type BillStatus = 'draft' | 'open' | 'partly_paid' | 'paid';

/** A payment of a bill out of a money account, as `recordPayments` takes it. */
export interface BillPaymentOrder {
  billId: string;
  amountCents: number;
  date: string;
  moneyAccountId: string;
  reference: string | null;
}
export type BillPaymentOutcome = { paymentId: string; error?: undefined } | { paymentId?: undefined; error: unknown };

export interface BillWire {
  id: string;
  supplier: string;
  supplier_name: string | null;
  invoice_number: string;
  date: string;
  due_date: string;
  /** EUR, or the currency the bill's amounts are in. */
  currency: string;
  /** A posted bill in another currency: its rate (units per euro) and the day the rate is of; null otherwise. */
  exchange_rate: string | null;
  rate_date: string | null;
  /** A posted bill's gross in euros as booked (its payable); null for a draft in another currency. */
  total_eur: number | null;
  items: Array<{ description: string; account: string; quantity: number; unit_price: number; vat_rate: number; vat_category: string; net_amount: number; vat_amount: number }>;
  net_amount: number;
  vat_amount: number;
  self_assessed_vat_amount: number;
  total_amount: number;
  paid_amount: number;
  open_amount: number;
  status: BillStatus;
  /** In the bill's currency; in another: the payment day's rate and what the money was in euros. */
  payments: Array<{ id: string; amount: number; date: string; reference: string | null; exchange_rate: string | null; amount_eur: number }>;
  /** bill, or credit_note: a supplier credit note (booked as a bill reversed; its open amount is credit held with the supplier, a payment on it a refund). */
  document_type: 'bill' | 'credit_note';
  /** A credit note's: the bill it corrects. */
  credited_bill: string | null;
  /** The supplier's e-invoice as received and the files attached, each with its SHA-256. */
  documents: BillDocumentWire[];
  /** An imported bill's: what the EN 16931 rules and the import warned of; null when it was not imported. */
  einvoice_warnings: EinvoiceWarning[] | null;
  version: number;
  updated_at: string | null;
}

const billModel: StreamModel<BillState, BillEvent> = {
  initialState: initialBillState,
  evolve: billStream.evolve,
  fromRecorded: billStream.decode,
  toNew: (e, actor) => ({ eventId: randomUUID(), type: e.type, data: e.data, metadata: { actor, schemaVersion: BILL_SCHEMA_VERSION } }),
  postingDays: requestedPostingDays,
};

/** A bill's number claim stream: no postings, nothing projected; only its revision matters. */
const billNumberModel: StreamModel<BillNumberState, BillNumberEvent> = {
  initialState: billNumberStream.initialState,
  evolve: billNumberStream.evolve,
  fromRecorded: billNumberStream.decode,
  toNew: (e, actor) => ({ eventId: randomUUID(), type: e.type, data: e.data, metadata: { actor, schemaVersion: BILL_NUMBER_SCHEMA_VERSION } }),
};

interface BillNumber {
  supplierId: string;
  number: string;
  /** A supplier's credit notes are numbered apart from its invoices. */
  documentType: 'bill' | 'credit_note';
}

/** The wire shape of a bill's state (a read-model row folded back, or the state a write just decided). */
const wireOf = (s: Extract<BillState, { status: 'draft' | 'posted' }>, extra: { supplierName: string | null; version: number; updatedAt: string | null }): BillWire => ({
  id: s.billId,
  supplier: s.supplierId,
  supplier_name: extra.supplierName,
  invoice_number: s.supplierInvoiceNumber,
  date: s.date,
  due_date: s.dueDate,
  currency: s.currency ?? BOOKS_CURRENCY,
  exchange_rate: s.fx?.rate ?? null,
  rate_date: s.fx?.rateDate ?? null,
  total_eur: s.status === 'posted' || s.currency === undefined ? centsToEuros(bookedGrossCents(s)) : null,
  items: s.lines.map((l) => ({ description: l.description, account: l.accountId, quantity: l.quantity, unit_price: centsToEuros(l.unitPriceCents), vat_rate: bpToPercent(l.vatRateBp), vat_category: l.vatCategory, net_amount: centsToEuros(l.netCents), vat_amount: centsToEuros(l.vatCents) })),
  net_amount: centsToEuros(s.totals.netCents),
  vat_amount: centsToEuros(s.totals.vatCents),
  self_assessed_vat_amount: centsToEuros(s.totals.selfAssessedVatCents),
  total_amount: centsToEuros(s.totals.grossCents),
  paid_amount: centsToEuros(s.paidCents),
  open_amount: centsToEuros(s.status === 'posted' ? openCentsOf(s) : s.totals.grossCents),
  status: billStatusOf(s) as BillStatus,
  payments: s.payments.map((p) => ({ id: p.paymentId, amount: centsToEuros(p.amountCents), date: p.date, reference: p.reference, exchange_rate: p.fx?.rate ?? null, amount_eur: centsToEuros(p.fx ? p.fx.receivedCents : p.amountCents) })),
  document_type: s.documentType ?? 'bill',
  credited_bill: s.creditedBillId ?? null,
  documents: [],
  einvoice_warnings: null,
  version: extra.version,
  updated_at: extra.updatedAt,
});

/**
 * Bills, on the write path like invoices (stream `bill-<id>`): a draft is written, edited and
 * deleted freely; posting books it (period lock applies) and makes it immutable; payments from a
 * money account follow. Lists read the `bill_list` read model.
 */
export class BillService {
  /** Each bill's documents (its e-invoice, files attached). */
  readonly documents: BillDocumentService;

  constructor(private readonly deps: AppDeps) {
    this.documents = new BillDocumentService(deps);
  }

  async list(filter: { supplierId?: string; status?: BillStatus } = {}): Promise<BillWire[]> {
    const q = this.deps.db('bill_list as b').leftJoin('suppliers as s', 's.id', 'b.supplier_id').select('b.*', 's.name as supplier_name').orderBy([{ column: 'b.date', order: 'desc' }, { column: 'b.id' }]);
    if (filter.supplierId) q.where('b.supplier_id', filter.supplierId);
    // The statuses as billStatusOf tells them, in SQL.
    if (filter.status === 'draft') q.where('b.status', 'draft');
    if (filter.status === 'open') q.where('b.status', 'posted').where('b.paid_cents', 0).where('b.gross_cents', '>', 0);
    if (filter.status === 'partly_paid') q.where('b.status', 'posted').where('b.paid_cents', '>', 0).whereRaw('b.paid_cents < b.gross_cents');
    if (filter.status === 'paid') q.where('b.status', 'posted').whereRaw('b.paid_cents >= b.gross_cents');
    const rows = (await q) as Array<BillRow & { supplier_name: string | null }>;
    return this.withPapers(rows.map((r) => this.rowWire(r)));
  }

  async get(id: string): Promise<BillWire> {
    const row = isUuid(id) ? ((await this.deps.db('bill_list as b').leftJoin('suppliers as s', 's.id', 'b.supplier_id').where('b.id', id).first('b.*', 's.name as supplier_name')) as (BillRow & { supplier_name: string | null }) | undefined) : undefined;
    if (!row) throw new NotFoundError(NOT_FOUND);
    return (await this.withPapers([this.rowWire(row)]))[0]!;
  }

  async create(parsed: ParsedBill, actor: string): Promise<BillWire> {
    const billId = randomUUID();
    const input = await this.checked(parsed.input, null);
    return this.withNumber(billId, input, null, actor, () => this.run(billId, actor, { type: 'DraftBill', data: { billId, ...input } }, { newStream: true }));
  }

  /** What `create` checks of a bill before writing it (its supplier, accounts and number), nothing written: an import's pre-check. */
  async checkDraft(input: BillInput): Promise<BillInput> {
    return this.checked(input, null);
  }

  /** A draft from a whole bill input (an import's: the document's VAT per rate, signed lines), checked again as it is written. */
  async draftChecked(billId: string, input: BillInput, actor: string): Promise<BillWire> {
    const checked = await this.checked(input, null);
    return this.withNumber(billId, checked, null, actor, () => this.run(billId, actor, { type: 'DraftBill', data: { billId, ...checked } }, { newStream: true }));
  }

  async update(id: string, parsed: ParsedBill, actor: string): Promise<BillWire> {
    this.known(id);
    const before = await this.numberOf(id);
    const kept = parsed.documentTypeGiven || before?.documentType !== 'credit_note' ? parsed.input : { ...parsed.input, documentType: 'credit_note' as const, creditedBillId: before.creditedBillId };
    const typed = parsed.currencyGiven || !before || before.currency === BOOKS_CURRENCY ? kept : { ...kept, currency: before.currency };
    const input = await this.keepingDocumentVat(id, await this.checked(typed, id));
    return this.withNumber(id, input, before, actor, () => this.run(id, actor, { type: 'EditBill', data: input }, { expectedRevision: parsed.expectedRevision === undefined ? undefined : parsed.expectedRevision - 1 }));
  }

  async post(id: string, actor: string): Promise<BillWire> {
    this.known(id);
    const rate = await this.postingRate(id);
    return this.run(id, actor, { type: 'PostBill', ...(rate ? { data: { rate } } : {}) });
  }

  /**
   * The rate a bill in another currency is posted at: a credit note's is the bill's it corrects (its
   * VAT in euros is taken off as it was booked); otherwise its date's, or the last before it (a 400
   * naming the currency and day when there is none). None for a bill in euros.
   */
  private async postingRate(id: string): Promise<DocumentRate | undefined> {
    const row = (await this.deps.db('bill_list').where({ id }).first('currency', 'date', 'status', 'credited_bill_id')) as { currency: string; date: string | Date; status: string; credited_bill_id: string | null } | undefined;
    if (!row || row.currency === BOOKS_CURRENCY || row.status !== 'draft') return undefined;
    if (row.credited_bill_id) {
      const credited = (await this.deps.db('bill_list').where({ id: row.credited_bill_id }).first('currency', 'exchange_rate', 'rate_date')) as { currency: string; exchange_rate: string | null; rate_date: string | Date | null } | undefined;
      if (credited?.currency === row.currency && credited.exchange_rate && credited.rate_date) return { currency: row.currency, rate: credited.exchange_rate, rateDate: isoDay(credited.rate_date) };
    }
    const found = await new ExchangeRateService(this.deps).rateOn(row.currency, isoDay(row.date));
    return { currency: row.currency, rate: found.rate, rateDate: found.date };
  }

  async remove(id: string, actor: string): Promise<void> {
    this.known(id);
    const before = await this.numberOf(id);
    await writePathOf(this.deps).commands.handle(billModel, { streamId: billStreamId(id), actor, decide: ({ state }) => decideBill({ type: 'DeleteBill' }, state) });
    // The supplier's number is free again for the bill that replaces this draft.
    if (before) await this.onNumber(id, before, decideReleaseBillNumber, actor).catch((err: unknown) => this.deps.logger.error({ err, billId: id }, "a deleted bill's number could not be given back"));
  }

  /**
   * An imported bill edited (most often to choose its lines' accounts) stays its document: its lines
   * may stay negative, and while each category and rate keeps its taxable amount, the VAT per rate
   * it kept from the document is kept, not reckoned again line by line.
   */
  private async keepingDocumentVat(id: string, input: BillInput): Promise<BillInput> {
    const imported = await this.deps.db('bill_documents').where({ bill_id: id, kind: 'einvoice' }).first('id');
    const row = imported ? ((await this.deps.db('bill_list').where({ id }).first()) as BillRow | undefined) : undefined;
    if (!row) return input;
    const current = billStateOfRow(row) as Extract<BillState, { status: 'draft' | 'posted' }>;
    const key = (category: string, rateBp: number) => `${category}|${rateBp}`;
    const kept = new Map<string, { vatCategory: string; vatRateBp: number; netCents: number; vatCents: number }>();
    for (const l of current.lines) {
      const g = kept.get(key(l.vatCategory, l.vatRateBp)) ?? { vatCategory: l.vatCategory, vatRateBp: l.vatRateBp, netCents: 0, vatCents: 0 };
      kept.set(key(l.vatCategory, l.vatRateBp), { ...g, netCents: g.netCents + l.netCents, vatCents: g.vatCents + l.vatCents });
    }
    const nets = new Map<string, number>();
    for (const l of input.lines) {
      const category = l.vatCategory === undefined ? (l.vatRateBp > 0 ? 'S' : 'Z') : l.vatCategory.trim().toUpperCase();
      const k = key(category, l.vatRateBp);
      nets.set(k, (nets.get(k) ?? 0) + lineAmounts(l.quantityMilli, l.unitPriceCents, 0).netCents);
    }
    const unchanged = nets.size === kept.size && [...kept].every(([k, g]) => nets.get(k) === g.netCents);
    const statedVat = [...kept.values()].filter((g) => g.vatCategory !== 'AE').map(({ vatCategory, vatRateBp, vatCents }) => ({ vatCategory, vatRateBp, vatCents }));
    return { ...input, signedLines: true, ...(unchanged ? { statedVat } : {}) };
  }

  /** The supplier and number a bill holds, as the read model has them; null for a bill it does not know. */
  private async numberOf(billId: string): Promise<(BillNumber & { status: string; creditedBillId: string | null; currency: string }) | null> {
    const row = (await this.deps.db('bill_list').where({ id: billId }).first('supplier_id', 'supplier_invoice_number', 'status', 'document_type', 'credited_bill_id', 'currency')) as
      | { supplier_id: string; supplier_invoice_number: string; status: string; document_type: string; credited_bill_id: string | null; currency: string }
      | undefined;
    return row
      ? { supplierId: row.supplier_id, number: row.supplier_invoice_number, documentType: row.document_type === 'credit_note' ? 'credit_note' : 'bill', status: row.status, creditedBillId: row.credited_bill_id, currency: row.currency }
      : null;
  }

  /**
   * Writes a bill holding its supplier's number: the number is claimed first (its claim stream
   * refuses a second bill entered at the same moment, which the read model's check cannot see),
   * given back if the write fails, and the number held before is given back once it succeeds.
   */
  private async withNumber<T>(billId: string, input: BillInput, before: (BillNumber & { status: string }) | null, actor: string, write: () => Promise<T>): Promise<T> {
    // What the domain would refuse is refused before the number is claimed: a refusal writes nothing.
    buildBill(input);
    if (before?.status === 'posted') throw new ConflictError(BILL_POSTED_IMMUTABLE);
    const next: BillNumber = { supplierId: input.supplierId, number: input.supplierInvoiceNumber.trim(), documentType: input.documentType ?? 'bill' };
    const same = before !== null && before.supplierId === next.supplierId && before.documentType === next.documentType && billNumberKey(before.number) === billNumberKey(next.number);
    if (!same) {
      try {
        await this.onNumber(billId, next, decideClaimBillNumber, actor);
      } catch (err) {
        if (!(err instanceof ConflictError)) throw err;
        const holder = (await this.deps.db('bill_list').where({ supplier_id: next.supplierId, document_type: next.documentType }).whereRaw('lower(supplier_invoice_number) = lower(?)', [next.number]).whereNot({ id: billId }).first('date')) as { date: string } | undefined;
        throw new ConflictError(holder ? duplicateBillNumber(next.number, String(holder.date)) : numberJustTaken(next.number));
      }
    }
    let result: T;
    try {
      result = await write();
    } catch (err) {
      if (!same) await this.onNumber(billId, next, decideReleaseBillNumber, actor).catch(() => undefined);
      throw err;
    }
    if (before && !same) await this.onNumber(billId, before, decideReleaseBillNumber, actor).catch((e: unknown) => this.deps.logger.error({ err: e, billId }, "a bill's former number could not be given back"));
    return result;
  }

  private async onNumber(billId: string, n: BillNumber, decide: (state: BillNumberState, claim: { supplierId: string; number: string; billId: string }) => BillNumberEvent[], actor: string): Promise<void> {
    // Nothing reads the claim streams: no wait for the read models.
    const key = n.documentType === 'credit_note' ? `credit note ${n.number}` : n.number;
    const batch = await writePathOf(this.deps).commands.handleBatch(billNumberModel, [{ streamId: billNumberStreamId(n.supplierId, key), actor, decide: ({ state }) => decide(state, { supplierId: n.supplierId, number: key, billId }) }], { wait: false });
    const error = batch.outcomes[0]?.error;
    if (error !== undefined) throw error;
  }

  async pay(id: string, payment: { amountCents: number; date: string; moneyAccountId: string; reference: string | null }, actor: string): Promise<BillWire> {
    this.known(id);
    const [command] = await this.paymentCommands([{ billId: id, ...payment }], { rates: true });
    return this.run(id, actor, command!);
  }

  /**
   * Several bills paid at once (one transfer out of one money account): every payment is checked
   * against its bill first and, if any is refused, nothing is written and each refusal is named
   * (`payments.2.amountCents`); then each bill records its own payment. Answers the bills paid.
   */
  async payMany(input: { date: string; moneyAccountId: string; reference: string | null; payments: ReadonlyArray<{ billId: string; amountCents: number }> }, actor: string): Promise<BillWire[]> {
    const errors: FieldErrors = {};
    const add = (field: string, message: string) => (errors[field] ??= []).includes(message) || errors[field]!.push(message);
    input.payments.forEach((p, i) => {
      if (input.payments.findIndex((q) => q.billId === p.billId) !== i) add(`payments.${i}.billId`, BILL_TWICE);
    });
    const orders = input.payments.map((p) => ({ ...p, date: input.date, moneyAccountId: input.moneyAccountId, reference: input.reference }));
    const commands = await this.paymentCommands(orders, { rates: true });
    const ids = input.payments.map((p) => p.billId).filter(isUuid);
    const rows = ids.length ? ((await this.deps.db('bill_list').whereIn('id', ids)) as BillRow[]) : [];
    const byId = new Map(rows.map((r) => [r.id, billStateOfRow(r)]));
    input.payments.forEach((p, i) => {
      const state = byId.get(p.billId);
      if (!state) return add(`payments.${i}.billId`, NOT_FOUND);
      try {
        decideBill(commands[i]!, state);
      } catch (err) {
        if (err instanceof ValidationError && err.fieldErrors) {
          for (const [field, messages] of Object.entries(err.fieldErrors)) for (const m of messages) add(field === 'date' ? 'date' : `payments.${i}.${field}`, m);
        } else if (err instanceof AppError) add(`payments.${i}.billId`, err.message);
        else throw err;
      }
    });
    if (Object.keys(errors).length) throw new ValidationError(INVALID, errors);
    const paid: BillWire[] = [];
    for (const [i, p] of input.payments.entries()) paid.push(await this.run(p.billId, actor, commands[i]!));
    return paid;
  }

  /**
   * Payments of bills out of money accounts as one batch, not waited for (a bank statement line's
   * bill parts: the line's own event waits after them): each answered, in order, with its payment
   * id or the error that refused it. A REST payment is the same command (`pay`).
   */
  async recordPayments(payments: readonly BillPaymentOrder[], actor: string): Promise<BillPaymentOutcome[]> {
    const commands = await this.paymentCommands(payments, { rates: false });
    const known = payments.map((p) => isUuid(p.billId));
    const batch = await writePathOf(this.deps).commands.handleBatch(
      billModel,
      payments.flatMap((p, i) => (known[i] ? [{ streamId: billStreamId(p.billId), actor, decide: ({ state }: { state: BillState }) => decideBill(commands[i]!, state) }] : [])),
      { wait: false },
    );
    let k = 0;
    return payments.map((_, i) => {
      if (!known[i]) return { error: new NotFoundError(NOT_FOUND) };
      const outcome = batch.outcomes[k++]!;
      return outcome.error !== undefined ? { error: outcome.error } : { paymentId: (commands[i] as Extract<BillCommand, { type: 'RecordBillPayment' }>).data.paymentId };
    });
  }

  /**
   * Takes payments back out (their statement line unreconciled): each bill owes it again. With
   * `check` nothing is written and the first refusal is thrown; otherwise one batch, one wait,
   * answering each one's refusal or undefined.
   */
  async removePayments(payments: ReadonlyArray<{ billId: string; paymentId: string }>, actor: string, options: { check?: boolean } = {}): Promise<unknown[]> {
    const command = (paymentId: string): BillCommand => ({ type: 'RemoveBillPayment', data: { paymentId, reason: 'statement_line_unreconciled' } });
    const commands = writePathOf(this.deps).commands;
    if (options.check) {
      for (const p of payments) decideBill(command(p.paymentId), (await commands.load(billModel, billStreamId(p.billId))).state);
      return payments.map(() => undefined);
    }
    const batch = await commands.handleBatch(billModel, payments.map((p) => ({ streamId: billStreamId(p.billId), actor, decide: ({ state }: { state: BillState }) => decideBill(command(p.paymentId), state) })));
    return batch.outcomes.map((o) => o.error);
  }

  /**
   * Each payment as the bill's command, from its money account's ledger account (an unknown account
   * refused on `moneyAccountId`). A bill in another currency is paid at the payment day's rate
   * (`rates`: a 400 on `date` naming the currency and day without one); without `rates` (a statement
   * line's euros) it is refused on `billId`.
   */
  private async paymentCommands(payments: readonly BillPaymentOrder[], options: { rates: boolean }): Promise<BillCommand[]> {
    const ids = [...new Set(payments.map((p) => p.moneyAccountId))].filter(isUuid);
    const rows = ids.length ? ((await this.deps.db('money_accounts').whereIn('id', ids).select('id', 'ledger_account_id')) as Array<{ id: string; ledger_account_id: string }>) : [];
    const ledger = new Map(rows.map((r) => [r.id, r.ledger_account_id]));
    const billIds = [...new Set(payments.map((p) => p.billId))].filter(isUuid);
    const foreign = billIds.length ? ((await this.deps.db('bill_list').whereIn('id', billIds).whereNot('currency', BOOKS_CURRENCY).select('id', 'currency')) as Array<{ id: string; currency: string }>) : [];
    const currencyOf = new Map(foreign.map((r) => [r.id, r.currency]));
    const rateService = new ExchangeRateService(this.deps);
    const commands: BillCommand[] = [];
    for (const { billId, moneyAccountId, ...rest } of payments) {
      const cashAccountId = ledger.get(moneyAccountId);
      if (!cashAccountId) throw new ValidationError(INVALID, { moneyAccountId: [MONEY_ACCOUNT_UNKNOWN] });
      const currency = currencyOf.get(billId);
      let rate: DayRate | undefined;
      if (currency !== undefined) {
        if (!options.rates) throw new ValidationError(billNotInEuros(currency), { billId: [billNotInEuros(currency)] });
        const found = await rateService.rateOn(currency, rest.date).catch((err: unknown) => {
          throw err instanceof ValidationError ? new ValidationError(err.message, { date: [err.message] }) : err;
        });
        rate = { rate: found.rate, rateDate: found.date };
      }
      commands.push({ type: 'RecordBillPayment', data: { paymentId: randomUUID(), ...rest, cashAccountId, ...(rate ? { rate } : {}) } });
    }
    return commands;
  }

  /**
   * Aged payables: what each supplier is owed as of a day in euros as booked, by days past due (the
   * receivables' buckets and shape, suppliers for clients). Its total is the Accounts Payable balance.
   */
  async agedPayables(input: PeriodInput, names?: PeriodFieldNames): Promise<AgedReceivables> {
    const asOf = resolveAsOf(input, dayOf(this.deps.clock()), names);
    const payables = SYSTEM_ACCOUNT_IDS.payables;
    const [sums, totals] = await Promise.all([payableSums(this.deps.db, asOf), totalsInRange(this.deps.db, undefined, asOf, payables)]);
    const rows = sums.map((r): AgingRow => ({ clientId: r.supplier_id, clientName: r.supplier_name ?? '', bucket: r.bucket as AgingRow['bucket'], cents: Number(r.cents) }));
    // What Accounts Payable holds beyond the bills (a manual journal line on it, a bill posted past
    // a lock) is current and names no supplier, as aged receivables treat such lines: the report's
    // total is the account's balance by construction.
    const ledger = totals.get(payables);
    const other = (ledger ? ledger.creditCents - ledger.debitCents : 0) - rows.reduce((sum, r) => sum + r.cents, 0);
    if (other !== 0) rows.push({ clientId: null, clientName: '', bucket: other > 0 ? 'current' : 'credit', cents: other });
    return ageReceivables(rows, asOf);
  }

  /**
   * A supplier's statement over a period (default: the year to date): its posted bills and their
   * payments, with the running balance owed, in euros as booked (a bill in another currency at its
   * rate, a payment of it as the booked euros it cleared), as Accounts Payable holds them.
   */
  async statement(supplierId: string, input: PeriodInput): Promise<SupplierStatement & { supplierName: string }> {
    const supplier = isUuid(supplierId) ? ((await this.deps.db('suppliers').where({ id: supplierId }).first('name')) as { name: string } | undefined) : undefined;
    if (!supplier) throw new NotFoundError('Supplier not found.');
    const period = resolveStatementPeriod(input, dayOf(this.deps.clock()));
    const rows = (await this.deps.db('bill_list').where({ supplier_id: supplierId, status: 'posted' }).where('date', '<=', period.to)) as BillRow[];
    const bills = rows.map((r) => {
      const s = billStateOfRow(r) as Extract<BillState, { status: 'draft' | 'posted' }>;
      const payments = s.payments.map((p) => ({ ...p, amountCents: bookedPaymentCents(p) }));
      return { billId: s.billId, supplierInvoiceNumber: s.supplierInvoiceNumber, date: s.date, dueDate: s.dueDate, grossCents: bookedGrossCents(s), payments, credit: s.documentType === 'credit_note' };
    });
    return { ...supplierStatement(bills, period.from, period.to), supplierName: supplier.name };
  }

  /** The bills with their documents and an import's warnings, in one read for all of them. */
  private async withPapers(wires: BillWire[]): Promise<BillWire[]> {
    const papers = await this.documents.papersOf(wires.map((w) => w.id));
    return wires.map((w) => {
      const p = papers.get(w.id);
      return p ? { ...w, documents: p.documents, einvoice_warnings: p.einvoiceWarnings } : w;
    });
  }

  private known(id: string): void {
    if (!isUuid(id)) throw new NotFoundError(NOT_FOUND);
  }

  private async run(billId: string, actor: string, command: BillCommand, options: { newStream?: boolean; expectedRevision?: number } = {}): Promise<BillWire> {
    const handled = await writePathOf(this.deps).commands.handle(billModel, { streamId: billStreamId(billId), actor, ...options, decide: ({ state }) => decideBill(command, state) });
    return this.answer(billId, handled);
  }

  private answer(billId: string, handled: Handled<BillState, BillEvent>): Promise<BillWire> {
    return answerAfterWrite(
      this.deps.logger,
      () => this.get(billId),
      async () => {
        const s = handled.state;
        if (s.status !== 'draft' && s.status !== 'posted') throw new NotFoundError(NOT_FOUND);
        const supplier = (await this.deps.db('suppliers').where({ id: s.supplierId }).first('name')) as { name: string } | undefined;
        return wireOf(s, { supplierName: supplier?.name ?? null, version: handled.loaded.events.length + handled.events.length, updatedAt: null });
      },
    );
  }

  private rowWire(r: BillRow & { supplier_name: string | null }): BillWire {
    return wireOf(billStateOfRow(r) as Extract<BillState, { status: 'draft' | 'posted' }>, { supplierName: r.supplier_name, version: r.revision + 1, updatedAt: toIso(r.updated_at) });
  }

  /**
   * What needs the books before the domain decides: the supplier exists (its payment terms give a
   * missing due date), each line's account takes purchases, and the supplier's number is no other
   * bill's of that supplier.
   */
  private async checked(input: ParsedBill['input'], self: string | null): Promise<BillInput> {
    const errors: FieldErrors = {};
    const supplier = (await this.deps.db('suppliers').where({ id: input.supplierId }).first('payment_terms_days')) as { payment_terms_days: number } | undefined;
    if (!supplier) errors.supplierId = [SUPPLIER_UNKNOWN];
    const byId = await purchaseAccountsById(this.deps.db, input.lines.map((l) => l.accountId));
    input.lines.forEach((l, i) => {
      const refusal = purchaseAccountRefusal(byId.get(l.accountId));
      if (refusal) errors[`lines.${i}.accountId`] = [refusal];
    });
    if (Object.keys(errors).length) throw new ValidationError(INVALID, errors);
    if (input.documentType === 'credit_note' && input.creditedBillId) {
      const credited = isUuid(input.creditedBillId)
        ? ((await this.deps.db('bill_list').where({ id: input.creditedBillId }).first('supplier_id', 'status', 'document_type', 'currency')) as { supplier_id: string; status: string; document_type: string; currency: string } | undefined)
        : undefined;
      if (!credited || credited.supplier_id !== input.supplierId || credited.status !== 'posted' || credited.document_type !== 'bill') throw new ValidationError(INVALID, { creditedBillId: [CREDITED_BILL_INVALID] });
      if (credited.currency !== inputCurrency(input)) throw new ValidationError(INVALID, { currency: [creditNoteCurrency(credited.currency)] });
    }
    const same = (await this.deps
      .db('bill_list')
      .where({ supplier_id: input.supplierId, document_type: input.documentType ?? 'bill' })
      .whereRaw('lower(supplier_invoice_number) = lower(?)', [input.supplierInvoiceNumber.trim()])
      .modify((q) => (self ? q.whereNot({ id: self }) : q))
      .first('id', 'date')) as { id: string; date: string } | undefined;
    if (same) throw new ConflictError(duplicateBillNumber(input.supplierInvoiceNumber.trim(), String(same.date)));
    // A credit note's credit is there to use when issued: due on its date, not after the supplier's terms.
    return { ...input, dueDate: input.dueDate ?? (input.documentType === 'credit_note' ? input.date : addDays(input.date, supplier!.payment_terms_days)) };
  }
}
