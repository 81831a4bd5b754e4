import type { RequestHandler } from 'express';
import { AppError, ForbiddenError, UnauthenticatedError } from '../../domain/shared/errors';
import type { User } from './user';

/**
 * `signed-in`: any session's user, even one who must still choose a password (the password change
 * itself); `authenticated`: a user who may use the product.
 */
export type Access = 'public' | 'signed-in' | 'authenticated' | 'superuser' | 'client';

export const PASSWORD_CHANGE_REQUIRED = 'Choose a new password before continuing: you signed in with a temporary one.';

/**
 * A generated password (printed at first start, given to a client) opens nothing but its own change:
 * every guard but `signed-in` refuses it, as REQUIRE_ADMIN_2FA refuses a superuser who has not enrolled.
 */
const assertPasswordChosen = (user: User): void => {
  if (user.password_change_required) throw new AppError('FORBIDDEN', PASSWORD_CHANGE_REQUIRED, undefined, 'PASSWORD_CHANGE_REQUIRED');
};

/** The one role rule, shared by REST guards and the GraphQL auth checker. Throws when refused. */
export const assertAccess = (user: User | undefined, access: Access): void => {
  switch (access) {
    case 'public':
      return;
    case 'signed-in':
      if (!user) throw new UnauthenticatedError();
      return;
    case 'authenticated':
      if (!user) throw new UnauthenticatedError();
      assertPasswordChosen(user);
      return;
    case 'superuser':
      if (!user) throw new UnauthenticatedError();
      assertPasswordChosen(user);
      if (!user.is_superuser) throw new ForbiddenError();
      if (user.two_factor_setup_required) {
        throw new AppError('FORBIDDEN', 'Set up two-factor sign-in before using the admin area.', undefined, 'TWO_FACTOR_SETUP_REQUIRED');
      }
      return;
    case 'client':
      if (!user) throw new UnauthenticatedError();
      assertPasswordChosen(user);
      if (user.is_superuser || !user.client_id) throw new ForbiddenError('This page is for client accounts.');
      return;
    default: {
      const exhaustive: never = access;
      throw new Error(`unknown access ${String(exhaustive)}`);
    }
  }
};

/**
 * A document's holder: the superuser (under every superuser rule, REQUIRE_ADMIN_2FA included) or
 * the client user it belongs to. Anyone else learns nothing: `refuse` is the caller's not-found.
 */
export const assertSuperuserOrOwner = (user: User | undefined, clientId: string | undefined, refuse: () => Error): void => {
  if (!user) throw new UnauthenticatedError();
  if (user.is_superuser) return assertAccess(user, 'superuser');
  assertPasswordChosen(user);
  if (!clientId || user.client_id !== clientId) throw refuse();
};

export const requireAccess = (access: Access): RequestHandler => (req, _res, next) => {
  assertAccess(req.user, access);
  next();
};

export const requireLogin = requireAccess('authenticated');
export const requireSignedIn = requireAccess('signed-in');
export const requireSuperuser = requireAccess('superuser');
export const requireClient = requireAccess('client');
