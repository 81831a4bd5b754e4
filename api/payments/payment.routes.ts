import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { requestOrigin } from '../http/request-origin';
import { parseInput } from '../http/validate';
import { anonymousCheckouts, requestLimiter } from '../rate-limit/limiters';
import { requireSuperuser } from '../auth/guards';
import { restFieldNames } from '../http/error-middleware';
import { paymentWire } from '../billing/invoice-payments.routes';
import { pathId, zCents, zDate, zRequiredText } from '../billing/wire';
import { PAYMENT_NOT_FOUND } from '../../domain/invoice/money-movements';
import type { PaymentService } from './payment.service';

const checkoutBody = z.object({ return_to: z.string().max(300).nullish() });
const reconcileBody = z.object({ session_id: z.string().min(1).max(300) });
const refundBody = z.object({ amount: zCents, reason: zRequiredText(500), date: zDate.optional() });

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
