import { z } from 'zod';
import type { SaveSupplier } from '../../domain/purchases/supplier';
import { parseInput } from '../platform/http/validate';
import { zDefaulted, zOptionalText, zRequiredText, zText, zUpdatedAt, zVatBp, zVersion } from '../platform/wire';

/** The snake_case REST body of a supplier (`/api/suppliers/`), parsed into the domain's command. */
export const supplierBody = z.object({
  name: zRequiredText(200),
  vat_number: zOptionalText(50),
  /** ISO 3166-1 alpha-2; checked by the domain. */
  country: zText(2).min(1, 'This field may not be blank.'),
  address: zOptionalText(500, 'multi'),
  iban: z.union([zText(42), z.null()]).optional(),
  default_account: z.union([z.string({ error: 'Incorrect type. Expected pk value.' }), z.null()]).optional(),
  default_vat_rate: zDefaulted(0, zVatBp),
  payment_terms_days: zDefaulted(30, z.number({ error: 'A valid integer is required.' }).int('A valid integer is required.')),
  version: zVersion,
  updated_at: zUpdatedAt,
});

export const parseSupplierBody = (body: unknown): SaveSupplier => {
  const b = parseInput(supplierBody, body);
  return {
    name: b.name,
    vatNumber: b.vat_number,
    country: b.country,
    address: b.address,
    iban: b.iban || null,
    defaultAccountId: b.default_account || null,
    defaultVatRateBp: b.default_vat_rate,
    paymentTermsDays: b.payment_terms_days,
    expectedVersion: b.version,
    expectedUpdatedAt: b.updated_at,
  };
};

/** Command fields whose REST names the generic rule does not give. */
export const SUPPLIER_REST_NAMES = { defaultVatRateBp: 'default_vat_rate' };
