import { CombinedGraphQLErrors } from '@apollo/client';
import i18n from 'i18next';
import type { ErrorParams, ErrorReason } from '../../../../../domain/shared/errors';
import { formatDate, formatEuros } from '../../../common/format';
import { cleanTextMessage } from '../../common/cleanText';

/** The web's wording of each refusal the server gives a reason for; the server's English message stays for API users. */
const REASON_TEXTS: Partial<Record<ErrorReason, string>> = {
  BOOKS_LOCKED: 'admin.errors.booksLocked',
  LOCK_NOT_PAST: 'admin.errors.lockNotPast',
  YEAR_CLOSED: 'admin.errors.yearClosed',
  YEAR_NOT_ENDED: 'admin.errors.yearNotEnded',
  LATER_YEAR_CLOSED: 'admin.errors.laterYearClosed',
  YEAR_NOT_CLOSED: 'admin.errors.yearNotClosed',
  REASON_REQUIRED: 'admin.errors.reasonRequired',
  FIRST_MONTH_FIXED: 'admin.errors.firstMonthFixed',
  CREDIT_VAT_NOT_CHARGED: 'admin.errors.creditVatNotCharged',
  CREDIT_VAT_EXCEEDS_CHARGED: 'admin.errors.creditVatExceedsCharged',
  SAVED_PENDING: 'admin.errors.savedPending',
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const percent = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** How a screen writes an amount of a refusal: in euros, unless it is about a document in another currency. */
export type AmountText = (amount: number) => string;

/** A parameter as the screen writes it: days in the app's format, amounts with `money` (euros by default), a VAT category by its name. */
const paramText = (name: string, value: string, money: AmountText = formatEuros): string => {
  if (ISO_DAY.test(value)) return formatDate(value);
  switch (name) {
    case 'net':
    case 'vat':
      return money(Number(value));
    case 'rate':
      return percent.format(Number(value));
    case 'category':
      return i18n.t(`admin.invoices.vatCategories.${value}`);
    default:
      return value;
  }
};

/**
 * What the server says above field errors (api/platform/graphql/format-error.ts and the domain's
 * validation errors): sent without a reason, so recognised by its text, and worded in the screen's language.
 */
const CORRECT_BELOW = 'Please correct the errors below.';

/**
 * A server message the web knows without a reason: the clean-text rule's refusals (a control
 * character, a line break in a one-line field, half a surrogate pair), which the server sends as
 * plain BAD_USER_INPUT field errors in the domain's English (domain/shared/text.ts), and the lead
 * above field errors; any other message as the server wrote it.
 */
const knownText = (message: string): string => (message === CORRECT_BELOW ? i18n.t('admin.errors.correctBelow') : cleanTextMessage(message, (key) => i18n.t(key)));

interface Extensions {
  fieldErrors?: Record<string, string[]>;
  reason?: ErrorReason;
  params?: ErrorParams;
}

/**
 * A refusal with a known reason in the screen's language, its parameters as the screen writes them
 * (amounts with `money`: a credit note's in its invoice's currency); undefined for any other error.
 */
export const reasonText = (extensions: unknown, money?: AmountText): string | undefined => {
  const { reason, params } = (extensions ?? {}) as Extensions;
  const key = reason && REASON_TEXTS[reason];
  if (!key) return undefined;
  const values = Object.fromEntries(Object.entries(params ?? {}).map(([name, value]) => [name, paramText(name, value, money)]));
  return i18n.t(key, values);
};

/**
 * The server's field errors (extensions.fieldErrors of our error model), keyed by field path. A
 * refusal with a known reason puts its translated text on its fields instead of the server's; a
 * clean-text refusal (no reason, its message the domain's) is worded in the screen's language.
 */
export const fieldErrorsOf = (err: unknown, money?: AmountText): Record<string, string[]> => {
  if (!CombinedGraphQLErrors.is(err)) return {};
  const out: Record<string, string[]> = {};
  for (const e of err.errors) {
    const fields = (e.extensions as Extensions | undefined)?.fieldErrors;
    if (!fields) continue;
    const translated = reasonText(e.extensions, money);
    Object.assign(out, Object.fromEntries(Object.entries(fields).map(([f, messages]) => [f, translated ? [translated] : messages.map(knownText)])));
  }
  return out;
};

/**
 * The first GraphQL error's message (already user-facing in our error model, translated when it has
 * a reason or is one the web knows), else the error's own.
 */
export const messageOf = (err: unknown, money?: AmountText): string => {
  if (CombinedGraphQLErrors.is(err) && err.errors[0]) return reasonText(err.errors[0].extensions, money) ?? knownText(err.errors[0].message);
  return err instanceof Error ? err.message : String(err);
};

/**
 * What a modal shows of a refusal: the message, then each field's reasons that say more than it
 * ("Please correct the errors below." alone would leave the user guessing). Its amounts with
 * `money` (euros by default).
 */
export const refusalText = (err: unknown, money?: AmountText): string => {
  const message = messageOf(err, money);
  const details = [...new Set(Object.values(fieldErrorsOf(err, money)).flat())].filter((d) => d !== message);
  return [message, ...details].join(' ');
};

/** Why the server refused (extensions.reason of our error model), for a translated message. */
export const reasonOf = (err: unknown): ErrorReason | undefined => {
  if (!CombinedGraphQLErrors.is(err)) return undefined;
  return err.errors.map((e) => (e.extensions as Extensions | undefined)?.reason).find(Boolean);
};
