import { z } from 'zod';
import { DEFAULT_PURPOSES, MONEY_ACCOUNT_KINDS, NAME_MAX_LENGTH, type DefaultPurpose, type MoneyAccountKind, type SaveMoneyAccount } from '../../domain/bank/money-account';
import { parseInput } from '../platform/http/validate';
import { zBool, zId, zOptionalText, zRequiredText, zUpdatedAt, zVersion } from '../platform/wire';

const kind = z.enum(MONEY_ACCOUNT_KINDS as [MoneyAccountKind, ...MoneyAccountKind[]], { error: (i) => `"${String(i.input)}" is not a valid choice.` });

/** `POST`/`PUT /api/bank-accounts/`: `name`, `iban`, `bic`; `kind` bank (the default) or cash; `is_default`. */
export const moneyAccountBody = z.object({
  name: zRequiredText(NAME_MAX_LENGTH),
  kind: kind.optional().transform((v) => v ?? 'bank'),
  iban: zOptionalText(50),
  bic: zOptionalText(20),
  is_default: zBool(false),
  version: zVersion,
  updated_at: zUpdatedAt,
});

export const parseMoneyAccountBody = (body: unknown): SaveMoneyAccount => {
  const b = parseInput(moneyAccountBody, body);
  return { name: b.name, kind: b.kind, iban: b.iban || null, bic: b.bic || null, isDefault: b.is_default, expectedVersion: b.version, expectedUpdatedAt: b.updated_at };
};

/** A purpose's account: an id, or null (or absent) for the built-in rule. */
const defaultAccount = zId('money account').nullable().optional();

/** `PUT /api/money-account-defaults/`: `bank`, `manual`, `cash`, `other`, `payout`, each an account id or null. */
export const defaultsBody = z.object(Object.fromEntries(DEFAULT_PURPOSES.map((p) => [p, defaultAccount])) as Record<DefaultPurpose, typeof defaultAccount>);

export const parseMoneyAccountDefaultsBody = (body: unknown): Partial<Record<DefaultPurpose, string | null>> => parseInput(defaultsBody, body);
