import { FIELD_BLANK, TOO_LONG, type FieldErrors } from '../shared/errors';
import { textProblem } from '../shared/text';
import { fillWording } from '../shared/wording';
import type { PaymentMethod } from '../invoice/events';
import { INVALID_BIC, INVALID_IBAN, isValidBic, isValidIban, normaliseIban } from '../billing/bank';

/**
 * A money account: a bank account or the cash box, where money the company holds sits. Each has a
 * ledger account of its own (an asset holding cash), so the books show what each one holds and a
 * bank statement can be proven against it.
 */
export type MoneyAccountKind = 'bank' | 'cash';
export const MONEY_ACCOUNT_KINDS: readonly MoneyAccountKind[] = ['bank', 'cash'];

export interface MoneyAccount {
  id: string;
  name: string;
  kind: MoneyAccountKind;
  /** Normalised (upper case, no spaces); null for cash. */
  iban: string | null;
  bic: string | null;
  /** The ledger account it posts to. Never changes: postings already made name it. */
  ledgerAccountId: string;
  /** The bank account invoices print and bank transfers are deposited to unless told otherwise. */
  isDefault: boolean;
}

export interface SaveMoneyAccount {
  name: string;
  kind: MoneyAccountKind;
  iban: string | null;
  bic: string | null;
  isDefault: boolean;
  expectedVersion?: number;
  expectedUpdatedAt?: string;
}

export const NAME_MAX_LENGTH = 100;
export const IBAN_REQUIRED = 'A bank account needs its IBAN.';
export const CASH_HAS_NO_IBAN = 'Cash on hand has no IBAN or BIC.';
export const CASH_NOT_DEFAULT = 'Only a bank account can be the default one (invoices print its IBAN).';
export const MONEY_ACCOUNT_NOT_FOUND = 'Bank account not found.';
export const MONEY_ACCOUNT_HAS_POSTINGS = 'This account has postings and cannot be deleted.';
export const SYSTEM_MONEY_ACCOUNT = 'The books’ own Bank and Cash on Hand accounts cannot be deleted.';
export const LEDGER_CODES_FULL = 'Every ledger code from 1001 to 1099 is taken: free one in the chart of accounts first.';
export const LEDGER_NAME_TAKEN = 'An account with this name already exists in the chart of accounts.';
export const IBAN_TAKEN = 'Another bank account has this IBAN.';
export const KIND_FIXED = 'A bank account stays a bank account, and cash stays cash.';
export const DEFAULT_STAYS = 'Make another bank account the default instead.';
export const DEFAULT_BANK_NOT_DELETED = 'Make another bank account the default before deleting this one.';
/** A payment's deposit account (worded by the payment dialogs, not the Bank page). */
export const CARD_NOT_DEPOSITED = 'A card payment settles through Stripe, not into a bank account.';

/** The account as it is saved (IBAN and BIC normalised), or the fields that are wrong. */
export const checkMoneyAccount = (input: SaveMoneyAccount): { ok: true; value: SaveMoneyAccount } | { ok: false; errors: FieldErrors } => {
  const errors: FieldErrors = {};
  const name = input.name.trim();
  const nameProblem = name ? textProblem(name, 'single') : FIELD_BLANK;
  if (nameProblem) errors.name = [nameProblem];
  else if (name.length > NAME_MAX_LENGTH) errors.name = [fillWording(TOO_LONG, { max: NAME_MAX_LENGTH })];
  const iban = input.iban ? normaliseIban(input.iban) : null;
  const bic = input.bic ? normaliseIban(input.bic) : null;
  if (input.kind === 'bank') {
    if (!iban) errors.iban = [IBAN_REQUIRED];
    else if (!isValidIban(iban)) errors.iban = [INVALID_IBAN];
    if (bic && !isValidBic(bic)) errors.bic = [INVALID_BIC];
  } else {
    if (iban) errors.iban = [CASH_HAS_NO_IBAN];
    if (bic) errors.bic = [CASH_HAS_NO_IBAN];
    if (input.isDefault) errors.isDefault = [CASH_NOT_DEFAULT];
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: { ...input, name, iban, bic } };
};

/** Codes a new money account's ledger account takes: the cash accounts' range of the chart (1000-1099). */
const FIRST_CODE = 1001;
const LAST_CODE = 1099;

