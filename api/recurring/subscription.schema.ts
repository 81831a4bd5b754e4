import { z } from 'zod';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../domain/billing/billing-state';
import { type SaveSubscription } from '../../domain/billing/commands';
import { AppError, ValidationError } from '../../domain/shared/errors';
import { parseInput } from '../platform/http/validate';
import { zBool, zDate, zId, zUpdatedAt, zVersion } from '../platform/wire';

/** The spec's snake_case REST bodies of clients, products and subscriptions, parsed into commands. */

const choice = <T extends string>(values: readonly T[]) => z.enum(values as [T, ...T[]], { error: (i) => `"${String(i.input)}" is not a valid choice.` });

export const SELECT_CLIENT_AND_PRODUCT = 'Please select a client and a product.';

export const subscriptionBody = z.object({
  client: zId('client'),
  product: zId('product'),
  start_date: zDate,
  status: choice<SubscriptionStatus>(SUBSCRIPTION_STATUSES).optional().transform((v) => v ?? 'active'),
  auto_generate_invoices: zBool(true),
  version: zVersion,
  updated_at: zUpdatedAt,
});

/** The spec's alert when the client or the product is missing or unknown; other errors keep the generic message. */
export const parseSubscriptionBody = (body: unknown): SaveSubscription => {
  let b: z.infer<typeof subscriptionBody>;
  try {
    b = parseInput(subscriptionBody, body);
  } catch (err) {
    if (err instanceof AppError && err.fieldErrors && (err.fieldErrors.client || err.fieldErrors.product)) throw new ValidationError(SELECT_CLIENT_AND_PRODUCT, err.fieldErrors);
    throw err;
  }
  return {
    clientId: b.client,
    productId: b.product,
    startDate: b.start_date,
    status: b.status,
    autoGenerateInvoices: b.auto_generate_invoices,
    expectedVersion: b.version,
    expectedUpdatedAt: b.updated_at,
  };
};
