import { randomUUID } from 'node:crypto';
import type { Account, AccountType, CashFlowClass, SystemAccountKey } from '../../domain/accounting/accounts';
import { requestedPostingDays } from '../../domain/accounting/posting-dates';
import { bankLineStream, decideReconcile, decideUnreconcile, type BankLineState } from '../../domain/bank/line';
import { BANK_LINE_SCHEMA_VERSION, bankLineStreamId, type BankLineEvent } from '../../domain/bank/line-events';
import { checkReconciliation, postingsOf } from '../../domain/bank/reconciliation';
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
    const rows = (await db('ledger_entries as e')
      .join('ledger_lines as l', 'l.entry_id', 'e.entry_id')
      .leftJoin('bank_reconciled_movements as m', 'm.movement_id', db.raw('e.entry_id::text'))
      .where('l.account_id', account.ledger_account_id)
      .whereNot('e.source_type', 'bank_reconciliation')
      .whereNull('m.movement_id')
      .groupBy('e.entry_id', 'e.date', 'e.description', 'e.source_type')
      .havingRaw('sum(l.debit_cents - l.credit_cents) <> 0')
      .orderBy([{ column: 'e.date' }, { column: 'e.entry_id' }])
      .limit(limit)
      .select('e.entry_id', 'e.date', 'e.description', 'e.source_type', db.raw('sum(l.debit_cents - l.credit_cents) as cents'))) as Array<{ entry_id: string; date: string; description: string; source_type: string; cents: number | string }>;
    return rows.map((r) => ({ id: r.entry_id, date: r.date, description: r.description, source: r.source_type, amount: centsToEuros(Number(r.cents)) }));
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
