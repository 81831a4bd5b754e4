import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  CARD_NOT_DEPOSITED,
  checkMoneyAccount,
  checkMoneyAccountDefaults,
  defaultDepositAccount,
  DEFAULT_BANK_NOT_DELETED,
  DEFAULT_NOT_DELETED,
  DEFAULT_PURPOSES,
  DEFAULT_STAYS,
  IBAN_TAKEN,
  KIND_FIXED,
  LEDGER_CODES_FULL,
  LEDGER_NAME_TAKEN,
  MONEY_ACCOUNT_HAS_POSTINGS,
  MONEY_ACCOUNT_NOT_FOUND,
  nextLedgerCode,
  payoutLedgerAccount,
  purposesOf,
  SYSTEM_MONEY_ACCOUNT,
  takesDeposits,
  UNKNOWN_ACCOUNT,
  type DefaultPurpose,
  type MoneyAccount,
  type MoneyAccountDefaults,
  type MoneyAccountKind,
  type SaveMoneyAccount,
} from '../../domain/bank/money-account';
import { formatIban } from '../../domain/billing/bank';
import type { PaymentMethod } from '../../domain/invoice/events';
import { dayOf } from '../../domain/shared/dates';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { centsToEuros } from '../../domain/shared/money';
import { totalsInRange } from '../../projections/ledger/balances/queries';
import { accountHasLines } from '../../projections/ledger/journal-lines/queries';
import type { AppDeps } from '../platform/deps';
import { writeAudit } from '../platform/audit';
import { deleteAudited, insertAudited, updateVersioned } from '../platform/versioned';
import { toIso } from '../platform/wire';

export interface MoneyAccountRow {
  id: string;
  name: string;
  kind: MoneyAccountKind;
  iban: string | null;
  bic: string | null;
  ledger_account_id: string;
  is_default: boolean;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The REST shape (`/api/bank-accounts/`): amounts in euros, the IBAN as typed for print. */
export interface MoneyAccountWire {
  id: string;
  name: string;
  kind: MoneyAccountKind;
  iban: string | null;
  bic: string | null;
  is_default: boolean;
  ledger_account: { id: string; code: string; name: string };
  /** Its ledger account's balance (debit minus credit) through today. */
  ledger_balance: number;
  version: number;
  updated_at: string;
}

const INVALID = 'Please correct the errors below.';

/** `GET`/`PUT /api/money-account-defaults/`: a money account id (or null: the built-in rule) per purpose. */
export type MoneyAccountDefaultsWire = Record<DefaultPurpose, string | null>;

/** The saved defaults (table money_account_defaults, one row per purpose given an account). */
export const readMoneyAccountDefaults = async (db: Knex): Promise<MoneyAccountDefaults> => {
  const rows: Array<{ purpose: DefaultPurpose; money_account_id: string }> = await db('money_account_defaults').select('purpose', 'money_account_id');
  return Object.fromEntries(rows.map((r) => [r.purpose, r.money_account_id]));
};

/** The ledger account a Stripe payout lands on now: the payout default's, else undefined (the books' own Bank). */
export const readPayoutLedgerAccount = async (db: Knex): Promise<string | undefined> => {
  const [rows, defaults] = await Promise.all([db('money_accounts').select('*') as Promise<MoneyAccountRow[]>, readMoneyAccountDefaults(db)]);
  return payoutLedgerAccount(rows.map(toMoneyAccount), defaults);
};

const defaultsWire = (defaults: MoneyAccountDefaults): MoneyAccountDefaultsWire =>
  Object.fromEntries(DEFAULT_PURPOSES.map((p) => [p, defaults[p] ?? null])) as MoneyAccountDefaultsWire;

export const toMoneyAccount = (row: MoneyAccountRow): MoneyAccount => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  iban: row.iban,
  bic: row.bic,
  ledgerAccountId: row.ledger_account_id,
  isDefault: row.is_default,
});

/** Bank accounts and the cash box: what the company holds where, each on a ledger account of its own. */
export class MoneyAccountService {
  constructor(private readonly deps: AppDeps) {}

  async list(): Promise<MoneyAccountWire[]> {
    const rows: MoneyAccountRow[] = await this.deps.db('money_accounts').orderBy([{ column: 'is_default', order: 'desc' }, { column: 'kind' }, { column: 'name' }, { column: 'id' }]);
    return this.wires(rows);
  }

  async get(id: string): Promise<MoneyAccountWire> {
    return (await this.wires([await this.row(this.deps.db, id)]))[0]!;
  }

