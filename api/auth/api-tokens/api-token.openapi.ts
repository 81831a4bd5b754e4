import { z } from 'zod';
import { TOKEN_AREAS, TOKEN_SCOPES } from '../../../domain/auth/api-token';
import { empty, json, tagged, wire } from '../../platform/openapi/route-doc';
import { wDateTime, wId } from '../../platform/openapi/wire-schemas';
import { apiTokenView, tokenBody } from './api-token.routes';

const tokenFields = {
  id: wId,
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES).meta({ description: '`read`: safe methods and GraphQL queries only; `write`: everything its areas hold.' }),
  areas: z.array(z.enum(TOKEN_AREAS)).meta({ description: '`billing`, `accounting`, or `all` (both and the product’s administration).' }),
  prefix: z.string().meta({ description: '`grcb_` and the secret’s first 4 characters, to tell tokens apart.' }),
  created_at: wDateTime,
  expires_at: wDateTime.nullable().meta({ description: 'Null: never expires.' }),
  last_used_at: wDateTime.nullable().meta({ description: 'Recorded at most once a minute.' }),
  revoked_at: wDateTime.nullable(),
};

export const ApiTokenAnswer = wire<ReturnType<typeof apiTokenView>>()(
  z.object(tokenFields).meta({ id: 'ApiToken', description: 'An API token as listed: never its secret.' }),
);

const CreatedApiTokenAnswer = wire<ReturnType<typeof apiTokenView> & { token: string }>()(
  z.object({ ...tokenFields, token: z.string().meta({ description: 'The secret (`grcb_…`), shown this once: send it as `Authorization: Bearer <token>`.' }) }),
);

export const apiTokenDocs = tagged('API tokens', [
  {
    method: 'get',
    path: '/api/tokens/',
    summary: 'List API tokens (live ones first, newest first)',
    description: 'A session only: an API token cannot reach the tokens.',
    access: 'superuser',
    answers: { 200: json(z.array(ApiTokenAnswer)) },
  },
  {
    method: 'post',
    path: '/api/tokens/',
    summary: 'Create an API token (its secret is shown once)',
    description:
      'A name unique among live tokens (at most 100 characters), a scope, one to three areas (`all` absorbs the others), and an optional `expires_at`: ' +
      'an ISO 8601 instant, or a day (then its end, 23:59:59.999 UTC), in the future. The answer carries the secret in `token`, never shown again.',
    access: 'superuser',
    body: tokenBody,
    answers: { 201: json(CreatedApiTokenAnswer, 'Created.') },
  },
  { method: 'get', path: '/api/tokens/:id/', summary: 'An API token', access: 'superuser', answers: { 200: json(ApiTokenAnswer) } },
  {
    method: 'delete',
    path: '/api/tokens/:id/',
    summary: 'Revoke an API token',
    description: 'Its next request is a 401. Revoking a revoked token changes nothing; the token stays listed with its `revoked_at`.',
    access: 'superuser',
    answers: { 204: empty('Revoked.') },
  },
]);
