import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import { RateLimitedError } from '../../domain/shared/errors';
import type { AppDeps } from '../deps';
import { requestOrigin } from '../http/request-origin';
import { parseInput } from '../http/validate';
import type { PaymentService } from './payment.service';

const checkoutBody = z.object({ return_to: z.string().max(300).nullish() });
const reconcileBody = z.object({ session_id: z.string().min(1).max(300) });

/** Checkout, the Stripe webhook and the return-time reconciliation. */
export const paymentRoutes = (deps: AppDeps, payments: PaymentService): Router => {
  const router = Router();
  // Anonymous pay-by-link callers share the public forms' budget; logged-in users are not limited here.
  const anonymousLimiter = rateLimit({
    windowMs: deps.limits.windowMs,
    limit: deps.limits.publicFormsPerIp,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skip: (req) => !!req.user,
    handler: (_req, _res, next) => next(new RateLimitedError()),
  });

  router.post('/invoices/:id/create-checkout-session/', anonymousLimiter, async (req, res) => {
    const { return_to } = parseInput(checkoutBody, req.body);
    res.json(await payments.createCheckoutSession(String(req.params.id), return_to, req.user, requestOrigin(req)));
  });

  router.post('/stripe/webhook/', async (req, res) => {
    res.json(await payments.handleWebhook(req.rawBody, req.get('stripe-signature')));
  });

  router.post('/payments/reconcile/', anonymousLimiter, async (req, res) => {
    const { session_id } = parseInput(reconcileBody, req.body);
    res.json(await payments.reconcile(session_id));
  });

  return router;
};
