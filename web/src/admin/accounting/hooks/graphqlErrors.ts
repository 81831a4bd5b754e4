import { CombinedGraphQLErrors } from '@apollo/client';
import i18n from 'i18next';
import type { ErrorParams, ErrorReason } from '../../../../../domain/shared/errors';
import { formatDate } from '../../../common/format';

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
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

interface Extensions {
  fieldErrors?: Record<string, string[]>;
  reason?: ErrorReason;
  params?: ErrorParams;
}

/** A refusal with a known reason in the screen's language, its days in the app's date format; undefined for any other error. */
export const reasonText = (extensions: unknown): string | undefined => {
  const { reason, params } = (extensions ?? {}) as Extensions;
  const key = reason && REASON_TEXTS[reason];
  if (!key) return undefined;
  const values = Object.fromEntries(Object.entries(params ?? {}).map(([name, value]) => [name, ISO_DAY.test(value) ? formatDate(value) : value]));
  return i18n.t(key, values);
};

/**
 * The server's field errors (extensions.fieldErrors of our error model), keyed by field path. A
 * refusal with a known reason puts its translated text on its fields instead of the server's.
 */
export const fieldErrorsOf = (err: unknown): Record<string, string[]> => {
  if (!CombinedGraphQLErrors.is(err)) return {};
  const out: Record<string, string[]> = {};
  for (const e of err.errors) {
    const fields = (e.extensions as Extensions | undefined)?.fieldErrors;
    if (!fields) continue;
    const translated = reasonText(e.extensions);
    Object.assign(out, translated ? Object.fromEntries(Object.keys(fields).map((f) => [f, [translated]])) : fields);
  }
  return out;
};

/** The first GraphQL error's message (already user-facing in our error model, translated when it has a reason), else the error's own. */
export const messageOf = (err: unknown): string => {
  if (CombinedGraphQLErrors.is(err) && err.errors[0]) return reasonText(err.errors[0].extensions) ?? err.errors[0].message;
  return err instanceof Error ? err.message : String(err);
};

/**
 * What a modal shows of a refusal: the message, then each field's reasons that say more than it
 * ("Please correct the errors below." alone would leave the user guessing).
 */
export const refusalText = (err: unknown): string => {
  const message = messageOf(err);
  const details = [...new Set(Object.values(fieldErrorsOf(err)).flat())].filter((d) => d !== message);
  return [message, ...details].join(' ');
};

/** Why the server refused (extensions.reason of our error model), for a translated message. */
export const reasonOf = (err: unknown): ErrorReason | undefined => {
  if (!CombinedGraphQLErrors.is(err)) return undefined;
  return err.errors.map((e) => (e.extensions as Extensions | undefined)?.reason).find(Boolean);
};
