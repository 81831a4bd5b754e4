import {
  CASH_HAS_NO_IBAN,
  CASH_NOT_DEFAULT,
  DEFAULT_BANK_NOT_DELETED,
  DEFAULT_NOT_DELETED,
  DEFAULT_STAYS,
  IBAN_REQUIRED,
  IBAN_TAKEN,
  KIND_FIXED,
  LEDGER_CODES_FULL,
  LEDGER_NAME_TAKEN,
  MONEY_ACCOUNT_HAS_POSTINGS,
  MONEY_ACCOUNT_NOT_FOUND,
  PAYOUT_NOT_CASH,
  SYSTEM_MONEY_ACCOUNT,
  TRANSFER_NOT_CASH,
  UNKNOWN_ACCOUNT,
} from '../../../../domain/bank/money-account';
import { INVALID_BIC, INVALID_IBAN } from '../../../../domain/billing/bank';
import { FIELD_BLANK, TOO_LONG } from '../../../../domain/shared/errors';
import { fieldErrorsOf, messageOf } from '../accounting/hooks/graphqlErrors';
import { splitRefusal } from '../common/refusal';
import { knownServerText, type ServerTexts } from '../common/serverTexts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The money account refusals the server words in English (api/bank/money-account.service.ts and the
 * domain's checks), each with its key in the screen's language. The server gives them no reason
 * code, so they are recognised by the domain's texts; a text not here is shown as the server wrote it.
 */
export const SERVER_TEXT_KEYS: Record<string, string> = {
  [FIELD_BLANK]: 'admin.validation.required',
  [INVALID_IBAN]: 'bank.errors.invalidIban',
  [INVALID_BIC]: 'bank.errors.invalidBic',
  [IBAN_REQUIRED]: 'bank.errors.ibanRequired',
  [CASH_HAS_NO_IBAN]: 'bank.errors.cashHasNoIban',
  [CASH_NOT_DEFAULT]: 'bank.errors.cashNotDefault',
  [MONEY_ACCOUNT_NOT_FOUND]: 'bank.errors.notFound',
  [MONEY_ACCOUNT_HAS_POSTINGS]: 'bank.errors.hasPostings',
  [SYSTEM_MONEY_ACCOUNT]: 'bank.errors.systemAccount',
  [LEDGER_CODES_FULL]: 'bank.errors.rangeFull',
  [LEDGER_NAME_TAKEN]: 'bank.errors.nameTaken',
  [IBAN_TAKEN]: 'bank.errors.ibanTaken',
  [KIND_FIXED]: 'bank.errors.kindFixed',
  [DEFAULT_STAYS]: 'bank.errors.defaultStays',
  [DEFAULT_BANK_NOT_DELETED]: 'bank.errors.defaultNotDeleted',
  // The Defaults card's refusals, and deleting an account that is one of them.
  [UNKNOWN_ACCOUNT]: 'bank.defaults.errors.unknownAccount',
  [TRANSFER_NOT_CASH]: 'bank.defaults.errors.transferNotCash',
  [PAYOUT_NOT_CASH]: 'bank.defaults.errors.payoutNotCash',
  [DEFAULT_NOT_DELETED]: 'bank.defaults.errors.defaultNotDeleted',
};

/** The refusals with a value in them: a name too long (`{max}` characters). */
export const SERVER_WORDING_KEYS: Record<string, string> = {
  [TOO_LONG]: 'bank.rules.errors.tooLong',
};

const TABLE: ServerTexts = { texts: SERVER_TEXT_KEYS, wordings: SERVER_WORDING_KEYS };

const known = (text: string, t: Translate): string => knownServerText(text, t, TABLE) ?? text;

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
