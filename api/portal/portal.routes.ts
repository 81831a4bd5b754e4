import { Router } from 'express';
import { requireClient } from '../platform/guards';
import type { AppDeps } from '../platform/deps';
import { type ClientStatementService, sendStatement } from '../clients';
import { portalAccount } from './portal.queries';

/** The client portal's read API: a client user sees its own client only. */
export const portalRoutes = (deps: AppDeps, statements: ClientStatementService): Router => {
  const router = Router();

  // A list whose first item is the account, as the spec's client expects; empty when the linked client is gone.
  router.get('/portal/my-account/', requireClient, async (req, res) => {
    const account = await portalAccount(deps, req.user!.client_id!);
    res.setHeader('Cache-Control', 'no-store');
    res.json(account ? [account] : []);
  });

  // The client's own statement only: the client comes from the session, never from the request.
  router.get('/portal/my-account/statement/', requireClient, async (req, res) => {
    await sendStatement(req, res, statements, req.user!.client_id!);
  });

  return router;
};
