import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { checkRule, RULE_NOT_FOUND, type BankRule } from '../../domain/bank/rules';
import { NotFoundError, ValidationError, type FieldErrors } from '../../domain/shared/errors';
import { centsToEuros } from '../../domain/shared/money';
import type { RuleWire } from '../platform/contracts/rest.contract';
import type { AppDeps } from '../platform/deps';
import { deleteAudited, insertAudited, updateVersioned } from '../platform/versioned';
import { toIso } from '../platform/wire';
import { chartByCode } from './chart';
import { wireRuleField, type RuleInput } from './rule.schema';

const INVALID = 'Please correct the errors below.';

interface RuleRow {
  id: string;
  position: number;
  name: string;
  rule: Omit<BankRule, 'id' | 'name'> | string;
  version: number;
  updated_at: Date | string;
}

const ruleOf = (row: RuleRow): BankRule => ({ ...(typeof row.rule === 'string' ? (JSON.parse(row.rule) as Omit<BankRule, 'id' | 'name'>) : row.rule), id: row.id, name: row.name });

const toWire = (row: RuleRow): RuleWire => {
  const r = ruleOf(row);
  return {
    id: r.id,
    position: row.position,
    name: r.name,
    text_contains: r.textContains ?? null,
    text_words: [...(r.textWords ?? [])],
    text_starts_with: r.textStartsWith ?? null,
    min_amount: r.minCents === undefined ? null : centsToEuros(r.minCents),
    max_amount: r.maxCents === undefined ? null : centsToEuros(r.maxCents),
    direction: r.direction ?? null,
    counterparty_iban: r.counterpartyIban ?? null,
    account: r.accountCode,
    vat_rate: r.vatRateBp / 100,
    description: r.description ?? null,
    version: row.version,
    updated_at: toIso(row.updated_at),
  };
};

/**
 * Bank rules (`/api/bank-rules/`): tried in order on each imported line no invoice reference took;
 * the first that matches books the whole line to its account with its VAT.
 */
export class RuleService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'clock'>) {}

  async list(): Promise<RuleWire[]> {
    return ((await this.deps.db('bank_rules').orderBy([{ column: 'position' }, { column: 'id' }])) as RuleRow[]).map(toWire);
  }

  /** The rules as the domain applies them, in order. */
  async rules(db: Knex = this.deps.db): Promise<BankRule[]> {
    return ((await db('bank_rules').orderBy([{ column: 'position' }, { column: 'id' }])) as RuleRow[]).map(ruleOf);
  }

  async create(input: RuleInput, actor: string): Promise<RuleWire> {
    const { name, ...rule } = input.rule;
    await this.check(input.rule);
    const row = await this.deps.db.transaction(async (trx) => {
      const last = (await trx('bank_rules').max({ p: 'position' }).first()) as { p: number | null } | undefined;
      return insertAudited<RuleRow & { [k: string]: unknown }>(trx, {
        table: 'bank_rules',
        entity: 'bank_rule',
        actor,
        now: this.deps.clock(),
        row: { id: randomUUID(), position: (last?.p ?? 0) + 1, name, rule: JSON.stringify(rule) },
      });
    });
    return this.get(row.id);
  }

  async update(id: string, input: RuleInput, actor: string): Promise<RuleWire> {
    const { name, ...rule } = input.rule;
    await this.check(input.rule);
    await this.deps.db.transaction(async (trx) => {
      await updateVersioned(trx, { table: 'bank_rules', entity: 'bank_rule', id, expectedVersion: input.expectedVersion, actor, now: this.deps.clock(), notFound: RULE_NOT_FOUND, patch: { name, rule: JSON.stringify(rule) } });
    });
    return this.get(id);
  }

  async remove(id: string, actor: string): Promise<void> {
    await this.deps.db.transaction(async (trx) => {
      await deleteAudited(trx, { table: 'bank_rules', entity: 'bank_rule', id, actor, now: this.deps.clock(), notFound: RULE_NOT_FOUND, inUse: RULE_NOT_FOUND });
    });
  }

  async get(id: string): Promise<RuleWire> {
    const row = (await this.deps.db('bank_rules').where({ id }).first()) as RuleRow | undefined;
    if (!row) throw new NotFoundError(RULE_NOT_FOUND);
    return toWire(row);
  }

  private async check(rule: Omit<BankRule, 'id'>): Promise<void> {
    const accounts = await chartByCode(this.deps.db);
    const errors = checkRule({ ...rule, id: '' }, accounts);
    const wire: FieldErrors = {};
    for (const [field, messages] of Object.entries(errors)) (wire[wireRuleField(field)] ??= []).push(...messages);
    if (Object.keys(wire).length) throw new ValidationError(INVALID, wire);
  }
}
