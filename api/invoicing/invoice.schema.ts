import { z } from 'zod';
import type { CreateInvoice } from '../../domain/invoice/commands';
import type { LineInput } from '../../domain/invoice/decide';
import { parseInput } from '../platform/http/validate';
import { UNKNOWN_VAT_CATEGORY, VAT_CATEGORIES, type VatCategory } from '../../domain/invoice/vat';
import { REQUIRED, zCents, zDefaulted, zDate, zId, zQuantityMilli, zRequiredText, zText, zVatBp, zVersion } from '../platform/wire';

export const invoiceItemInput = z.object({
  description: zRequiredText(500),
  quantity: zDefaulted(1, zQuantityMilli),
  unit_price: zCents,
  vat_rate: zDefaulted(0, zVatBp),
  /** S, Z, E or AE; absent: decided from the rate and the parties. */
  vat_category: z.enum(VAT_CATEGORIES as [VatCategory, ...VatCategory[]], { error: UNKNOWN_VAT_CATEGORY }).nullish(),
  /** Why an exempt (E) line is exempt. */
  vat_exemption_reason: z.union([zText(300), z.null()]).optional(),
  /** The catalogue product the line sells (its myDATA income classification follows it); absent or null: none. */
  product: z.union([zId('product'), z.null()]).optional(),
});

/** POST/PUT /api/invoices/ body. */
export const invoiceInput = z.object({
  client: zId('client'),
  /** Blank or absent: the next number of the invoice's year is assigned (on create) or kept (on edit). */
  invoice_number: z.union([z.string({ error: 'Not a valid string.' }), z.null()]).optional(),
  date: zDate,
  due_date: zDate,
  /** Absent: unchanged on edit, unpaid on create. */
  paid: z.boolean({ error: 'Must be a valid boolean.' }).optional(),
  items: z.array(invoiceItemInput, { error: 'Expected a list of items.' }).max(200, 'Ensure this list has no more than 200 items.').optional(),
  version: zVersion,
});

export type InvoiceInput = z.infer<typeof invoiceInput>;

/** REST invoice items (already in cents, basis points and thousandths) as the domain's lines. */
export const linesOf = (items: z.infer<typeof invoiceItemInput>[]): LineInput[] =>
  items.map((i) => ({
    description: i.description,
    quantityMilli: i.quantity,
    unitPriceCents: i.unit_price,
    vatRateBp: i.vat_rate,
    ...(i.vat_category ? { vatCategory: i.vat_category } : {}),
    ...(i.vat_exemption_reason ? { exemptionReason: i.vat_exemption_reason } : {}),
    ...(i.product ? { productId: i.product } : {}),
  }));

/** The spec's snake_case body as the service's command (cents, basis points, thousandths). */
export const parseInvoiceBody = (body: unknown): CreateInvoice & { expectedVersion?: number } => {
  const input = parseInput(invoiceInput, body);
  return {
    clientId: input.client,
    invoiceNumber: input.invoice_number ?? undefined,
    date: input.date,
    dueDate: input.due_date,
    paid: input.paid,
    lines: input.items && linesOf(input.items),
    expectedVersion: input.version,
  };
};

/** REST names of the invoice command's fields that the generic rule does not give. */
export const INVOICE_REST_FIELDS = { lines: 'items', unitPriceCents: 'unit_price', vatRateBp: 'vat_rate', quantityMilli: 'quantity', vatCategory: 'vat_category', exemptionReason: 'vat_exemption_reason' };

export const INVOICE_REQUIRED = REQUIRED;
