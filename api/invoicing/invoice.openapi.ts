import { z } from 'zod';
import { VAT_CATEGORIES, type VatCategory } from '../../domain/invoice/vat';
import type { PublicInvoiceWire } from '../platform/contracts/rest.contract';
import { PDF, TOTAL_COUNT, XML, empty, file, json, tagged, wire } from '../platform/openapi/route-doc';
import { wAmount, wCurrency, wDate, wDateTime, wId } from '../platform/openapi/wire-schemas';
import type { InvoiceItemWire, InvoiceWire } from './invoice.queries';
import { writeOffBody } from './invoice.routes';
import { invoiceInput } from './invoice.schema';
import type { HistoryEntry } from './invoice.service';

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

/** One change of an invoice's stream (or a payment reminder sent): the invoice's and its credit notes' history. */
export const InvoiceHistoryEntryAnswer = wire<HistoryEntry>()(
  z
    .object({
      type: z.string().meta({
        description: 'The event: InvoiceIssued, InvoiceEdited, InvoiceSent, PaymentRecorded, InvoiceVoided, InvoiceCredited, …; PaymentReminderSent for a payment reminder.',
      }),
      at: wDateTime,
      actor: z.string().meta({ description: "The user's id, or 'system', 'stripe', 'scheduler'." }),
      revision: z.number().int().meta({ description: 'The stream revision of the event, or the one a reminder was decided on.' }),
      data: z.unknown().meta({ description: 'The event’s data as recorded (amounts in cents).' }),
    })
    .meta({ id: 'InvoiceHistoryEntry' }),
);

const PublicInvoiceAnswer = wire<PublicInvoiceWire>()(
  z
    .object({
      id: wId,
      invoice_number: z.string(),
      client: z.object({ name: z.string() }),
      date: wDate,
      due_date: wDate,
      total_amount: wAmount.meta({ description: 'Gross.' }),
      open_amount: wAmount.meta({ description: 'Still owed after payments and credit notes: what Pay Now charges.' }),
      paid: z.boolean(),
      cancelled: z.boolean().meta({ description: 'Fully credited: no longer payable.' }),
      payment_reference: z.string().nullable().meta({ description: 'ISO 11649 creditor reference to quote in a bank transfer; null for a draft.' }),
      currency: wCurrency,
      card_payment: z.boolean().meta({ description: 'Pay Now can charge it by card: in euros always; in another currency where Stripe is configured.' }),
      items: z.array(
        z.object({
          description: z.string(),
          quantity: z.number(),
          unit_price: wAmount,
          vat_rate: z.number().meta({ description: 'Percent.' }),
          total: wAmount.meta({ description: 'Net line amount (quantity × unit price).' }),
        }),
      ),
      net_amount: wAmount,
      vat_amount: wAmount,
    })
    .meta({ id: 'PublicInvoice', description: 'What the pay link shows of an invoice: nothing of what was paid or of the books behind it.' }),
);

/** GET /api/invoices/ reads its query by hand: unknown or malformed values are ignored, never refused. */
const invoiceListQuery = z.object({
  status: z.enum(['paid', 'unpaid']).optional().meta({ description: 'paid; or unpaid: owed (not paid, not cancelled, not written off). Other values: no filter.' }),
  overdue: z.enum(['true', 'false']).optional().meta({ description: 'true: unpaid and past its due date today; false: all but those. Other values: no filter.' }),
  client: wId.optional().meta({ description: 'Only this client’s invoices (a malformed id: no filter).' }),
  limit: z.number().int().min(1).optional().meta({ description: 'A page of at most this many (500 at most); without it (or with an invalid one) the whole list. The total is in `X-Total-Count`.' }),
  offset: z.number().int().min(0).optional().meta({ description: 'Skips this many (with `limit`; default 0).' }),
});

const withMessage = (message: string) => z.object({ message: z.string().meta({ examples: [message] }), invoice: InvoiceAnswer });

