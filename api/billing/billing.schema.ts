import { z } from 'zod';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../domain/billing/billing-state';
import { CLIENT_LANGUAGES, type SaveClient, type SaveProduct, type SaveSubscription } from '../../domain/billing/commands';
import { BILLING_CYCLES, type BillingCycle } from '../../domain/billing/periods';
import { AppError, ValidationError } from '../../domain/shared/errors';
import { parseInput } from '../http/validate';
import { zBool, zCents, zDefaulted, zDate, zEmail, zId, zOptionalText, zRequiredText, zText, zUpdatedAt, zVatBp, zVersion } from './wire';

/** The spec's snake_case REST bodies of clients, products and subscriptions, parsed into commands. */

const choice = <T extends string>(values: readonly T[]) => z.enum(values as [T, ...T[]], { error: (i) => `"${String(i.input)}" is not a valid choice.` });

const clientBody = z.object({
  name: zRequiredText(200),
  email: zEmail,
  phone: zOptionalText(50),
  address: zOptionalText(500),
  vat_number: zOptionalText(50),
  /** Absent: en on create, unchanged on update. */
  language: choice(CLIENT_LANGUAGES).optional(),
  /** ISO 3166-1 alpha-2; optional so the spec's client form keeps working. */
  country: z.union([zText(2), z.null()]).optional(),
  /** No payment reminders to this client; absent: false on create, unchanged on update. */
  reminders_excluded: z.boolean({ error: 'Must be a valid boolean.' }).optional(),
  version: zVersion,
  updated_at: zUpdatedAt,
});

export const parseClientBody = (body: unknown): SaveClient => {
  const b = parseInput(clientBody, body);
  return {
    name: b.name,
    email: b.email,
    phone: b.phone,
    address: b.address,
    vatNumber: b.vat_number,
    language: b.language,
    country: b.country || undefined,
    remindersExcluded: b.reminders_excluded,
    expectedVersion: b.version,
    expectedUpdatedAt: b.updated_at,
  };
};

const productBody = z.object({
  name: zRequiredText(200),
  price: zCents,
  billing_cycle: choice<BillingCycle>(BILLING_CYCLES).optional().transform((v) => v ?? 'one_time'),
  vat_rate: zDefaulted(0, zVatBp),
  version: zVersion,
  updated_at: zUpdatedAt,
});

export const parseProductBody = (body: unknown): SaveProduct => {
  const b = parseInput(productBody, body);
  return { name: b.name, priceCents: b.price, billingCycle: b.billing_cycle, vatRateBp: b.vat_rate, expectedVersion: b.version, expectedUpdatedAt: b.updated_at };
};

export const SELECT_CLIENT_AND_PRODUCT = 'Please select a client and a product.';

const subscriptionBody = z.object({
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
