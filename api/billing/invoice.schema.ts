import { z } from 'zod';
import { REQUIRED, zCents, zDefaulted, zDate, zId, zQuantityMilli, zRequiredText, zVatBp, zVersion } from './wire';

export const invoiceItemInput = z.object({
  description: zRequiredText(500),
  quantity: zDefaulted(1, zQuantityMilli),
  unit_price: zCents,
  vat_rate: zDefaulted(0, zVatBp),
});

/** POST/PUT /api/invoices/ body (and the GraphQL inputs, mapped to these names). */
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

export const INVOICE_REQUIRED = REQUIRED;
