import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { checkCsvMapping, type CsvMapping } from '../../domain/bank/csv-statement';
import type { BankLine } from '../../domain/bank/reconciliation-parts';
import { StatementFileError, type Statement, type StatementLine } from '../../domain/bank/statement';
import { lineKeyer } from '../../domain/bank/statement-checks';
import { readStatementFileLines } from '../../domain/bank/statement-file';
import { bookingRange, openingGap, openingGapMessage, statementRefusal, type ImportAccount, type PreviousStatement } from '../../domain/bank/statement-import';
import { NotFoundError, ValidationError } from '../../domain/shared/errors';
import { centsToEuros } from '../../domain/shared/money';
import { writeAudit } from '../platform/audit';
import type { AppDeps } from '../platform/deps';
import type { StatementImportWire, StatementLineWire, StatementWarning, StatementWire } from '../platform/contracts/rest.contract';
import { toIso } from '../platform/wire';
import { MONEY_ACCOUNT_NOT_FOUND } from '../../domain/bank/money-account';

const INVALID = 'Please correct the errors below.';

export interface StatementRow {
  id: string;
  money_account_id: string;
  format: Statement['format'];
  bank_statement_id: string | null;
  iban: string | null;
  currency: string;
  opening_date: string | null;
  opening_cents: number | null;
  closing_date: string | null;
  closing_cents: number | null;
  first_booking_date: string | null;
  last_booking_date: string | null;
  lines_in_file: number;
  lines_added: number;
  opening_gap_cents: number | null;
  file_name: string;
  file_sha256: string;
  imported_by: string | null;
  imported_at: Date | string;
}

export interface StatementLineRow {
  id: string;
  money_account_id: string;
  statement_id: string;
  position: number;
  line_key: string;
  booking_date: string;
  value_date: string;
  amount_cents: number;
  description: string;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  reference: string | null;
  bank_reference: string | null;
  /** From the bank-lines read model (left join): null while the line is open. */
  reconciliation_id: string | null;
  parts: unknown;
  reconciled_at: Date | string | null;
}

/** A part as the wire shows it: cents become `amount` in euros, the rest as stored. */
const partWire = (part: unknown): unknown => {
  if (typeof part !== 'object' || part === null) return part;
  const { cents, ...rest } = part as { cents?: number };
  return typeof cents === 'number' ? { ...rest, amount: centsToEuros(cents) } : part;
};

const balance = (date: string | null, cents: number | null) => (date !== null && cents !== null ? { date, amount: centsToEuros(cents) } : null);

export const toStatementWire = (r: StatementRow): StatementWire => ({
  id: r.id,
  money_account: r.money_account_id,
  format: r.format,
  statement_id: r.bank_statement_id,
  iban: r.iban,
  currency: r.currency,
  opening_balance: balance(r.opening_date, r.opening_cents),
  closing_balance: balance(r.closing_date, r.closing_cents),
  first_booking_date: r.first_booking_date,
  last_booking_date: r.last_booking_date,
  lines_in_file: r.lines_in_file,
  lines_added: r.lines_added,
  opening_gap: r.opening_gap_cents === null ? null : centsToEuros(r.opening_gap_cents),
  file_name: r.file_name,
  imported_at: toIso(r.imported_at),
});

export const toStatementLineWire = (r: StatementLineRow): StatementLineWire => ({
  id: r.id,
  statement: r.statement_id,
  booking_date: r.booking_date,
  value_date: r.value_date,
  amount: centsToEuros(r.amount_cents),
  description: r.description,
  counterparty_name: r.counterparty_name,
  counterparty_iban: r.counterparty_iban,
  reference: r.reference,
  bank_reference: r.bank_reference,
  status: r.reconciliation_id ? 'reconciled' : 'open',
  reconciliation: r.reconciliation_id
    ? { id: r.reconciliation_id, parts: (typeof r.parts === 'string' ? (JSON.parse(r.parts) as unknown[]) : (r.parts as unknown[])).map(partWire) as Array<Record<string, unknown>>, reconciled_at: toIso(r.reconciled_at) }
    : null,
});

