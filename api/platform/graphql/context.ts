import type { Request, Response } from 'express';
import type { AuthChecker } from 'type-graphql';
import type { Access } from '../guards';
import { assertAccess } from '../guards';
import type { User } from '../user';
import type { AppDeps } from '../deps';

/**
 * The application services the resolvers read. The kernel names no feature: the composition root
 * (api/main/services.ts) fills this interface in, by declaration merging, with its `Services`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ContextServices {}

export interface GraphQLContext {
  req: Request;
  res: Response;
  user?: User;
  deps: AppDeps;
  services: ContextServices;
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
