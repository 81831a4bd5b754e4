import type { Request, Response } from 'express';
import type { AuthChecker } from 'type-graphql';
import type { Access } from '../auth/guards';
import { assertAccess } from '../auth/guards';
import type { User } from '../auth/user.service';
import type { AppDeps } from '../deps';
import type { Services } from '../services';

export interface GraphQLContext {
  req: Request;
  res: Response;
  user?: User;
  deps: AppDeps;
  services: Services;
}

/**
 * `@Authorized('superuser')` / `@Authorized('client')` / `@Authorized()` use the same rule as the
 * REST guards; refusals throw our own errors so both transports answer alike.
 */
export const authChecker: AuthChecker<GraphQLContext, Access> = ({ context }, roles) => {
  if (roles.length === 0) assertAccess(context.user, 'authenticated');
  for (const role of roles) assertAccess(context.user, role);
  return true;
};