const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** A file name as the admin sees it later: the last path segment, printable, at most 200 characters. */
const cleanFileName = (name: string | undefined): string => {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const printable = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return printable.slice(0, 200) || 'statement';
};

/** A file's error as the 400 names it (under `file`); any other error as it is. */
function refused(err: unknown): never {
  if (err instanceof StatementFileError) throw new ValidationError(INVALID, { file: [err.message] });
  throw err;
}

/** Reconciles the lines of an import that need no person (ReconciliationService); answers how many. */
export interface AutoReconciler {
  autoReconcile(moneyAccountId: string, lines: BankLine[], actor: string): Promise<number>;
}

export interface StatementFile {
  bytes: Buffer;
  name?: string;
}

export type { StatementImportWire, StatementLineWire, StatementWarning, StatementWire };

export interface LineQuery {
  status?: 'open' | 'reconciled';
  statementId?: string;
  limit: number;
  offset: number;
}

/**
 * Bank statements: a file is read and checked whole before anything is written (domain/bank), then
 * its new lines are written in one transaction; a line the account holds already (same key) is
 * passed over, so the same or an overlapping file adds nothing twice.
 */
export class StatementService {
  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'clock'>,
    /** Reconciles what an import can decide alone (an intact RF reference); absent, lines stay open. */
    private readonly autoReconciler?: AutoReconciler,
  ) {}

  async import(moneyAccountId: string, file: StatementFile, actor: string): Promise<StatementImportWire> {
    const account = await this.account(this.deps.db, moneyAccountId);
    const others: ImportAccount[] = (await this.deps.db('money_accounts').select('id', 'name', 'kind', 'iban')) as ImportAccount[];
    const fileName = cleanFileName(file.name);
    const fileHash = sha256(file.bytes);
    // A statement goes in only when it names this account's IBAN or none (statementRefusal), so its
    // lines' keys are made with the account's IBAN while the file is still being read.
    const keyOf = lineKeyer(account.iban);
    const reader = readStatementFileLines(file.bytes, account.csvMapping ? { csv: account.csvMapping } : {});
    let step: IteratorResult<StatementLine[], Statement>;
    try {
      // The size, the text and the format are checked here, before the transaction.
      step = reader.next();
    } catch (err) {
      refused(err);
    }

    const written = await this.deps.db.transaction(async (trx): Promise<{ answer: Omit<StatementImportWire, 'auto_reconciled'>; lines: BankLine[] }> => {
      // One import of an account at a time: two overlapping files at once would both see their lines as new.
      await trx('money_accounts').where({ id: account.id }).forUpdate().first('id');
      const statementId = randomUUID();
      // Each slice's lines are written while the next is read (the database and the parser work at
      // once); a line the account holds already (same key) is passed over by the unique key. Its
      // statement row comes last (the lines' reference to it is checked at commit), and an error
      // later in the file rolls all of it back: nothing of a refused file is written.
      // The slices' writes run one after another on the transaction's connection (a driver takes
      // one statement at a time), each sent as soon as the one before is done.
      const fresh: BankLine[] = [];
      let writing: Promise<void> = Promise.resolve();
      let position = 0;
      try {
        while (!step.done) {
          const rows = step.value.map((line) => ({ line, id: randomUUID(), position: (position += 1), key: sha256(keyOf(line)) }));
          writing = writing.then(async () => void fresh.push(...(await this.writeLines(trx, account.id, statementId, rows))));
          // Settled below; a rejection is never left unhandled while the file is still being read.
          writing.catch(() => undefined);
          // Lets the driver send the slice (and hear the one before) before the next one is parsed.
          await new Promise((resolve) => setImmediate(resolve));
          step = reader.next();
        }
      } catch (err) {
        await writing.catch(() => undefined);
        refused(err);
      }
      const statement = step.value;
      const refusal = statementRefusal(statement, account, others);
      if (refusal) {
        await writing.catch(() => undefined);
        throw new ValidationError(INVALID, { file: [refusal] });
      }
      await writing;
      const warnings: StatementWarning[] = [];
      const previous = await this.previous(trx, account.id, statement);
      const gap = openingGap(statement, previous);
      if (gap !== null && previous) warnings.push({ code: 'OPENING_GAP', message: openingGapMessage(statement, previous, gap) });
      const summary = { lines_in_file: statement.lines.length, lines_added: fresh.length, lines_already_imported: statement.lines.length - fresh.length };
      if (!fresh.length) {
        warnings.push({ code: 'NOTHING_NEW', message: 'Every line of this file was imported before: nothing was added.' });
        return { answer: { statement: null, ...summary, warnings }, lines: [] };
      }
      const now = this.deps.clock();
      const range = bookingRange(statement);
      const row: StatementRow = {
        id: statementId,
        money_account_id: account.id,
        format: statement.format,
        bank_statement_id: statement.statementId,
        iban: statement.iban,
        currency: statement.currency,
        opening_date: statement.opening?.date ?? null,
        opening_cents: statement.opening?.cents ?? null,
        closing_date: statement.closing?.date ?? null,
        closing_cents: statement.closing?.cents ?? null,
        first_booking_date: range?.first ?? null,
        last_booking_date: range?.last ?? null,
        lines_in_file: statement.lines.length,
        lines_added: fresh.length,
        opening_gap_cents: gap,
        file_name: fileName,
        file_sha256: fileHash,
        imported_by: actor,
        imported_at: now,
      };
      await trx('bank_statements').insert(row);
      await writeAudit(trx, { actor, entity: 'bank_statement', entityId: row.id, action: 'create', before: null, after: row, at: now });
      return { answer: { statement: toStatementWire(row), ...summary, warnings }, lines: fresh };
    });
    // After the lines are written: each reconciliation is a step of its own, refused alone if it must be.
    const auto = this.autoReconciler && written.lines.length ? await this.autoReconciler.autoReconcile(account.id, written.lines, actor) : 0;
    return { ...written.answer, auto_reconciled: auto };
  }

  /**
   * Writes a slice of a statement's lines, each unless the account holds its key already, in one
   * statement of three parameters whatever the slice's length. Answers the lines written, in the
   * file's order.
   */
  private async writeLines(trx: Knex.Transaction, moneyAccountId: string, statementId: string, rows: ReadonlyArray<{ line: StatementLine; id: string; position: number; key: string }>): Promise<BankLine[]> {
    if (!rows.length) return [];
    // One JSON parameter for the slice: the server reads it while the next slice is parsed here.
    const json = JSON.stringify(
      rows.map(({ line, id, position, key }) => ({
        id,
        position,
        line_key: key,
        booking_date: line.bookingDate,
        value_date: line.valueDate,
        amount_cents: line.amountCents,
        description: line.description,
        counterparty_name: line.counterpartyName,
        counterparty_iban: line.counterpartyIban,
        reference: line.reference,
        bank_reference: line.bankReference,
      })),
    );
    const inserted = (
      (await trx.raw(
        `insert into bank_statement_lines
           (id, money_account_id, statement_id, position, line_key, booking_date, value_date, amount_cents,
            description, counterparty_name, counterparty_iban, reference, bank_reference)
         select u.id, ?, ?, u.position, u.line_key, u.booking_date, u.value_date, u.amount_cents,
                u.description, u.counterparty_name, u.counterparty_iban, u.reference, u.bank_reference
           from json_to_recordset(?::json)
             as u(id uuid, position int, line_key text, booking_date date, value_date date, amount_cents bigint,
                  description text, counterparty_name text, counterparty_iban text, reference text, bank_reference text)
         on conflict (money_account_id, line_key) do nothing
         returning position`,
        [moneyAccountId, statementId, json],
      )) as { rows: Array<{ position: number }> }
    ).rows;
    const written = new Set(inserted.map((r) => Number(r.position)));
    return rows.filter((r) => written.has(r.position)).map(({ line, id }) => ({ ...line, id }));
  }

  /** The account's statements, the newest first. */
  async list(moneyAccountId: string): Promise<StatementWire[]> {
    await this.account(this.deps.db, moneyAccountId);
    const rows: StatementRow[] = await this.deps
      .db('bank_statements')
      .where({ money_account_id: moneyAccountId })
      .orderBy([{ column: 'closing_date', order: 'desc', nulls: 'last' }, { column: 'imported_at', order: 'desc' }, { column: 'id' }]);
    return rows.map(toStatementWire);
  }

  /** One page of the account's statement lines, oldest first, with the total for the filter. */
  async lines(moneyAccountId: string, query: LineQuery): Promise<{ items: StatementLineWire[]; total: number }> {
    await this.account(this.deps.db, moneyAccountId);
    const filtered = () => {
      const q = this.deps.db('bank_statement_lines as l').leftJoin('bank_line_reconciliations as r', 'r.line_id', 'l.id').where('l.money_account_id', moneyAccountId);
      if (query.status === 'open') q.whereNull('r.line_id');
      if (query.status === 'reconciled') q.whereNotNull('r.line_id');
      if (query.statementId) q.where('l.statement_id', query.statementId);
      return q;
    };
    const [rows, count] = await Promise.all([
      filtered()
        .select('l.*', 'r.reconciliation_id', 'r.parts', 'r.reconciled_at')
        .orderBy([{ column: 'l.booking_date' }, { column: 'l.statement_id' }, { column: 'l.position' }])
        .limit(query.limit)
        .offset(query.offset) as Promise<StatementLineRow[]>,
      filtered().count<{ count: number | string }[]>('* as count'),
    ]);
    return { items: rows.map(toStatementLineWire), total: Number(count[0]?.count ?? 0) };
  }

  /** Saves the column mapping CSV files of this account are read with (null removes it). */
  async saveCsvMapping(moneyAccountId: string, mapping: unknown, actor: string): Promise<CsvMapping | null> {
    if (mapping !== null) {
      const problems = checkCsvMapping(mapping);
      if (problems.length) throw new ValidationError(INVALID, { csv_mapping: problems });
    }
    await this.deps.db.transaction(async (trx) => {
      const before = await this.account(trx, moneyAccountId);
      const now = this.deps.clock();
      // knex sends a JS object as JSON; a JSON text keeps PGlite and pg alike.
      await trx('money_accounts').where({ id: moneyAccountId }).update({ csv_mapping: mapping === null ? null : JSON.stringify(mapping), updated_at: now });
      await writeAudit(trx, { actor, entity: 'money_account', entityId: moneyAccountId, action: 'update', before: { csv_mapping: before.csvMapping }, after: { csv_mapping: mapping }, at: now });
    });
    return (await this.account(this.deps.db, moneyAccountId)).csvMapping;
  }

  async csvMapping(moneyAccountId: string): Promise<CsvMapping | null> {
    return (await this.account(this.deps.db, moneyAccountId)).csvMapping;
  }

  private async account(db: Knex, id: string): Promise<ImportAccount & { csvMapping: CsvMapping | null }> {
    const row = (await db('money_accounts').where({ id }).first('id', 'name', 'kind', 'iban', 'csv_mapping')) as
      | (ImportAccount & { csv_mapping: CsvMapping | string | null })
      | undefined;
    if (!row) throw new NotFoundError(MONEY_ACCOUNT_NOT_FOUND);
    const mapping = typeof row.csv_mapping === 'string' ? (JSON.parse(row.csv_mapping) as CsvMapping) : row.csv_mapping;
    return { id: row.id, name: row.name, kind: row.kind, iban: row.iban, csvMapping: mapping };
  }

  /** The account's statement with balances that closed last on or before this one's opening day. */
  private async previous(trx: Knex.Transaction, moneyAccountId: string, statement: Statement): Promise<PreviousStatement | null> {
    if (!statement.opening) return null;
    const row = (await trx('bank_statements')
      .where({ money_account_id: moneyAccountId })
      .whereNotNull('closing_cents')
      .where('closing_date', '<=', statement.opening.date)
      .orderBy([{ column: 'closing_date', order: 'desc' }, { column: 'imported_at', order: 'desc' }])
      .first('closing_date', 'closing_cents')) as { closing_date: string; closing_cents: number } | undefined;
    return row ? { closing: { date: row.closing_date, cents: row.closing_cents } } : null;
  }
}
