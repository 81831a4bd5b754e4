import { z } from 'zod';
import { InvoiceAnswer } from '../invoicing';
import { empty, json, tagged, wire } from '../platform/openapi/route-doc';
import { wDate, wDateTime, wId, wMoney } from '../platform/openapi/wire-schemas';
import type { SubscriptionWire } from './subscription.queries';
import { subscriptionBody } from './subscription.schema';

export const SubscriptionAnswer = wire<SubscriptionWire>()(
  z
    .object({
      id: wId,
      client: z.object({ id: wId, name: z.string() }),
      product: z.object({ id: wId, name: z.string(), billing_cycle: z.enum(['one_time', 'monthly', 'annually']), price: wMoney }),
      start_date: wDate,
      status: z.enum(['active', 'cancelled']),
      auto_generate_invoices: z.boolean(),
      invoiced_until: wDate.nullable(),
      next_billing_date: wDate.nullable(),
      invoice_status: z.string(),
      version: z.number().int(),
      updated_at: wDateTime,
    })
    .meta({ id: 'Subscription' }),
);

/** GET /api/subscriptions/ reads its query by hand: a value that is not one of these is ignored (no filter), never refused. */
const subscriptionListQuery = z.object({
  client: wId.optional().meta({ description: 'Only this client’s subscriptions (ignored unless a UUID).' }),
  status: z.enum(['active', 'cancelled']).optional().meta({ description: 'Only subscriptions in this status (any other value is ignored).' }),
});

const GenerationAnswer = z.object({
  message: z.string(),
  created: z.number().int().meta({ description: 'Invoices issued.' }),
  skipped: z.number().int().meta({ description: 'Periods already invoiced (by an earlier or concurrent run).' }),
  subscriptions: z.number().int().meta({ description: 'Subscriptions with periods due.' }),
  refused: z
    .array(
      z.object({
        subscription: wId,
        period_start: wDate,
        period_end: wDate,
        date: wDate.meta({ description: 'The invoice’s date, as it would have been issued.' }),
        reason: z.string().meta({ description: 'The refusal’s stable reason (`BOOKS_LOCKED`), or its code.' }),
        message: z.string(),
      }),
    )
    .meta({ description: 'Periods refused as `POST /api/invoices/` would refuse them (a date in a locked period): nothing of them was written, and a later run issues them once allowed.' }),
});

export const subscriptionDocs = tagged('Subscriptions', [
  {
    method: 'get',
    path: '/api/subscriptions/',
    summary: 'List subscriptions',
    access: 'superuser',
    query: subscriptionListQuery,
    answers: { 200: json(z.array(SubscriptionAnswer)) },
  },
  {
    method: 'post',
    path: '/api/subscriptions/',
    summary: 'Create a subscription',
    description: 'A missing or unknown client or product is refused (400) with the message “Please select a client and a product.”',
    access: 'superuser',
    body: subscriptionBody,
    answers: { 201: json(SubscriptionAnswer, 'Created.') },
  },
  { method: 'get', path: '/api/subscriptions/:id/', summary: 'A subscription', access: 'superuser', answers: { 200: json(SubscriptionAnswer) } },
  {
    method: 'put',
    path: '/api/subscriptions/:id/',
    summary: 'Update a subscription',
    description: 'Send `version` (or `updated_at`) as read for a 409 when someone else changed it meanwhile. Set `status` to `cancelled` to stop its billing.',
    access: 'superuser',
    body: subscriptionBody,
    answers: { 200: json(SubscriptionAnswer) },
  },
  {
    method: 'delete',
    path: '/api/subscriptions/:id/',
    summary: 'Delete a subscription with no invoices',
    description: 'Refused (400) once it has invoices: cancel it instead.',
    access: 'superuser',
    answers: { 204: empty() },
  },
  {
    method: 'post',
    path: '/api/subscriptions/:id/create-invoice/',
    summary: 'Invoice the subscription’s next period now',
    description:
      'Issues the next period’s invoice even before it is due (dated today, or the period’s start if earlier). Refused (400) for a cancelled subscription, a once-off one already invoiced, or a date in a locked period (`BOOKS_LOCKED`); 409 when that period was invoiced meanwhile.',
    access: 'superuser',
    answers: { 201: json(InvoiceAnswer, 'The invoice issued.') },
  },
  {
    method: 'post',
    path: '/api/billing/generate-invoices/',
    summary: 'Issue every due subscription period’s invoice',
    description: 'Runs the recurring invoicing now (it also runs on its schedule) and answers what it did.',
    access: 'superuser',
    answers: { 200: json(GenerationAnswer) },
  },
]);
