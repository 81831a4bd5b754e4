import { Router } from 'express';
import { requireClient } from '../auth/guards';
import type { AppDeps } from '../deps';
import { portalAccount } from './portal.queries';

/** The client portal's read API: a client user sees its own client only. */
export const portalRoutes = (deps: AppDeps): Router => {
  const router = Router();

  // A list whose first item is the account, as the spec's client expects; empty when the linked client is gone.
  router.get('/portal/my-account/', requireClient, async (req, res) => {
    const account = await portalAccount(deps.db, req.user!.client_id!, deps.clock());
    res.setHeader('Cache-Control', 'no-store');
    res.json(account ? [account] : []);
  });

  return router;
};
