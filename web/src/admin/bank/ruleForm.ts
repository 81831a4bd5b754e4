import {
  ACCOUNT_INACTIVE,
  AUTOMATIC_POSTINGS_ONLY,
  MONEY_ACCOUNT_NOT_POSTABLE,
  NO_SUCH_ACCOUNT,
  VAT_ON_SETTLEMENT,
  VAT_RATE_RANGE,
} from '../../../../domain/bank/reconciliation-postings';
import {
  ACCOUNT_CODE_FORMAT,
  MAX_BELOW_MIN,
  NO_CONDITION,
  RULE_AMOUNT_RANGE,
  RULE_DIRECTION,
  RULE_NOT_FOUND,
  RULE_WORDS_COUNT,
  TOO_MANY_RULE_WORDS,
  WORD_NEEDS_LETTER,
} from '../../../../domain/bank/rules';
import { INVALID_IBAN } from '../../../../domain/billing/bank';
import { CHANGED_MEANWHILE, FIELD_BLANK, FIELD_REQUIRED, TOO_LONG } from '../../../../domain/shared/errors';
import { ApiError } from '../../api/http';
import { cleanTextMessage } from '../common/cleanText';
import { splitRefusal } from '../common/refusal';
import { knownServerText, type ServerTexts } from '../common/serverTexts';
import { errorText } from '../common/useFeedback';
import { centsText, typedCents } from './reconcileParts';
import type { RuleBody, RuleView } from './ruleApi';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the rule dialog edits, under the wire's own names (so a 400's field errors land on their fields as they are). */
export interface RuleValues {
  name: string;
  text_contains: string;
  /** The words, as typed: separated by spaces or commas. */
  text_words: string;
  text_starts_with: string;
  min_amount: string;
  max_amount: string;
  direction: 'any' | 'in' | 'out';
  counterparty_iban: string;
  account?: string;
  vat_rate: number;
  description: string;
}

export const RULE_FIELDS = ['name', 'text_contains', 'text_words', 'text_starts_with', 'min_amount', 'max_amount', 'direction', 'counterparty_iban', 'account', 'vat_rate', 'description'] as const;

/** The dialog's values for a rule, or a new one's (no condition yet, 0 % VAT). */
export const ruleValues = (rule: RuleView | null): RuleValues => ({
  name: rule?.name ?? '',
  text_contains: rule?.text_contains ?? '',
  text_words: rule?.text_words.join(' ') ?? '',
  text_starts_with: rule?.text_starts_with ?? '',
  min_amount: rule?.min_amount == null ? '' : centsText(Math.round(rule.min_amount * 100)),
  max_amount: rule?.max_amount == null ? '' : centsText(Math.round(rule.max_amount * 100)),
  direction: rule?.direction ?? 'any',
  counterparty_iban: rule?.counterparty_iban ?? '',
  account: rule?.account,
  vat_rate: rule?.vat_rate ?? 0,
  description: rule?.description ?? '',
});

/** Words split on spaces and commas; none is no condition. */
export const wordsOf = (typed: string): string[] => typed.split(/[\s,]+/).filter((w) => w.length > 0);

/** An amount as typed ("10,50", "1.234,56", "10.5"): sent as "10.50" when it reads, else as typed, for the server to refuse on its field. */
const amount = (typed: string): string | null => {
  const text = typed.trim();
  if (!text) return null;
  const cents = typedCents(text);
  return cents === null ? text : centsText(cents);
};

/** The body the API takes; empty texts are no condition, and `version` is sent on an edit. */
export const ruleBody = (v: RuleValues, version?: number): RuleBody => {
  const words = wordsOf(v.text_words ?? '');
  return {
    name: v.name.trim(),
    text_contains: v.text_contains?.trim() || null,
    text_words: words.length ? words : undefined,
    text_starts_with: v.text_starts_with?.trim() || null,
    min_amount: amount(v.min_amount ?? ''),
    max_amount: amount(v.max_amount ?? ''),
    direction: v.direction === 'any' ? undefined : v.direction,
    counterparty_iban: v.counterparty_iban?.trim() || null,
    account: v.account ?? '',
    vat_rate: v.vat_rate,
    description: v.description?.trim() || null,
    ...(version === undefined ? {} : { version }),
  };
};

/** One condition of a rule as the list says it: a locale key and its values. */
export interface Condition {
  key: string;
  values: Record<string, string>;
}

