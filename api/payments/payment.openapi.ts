import { z } from 'zod';
import type { CheckoutAnswer, ReconcileAnswer } from '../platform/contracts/rest.contract';
import { InvoicePaymentAnswer } from '../invoicing';
import { json, tagged, wire } from '../platform/openapi/route-doc';
import { wId } from '../platform/openapi/wire-schemas';
import { checkoutBody, reconcileBody, refundBody } from './payment.routes';

const CheckoutSessionAnswer = wire<CheckoutAnswer>()(
  z.object({
    sessionId: z.string().meta({ description: 'The gateway’s checkout session id.' }),
    url: z.string().meta({ description: 'The hosted checkout page to send the payer to.' }),
  }),
);

const ReconcileResult = wire<ReconcileAnswer>()(
  z.object({
    invoice_id: z.string().nullable().meta({ description: 'The invoice the session pays, as the session names it; null when it names none.' }),
    paid: z.boolean().meta({ description: 'The payment is recorded (now or before).' }),
  }),
);

const stripeSignature = z.object({ 'Stripe-Signature': z.string().meta({ description: 'Stripe’s signature of the raw body, checked with the webhook signing secret.' }) });

/** The webhook's body is read raw (its bytes are what Stripe signed), never parsed by a schema here. */
const stripeEvent = z
  .record(z.string(), z.unknown())
  .meta({ description: 'A Stripe event (`checkout.session.completed`, `charge.refunded`, `charge.dispute.*`, `payout.*`, …) exactly as Stripe sends it; events the app does not act on are acknowledged and ignored.' });


export const paymentDocs = tagged('Payments', [
  {
    method: 'post',
    path: '/api/invoices/:id/create-checkout-session/',
    summary: 'Open a card checkout for what is still owed on an invoice',
    description:
      'The invoice id is the capability (the pay link): anyone holding it may pay; a signed-in client user only its own invoices. `return_to` is the page to come back to after checkout: the portal (`/portal`, `/portal/dashboard`), `/admin/invoices`, `/admin/clients/{id}` or `/pay-invoice/{id}`; absent, the pay page; any other is refused (400). Refused (400) when the invoice is paid, cancelled, has nothing open or is in a currency cards cannot be charged in; 503 when the gateway fails.',
    access: 'capability',
    body: checkoutBody.optional().meta({ description: 'Optional: an empty body returns to the pay page.' }),
    answers: { 200: json(CheckoutSessionAnswer) },
  },
  {
    method: 'post',
    path: '/api/stripe/webhook/',
    summary: 'Stripe’s webhook: payments, fees, refunds, disputes and payouts',
    description: 'Verified on its raw bytes with `Stripe-Signature`; a missing or wrong signature, or no signing secret configured, is a 400. Settling is idempotent: a repeated delivery records nothing twice.',
    access: 'signed',
    headers: stripeSignature,
    body: stripeEvent,
    answers: {
      200: json(
        z.object({
          received: z.literal(true),
          outcome: z.enum(['recorded', 'not_paid', 'unknown_invoice', 'refused']).optional().meta({ description: 'For a completed checkout only: what became of it.' }),
        }),
        'Received.',
      ),
    },
  },
  {
    method: 'post',
    path: '/api/payments/:id/refund/',
    summary: 'Refund a payment',
    description: 'A card payment is refunded through the gateway; any other is recorded as paid back. Refused (400) beyond what is left to refund or on a locked day.',
    access: 'superuser',
    body: refundBody,
    answers: {
      201: json(
        z.object({
          refund_id: z.string().meta({ description: 'The refund: the gateway’s id for a card refund (`re_…`), a UUID otherwise.' }),
          invoice_id: wId,
          payment: InvoicePaymentAnswer.optional().meta({ description: 'The payment after the refund (absent only if it could not be read back).' }),
        }),
        'Refunded.',
      ),
    },
  },
  {
    method: 'post',
    path: '/api/payments/reconcile/',
    summary: 'Settle a checkout on the payer’s return',
    description: 'The return from checkout is no proof of payment: the gateway is asked about the session, and a paid one is recorded (idempotently, as the webhook would). 404 for an unknown session; 503 when the gateway cannot be asked.',
    access: 'public',
    body: reconcileBody,
    answers: { 200: json(ReconcileResult) },
  },
]);
