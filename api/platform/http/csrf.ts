import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { ForbiddenError } from '../../../domain/shared/errors';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const newCsrfToken = (): string => randomBytes(24).toString('base64url');

export const setCsrfCookie = (res: Response, token: string, secure: boolean): void => {
  // Readable by the page's JavaScript on purpose: it echoes the value in the X-CSRFToken header.
  res.cookie(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure, path: '/' });
};

const equal = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * A logged-in session must echo its CSRF token in X-CSRFToken on every unsafe method (REST and
 * GraphQL alike). Anonymous requests (login, public forms, pay-by-link) carry no session to abuse.
 */
export const csrfProtection = (secure: boolean): RequestHandler => (req, res, next) => {
  const session = req.session;
  if (session?.userId) {
    if (!session.csrfToken) session.csrfToken = newCsrfToken();
    if (req.cookies?.[CSRF_COOKIE] !== session.csrfToken) setCsrfCookie(res, session.csrfToken, secure);
    if (!SAFE_METHODS.has(req.method)) {
      const header = req.get(CSRF_HEADER);
      if (!header || !equal(header, session.csrfToken)) {
        return next(new ForbiddenError('CSRF Failed: CSRF token missing or incorrect.'));
      }
    }
  }
  next();
};
