import type { ApolloServerPlugin } from '@apollo/server';
import type { Request, RequestHandler } from 'express';
import { GraphQLError, Kind, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { graphqlAreaOf, restAreaOf, tokenRefusal } from '../../../domain/auth/api-token';
import { ForbiddenError, RateLimitedError, UnauthenticatedError } from '../../../domain/shared/errors';
import { INVALID_TOKEN, type ApiTokenService } from './api-token.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The secret of an `Authorization: Bearer <token>` header; undefined without one (other schemes are not tokens). */
export const bearerSecret = (req: Request): string | undefined => {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match ? match[1] : /^Bearer\b/i.test(header) ? '' : undefined;
};

/**
 * Requests to /api and /graphql: with `Authorization: Bearer`, authenticated by the token alone (no
 * session is read or made, so no cookie and no CSRF token are involved); without, by `session` (the
 * browser's chain: session, user, two-factor policy, CSRF). A bad token is a 401 that says nothing
 * of why; a token's requests have their own budget per `windowMs`; a REST request outside the
 * token's grant is a 403 here, a GraphQL operation's in `tokenGrantPlugin`.
 */
export const bearerOrSession =
  (tokens: ApiTokenService, session: RequestHandler): RequestHandler =>
  (req, res, next) => {
    const secret = bearerSecret(req);
    if (secret === undefined) return session(req, res, next);
    void (async () => {
      const found = secret ? await tokens.authenticate(secret) : null;
      if (!found) {
        res.set('WWW-Authenticate', 'Bearer realm="api", error="invalid_token"');
        throw new UnauthenticatedError(INVALID_TOKEN);
      }
      const wait = tokens.spend(found.principal.id);
      if (wait !== null) throw new RateLimitedError(undefined, wait);
      req.user = found.user;
      req.apiToken = found.principal;
      if (req.baseUrl !== '/graphql') {
        const refusal = tokenRefusal(found.principal, [restAreaOf(req.path)], !SAFE_METHODS.has(req.method));
        if (refusal) throw new ForbiddenError(refusal);
      }
    })().then(() => next(), next);
  };

/** The root fields an operation selects, through fragments. */
const rootFields = (document: DocumentNode, operation: OperationDefinitionNode): string[] => {
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  const seen = new Set<string>();
  const fields: string[] = [];
  const walk = (set: SelectionSetNode) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) fields.push(s.name.value);
      else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet);
      else if (!seen.has(s.name.value)) {
        seen.add(s.name.value);
        const fragment = fragments.get(s.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  walk(operation.selectionSet);
  return fields;
};

/** A GraphQL operation made with a token reaches only what the token grants: every root field in its areas, mutations only with write. */
export const tokenGrantPlugin = (): ApolloServerPlugin<{ req: Request }> => ({
  requestDidStart: async () => ({
    didResolveOperation: async ({ contextValue, document, operation }) => {
      const token = contextValue.req.apiToken;
      if (!token || !operation) return;
      const refusal = tokenRefusal(token, rootFields(document, operation).map(graphqlAreaOf), operation.operation !== 'query');
      if (refusal) throw new GraphQLError(refusal, { extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
    },
  }),
});
