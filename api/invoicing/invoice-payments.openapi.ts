import { z } from 'zod';
import { json, tagged, wire } from '../platform/openapi/route-doc';
import { wAmount, wDate, wDateTime, wId, wMoney } from '../platform/openapi/wire-schemas';
import { paymentInput, type paymentWire } from './invoice-payments.routes';
import { InvoiceAnswer } from './invoice.openapi';

export const InvoicePaymentAnswer = wire<ReturnType<typeof paymentWire>>()(
  z
    .object({
      id: wId,
      amount: wAmount.meta({ description: 'In the invoice’s currency.' }),
      date: wDate,
      method: z.enum(['card', 'bank_transfer', 'cash', 'other', 'credit']).meta({ description: 'credit: the client’s credit balance applied from another invoice.' }),
      reference: z.string().nullable(),
      recorded_at: wDateTime,
      refunded_amount: wAmount.meta({ description: 'Refunds that hold (failed ones given back).' }),
      disputed_amount: wAmount.meta({ description: 'The amount of its dispute, if any.' }),
      dispute_status: z.enum(['open', 'won', 'lost']).nullable(),
      fee: wMoney.meta({ description: 'What the gateway kept (card payment and dispute fees), in euros.' }),
      deposited_to: z
        .object({ id: wId, name: z.string().nullable() })
        .nullable()
        .meta({ description: 'The money account it went into (`/api/bank-accounts/`); null for a card payment or applied credit.' }),
    })
    .meta({ id: 'InvoicePayment', description: 'A payment of an invoice, with its refunds, dispute and fees.' }),
);

export const invoicePaymentDocs = tagged('Payments', [
  {
    method: 'get',
    path: '/api/invoices/:id/payments/',
    summary: 'The invoice’s payments, in the order recorded',
    access: 'superuser',
    answers: { 200: json(z.array(InvoicePaymentAnswer)) },
  },
  {
    method: 'post',
    path: '/api/invoices/:id/payments/',
    summary: 'Record a payment received by hand',
    description:
      'Partial, or above what is owed (the excess becomes the client’s credit balance); dated from the invoice’s date on, never in a locked period. In the invoice’s currency; deposited into `deposited_to`, else the method’s default money account.',
    access: 'superuser',
    body: paymentInput,
    answers: { 201: json(InvoiceAnswer, 'Recorded: the invoice as it now stands.') },
  },
]);
