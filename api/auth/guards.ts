import type { RequestHandler } from 'express';
import { AppError, ForbiddenError, UnauthenticatedError } from '../../domain/shared/errors';
import type { User } from './user.service';

export type Access = 'public' | 'authenticated' | 'superuser' | 'client';

/** The one role rule, shared by REST guards and the GraphQL auth checker. Throws when refused. */
export const assertAccess = (user: User | undefined, access: Access): void => {
  switch (access) {
    case 'public':
      return;
    case 'authenticated':
      if (!user) throw new UnauthenticatedError();
      return;
    case 'superuser':
      if (!user) throw new UnauthenticatedError();
      if (!user.is_superuser) throw new ForbiddenError();
      if (user.two_factor_setup_required) {
        throw new AppError('FORBIDDEN', 'Set up two-factor sign-in before using the admin area.', undefined, 'TWO_FACTOR_SETUP_REQUIRED');
      }
      return;
    case 'client':
      if (!user) throw new UnauthenticatedError();
      if (user.is_superuser || !user.client_id) throw new ForbiddenError('This page is for client accounts.');
      return;
    default: {
      const exhaustive: never = access;
      throw new Error(`unknown access ${String(exhaustive)}`);
    }
  }
};

export const requireAccess = (access: Access): RequestHandler => (req, _res, next) => {
  assertAccess(req.user, access);
  next();
};

export const requireLogin = requireAccess('authenticated');
export const requireSuperuser = requireAccess('superuser');
export const requireClient = requireAccess('client');
