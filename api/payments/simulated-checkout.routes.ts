import { Router, type Response } from 'express';
import { NotFoundError } from '../../domain/shared/errors';
import type { PaymentService } from './payment.service';
import { SimulatedCheckoutGateway, type SimulatedSessionView } from './simulated-gateway';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const euros = (cents: number): string => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

const page = (s: SimulatedSessionView): string => {
  const id = encodeURIComponent(s.id);
  const body =
    s.status === 'open'
      ? `<form method="post" action="/simulated-checkout/${id}/pay"><button class="pay" type="submit">Pay ${euros(s.amountCents)}</button></form>
         <form method="post" action="/simulated-checkout/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>`
      : `<p>This checkout session is already complete.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>Simulated checkout</title>
<style>
body{font-family:system-ui,sans-serif;background:#f5f5f5;margin:0;padding:24px 12px;color:#222}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
.banner{background:#fff7e6;border:1px solid #ffd591;border-radius:6px;padding:8px 12px;font-size:14px}
.amount{font-size:32px;font-weight:600;margin:8px 0 20px}
form{margin:0 0 10px}button{width:100%;padding:12px;font-size:16px;border-radius:6px;border:1px solid #d9d9d9;cursor:pointer}
.pay{background:#1677ff;color:#fff;border-color:#1677ff}.cancel{background:#fff}
</style></head>
<body><main>
<p class="banner"><strong>Simulated checkout</strong> &mdash; no Stripe keys are configured, so no real card is charged. The payment is recorded through the same signed-webhook path as a Stripe payment.</p>
<h1>Invoice ${escapeHtml(s.invoiceNumber)}</h1>
<p class="amount">${euros(s.amountCents)}</p>
${body}
</main></body></html>`;
};

const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');

/** Pages of the built-in checkout; an empty router when real Stripe is configured. */
export const simulatedCheckoutRoutes = (payments: PaymentService): Router => {
  const router = Router();
  const gateway = payments.gateway;
  if (!(gateway instanceof SimulatedCheckoutGateway)) return router;

  router.get('/simulated-checkout/:id', async (req, res) => {
    const session = await gateway.view(String(req.params.id));
    if (!session) throw new NotFoundError('Checkout session not found.');
    noStore(res);
    res.type('html').send(page(session));
  });

  router.post('/simulated-checkout/:id/pay', async (req, res) => {
    const delivery = await gateway.pay(String(req.params.id));
    if (!delivery) throw new NotFoundError('Checkout session not found.');
    await payments.handleWebhook(Buffer.from(delivery.payload), delivery.signature);
    noStore(res);
    res.redirect(303, delivery.successUrl);
  });

  router.post('/simulated-checkout/:id/cancel', async (req, res) => {
    const session = await gateway.view(String(req.params.id));
    if (!session) throw new NotFoundError('Checkout session not found.');
    noStore(res);
    res.redirect(303, session.cancelUrl);
  });

  return router;
};
