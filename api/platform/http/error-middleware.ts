import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { AppError, CHANGED_MEANWHILE, RateLimitedError, type ErrorCode, type ErrorParams, type ErrorReason } from '../../../domain/shared/errors';
import { StreamConflictError } from '../../../eventstore/event-store';
import { savedAnswer } from '../write-outcome';

export const httpStatusOf = (code: ErrorCode): number => {
  switch (code) {
    case 'VALIDATION':
      return 400;
    case 'UNAUTHENTICATED':
      return 401;
    case 'FORBIDDEN':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'CONFLICT':
      return 409;
    case 'RATE_LIMITED':
      return 429;
    case 'UNAVAILABLE':
      return 503;
    default: {
      const exhaustive: never = code;
      return exhaustive;
    }
  }
};

type Renames = Record<string, string>;

/**
 * A command field's REST name: each path segment in the spec's snake_case, references without
 * their `Id` (`clientId` → `client`, `lines.0.accountId` → `lines.0.account`), unless the route
 * names it otherwise. Snake_case names (zod's, already REST's) come out unchanged.
 */
export const restFieldName = (field: string, renames: Renames = {}): string =>
  renames[field] ??
  field
    .split('.')
    .map((segment) => renames[segment] ?? segment.replace(/(?<=[a-z0-9])Id$/, '').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))
    .join('.');

/** A route whose wire names differ from the generic rule declares them here, by whole path or segment (`{ lines: 'items' }`). */
export const restFieldNames =
  (renames: Renames): RequestHandler =>
  (_req, res, next) => {
    res.locals.restFieldNames = renames;
    next();
  };

export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
  /** Why, for a client that words the refusal itself (`BOOKS_LOCKED`), with what it fills in. */
  reason?: ErrorReason;
  params?: ErrorParams;
}

/** The one mapping from any thrown value to a REST answer. Never leaks stacks or SQL. */
export const toHttpError = (err: unknown, renames: Renames = {}): { status: number; body: ErrorBody } => {
  if (err instanceof AppError) {
    const body: ErrorBody = { message: err.message };
    if (err.fieldErrors) body.errors = err.withFieldNames((f) => restFieldName(f, renames)).fieldErrors;
    if (err.reason) body.reason = err.reason;
    if (err.params) body.params = err.params;
    return { status: httpStatusOf(err.code), body };
  }
  if (err instanceof StreamConflictError) {
    return { status: 409, body: { message: CHANGED_MEANWHILE } };
  }
  const e = err as { type?: string; status?: number; statusCode?: number; code?: string; message?: string };
  // body-parser's own errors carry a 4xx status and a type.
  if (e?.type === 'entity.parse.failed') return { status: 400, body: { message: 'Malformed JSON in request body.' } };
  if (e?.type === 'entity.too.large') return { status: 413, body: { message: 'Request body is too large.' } };
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') {
    return { status: 415, body: { message: 'Unsupported request encoding.' } };
  }
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, body: { message: 'Bad request.' } };
  if (isInvalidData(e)) return { status: 400, body: { message: INVALID_DATA } };
  if (isConnectionLoss(e)) {
    return { status: 503, body: { message: 'The service is temporarily unavailable. Please try again shortly.' } };
  }
  return { status: 500, body: { message: 'Internal server error.' } };
};

export const INVALID_DATA = 'The request contains a value that cannot be stored (for example a NUL character or an out-of-range number).';

/** SQLSTATE class 22 (data exception): a value from the request the database refuses, not a server fault. */
export const isInvalidData = (e: { code?: string } | undefined): boolean => typeof e?.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code);

// pg reports a connection that died mid-query (e.g. pg_terminate_backend, then knex's ROLLBACK on
// it) by message only, without a code.
const LOST_CONNECTION_MESSAGES = /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect/i;

export const isConnectionLoss = (e: { code?: string; message?: string } | undefined): boolean =>
  (!!e?.code && ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '08006', '08003', '08001'].includes(e.code)) ||
  (typeof e?.message === 'string' && LOST_CONNECTION_MESSAGES.test(e.message));

const renamesOf = (res: Response): Renames => (res.locals.restFieldNames as Renames | undefined) ?? {};

export const errorMiddleware: ErrorRequestHandler = (err, req, res, _next) => {
  // After an append the write has happened: never a 503 or a 404 that would invite a duplicate or deny it.
  const saved = savedAnswer(err, req.log);
  if (saved) {
    if (!res.headersSent) res.status(202).json(saved);
    return;
  }
  const { status, body } = toHttpError(err, renamesOf(res));
  if (status >= 500) req.log?.error({ err }, 'request failed');
  if (res.headersSent) return;
  if (err instanceof RateLimitedError && err.retryAfterSeconds !== undefined) res.set('Retry-After', String(err.retryAfterSeconds));
  res.status(status).json(body);
};

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found.' });
};