export const invoiceDocs = tagged('Invoices', [
  {
    method: 'get',
    path: '/api/invoices/',
    summary: 'List invoices, newest first',
    description: 'Newest first (date, then number). Deleted drafts are not listed. The total number matching the filters is in the `X-Total-Count` header; an `ETag` is sent.',
    access: 'superuser',
    query: invoiceListQuery,
    answers: { 200: json(z.array(InvoiceAnswer)), 304: empty('Not modified since the `ETag` sent in `If-None-Match`.') },
    answerHeaders: { ...TOTAL_COUNT, ETag: 'The list’s version: send it in `If-None-Match` for a 304 when nothing changed.' },
  },
  {
    method: 'post',
    path: '/api/invoices/',
    summary: 'Create an invoice',
    description:
      'Numbered from the invoice series of its year unless `invoice_number` is given. In the client’s currency at the rate of its date (400 when no rate is known). `paid: true` also marks it paid today. Refused on a locked period (`BOOKS_LOCKED`).',
    access: 'superuser',
    body: invoiceInput,
    answers: { 201: json(InvoiceAnswer, 'Created.') },
  },
  { method: 'get', path: '/api/invoices/:id/', summary: 'An invoice', access: 'superuser', answers: { 200: json(InvoiceAnswer) } },
  {
    method: 'put',
    path: '/api/invoices/:id/',
    summary: 'Update an invoice',
    description:
      'Echo `version` for a 409 when someone else changed it meanwhile. An issued invoice (sent or paid) is a document of record: only its due date may change; correct it with a credit note. `items` absent: the lines are kept. `paid: false` on a paid invoice is refused.',
    access: 'superuser',
    body: invoiceInput,
    answers: { 200: json(InvoiceAnswer) },
  },
  {
    method: 'delete',
    path: '/api/invoices/:id/',
    summary: 'Delete a draft, or cancel an issued invoice',
    description: 'A draft is voided (gone from lists, kept in its history); an issued invoice is never erased: a full credit note cancels it.',
    access: 'superuser',
    answers: { 204: empty() },
  },
  {
    method: 'get',
    path: '/api/invoices/:id/history/',
    summary: 'Every change of the invoice, with who and when',
    description: 'Oldest first, deleted invoices included, with the payment reminders sent.',
    access: 'superuser',
    answers: { 200: json(z.array(InvoiceHistoryEntryAnswer)) },
  },
  {
    method: 'post',
    path: '/api/invoices/:id/send/',
    summary: 'E-mail the invoice to its client',
    description: 'Marks it sent (issued) and e-mails its PDF with the pay link to the client’s address, once. Refused when the client has no e-mail address (400) or the invoice is cancelled (409).',
    access: 'superuser',
    answers: { 200: json(withMessage('Invoice sent successfully.')) },
  },
  {
    method: 'post',
    path: '/api/invoices/:id/mark_as_paid/',
    summary: 'Mark the invoice paid',
    description: 'Records a bank transfer of what is still open, dated today, into the default bank account.',
    access: 'superuser',
    answers: { 200: json(withMessage('Invoice marked as paid!')) },
  },
  {
    method: 'post',
    path: '/api/invoices/:id/write-off/',
    summary: 'Write the invoice’s open amount off as a bad debt',
    description:
      'Dr Bad Debts, Cr Accounts Receivable for what is open; payments received later recover it. Refused for a draft or with nothing open (400), for a paid, cancelled or already written-off invoice (409), dated before the invoice or in a locked period.',
    access: 'superuser',
    body: writeOffBody,
    answers: { 201: json(InvoiceAnswer, 'Written off: the invoice as it now stands.') },
  },
  {
    method: 'get',
    path: '/api/invoices/:id/pdf/',
    summary: 'The invoice as a PDF',
    description: 'An issued invoice only (a draft: 404); a client user gets only its own (else 404).',
    access: 'owner',
    answers: { 200: file(PDF, 'The invoice, as an attachment.') },
  },
  {
    method: 'get',
    path: '/api/invoices/:id/ubl/',
    summary: 'The invoice as an EN 16931 UBL e-invoice',
    description: 'An issued invoice only (a draft: 404); a client user gets only its own (else 404).',
    access: 'owner',
    answers: { 200: file(XML, 'The UBL 2.1 invoice, as an attachment.') },
  },
  {
    method: 'get',
    path: '/api/public/invoices/:id/',
    summary: 'The pay link’s invoice',
    description: 'What the pay page shows to anyone holding the link (rate-limited); an unknown id: 404.',
    access: 'capability',
    answers: { 200: json(PublicInvoiceAnswer) },
  },
  {
    method: 'get',
    path: '/api/public/invoices/:id/pdf/',
    summary: 'The pay link’s invoice as a PDF',
    description: 'An issued invoice only (rate-limited).',
    access: 'capability',
    answers: { 200: file(PDF, 'The invoice, as an attachment.') },
  },
  {
    method: 'get',
    path: '/api/public/invoices/:id/ubl/',
    summary: 'The pay link’s invoice as an EN 16931 UBL e-invoice',
    description: 'An issued invoice only (rate-limited).',
    access: 'capability',
    answers: { 200: file(XML, 'The UBL 2.1 invoice, as an attachment.') },
  },
]);
