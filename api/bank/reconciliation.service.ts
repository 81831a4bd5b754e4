import { randomUUID } from 'node:crypto';
import type { Account, AccountType, CashFlowClass, SystemAccountKey } from '../../domain/accounting/accounts';
import { requestedPostingDays } from '../../domain/accounting/posting-dates';
import { bankLineStream, decideReconcile, decideUnreconcile, type BankLineState } from '../../domain/bank/line';
import { BANK_LINE_SCHEMA_VERSION, bankLineStreamId, type BankLineEvent } from '../../domain/bank/line-events';
import { checkReconciliation, postingsOf } from '../../domain/bank/reconciliation';
import { reconciliationReport, type UnreconciledItem } from '../../domain/bank/reconciliation-report';
import { totalsInRange } from '../../projections/ledger/balances/queries';
import type { BankLine, MovementFacts, ReconciliationContext, ReconciliationPart } from '../../domain/bank/reconciliation-parts';
import { NotFoundError, ValidationError, type FieldErrors } from '../../domain/shared/errors';
import { centsToEuros } from '../../domain/shared/money';
import type { AppDeps } from '../platform/deps';
import type { StreamModel } from '../write/command-handler';
import { writePathOf } from '../write/write-path';
import { wireField } from './reconciliation.schema';
import { toStatementLineWire, type StatementLineRow, type StatementLineWire } from './statement.service';

const LINE_NOT_FOUND = 'Statement line not found.';
const INVALID = 'Please correct the errors below.';
/** Until a line can pay invoices itself: the payment is recorded on the invoice, then matched as a movement. */
const NOT_YET =
  'Record the payment on the invoice first (deposited to this bank account), then reconcile the line with that payment as a movement.';

const bankLineModel: StreamModel<BankLineState, BankLineEvent> = {
  initialState: bankLineStream.initialState,
  evolve: bankLineStream.evolve,
  fromRecorded: bankLineStream.decode,
  toNew: (e, actor) => ({ eventId: randomUUID(), type: e.type, data: e.data, metadata: { actor, schemaVersion: BANK_LINE_SCHEMA_VERSION } }),
  postingDays: requestedPostingDays,
};

/** `GET …/reconciliation-report/`: the proof that the books equal the bank on a statement's closing day (euros). */
export interface ReconciliationReportWire {
  money_account: string;
  statement: string;
  date: string;
  statement_balance: number;
  ledger_balance: number;
  unreconciled_lines: Array<{ id: string; date: string; description: string; amount: number }>;
  unreconciled_lines_total: number;
  unreconciled_movements: Array<{ id: string; date: string; description: string; amount: number }>;
  unreconciled_movements_total: number;
  explained_balance: number;
  difference: number;
  proven: boolean;
  complete: boolean;
}

/** A money movement already in the books, as `GET …/movements/` answers it. */
export interface MovementWire {
  /** The ledger entry's id: what a `movement` part names. */
  id: string;
  date: string;
  description: string;
  source: string;
  amount: number;
}

interface AccountRow {
  id: string;
  code: string;
  account_name: string;
  type: AccountType;
  cash_flow_class: CashFlowClass;
  is_active: boolean;
  system_key: SystemAccountKey | null;
}

/**
 * Reconciles statement lines, one step an event on the line's stream (`bank-line-<id>`): what the
 * line's money was (accounts with VAT, transfers, money movements already in the books), checked and
 * turned into postings by domain/bank, refused when its day is locked, and undone the same way.
 */
export class ReconciliationService {
  constructor(private readonly deps: AppDeps) {}

  async reconcile(moneyAccountId: string, lineId: string, parts: ReconciliationPart[], actor: string): Promise<StatementLineWire> {
    const line = await this.line(moneyAccountId, lineId);
    const early: FieldErrors = {};
    parts.forEach((p, i) => {
      if (p.kind === 'invoice' || p.kind === 'clientCredit') early[`parts.${i}.kind`] = [NOT_YET];
    });
    if (Object.keys(early).length) throw new ValidationError(INVALID, early);
    const context = await this.context(moneyAccountId, parts);
    const errors = checkReconciliation(line, parts, context);
    if (errors.length) {
      const fields: FieldErrors = {};
      for (const e of errors) (fields[wireField(e.field)] ??= []).push(e.message);
      throw new ValidationError(INVALID, fields);
    }
    const postings = postingsOf(line, parts, context);
    const command = { lineId, reconciliationId: randomUUID(), moneyAccountId, date: line.bookingDate, amountCents: line.amountCents, parts, postings };
    await writePathOf(this.deps).commands.handle(bankLineModel, { streamId: bankLineStreamId(lineId), actor, decide: ({ state }) => decideReconcile(state, command) });
    return this.wire(moneyAccountId, lineId);
  }

  async unreconcile(moneyAccountId: string, lineId: string, actor: string): Promise<StatementLineWire> {
    await this.line(moneyAccountId, lineId);
    await writePathOf(this.deps).commands.handle(bankLineModel, { streamId: bankLineStreamId(lineId), actor, decide: ({ state }) => decideUnreconcile(state) });
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
    if (!account) throw new NotFoundError('Bank account not found.');
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
    if (!account) throw new NotFoundError('Bank account not found.');
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
    if (!row) throw new NotFoundError(LINE_NOT_FOUND);
    return row;
  }

  private async line(moneyAccountId: string, lineId: string): Promise<BankLine> {
    const r = await this.row(moneyAccountId, lineId);
    return {
      id: r.id,
      bookingDate: r.booking_date,
      valueDate: r.value_date,
      amountCents: r.amount_cents,
      description: r.description,
      counterpartyName: r.counterparty_name,
      counterpartyIban: r.counterparty_iban,
      reference: r.reference,
      bankReference: r.bank_reference,
    };
  }

  private async wire(moneyAccountId: string, lineId: string): Promise<StatementLineWire> {
    return toStatementLineWire(await this.row(moneyAccountId, lineId));
  }

  /** What the check needs: the chart by code, the money accounts, and the movements the parts name. */
  private async context(moneyAccountId: string, parts: ReconciliationPart[]): Promise<ReconciliationContext> {
    const db = this.deps.db;
    const [accountRows, moneyRows] = await Promise.all([
      db('accounts').select('id', 'code', 'account_name', 'type', 'cash_flow_class', 'is_active', 'system_key') as Promise<AccountRow[]>,
      db('money_accounts').select('id', 'ledger_account_id') as Promise<Array<{ id: string; ledger_account_id: string }>>,
    ]);
    const accounts = new Map<string, Account>(
      accountRows.map((a) => [a.code, { id: a.id, code: a.code, name: a.account_name, type: a.type, cashFlowClass: a.cash_flow_class, active: a.is_active, systemKey: a.system_key }]),
    );
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
    return { moneyAccountId, moneyAccounts, accounts, invoices: new Map(), movements, clientIds: new Set() };
  }
}
