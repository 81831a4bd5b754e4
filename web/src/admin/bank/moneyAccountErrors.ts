import { CASH_HAS_NO_IBAN, CASH_NOT_DEFAULT, DEFAULT_NOT_DELETED, IBAN_REQUIRED, PAYOUT_NOT_CASH, TRANSFER_NOT_CASH, UNKNOWN_ACCOUNT } from '../../../../domain/bank/money-account';
import { INVALID_BIC, INVALID_IBAN } from '../../../../domain/billing/bank';
import { fieldErrorsOf, messageOf } from '../accounting/hooks/graphqlErrors';
import { splitRefusal } from '../common/refusal';

type Translate = (key: string) => string;

/**
 * The money account refusals the server words in English (api/bank/money-account.service.ts and the
 * domain's checks), each with its key in the screen's language. The server gives them no reason
 * code, so they are recognised by their text; a text not here is shown as the server wrote it.
 */
export const SERVER_TEXT_KEYS: Record<string, string> = {
  'This field may not be blank.': 'admin.validation.required',
  [INVALID_IBAN]: 'bank.errors.invalidIban',
  [INVALID_BIC]: 'bank.errors.invalidBic',
  [IBAN_REQUIRED]: 'bank.errors.ibanRequired',
  [CASH_HAS_NO_IBAN]: 'bank.errors.cashHasNoIban',
  [CASH_NOT_DEFAULT]: 'bank.errors.cashNotDefault',
  'Bank account not found.': 'bank.errors.notFound',
  'This account has postings and cannot be deleted.': 'bank.errors.hasPostings',
  'The books’ own Bank and Cash on Hand accounts cannot be deleted.': 'bank.errors.systemAccount',
  'Every ledger code from 1001 to 1099 is taken: free one in the chart of accounts first.': 'bank.errors.rangeFull',
  'An account with this name already exists in the chart of accounts.': 'bank.errors.nameTaken',
  'Another bank account has this IBAN.': 'bank.errors.ibanTaken',
  'A bank account stays a bank account, and cash stays cash.': 'bank.errors.kindFixed',
  'Make another bank account the default instead.': 'bank.errors.defaultStays',
  'Make another bank account the default before deleting this one.': 'bank.errors.defaultNotDeleted',
  // The Defaults card's refusals, and deleting an account that is one of them.
  [UNKNOWN_ACCOUNT]: 'bank.defaults.errors.unknownAccount',
  [TRANSFER_NOT_CASH]: 'bank.defaults.errors.transferNotCash',
  [PAYOUT_NOT_CASH]: 'bank.defaults.errors.payoutNotCash',
  [DEFAULT_NOT_DELETED]: 'bank.defaults.errors.defaultNotDeleted',
};

const known = (text: string, t: Translate): string => {
  const key = SERVER_TEXT_KEYS[text];
  return key ? t(key) : text;
};

/** The form's fields the server may name (GraphQL input errors come as `input.<field>`). */
export const MONEY_ACCOUNT_FIELDS = ['name', 'kind', 'iban', 'bic', 'isDefault'] as const;
export type MoneyAccountField = (typeof MONEY_ACCOUNT_FIELDS)[number];

/**
 * A refusal split for a form (the dialog's fields unless `shown` names others): the texts that belong under one of its fields, and the rest
 * (a message with no field, or a field the dialog does not show) for a message above it.
 */
export const moneyAccountRefusal = <F extends string = MoneyAccountField>(
  err: unknown,
  t: Translate,
  shown: readonly F[] = MONEY_ACCOUNT_FIELDS as unknown as readonly F[],
): { fields: Partial<Record<F, string[]>>; rest: string[] } =>
  splitRefusal({ fieldErrors: fieldErrorsOf(err), fallback: messageOf(err) }, shown, (path) => path.replace(/^input\./, ''), (m) => known(m, t));

/**
 * What a refused delete shows: the server's reason in the screen's language, or the field's
 * reason when the server's message is only "Please correct the errors below." (the default account).
 */
export const deleteRefusalText = (err: unknown, t: Translate): string => {
  const details = Object.values(fieldErrorsOf(err))
    .flat()
    .map((m) => known(m, t));
  return details.length ? [...new Set(details)].join(' ') : known(messageOf(err), t);
};
