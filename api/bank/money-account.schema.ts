import { z } from 'zod';
import { MONEY_ACCOUNT_KINDS, NAME_MAX_LENGTH, type MoneyAccountKind, type SaveMoneyAccount } from '../../domain/bank/money-account';
import { parseInput } from '../platform/http/validate';
import { zBool, zOptionalText, zRequiredText, zUpdatedAt, zVersion } from '../platform/wire';

const kind = z.enum(MONEY_ACCOUNT_KINDS as [MoneyAccountKind, ...MoneyAccountKind[]], { error: (i) => `"${String(i.input)}" is not a valid choice.` });

/** `POST`/`PUT /api/bank-accounts/`: `name`, `iban`, `bic`; `kind` bank (the default) or cash; `is_default`. */
const moneyAccountBody = z.object({
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
