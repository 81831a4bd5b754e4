import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError, type ErrorCode } from '../../domain/shared/errors';
import { StreamConflictError } from '../../eventstore/event-store';
import { INVALID_DATA, isConnectionLoss, isInvalidData } from '../http/error-middleware';

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
 */
const SUGGESTION = /\s*Did you mean\b[^?]*\?/gi;

/** The message without any "Did you mean …?": in production they would reveal the schema that introspection hides. */
export const withoutSuggestions = (message: string): string => message.replace(SUGGESTION, '');

/**
 * The one mapping from thrown errors to GraphQL errors; clients switch on extensions.code. In
 * production every suggestion is cut from every message (GraphQL Armor's own mask misses the enum
 * wording), validation and variable errors included, which anonymous callers reach.
 */
export const errorFormatter = (production: boolean) =>
  production
    ? (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
        const out = formatError(formatted, error);
        const message = withoutSuggestions(out.message);
        return message === out.message ? out : { ...out, message };
      }
    : formatError;

const formatError = (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
  const original = unwrapResolverError(error);
  if (original instanceof AppError) {
    return {
      message: original.message,
      path: formatted.path,
      extensions: {
        code: GRAPHQL_CODES[original.code],
        ...(original.fieldErrors ? { fieldErrors: original.fieldErrors } : {}),
        ...(original.reason ? { reason: original.reason } : {}),
      },
    };
  }
  if (original instanceof StreamConflictError) {
    return {
      message: 'The record was changed by someone else. Reload and try again.',
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
