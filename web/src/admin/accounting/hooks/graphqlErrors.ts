import { CombinedGraphQLErrors } from '@apollo/client';
import type { ErrorReason } from '../../../../../domain/shared/errors';

/** The server's field errors (extensions.fieldErrors of our error model), keyed by field path. */
export const fieldErrorsOf = (err: unknown): Record<string, string[]> => {
  if (!CombinedGraphQLErrors.is(err)) return {};
  const out: Record<string, string[]> = {};
  for (const e of err.errors) {
    const fields = (e.extensions as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors;
    if (fields) Object.assign(out, fields);
  }
  return out;
};

/** The first GraphQL error's message (already user-facing in our error model), else the error's own. */
export const messageOf = (err: unknown): string => {
  if (CombinedGraphQLErrors.is(err) && err.errors[0]) return err.errors[0].message;
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
  return err.errors.map((e) => (e.extensions as { reason?: ErrorReason } | undefined)?.reason).find(Boolean);
};
