import { z } from 'zod';
import { CLIENT_LANGUAGES, type SaveClient } from '../../domain/billing/commands';
import { parseInput } from '../platform/http/validate';
import { zEmail, zOptionalText, zRequiredText, zText, zUpdatedAt, zVersion } from '../platform/wire';

/** The spec's snake_case REST bodies of clients, products and subscriptions, parsed into commands. */

const choice = <T extends string>(values: readonly T[]) => z.enum(values as [T, ...T[]], { error: (i) => `"${String(i.input)}" is not a valid choice.` });

export const clientBody = z.object({
  name: zRequiredText(200),
  email: zEmail,
  phone: zOptionalText(50),
  address: zOptionalText(500, 'multi'),
  vat_number: zOptionalText(50),
  /** Absent: en on create, unchanged on update. */
  language: choice(CLIENT_LANGUAGES).optional(),
  /** ISO 3166-1 alpha-2; optional so the spec's client form keeps working. */
  country: z.union([zText(2), z.null()]).optional(),
  /** No payment reminders to this client; absent: false on create, unchanged on update. */
  reminders_excluded: z.boolean({ error: 'Must be a valid boolean.' }).optional(),
  /** ISO 4217; checked by the service (EUR or a currency the ECB quotes). Absent: EUR on create, unchanged on update. */
  currency: zText(3).optional(),
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
    currency: b.currency?.trim().toUpperCase() || undefined,
    expectedVersion: b.version,
    expectedUpdatedAt: b.updated_at,
  };
};
