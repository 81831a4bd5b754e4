import { z } from 'zod';
import { ACCOUNT_CODE_FORMAT, MAX_RULE_WORDS, TOO_MANY_RULE_WORDS, type BankRule } from '../../domain/bank/rules';
import { fillWording } from '../../domain/shared/wording';
import { parseInput } from '../platform/http/validate';
import { REQUIRED, zOptionalCents, zOptionalText, zOptionalVatBp, zRequiredText, zVersion } from '../platform/wire';

/** `POST`/`PUT /api/bank-rules/`: what a line must hold and the account (with VAT) it is booked to. */
export const ruleBody = z.object({
  name: zRequiredText(200),
  text_contains: zOptionalText(200),
  text_words: z.array(zRequiredText(200), { error: 'Give the words as a list.' }).max(MAX_RULE_WORDS, fillWording(TOO_MANY_RULE_WORDS, { max: MAX_RULE_WORDS })).optional(),
  text_starts_with: zOptionalText(200),
  min_amount: zOptionalCents,
  max_amount: zOptionalCents,
  direction: z.enum(['in', 'out'], { error: 'Choose money in ("in") or money out ("out").' }).optional(),
  counterparty_iban: zOptionalText(50),
  account: z.string({ error: REQUIRED }).trim().regex(/^[0-9A-Za-z.-]{1,20}$/, ACCOUNT_CODE_FORMAT),
  vat_rate: zOptionalVatBp,
  description: zOptionalText(1000),
  version: zVersion,
});

export type RuleInput = { rule: Omit<BankRule, 'id'>; expectedVersion?: number };

/** The body as the domain's rule (empty texts are no condition); the domain checks the rest (checkRule). */
export const parseRuleBody = (body: unknown): RuleInput => {
  const b = parseInput(ruleBody, body);
  const rule: Omit<BankRule, 'id'> = { name: b.name, accountCode: b.account, vatRateBp: b.vat_rate ?? 0 };
  if (b.text_contains) rule.textContains = b.text_contains;
  if (b.text_words?.length) rule.textWords = b.text_words;
  if (b.text_starts_with) rule.textStartsWith = b.text_starts_with;
  if (b.min_amount !== undefined) rule.minCents = b.min_amount;
  if (b.max_amount !== undefined) rule.maxCents = b.max_amount;
  if (b.direction) rule.direction = b.direction;
  if (b.counterparty_iban) rule.counterpartyIban = b.counterparty_iban.replace(/\s+/g, '').toUpperCase();
  if (b.description) rule.description = b.description;
  return { rule, expectedVersion: b.version };
};

/** The domain's field names as the wire spells them (checkRule's errors). */
const WIRE: Record<string, string> = {
  textContains: 'text_contains',
  textWords: 'text_words',
  textStartsWith: 'text_starts_with',
  minCents: 'min_amount',
  maxCents: 'max_amount',
  counterpartyIban: 'counterparty_iban',
  accountCode: 'account',
  vatRateBp: 'vat_rate',
};

export const wireRuleField = (field: string): string => {
  const [head = '', ...rest] = field.split('.');
  return [WIRE[head] ?? head, ...rest].join('.');
};
