import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { ACCOUNT_TYPES, CASH_FLOW_CLASSES, cashFlowClassError, type Account, type AccountType, type CashFlowClass, type SystemAccountKey } from '../../domain/accounting/accounts';
import { ConflictError, NotFoundError, ValidationError, type FieldErrors } from '../../domain/shared/errors';
import { accountHasLines } from '../../projections/ledger/journal-lines/queries';
import { isUuid } from '../platform/wire';

interface AccountRow {
  id: string;
  code: string;
  account_name: string;
  type: AccountType;
  cash_flow_class: CashFlowClass;
  is_active: boolean;
  system_key: SystemAccountKey | null;
}

const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  code: r.code,
  name: r.account_name,
  type: r.type,
  cashFlowClass: r.cash_flow_class,
  active: r.is_active,
  systemKey: r.system_key,
});

export interface NewAccount {
  code?: string | null;
  name: string;
  type: string;
  cashFlowClass: string;
}

const TYPE_PREFIX: Record<AccountType, string> = { asset: '1', liability: '2', equity: '3', revenue: '4', expense: '5' };

/** The chart of accounts: an ordinary table with an audit trail of every admin change. */
export class AccountService {
  constructor(private readonly db: Knex) {}

  async list(options: { includeInactive?: boolean } = {}): Promise<Account[]> {
    const q = this.db<AccountRow>('accounts').select('*').orderBy('code');
    if (!options.includeInactive) q.where('is_active', true);
    return (await q).map(toAccount);
  }

  async get(id: string): Promise<Account> {
    const row = isUuid(id) ? await this.db<AccountRow>('accounts').where('id', id).first() : undefined;
    if (!row) throw new NotFoundError('Account not found.');
    return toAccount(row);
  }

  /** Accounts by id for validating lines; unknown ids are simply absent. */
  async byIds(ids: string[]): Promise<Map<string, Account>> {
    const valid = [...new Set(ids.filter(isUuid))];
    const rows = valid.length ? await this.db<AccountRow>('accounts').whereIn('id', valid) : [];
    return new Map(rows.map((r) => [r.id, toAccount(r)]));
  }

  async create(input: NewAccount, actor: string): Promise<Account> {
    const errors: FieldErrors = {};
    const name = this.checkName(input.name, errors);
    const type = input.type as AccountType;
    const cls = input.cashFlowClass as CashFlowClass;
    if (!ACCOUNT_TYPES.includes(type)) errors.type = [`Choose one of: ${ACCOUNT_TYPES.join(', ')}.`];
    if (!CASH_FLOW_CLASSES.includes(cls)) errors.cashFlowClass = [`Choose one of: ${CASH_FLOW_CLASSES.join(', ')}.`];
    else if (ACCOUNT_TYPES.includes(type)) {
      const clsError = cashFlowClassError(type, cls);
      if (clsError) errors.cashFlowClass = [clsError];
    }
    const code = input.code?.trim();
    if (code !== undefined && code !== '' && !/^\d{3,8}$/.test(code)) errors.code = ['Use 3 to 8 digits.'];
    if (Object.keys(errors).length) throw new ValidationError('Please correct the errors below.', errors);
    return this.db.transaction(async (trx) => {
      if (await this.nameTaken(trx, name)) throw new ValidationError('Please correct the errors below.', { name: ['An account with this name already exists.'] });
      const finalCode = code || (await this.nextCode(trx, type));
      if (await trx('accounts').where('code', finalCode).first()) throw new ValidationError('Please correct the errors below.', { code: ['An account with this code already exists.'] });
      const row: AccountRow = { id: randomUUID(), code: finalCode, account_name: name, type, cash_flow_class: cls, is_active: true, system_key: null };
      await trx('accounts').insert(row);
      await this.audit(trx, actor, row.id, 'create', null, row);
      return toAccount(row);
    });
  }

  async rename(id: string, newName: string, actor: string): Promise<Account> {
    const errors: FieldErrors = {};
    const name = this.checkName(newName, errors);
    if (Object.keys(errors).length) throw new ValidationError('Please correct the errors below.', errors);
    const before = await this.get(id);
    return this.db.transaction(async (trx) => {
      if (await this.nameTaken(trx, name, id)) throw new ValidationError('Please correct the errors below.', { name: ['An account with this name already exists.'] });
      await trx('accounts').where('id', id).update({ account_name: name, updated_at: trx.fn.now() });
      await this.audit(trx, actor, id, 'rename', { account_name: before.name }, { account_name: name });
      return { ...before, name };
    });
  }

  async setActive(id: string, active: boolean, actor: string): Promise<Account> {
    const before = await this.get(id);
    if (!active && before.systemKey) throw new ValidationError('Automatic postings use this account; it cannot be deactivated.', { id: ['System account.'] });
    await this.db.transaction(async (trx) => {
      await trx('accounts').where('id', id).update({ is_active: active, updated_at: trx.fn.now() });
      await this.audit(trx, actor, id, active ? 'activate' : 'deactivate', { is_active: before.active }, { is_active: active });
    });
    return { ...before, active };
  }

  async delete(id: string, actor: string): Promise<void> {
    const before = await this.get(id);
    if (before.systemKey) throw new ValidationError('Automatic postings use this account; it cannot be deleted.', { id: ['System account.'] });
    if (await accountHasLines(this.db, id)) throw new ConflictError('This account has postings and cannot be deleted. Deactivate it instead.');
    await this.db.transaction(async (trx) => {
      await trx('accounts').where('id', id).delete();
      await this.audit(trx, actor, id, 'delete', before, null);
    });
  }

  private checkName(value: unknown, errors: FieldErrors): string {
    const name = typeof value === 'string' ? value.trim() : '';
    if (!name) errors.name = ['This field may not be blank.'];
    else if (name.length > 100) errors.name = ['Ensure this field has no more than 100 characters.'];
    return name;
  }

  private async nameTaken(trx: Knex.Transaction, name: string, exceptId?: string): Promise<boolean> {
    const q = trx('accounts').whereRaw('lower(account_name) = lower(?)', [name]);
    if (exceptId) q.whereNot('id', exceptId);
    return !!(await q.first('id'));
  }

  private async nextCode(trx: Knex.Transaction, type: AccountType): Promise<string> {
    const prefix = TYPE_PREFIX[type];
    const rows: Array<{ code: string }> = await trx('accounts').select('code').where('code', 'like', `${prefix}%`);
    const max = rows.map((r) => Number(r.code)).filter((n) => Number.isInteger(n) && n < Number(`${Number(prefix) + 1}000`)).reduce((a, b) => Math.max(a, b), Number(`${prefix}000`));
    return String(max + 10);
  }

  private async audit(trx: Knex.Transaction, actor: string, id: string, action: string, before: unknown, after: unknown): Promise<void> {
    await trx('audit_log').insert({
      actor,
      entity: 'account',
      entity_id: id,
      action,
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
    });
  }
}
