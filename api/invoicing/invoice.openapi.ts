import { z } from 'zod';
import { VAT_CATEGORIES, type VatCategory } from '../../domain/invoice/vat';
import { wire } from '../platform/openapi/route-doc';
import { wAmount, wCurrency, wDate, wId } from '../platform/openapi/wire-schemas';
import type { InvoiceItemWire, InvoiceWire } from './invoice.queries';

export const InvoiceItemAnswer = wire<InvoiceItemWire>()(
  z
    .object({
      description: z.string(),
      quantity: z.number(),
      unit_price: wAmount,
      vat_rate: z.number().meta({ description: 'Percent.' }),
      total: wAmount.meta({ description: 'Net line amount (quantity × unit price).' }),
      vat_amount: wAmount,
      vat_category: z.enum(VAT_CATEGORIES as [VatCategory, ...VatCategory[]]),
      vat_exemption_reason: z.string().nullable().meta({ description: 'Why no VAT is charged (E and AE lines).' }),
      product: wId.nullable().meta({ description: 'The catalogue product the line sells.' }),
    })
    .meta({ id: 'InvoiceItem' }),
);

export const InvoiceAnswer = wire<InvoiceWire>()(
  z
    .object({
      id: wId,
      client: z.object({ id: wId, name: z.string() }),
      invoice_number: z.string(),
      date: wDate,
      due_date: wDate,
      paid: z.boolean(),
      sent: z.boolean(),
      total_amount: wAmount.meta({ description: 'Gross.' }),
      net_amount: wAmount,
      vat_amount: wAmount,
      paid_amount: wAmount,
      credited_amount: wAmount.meta({ description: 'Credit notes against it.' }),
      open_amount: wAmount.meta({ description: 'What is still owed after payments and credit notes.' }),
      issued: z.boolean().meta({ description: 'Sent or paid: corrected only by credit notes.' }),
      cancelled: z.boolean().meta({ description: 'Fully credited: no longer payable.' }),
      written_off: z.boolean(),
      written_off_amount: wAmount,
      written_off_on: wDate.nullable(),
      recovered_amount: wAmount,
      reverse_charge: z.boolean(),
      items: z.array(InvoiceItemAnswer),
      subscription: wId.nullable(),
      period_start: wDate.nullable(),
      period_end: wDate.nullable().meta({ description: 'Last day of the billed period (inclusive).' }),
      version: z.number().int().meta({ description: 'Echo it on PUT for a 409 when someone else changed the invoice.' }),
      payment_reference: z.string().nullable().meta({ description: 'ISO 11649 creditor reference; null for a draft.' }),
      currency: wCurrency,
      exchange_rate: z.number().nullable().meta({ description: 'Units of the currency per euro; null in euros.' }),
    })
    .meta({ id: 'Invoice' }),
);
