import type { Account } from '../accounting/accounts';
import { INVALID_IBAN, isValidIban } from '../billing/bank';
import { FIELD_BLANK, TOO_LONG, type FieldErrors } from '../shared/errors';
import { MAX_AMOUNT_CENTS } from '../shared/money';
import { textProblem } from '../shared/text';
import { fillWording } from '../shared/wording';
import { compact, ruleText } from './match-text';
import { ACCOUNT_INACTIVE, accountRefusal, NO_SUCH_ACCOUNT, VAT_RATE_RANGE } from './reconciliation-postings';
import type { AccountPart } from './reconciliation-parts';
import type { StatementLine } from './statement';

/**
 * Bank rules: recurring lines (rent, hosting, bank charges) categorised on import. A rule's text
 * conditions are plain words, never a regular expression: a pattern a user writes runs against
 * every line of every statement, and a careless one (`(a+)+$`) can take the server for minutes
 * (ReDoS). "Contains", "contains all of these words" and "starts with" cover what banks write.
 */

export interface BankRule {
  id: string;
  name: string;
  /** The line's text holds this, as written (case and accents aside). */
  textContains?: string;
  /** The line's text holds every one of these words, in any order. */
  textWords?: readonly string[];
  /** The description or the counterparty's name starts with this. */
  textStartsWith?: string;
  /** Bounds on the amount whatever its direction (10.00 to 50.00 takes -30.00 as well as 30.00). */
  minCents?: number;
  maxCents?: number;
  direction?: 'in' | 'out';
  counterpartyIban?: string;
  accountCode: string;
  vatRateBp: number;
  /** The posting's description; the rule's name when absent. */
  description?: string;
}

export interface RuleMatch {
  ruleId: string;
  part: AccountPart;
}

export const MAX_RULE_TEXT = 200;
export const MAX_RULE_WORDS = 20;

export const RULE_NOT_FOUND = 'Bank rule not found.';
export const NO_CONDITION = 'Give the rule at least one condition, or it would take every line.';
export const MAX_BELOW_MIN = 'The highest amount cannot be below the lowest.';
export const RULE_AMOUNT_RANGE = 'Enter an amount from 0.00 to 1,000,000,000.00.';
export const WORD_NEEDS_LETTER = 'A word needs at least one letter or digit.';
export const RULE_DIRECTION = 'Choose money in or money out.';
/** The wording of the words' count (`{max}`: MAX_RULE_WORDS); see ../shared/wording. */
export const RULE_WORDS_COUNT = 'Give from 1 to {max} words.';
export const TOO_MANY_RULE_WORDS = 'Give at most {max} words.';
/** An account code that cannot be one (the wire's check, before the chart is read). */
export const ACCOUNT_CODE_FORMAT = 'Enter an account code from the chart of accounts.';

/**
 * Why a rule cannot be saved, by field; empty when it can. A rule needs at least one condition
 * (one without would take every line), and an account that takes postings.
 */
export const checkRule = (rule: BankRule, accounts: ReadonlyMap<string, Account>): FieldErrors => {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const text = (field: string, value: string | undefined, max: number) => {
    if (value === undefined) return;
    const problem = textProblem(value, 'single');
    if (problem) add(field, problem);
    else if (!value.trim()) add(field, FIELD_BLANK);
    else if (value.length > max) add(field, fillWording(TOO_LONG, { max }));
  };
  text('name', rule.name, MAX_RULE_TEXT);
  text('textContains', rule.textContains, MAX_RULE_TEXT);
  text('textStartsWith', rule.textStartsWith, MAX_RULE_TEXT);
  text('description', rule.description, 1000);
  if (rule.textWords) {
    if (rule.textWords.length === 0 || rule.textWords.length > MAX_RULE_WORDS) add('textWords', fillWording(RULE_WORDS_COUNT, { max: MAX_RULE_WORDS }));
    rule.textWords.forEach((w, i) => {
      text(`textWords.${i}`, w, MAX_RULE_TEXT);
      // A "word" of punctuation alone would be no condition at all.
      if (w.trim() && wordsOf(ruleText(w)).size === 0) add(`textWords.${i}`, WORD_NEEDS_LETTER);
    });
  }
  for (const field of ['minCents', 'maxCents'] as const) {
    const v = rule[field];
    if (v !== undefined && (!Number.isSafeInteger(v) || v < 0 || v > MAX_AMOUNT_CENTS)) add(field, RULE_AMOUNT_RANGE);
  }
  if (rule.minCents !== undefined && rule.maxCents !== undefined && rule.minCents > rule.maxCents) add('maxCents', MAX_BELOW_MIN);
  if (rule.direction !== undefined && rule.direction !== 'in' && rule.direction !== 'out') add('direction', RULE_DIRECTION);
  if (rule.counterpartyIban !== undefined && !isValidIban(rule.counterpartyIban)) add('counterpartyIban', INVALID_IBAN);
  const conditions = [rule.textContains, rule.textWords, rule.textStartsWith, rule.minCents, rule.maxCents, rule.direction, rule.counterpartyIban];
  if (conditions.every((c) => c === undefined)) add('rule', NO_CONDITION);
  if (!Number.isInteger(rule.vatRateBp) || rule.vatRateBp < 0 || rule.vatRateBp > 10_000) add('vatRateBp', VAT_RATE_RANGE);
  const account = accounts.get(rule.accountCode);
  if (!account) add('accountCode', NO_SUCH_ACCOUNT);
  else if (!account.active) add('accountCode', ACCOUNT_INACTIVE);
  else {
    const refusal = accountRefusal(account, rule.vatRateBp);
    if (refusal) add(refusal.code === 'VAT_ON_SETTLEMENT' ? 'vatRateBp' : 'accountCode', refusal.message);
  }
  return errors;
};

const wordsOf = (text: string): Set<string> => new Set(text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0));

/** Whether the rule's every condition holds for the line (a condition it does not have holds). */
export const ruleMatches = (rule: BankRule, line: StatementLine): boolean => {
  const cents = line.amountCents;
  if (rule.direction === 'in' && cents <= 0) return false;
  if (rule.direction === 'out' && cents >= 0) return false;
  if (rule.minCents !== undefined && Math.abs(cents) < rule.minCents) return false;
  if (rule.maxCents !== undefined && Math.abs(cents) > rule.maxCents) return false;
  if (rule.counterpartyIban !== undefined && (!line.counterpartyIban || compact(line.counterpartyIban) !== compact(rule.counterpartyIban))) return false;
  const description = ruleText(line.description);
  const name = ruleText(line.counterpartyName ?? '');
  const all = [name, description, ruleText(line.reference ?? '')].filter((t) => t).join(' ');
  if (rule.textContains !== undefined && !all.includes(ruleText(rule.textContains))) return false;
  if (rule.textStartsWith !== undefined) {
    const start = ruleText(rule.textStartsWith);
    if (!description.startsWith(start) && !name.startsWith(start)) return false;
  }
  if (rule.textWords !== undefined) {
    const present = wordsOf(all);
    for (const w of rule.textWords) for (const piece of wordsOf(ruleText(w))) if (!present.has(piece)) return false;
  }
  return true;
};

/** The first rule, in the order given, that matches the line: an account part for the whole line. Null when none does. */
export const applyRules = (line: StatementLine, rules: readonly BankRule[]): RuleMatch | null => {
  const rule = rules.find((r) => ruleMatches(r, line));
  if (!rule) return null;
  return {
    ruleId: rule.id,
    part: { kind: 'account', accountCode: rule.accountCode, cents: line.amountCents, vatRateBp: rule.vatRateBp, description: (rule.description ?? rule.name).trim() },
  };
};
