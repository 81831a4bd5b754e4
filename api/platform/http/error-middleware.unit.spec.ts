import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthenticatedError,
  UnavailableError,
  ValidationError,
} from '../../../domain/shared/errors';
import { StreamConflictError } from '../../../eventstore/event-store';
import { toHttpError } from './error-middleware';

describe('toHttpError', () => {
  it('maps each application error to its status and keeps field errors', () => {
    expect(toHttpError(new ValidationError('Bad', { name: ['Required.'] }))).toEqual({
      status: 400,
      body: { message: 'Bad', errors: { name: ['Required.'] } },
    });
    expect(toHttpError(new UnauthenticatedError()).status).toBe(401);
    expect(toHttpError(new ForbiddenError()).status).toBe(403);
    expect(toHttpError(new NotFoundError()).status).toBe(404);
    expect(toHttpError(new ConflictError()).status).toBe(409);
    expect(toHttpError(new RateLimitedError()).status).toBe(429);
    expect(toHttpError(new UnavailableError()).status).toBe(503);
  });

  it('maps an event-stream conflict to 409', () => {
    expect(toHttpError(new StreamConflictError('invoice-1', 3, 4))).toMatchObject({ status: 409 });
  });

  it('maps body-parser failures to clean 4xx answers', () => {
    expect(toHttpError(Object.assign(new Error('x'), { type: 'entity.parse.failed', status: 400 }))).toEqual({
      status: 400,
      body: { message: 'Malformed JSON in request body.' },
    });
    expect(toHttpError(Object.assign(new Error('x'), { type: 'entity.too.large', status: 413 })).status).toBe(413);
  });

  it('answers a lost database connection with 503', () => {
    expect(toHttpError(Object.assign(new Error('terminating connection'), { code: '57P01' })).status).toBe(503);
    expect(toHttpError(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })).status).toBe(503);
  });

  it('never leaks the text of unexpected errors', () => {
    const res = toHttpError(new Error('relation "secret_table" does not exist'));
    expect(res).toEqual({ status: 500, body: { message: 'Internal server error.' } });
  });
});
