import { Router } from 'express';
import { parseSubscriptionBody } from './subscription.schema';
import { requireSuperuser } from '../platform/guards';
import type { RecurringInvoicing } from './recurring';
import type { SubscriptionService } from './subscription.service';
import { isUuid, pathId } from '../platform/wire';

const NOT_FOUND = 'Subscription not found.';

export const subscriptionRoutes = (billing: { subscriptions: SubscriptionService; recurring: RecurringInvoicing }): Router => {
  const router = Router();
  router.use('/subscriptions', requireSuperuser);
  router.use('/billing', requireSuperuser);

  router.get('/subscriptions/', async (req, res) => {
    const client = isUuid(req.query.client) ? req.query.client : undefined;
    const status = req.query.status === 'active' || req.query.status === 'cancelled' ? req.query.status : undefined;
    res.json((await billing.subscriptions.list({ clientId: client, status })).items);
  });

  router.post('/subscriptions/', async (req, res) => {
    res.status(201).json(await billing.subscriptions.create(parseSubscriptionBody(req.body), req.user!.id));
  });

  router.get('/subscriptions/:id/', async (req, res) => {
    res.json(await billing.subscriptions.get(pathId(req.params.id, NOT_FOUND)));
  });

  router.put('/subscriptions/:id/', async (req, res) => {
    res.json(await billing.subscriptions.update(pathId(req.params.id, NOT_FOUND), parseSubscriptionBody(req.body), req.user!.id));
  });

  router.delete('/subscriptions/:id/', async (req, res) => {
    await billing.subscriptions.remove(pathId(req.params.id, NOT_FOUND), req.user!.id);
    res.status(204).end();
  });

  router.post('/subscriptions/:id/create-invoice/', async (req, res) => {
    res.status(201).json(await billing.recurring.createForSubscription(pathId(req.params.id, NOT_FOUND), req.user!.id));
  });

  router.post('/billing/generate-invoices/', async (req, res) => {
    const { created, skipped, subscriptions, refused } = await billing.recurring.run({ actor: req.user!.id });
    res.json({
      message: 'Invoice generation process started.',
      created,
      skipped,
      subscriptions,
      refused: refused.map((r) => ({ subscription: r.subscriptionId, period_start: r.periodStart, period_end: r.periodEnd, date: r.date, reason: r.reason, message: r.message })),
    });
  });

  return router;
};
