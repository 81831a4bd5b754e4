import { Router } from 'express';
import { parseClientBody } from './billing.schema';
import { requireSuperuser } from '../auth/guards';
import type { BillingServices } from './billing.services';
import { sendStatement } from './client-statement.rest';
import { pathId } from './wire';

const NOT_FOUND = 'Client not found.';

/** The optional username of create_user's body (the spec sends none): text or nothing. */
const requestedUsername = (body: unknown): string | undefined => {
  const value = (body as { username?: unknown } | undefined)?.username;
  return typeof value === 'string' ? value : undefined;
};

export const clientRoutes = (billing: BillingServices): Router => {
  const router = Router();
  router.use('/clients', requireSuperuser);

  router.get('/clients/', async (_req, res) => {
    res.json((await billing.clients.list()).items);
  });

  router.post('/clients/', async (req, res) => {
    res.status(201).json(await billing.clients.create(parseClientBody(req.body), req.user!.id));
  });

  router.get('/clients/:id/', async (req, res) => {
    res.json(await billing.clients.detail(pathId(req.params.id, NOT_FOUND)));
  });

  router.put('/clients/:id/', async (req, res) => {
    res.json(await billing.clients.update(pathId(req.params.id, NOT_FOUND), parseClientBody(req.body), req.user!.id));
  });

  router.delete('/clients/:id/', async (req, res) => {
    await billing.clients.remove(pathId(req.params.id, NOT_FOUND), req.user!.id);
    res.status(204).end();
  });

  router.get('/clients/:id/statement/', async (req, res) => {
    await sendStatement(req, res, billing.statements, pathId(req.params.id, NOT_FOUND));
  });

  router.post('/clients/:id/create_user/', async (req, res) => {
    const { password, username } = await billing.clients.createUser(pathId(req.params.id, NOT_FOUND), req.user!.id, requestedUsername(req.body));
    res.status(201).json({ password, username });
  });

  return router;
};
