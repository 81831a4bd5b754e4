import { Router } from 'express';
import { z } from 'zod';
import { requireSuperuser } from '../../platform/guards';
import { parseInput } from '../../platform/http/validate';
import { TOKEN_AREAS, TOKEN_SCOPES } from '../../../domain/auth/api-token';
import { pathId } from '../../platform/wire';
import type { ApiToken, ApiTokenService } from './api-token.service';

const NOT_FOUND = 'API token not found.';

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined ? 'This field is required.' : `"${String(issue.input)}" is not a valid choice: use ${values.join(', ')}.`) });

/** POST /api/tokens/ body: the service checks the rest (a 400 naming each field). */
export const tokenBody = z.object({
  name: z.string({ error: 'This field is required.' }),
  scope: choice(TOKEN_SCOPES),
  areas: z.array(choice(TOKEN_AREAS), { error: 'Expected a list of areas.' }).max(3, 'Ensure this list has no more than 3 items.'),
  expires_at: z.union([z.string({ error: 'Not a valid string.' }), z.null()]).optional(),
});

/** The REST shape of a token: snake_case, never its secret (but in the creation answer's `token`). */
export const apiTokenView = (t: ApiToken) => ({
  id: t.id,
  name: t.name,
  scope: t.scope,
  areas: t.areas,
  prefix: t.prefix,
  created_at: t.createdAt,
  expires_at: t.expiresAt,
  last_used_at: t.lastUsedAt,
  revoked_at: t.revokedAt,
});

/** The superuser's API tokens (a token cannot reach these: api/auth/api-tokens/bearer.ts). */
export const apiTokenRoutes = (tokens: ApiTokenService): Router => {
  const router = Router();
  router.use('/tokens', requireSuperuser);
  router.get('/tokens/', async (_req, res) => {
    res.json((await tokens.list()).map(apiTokenView));
  });
  router.post('/tokens/', async (req, res) => {
    const body = parseInput(tokenBody, req.body);
    const created = await tokens.create({ name: body.name, scope: body.scope, areas: body.areas, expiresAt: body.expires_at }, req.user!.id);
    res.status(201).json({ ...apiTokenView(created), token: created.token });
  });
  router.get('/tokens/:id/', async (req, res) => {
    res.json(apiTokenView(await tokens.get(pathId(req.params.id, NOT_FOUND))));
  });
  router.delete('/tokens/:id/', async (req, res) => {
    await tokens.revoke(pathId(req.params.id, NOT_FOUND), req.user!.id);
    res.status(204).end();
  });
  return router;
};
