import { z } from 'zod';
import { type SaveProduct } from '../../domain/billing/commands';
import { BILLING_CYCLES, type BillingCycle } from '../../domain/billing/periods';
import { parseInput } from '../platform/http/validate';
import { zCents, zDefaulted, zRequiredText, zUpdatedAt, zVatBp, zVersion } from '../platform/wire';

/** The spec's snake_case REST bodies of clients, products and subscriptions, parsed into commands. */

const choice = <T extends string>(values: readonly T[]) => z.enum(values as [T, ...T[]], { error: (i) => `"${String(i.input)}" is not a valid choice.` });

export const productBody = z.object({
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