/** The first free code for a new money account's ledger account, or null when the range is full. */
export const nextLedgerCode = (usedCodes: Iterable<string>): string | null => {
  const used = new Set(usedCodes);
  for (let code = FIRST_CODE; code <= LAST_CODE; code++) if (!used.has(String(code))) return String(code);
  return null;
};

/** Money a card took settles through Stripe clearing, and credit applied from another invoice moves none: neither goes into a money account. */
export const takesDeposits = (method: PaymentMethod): boolean => {
  switch (method) {
    case 'bank':
    case 'manual':
    case 'cash':
    case 'other':
      return true;
    case 'stripe':
    case 'card':
    case 'credit':
      return false;
    default: {
      const exhaustive: never = method;
      return exhaustive;
    }
  }
};

/**
 * What a money account can be the default for: each payment method that takes deposits (`bank` is a
 * bank transfer), and `payout`, where Stripe pays the card money out to.
 */
export type DefaultPurpose = 'bank' | 'manual' | 'cash' | 'other' | 'payout';
export const DEFAULT_PURPOSES: readonly DefaultPurpose[] = ['bank', 'manual', 'cash', 'other', 'payout'];

/** The money account chosen for each purpose (by id); a purpose left out falls back to the built-in rule. */
export type MoneyAccountDefaults = Partial<Record<DefaultPurpose, string>>;

export const UNKNOWN_ACCOUNT = 'Choose one of the bank accounts or cash on hand.';
export const TRANSFER_NOT_CASH = 'A bank transfer arrives in a bank account, not in cash.';
export const PAYOUT_NOT_CASH = 'Stripe pays out to a bank account, not to cash.';
/** Deleting a default would leave its purpose pointing nowhere: the admin chooses another first (the defaults are few and visible). */
export const DEFAULT_NOT_DELETED = 'This account is a default for payments or payouts: choose another account under Defaults before deleting it.';

/**
 * The defaults as they are saved (purposes without an account left out), or the fields that are
 * wrong: an account that is not one of `accounts`, and cash for a bank transfer or a payout, where
 * the money can only arrive in a bank account.
 */
export const checkMoneyAccountDefaults = (
  input: Partial<Record<DefaultPurpose, string | null>>,
  accounts: readonly MoneyAccount[],
): { ok: true; value: MoneyAccountDefaults } | { ok: false; errors: FieldErrors } => {
  const errors: FieldErrors = {};
  const value: MoneyAccountDefaults = {};
  for (const purpose of DEFAULT_PURPOSES) {
    const id = input[purpose];
    if (!id) continue;
    const account = accounts.find((a) => a.id === id);
    if (!account) errors[purpose] = [UNKNOWN_ACCOUNT];
    else if (account.kind === 'cash' && purpose === 'bank') errors[purpose] = [TRANSFER_NOT_CASH];
    else if (account.kind === 'cash' && purpose === 'payout') errors[purpose] = [PAYOUT_NOT_CASH];
    else value[purpose] = id;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
};

/** The purposes an account is the default for, in DEFAULT_PURPOSES order. */
export const purposesOf = (accountId: string, defaults: MoneyAccountDefaults): DefaultPurpose[] => DEFAULT_PURPOSES.filter((p) => defaults[p] === accountId);

/**
 * Where a payment recorded by hand goes unless the admin says otherwise: the account chosen for its
 * method in the defaults, else (the built-in rule) cash to the cash box and a bank transfer (and
 * anything else that takes deposits) to the default bank account; null for a method that takes
 * none, or when there is no such account.
 */
export const defaultDepositAccount = (method: PaymentMethod, accounts: readonly MoneyAccount[], defaults: MoneyAccountDefaults = {}): MoneyAccount | null => {
  if (!takesDeposits(method)) return null;
  const chosen = defaults[method as DefaultPurpose];
  const configured = chosen ? accounts.find((a) => a.id === chosen) : undefined;
  if (configured) return configured;
  return (method === 'cash' ? accounts.find((a) => a.kind === 'cash') : accounts.find((a) => a.kind === 'bank' && a.isDefault)) ?? null;
};

/**
 * The ledger account a Stripe payout lands on: the payout default's, else undefined (the books'
 * own Bank account, where payouts have always gone).
 */
export const payoutLedgerAccount = (accounts: readonly MoneyAccount[], defaults: MoneyAccountDefaults): string | undefined => {
  const chosen = defaults.payout ? accounts.find((a) => a.id === defaults.payout) : undefined;
  return chosen?.ledgerAccountId;
};
