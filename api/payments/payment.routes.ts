import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../platform/deps';
import { requestOrigin } from '../platform/http/request-origin';
import { parseInput } from '../platform/http/validate';
import { anonymousCheckouts, requestLimiter } from '../platform/rate-limit/limiters';
import { requireSuperuser } from '../platform/guards';
import { restFieldNames } from '../platform/http/error-middleware';
import { paymentWire } from '../invoicing';
import { cleanText, pathId, zCents, zDate, zRequiredText } from '../platform/wire';
import { PAYMENT_NOT_FOUND } from '../../domain/invoice/money-movements';
import type { PaymentService } from './payment.service';

export const checkoutBody = z.object({ return_to: z.string().max(300).superRefine(cleanText('single')).nullish() });
export const reconcileBody = z.object({ session_id: z.string().min(1).max(300).superRefine(cleanText('single')) });
export const refundBody = z.object({ amount: zCents, reason: zRequiredText(500, 'multi'), date: zDate.optional() });

/** Checkout, the Stripe webhook and the return-time reconciliation. */
export const paymentRoutes = (deps: AppDeps, payments: PaymentService): Router => {
  const router = Router();
  const anonymousLimiter = requestLimiter(deps, anonymousCheckouts(deps));

  router.post('/invoices/:id/create-checkout-session/', anonymousLimiter, async (req, res) => {
    const { return_to } = parseInput(checkoutBody, req.body);
    res.json(await payments.createCheckoutSession(String(req.params.id), return_to, req.user, requestOrigin(req)));
  });

  router.post('/stripe/webhook/', async (req, res) => {
    res.json(await payments.handleWebhook(req.rawBody, req.get('stripe-signature')));
  });

  // A refund of a payment (superuser): through the gateway for card payments, recorded as paid out otherwise.
  router.post('/payments/:id/refund/', requireSuperuser, restFieldNames({ amountCents: 'amount' }), async (req, res) => {
    const paymentId = pathId(req.params.id, PAYMENT_NOT_FOUND);
    const input = parseInput(refundBody, req.body);
    const { refundId, invoiceId } = await payments.movements.refund(paymentId, { amountCents: input.amount, reason: input.reason, date: input.date, idempotencyKey: req.get('idempotency-key')?.slice(0, 200) }, req.user!.id);
    const payment = await payments.movements.payment(paymentId);
    res.status(201).json({ refund_id: refundId, invoice_id: invoiceId, payment: payment && paymentWire(payment) });
  });

  router.post('/payments/reconcile/', anonymousLimiter, async (req, res) => {
    const { session_id } = parseInput(reconcileBody, req.body);
    res.json(await payments.reconcile(session_id));
  });

  return router;
};