  /** The accounts as the domain sees them (for deposits and statements). */
  async all(db: Knex = this.deps.db): Promise<MoneyAccount[]> {
    return ((await db('money_accounts').select('*')) as MoneyAccountRow[]).map(toMoneyAccount);
  }

  /**
   * The ledger account a payment recorded by hand goes into: the money account named, else the
   * method's default. Undefined for a method that settles elsewhere (a card through Stripe).
   */
  async depositLedgerAccount(method: PaymentMethod, moneyAccountId: string | null | undefined): Promise<string | undefined> {
    if (!takesDeposits(method)) {
      if (moneyAccountId) throw new ValidationError(INVALID, { depositedTo: [CARD_NOT_DEPOSITED] });
      return undefined;
    }
    const [accounts, defaults] = await Promise.all([this.all(), readMoneyAccountDefaults(this.deps.db)]);
    const chosen = moneyAccountId ? accounts.find((a) => a.id === moneyAccountId) : defaultDepositAccount(method, accounts, defaults);
    if (moneyAccountId && !chosen) throw new ValidationError(INVALID, { depositedTo: [UNKNOWN_ACCOUNT] });
    return chosen?.ledgerAccountId;
  }

  async getDefaults(): Promise<MoneyAccountDefaultsWire> {
    return defaultsWire(await readMoneyAccountDefaults(this.deps.db));
  }

  /** Replaces every purpose's default: a purpose given null (or left out) falls back to the built-in rule. */
  async saveDefaults(input: Partial<Record<DefaultPurpose, string | null>>, actor: string): Promise<MoneyAccountDefaultsWire> {
    const after = await this.deps.db.transaction(async (trx) => {
      // Against a concurrent delete of a chosen account (the foreign key would refuse it too, less clearly).
      await trx.raw('lock table money_accounts in share mode');
      const checked = checkMoneyAccountDefaults(input, await this.all(trx));
      if (!checked.ok) throw new ValidationError(INVALID, checked.errors);
      const before = defaultsWire(await readMoneyAccountDefaults(trx));
      const value = defaultsWire(checked.value);
      await trx('money_account_defaults').delete();
      const rows = Object.entries(checked.value).map(([purpose, id]) => ({ purpose, money_account_id: id }));
      if (rows.length) await trx('money_account_defaults').insert(rows);
      if (JSON.stringify(before) !== JSON.stringify(value)) {
        await writeAudit(trx, { actor, entity: 'money_account_defaults', entityId: 'defaults', action: 'update', before, after: value, at: this.deps.clock() });
      }
      return value;
    });
    return after;
  }

  async create(command: SaveMoneyAccount, actor: string): Promise<MoneyAccountWire> {
    const value = this.checked(command);
    const row = await this.deps.db.transaction(async (trx) => {
      // Serialises creations: two at once would otherwise take the same free code.
      await trx.raw('lock table money_accounts in share row exclusive mode');
      await this.checkUnique(trx, value);
      const codes: Array<{ code: string }> = await trx('accounts').select('code');
      const code = nextLedgerCode(codes.map((c) => c.code));
      if (!code) throw new ConflictError(LEDGER_CODES_FULL);
      const now = this.deps.clock();
      const ledgerAccountId = randomUUID();
      const account = { id: ledgerAccountId, code, account_name: value.name, type: 'asset', cash_flow_class: 'cash', is_active: true, created_at: now, updated_at: now };
      await trx('accounts').insert(account);
      await writeAudit(trx, { actor, entity: 'account', entityId: ledgerAccountId, action: 'create', before: null, after: account, at: now });
      if (value.isDefault) await trx('money_accounts').where({ is_default: true }).update({ is_default: false, updated_at: now });
      return insertAudited<MoneyAccountRow & { [k: string]: unknown }>(trx, {
        table: 'money_accounts',
        entity: 'money_account',
        actor,
        now,
        row: { id: randomUUID(), name: value.name, kind: value.kind, iban: value.iban, bic: value.bic, ledger_account_id: ledgerAccountId, is_default: value.isDefault },
      });
    });
    return this.get(row.id);
  }