/** A rule's conditions in the order a reader takes them: what the text holds, then the money. */
export const ruleConditions = (rule: RuleView, euros: (amount: number) => string): Condition[] => {
  const out: Condition[] = [];
  if (rule.text_contains) out.push({ key: 'contains', values: { text: rule.text_contains } });
  if (rule.text_words.length) out.push({ key: 'words', values: { words: rule.text_words.join(', ') } });
  if (rule.text_starts_with) out.push({ key: 'startsWith', values: { text: rule.text_starts_with } });
  if (rule.direction) out.push({ key: rule.direction === 'in' ? 'moneyIn' : 'moneyOut', values: {} });
  if (rule.min_amount !== null && rule.max_amount !== null) out.push({ key: 'between', values: { min: euros(rule.min_amount), max: euros(rule.max_amount) } });
  else if (rule.min_amount !== null) out.push({ key: 'atLeast', values: { min: euros(rule.min_amount) } });
  else if (rule.max_amount !== null) out.push({ key: 'atMost', values: { max: euros(rule.max_amount) } });
  if (rule.counterparty_iban) out.push({ key: rule.direction === 'in' ? 'fromIban' : rule.direction === 'out' ? 'toIban' : 'iban', values: { iban: rule.counterparty_iban } });
  return out;
};

/**
 * The rule refusals the server words in English (domain/bank/rules.ts's checkRule, the account
 * checks it shares with reconciliation, api/bank/rule.schema.ts), each with its key in the screen's
 * language; recognised by the domain's texts, as the money accounts' are. Any other text is shown as written.
 */
export const RULE_TEXT_KEYS: Record<string, string> = {
  [FIELD_BLANK]: 'admin.validation.required',
  [FIELD_REQUIRED]: 'admin.validation.required',
  [NO_CONDITION]: 'bank.rules.errors.noCondition',
  [MAX_BELOW_MIN]: 'bank.rules.errors.maxBelowMin',
  [RULE_AMOUNT_RANGE]: 'bank.rules.errors.amountRange',
  [NO_SUCH_ACCOUNT]: 'bank.rules.errors.noAccount',
  [ACCOUNT_CODE_FORMAT]: 'bank.rules.errors.noAccount',
  [ACCOUNT_INACTIVE]: 'bank.rules.errors.inactiveAccount',
  [MONEY_ACCOUNT_NOT_POSTABLE]: 'bank.rules.errors.moneyAccount',
  [AUTOMATIC_POSTINGS_ONLY]: 'bank.rules.errors.automaticOnly',
  [VAT_ON_SETTLEMENT]: 'bank.rules.errors.vatOnSettlement',
  [VAT_RATE_RANGE]: 'bank.rules.errors.vatRange',
  [WORD_NEEDS_LETTER]: 'bank.rules.errors.wordNeedsLetter',
  [RULE_DIRECTION]: 'bank.rules.errors.direction',
  [INVALID_IBAN]: 'bank.errors.invalidIban',
  [CHANGED_MEANWHILE]: 'bank.rules.errors.changed',
  [RULE_NOT_FOUND]: 'bank.rules.errors.notFound',
};

/** The rule refusals with a value in them (domain/shared/wording), each with its key; the key's variables are the wording's names. */
export const RULE_WORDING_KEYS: Record<string, string> = {
  [TOO_LONG]: 'bank.rules.errors.tooLong',
  [RULE_WORDS_COUNT]: 'bank.rules.errors.wordsCount',
  [TOO_MANY_RULE_WORDS]: 'bank.rules.errors.tooManyWords',
};

const TABLE: ServerTexts = { texts: RULE_TEXT_KEYS, wordings: RULE_WORDING_KEYS };

export const ruleText = (message: string, t: Translate): string => knownServerText(message, t, TABLE) ?? cleanTextMessage(message, t);

/**
 * A refusal split for the dialog: the texts under each of its fields (`text_words.2` is the words'
 * field), and the rest (no condition at all, a version conflict, a network failure) for a banner.
 */
export const ruleRefusal = (err: unknown, t: Translate): { fields: Partial<Record<(typeof RULE_FIELDS)[number], string[]>>; rest: string[] } =>
  splitRefusal(
    { fieldErrors: err instanceof ApiError && err.status === 400 ? (err.errors ?? {}) : {}, fallback: errorText(err) },
    RULE_FIELDS,
    (path) => path.split('.')[0]!,
    (m) => ruleText(m, t),
  );
