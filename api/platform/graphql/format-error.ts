import type { GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError, CHANGED_MEANWHILE, type ErrorCode } from '../../../domain/shared/errors';
import { StreamConflictError } from '../../../eventstore/event-store';
import { INVALID_DATA, isConnectionLoss, isInvalidData } from '../http/error-middleware';
import { savedAnswer } from '../write-outcome';

const GRAPHQL_CODES: Record<ErrorCode, string> = {
  VALIDATION: 'BAD_USER_INPUT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

interface ClassValidatorError {
  property: string;
  constraints?: Record<string, string>;
  children?: ClassValidatorError[];
}

const flattenValidation = (errors: ClassValidatorError[], prefix = '', out: Record<string, string[]> = {}) => {
  for (const e of errors) {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) out[field] = Object.values(e.constraints);
    if (e.children?.length) flattenValidation(e.children, field, out);
  }
  return out;
};

/**
 * graphql-js words its suggestions several ways: `Did you mean "invoice"?` (fields, arguments,
 * types, input fields), `Did you mean the enum value "paid" or "unpaid"?` (literals and variables),
 * `Did you mean "total { ... }"?`. Names cannot hold a question mark, so each ends at the first one.
 * Found with indexOf, not a regular expression: a message echoes a caller's variable, and the
 * pattern `\s*Did you mean[^?]*\?` backtracks quadratically over a long run of spaces (95,000 of
 * them held the event loop for 17 s). This is one pass over the message.
 */
const SUGGESTION = 'Did you mean';

/** The message without any "Did you mean …?": in production they would reveal the schema that introspection hides. */
export const withoutSuggestions = (message: string): string => {
  let out = '';
  let from = 0;
  for (;;) {
    const at = message.indexOf(SUGGESTION, from);
    const end = at < 0 ? -1 : message.indexOf('?', at + SUGGESTION.length);
    if (end < 0) return out + message.slice(from);
    out += message.slice(from, at).trimEnd();
    from = end + 1;
  }
};

/**
 * Longest message a production answer carries. graphql-js copies a bad variable's whole value into
 * its message; echoing 100 kB back to an anonymous caller helps nobody.
 */
export const MAX_MESSAGE_LENGTH = 1_000;

const bounded = (message: string): string =>
  message.length <= MAX_MESSAGE_LENGTH ? message : `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…`;

/**
 * The one mapping from thrown errors to GraphQL errors; clients switch on extensions.code. In
 * production every suggestion is cut from every message (GraphQL Armor's own mask misses the enum
 * wording), validation and variable errors included, which anonymous callers reach.
 */
export const errorFormatter = (production: boolean, logger?: Logger) => {
  const format = (formatted: GraphQLFormattedError, error: unknown) => formatError(formatted, error, logger);
  return production
    ? (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
        const out = format(formatted, error);
        const message = bounded(withoutSuggestions(out.message));
        return message === out.message ? out : { ...out, message };
      }
    : format;
};

const formatError = (formatted: GraphQLFormattedError, error: unknown, logger?: Logger): GraphQLFormattedError => {
  const original = unwrapResolverError(error);
  // After an append the mutation has happened: its failure to answer says so instead of asking for a retry.
  const saved = savedAnswer(original, logger);
  if (saved) return { message: saved.message, path: formatted.path, extensions: { code: 'SAVED_PENDING', reason: 'SAVED_PENDING', pending: true, ids: saved.ids } };
  if (original instanceof AppError) {
    return {
      message: original.message,
      path: formatted.path,
      extensions: {
        code: GRAPHQL_CODES[original.code],
        ...(original.fieldErrors ? { fieldErrors: original.fieldErrors } : {}),
        ...(original.reason ? { reason: original.reason } : {}),
        ...(original.params ? { params: original.params } : {}),
      },
    };
  }
  if (original instanceof StreamConflictError) {
    return {
      message: CHANGED_MEANWHILE,
      path: formatted.path,
      extensions: { code: 'CONFLICT' },
    };
  }
  if (isInvalidData(original as { code?: string })) {
    return { message: INVALID_DATA, path: formatted.path, extensions: { code: 'BAD_USER_INPUT' } };
  }
  if (isConnectionLoss(original as { code?: string; message?: string })) {
    return { message: 'The service is temporarily unavailable. Please try again shortly.', path: formatted.path, extensions: { code: 'SERVICE_UNAVAILABLE' } };
  }
  const code = formatted.extensions?.code;
  if (code === 'BAD_USER_INPUT' && formatted.extensions?.validationErrors) {
    return {
      message: 'Please correct the errors below.',
      path: formatted.path,
      extensions: {
        code,
        fieldErrors: flattenValidation(formatted.extensions.validationErrors as ClassValidatorError[]),
      },
    };
  }
  // Errors raised by GraphQL itself (syntax, unknown fields, bad variables) are safe to show.
  if (code && code !== 'INTERNAL_SERVER_ERROR') return formatted;
  return { message: 'Internal server error.', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
};