  /** The kind never changes (its postings say what it is); the name follows to its ledger account. */
  async update(id: string, command: SaveMoneyAccount, actor: string): Promise<MoneyAccountWire> {
    await this.deps.db.transaction(async (trx) => {
      const before = await this.row(trx, id);
      if (command.kind !== before.kind) throw new ValidationError(INVALID, { kind: [KIND_FIXED] });
      if (before.is_default && !command.isDefault) throw new ValidationError(INVALID, { isDefault: [DEFAULT_STAYS] });
      const value = this.checked(command);
      await this.checkUnique(trx, value, id);
      const now = this.deps.clock();
      if (value.isDefault && !before.is_default) await trx('money_accounts').where({ is_default: true }).update({ is_default: false, updated_at: now });
      await updateVersioned(trx, {
        table: 'money_accounts',
        entity: 'money_account',
        id,
        expectedVersion: command.expectedVersion,
        expectedUpdatedAt: command.expectedUpdatedAt,
        actor,
        now,
        notFound: MONEY_ACCOUNT_NOT_FOUND,
        patch: { name: value.name, iban: value.iban, bic: value.bic, is_default: value.isDefault },
      });
      await trx('accounts').where({ id: before.ledger_account_id }).update({ account_name: value.name, updated_at: now });
    });
    return this.get(id);
  }

  /** Only an account nothing was ever posted to, and never the books' own Bank or Cash on Hand. */
  async remove(id: string, actor: string): Promise<void> {
    await this.deps.db.transaction(async (trx) => {
      const before = await this.row(trx, id);
      const ledger = await trx('accounts').where({ id: before.ledger_account_id }).first('system_key');
      if (ledger?.system_key) throw new ValidationError(SYSTEM_MONEY_ACCOUNT);
      if (before.is_default) throw new ValidationError(INVALID, { isDefault: [DEFAULT_BANK_NOT_DELETED] });
      if (purposesOf(id, await readMoneyAccountDefaults(trx)).length) throw new ValidationError(DEFAULT_NOT_DELETED);
      if (await accountHasLines(trx, before.ledger_account_id)) throw new ConflictError(MONEY_ACCOUNT_HAS_POSTINGS);
      const now = this.deps.clock();
      await deleteAudited(trx, { table: 'money_accounts', entity: 'money_account', id, actor, now, notFound: MONEY_ACCOUNT_NOT_FOUND, inUse: MONEY_ACCOUNT_HAS_POSTINGS });
      await trx('accounts').where({ id: before.ledger_account_id }).delete();
      await writeAudit(trx, { actor, entity: 'account', entityId: before.ledger_account_id, action: 'delete', before: ledger, after: null, at: now });
    });
  }

  private checked(command: SaveMoneyAccount): SaveMoneyAccount {
    const checked = checkMoneyAccount(command);
    if (!checked.ok) throw new ValidationError(INVALID, checked.errors);
    return checked.value;
  }

  private async checkUnique(trx: Knex.Transaction, value: SaveMoneyAccount, exceptId?: string): Promise<void> {
    const errors: Record<string, string[]> = {};
    const own = exceptId ? ((await trx('money_accounts').where({ id: exceptId }).first('ledger_account_id')) as { ledger_account_id: string } | undefined) : undefined;
    const named = trx('accounts').whereRaw('lower(account_name) = lower(?)', [value.name]);
    if (own) named.whereNot('id', own.ledger_account_id);
    if (await named.first('id')) errors.name = [LEDGER_NAME_TAKEN];
    if (value.iban) {
      const q = trx('money_accounts').where({ iban: value.iban });
      if (exceptId) q.whereNot('id', exceptId);
      if (await q.first('id')) errors.iban = [IBAN_TAKEN];
    }
    if (Object.keys(errors).length) throw new ValidationError(INVALID, errors);
  }

  private async row(db: Knex, id: string): Promise<MoneyAccountRow> {
    const row: MoneyAccountRow | undefined = await db('money_accounts').where({ id }).first();
    if (!row) throw new NotFoundError(MONEY_ACCOUNT_NOT_FOUND);
    return row;
  }

  private async wires(rows: MoneyAccountRow[]): Promise<MoneyAccountWire[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.ledger_account_id);
    const ledgers: Array<{ id: string; code: string; account_name: string }> = await this.deps.db('accounts').whereIn('id', ids).select('id', 'code', 'account_name');
    // One account's balance for one account; the whole chart's (one query either way) for the list.
    const totals = await totalsInRange(this.deps.db, undefined, dayOf(this.deps.clock()), rows.length === 1 ? rows[0]!.ledger_account_id : undefined);
    return rows.map((r) => {
      const ledger = ledgers.find((l) => l.id === r.ledger_account_id)!;
      const t = totals.get(r.ledger_account_id);
      return {
        id: r.id,
        name: r.name,
        kind: r.kind,
        iban: r.iban ? formatIban(r.iban) : null,
        bic: r.bic,
        is_default: r.is_default,
        ledger_account: { id: ledger.id, code: ledger.code, name: ledger.account_name },
        ledger_balance: centsToEuros(t ? t.debitCents - t.creditCents : 0),
        version: r.version,
        updated_at: toIso(r.updated_at),
      };
    });
  }
}
