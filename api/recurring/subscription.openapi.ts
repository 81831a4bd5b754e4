import { z } from 'zod';
import { wire } from '../platform/openapi/route-doc';
import { wDate, wDateTime, wId, wMoney } from '../platform/openapi/wire-schemas';
import type { SubscriptionWire } from './subscription.queries';

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
