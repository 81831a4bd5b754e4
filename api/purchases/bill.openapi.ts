import { z } from 'zod';
import type { EinvoiceWarning } from '../../domain/bill/from-einvoice';
import { PDF, XML, empty, file, json, tagged, wire } from '../platform/openapi/route-doc';
import { wAmount, wCurrency, wDate, wDateTime, wId, wMoney } from '../platform/openapi/wire-schemas';
import type { BillDocumentWire } from './bill-documents';
import { billBody, paymentBody, paymentsBody } from './bill.schema';
import type { BillWire } from './bill.service';

export const BillLineAnswer = wire<BillWire['items'][number]>()(
  z
    .object({
      description: z.string(),
      account: wId.meta({ description: 'The expense account the line is booked to.' }),
      quantity: z.number(),
      unit_price: wAmount.meta({ description: 'In the bill’s currency; negative on an imported bill’s discount line.' }),
      vat_rate: z.number().meta({ description: 'Percent.' }),
      vat_category: z.string().meta({ description: 'S, Z, E or AE (reverse charge: VAT self-assessed).', examples: ['S'] }),
      net_amount: wAmount,
      vat_amount: wAmount,
    })
    .meta({ id: 'BillLine' }),
);

export const BillPaymentAnswer = wire<BillWire['payments'][number]>()(
  z
    .object({
      id: wId,
      amount: wAmount.meta({ description: 'In the bill’s currency.' }),
      date: wDate,
      reference: z.string().nullable(),
      exchange_rate: z.string().nullable().meta({ description: 'A bill in another currency: the payment day’s rate (units per euro, decimal text); null in euros.' }),
      amount_eur: wMoney.meta({ description: 'What the money was in euros.' }),
    })
    .meta({ id: 'BillPayment' }),
);

export const BillDocumentAnswer = wire<BillDocumentWire>()(
  z
    .object({
      id: wId,
      kind: z.enum(['einvoice', 'attachment']).meta({ description: '`einvoice`: the e-invoice the bill was imported from (it stays with the bill); `attachment`: a file attached or embedded in the e-invoice.' }),
      filename: z.string(),
      mime_type: z.string(),
      size: z.number().int().meta({ description: 'Bytes.' }),
      sha256: z.string().meta({ description: 'Hex SHA-256 of its bytes.' }),
      created_at: wDateTime.nullable(),
      url: z.string().meta({ description: 'Where its bytes are read (GET).' }),
    })
    .meta({ id: 'BillDocument' }),
);

const EinvoiceWarningAnswer = wire<EinvoiceWarning>()(z.object({ id: z.string().meta({ description: 'The rule id (BR-…) or the import’s own (IMPORT-…).' }), text: z.string() }));

export const BillAnswer = wire<BillWire>()(
  z
    .object({
      id: wId,
      supplier: wId,
      supplier_name: z.string().nullable(),
      invoice_number: z.string().meta({ description: 'The supplier’s own number of the document.' }),
      date: wDate,
      due_date: wDate,
      currency: wCurrency.meta({ description: 'EUR, or the currency the bill’s amounts are in.' }),
      exchange_rate: z.string().nullable().meta({ description: 'A posted bill in another currency: its rate (units per euro, decimal text); null otherwise.' }),
      rate_date: wDate.nullable().meta({ description: 'The day the rate is of.' }),
      total_eur: wMoney.nullable().meta({ description: 'The gross in euros as booked (its payable); null for a draft in another currency.' }),
      items: z.array(BillLineAnswer),
      net_amount: wAmount,
      vat_amount: wAmount,
      self_assessed_vat_amount: wAmount.meta({ description: 'VAT of reverse-charge (AE) lines, self-assessed, not owed to the supplier.' }),
      total_amount: wAmount.meta({ description: 'Gross.' }),
      paid_amount: wAmount,
      open_amount: wAmount,
      status: z.enum(['draft', 'open', 'partly_paid', 'paid']),
      payments: z.array(BillPaymentAnswer),
      document_type: z.enum(['bill', 'credit_note']).meta({ description: '`credit_note`: a supplier credit note, booked as a bill reversed (its open amount is credit held with the supplier, a payment on it a refund).' }),
      credited_bill: wId.nullable().meta({ description: 'A credit note’s: the bill it corrects.' }),
      documents: z.array(BillDocumentAnswer).meta({ description: 'The e-invoice as received and the files attached.' }),
      einvoice_warnings: z.array(EinvoiceWarningAnswer).nullable().meta({ description: 'An imported bill’s: what the EN 16931 rules and the import warned of; null when it was not imported.' }),
      version: z.number().int().meta({ description: 'Echo it on PUT for a 409 when someone else changed the bill.' }),
      updated_at: wDateTime.nullable(),
    })
    .meta({ id: 'Bill' }),
);

/** GET /api/bills/'s query, read by hand in the route: a value it does not know is ignored, not refused. */
const billListQuery = z.object({
  status: z.enum(['draft', 'open', 'partly_paid', 'paid']).optional().meta({ description: 'Only bills of this status (any other value is ignored).' }),
  supplier: wId.optional().meta({ description: 'Only this supplier’s bills (a malformed id is ignored).' }),
});

/** The supplier statement's period, read by hand (api/platform/period.ts). */
const statementQuery = z.object({
  from: wDate.optional().meta({ description: 'First day (default: 1 January of `to`’s year).' }),
  to: wDate.optional().meta({ description: 'Last day (default: today).' }),
});

/** The aged payables' day, read by hand (api/platform/period.ts). */
const agedQuery = z.object({
  as_of: wDate.optional().meta({ description: 'The day (default: `to`, else today).' }),
  to: wDate.optional().meta({ description: 'The same as `as_of`.' }),
});

const StatementAnswer = z.object({
  supplier: wId,
  supplier_name: z.string(),
  from: wDate,
  to: wDate,
  opening_balance: wMoney.meta({ description: 'Owed when the period began.' }),
  lines: z.array(
    z.object({
      date: wDate,
      kind: z.enum(['bill', 'payment', 'credit_note', 'refund']),
      bill: wId,
      invoice_number: z.string().meta({ description: 'The supplier’s number (a payment names the bill it paid).' }),
      reference: z.string().nullable(),
      amount: wMoney.meta({ description: 'What the line adds to what is owed: a bill positive, a payment negative.' }),
      balance: wMoney,
    }),
  ),
  closing_balance: wMoney,
});

const buckets = {
  current: wMoney.meta({ description: 'Not yet due, or due that day.' }),
  days_1_30: wMoney,
  days_31_60: wMoney,
  days_61_90: wMoney,
  over_90: wMoney,
  total: wMoney.meta({ description: 'Owed (the buckets added up).' }),
  credit_balance: wMoney.meta({ description: 'Paid or credited beyond the bills.' }),
};

const AgedPayablesAnswer = z.object({
  as_of: wDate,
  suppliers: z.array(
    z.object({
      supplier_id: wId.nullable().meta({ description: 'Null for what Accounts Payable holds beyond the bills (a manual journal line).' }),
      supplier: z.string(),
      ...buckets,
    }),
  ),
  totals: z.object({ ...buckets, net: wMoney.meta({ description: 'Owed less credit balances: the Accounts Payable balance.' }) }),
});

const billRoutesDocs = tagged('Bills', [
  {
    method: 'post',
    path: '/api/bills/import/',
    summary: 'Import an inbound e-invoice (UBL 2.1 Invoice or CreditNote) as a draft bill',
    description:
      'The file is refused (400 on `file`, nothing written) when it is not UTF-8, not a readable UBL document, fails an EN 16931 rule, or its totals and VAT per rate do not add up; a supplier’s number entered before is a 409. The supplier is found by VAT number (or name) or created from the document; the XML and its embedded attachments are kept as the bill’s documents.',
    access: 'superuser',
    upload: { field: 'file', description: 'The e-invoice (XML, at most 16 MB).' },
    answers: { 201: json(BillAnswer, 'The draft bill.') },
  },
  {
    method: 'post',
    path: '/api/bills/payments/',
    summary: 'Pay several bills at once out of one money account',
    description: 'Every payment is checked first: if any is refused nothing is written and each refusal is named (`payments.2.amount`). A bill in another currency is paid at the day’s rate.',
    access: 'superuser',
    body: paymentsBody,
    answers: { 201: json(z.array(BillAnswer), 'The bills paid, in the order given.') },
  },
  {
    method: 'post',
    path: '/api/bills/:id/documents/',
    summary: 'Attach a document (PDF, PNG or JPEG) to a draft bill',
    description: 'The type is read from the bytes; at most 10 documents per bill. A posted bill’s documents are fixed (409).',
    access: 'superuser',
    upload: { field: 'file', description: 'A PDF, PNG or JPEG of at most 10 MB.' },
    answers: { 201: json(BillDocumentAnswer, 'Attached.') },
  },
  {
    method: 'get',
    path: '/api/bills/:id/documents/:documentId/',
    summary: 'A bill document’s bytes',
    description: 'A PDF or image is served inline; anything else (the e-invoice’s XML, a file it embedded, with the media type it declared) as a download.',
    access: 'superuser',
    answers: { 200: file([...PDF, 'image/png', 'image/jpeg', ...XML, '*/*'], 'The document, with its own media type.') },
  },
  {
    method: 'delete',
    path: '/api/bills/:id/documents/:documentId/',
    summary: 'Remove a document from a draft bill',
    description: 'The e-invoice a bill was imported from stays (409), as do a posted bill’s documents.',
    access: 'superuser',
    answers: { 204: empty() },
  },
  { method: 'get', path: '/api/bills/', summary: 'List bills, newest first', access: 'superuser', query: billListQuery, answers: { 200: json(z.array(BillAnswer)) } },
  {
    method: 'post',
    path: '/api/bills/',
    summary: 'Create a draft bill (or supplier credit note)',
    description: 'A supplier’s invoice number entered before is refused (409). Totals given must equal what the lines add up to.',
    access: 'superuser',
    body: billBody,
    answers: { 201: json(BillAnswer, 'Created.') },
  },
  { method: 'get', path: '/api/bills/:id/', summary: 'A bill', access: 'superuser', answers: { 200: json(BillAnswer) } },
  {
    method: 'put',
    path: '/api/bills/:id/',
    summary: 'Update a draft bill',
    description: 'A posted bill is immutable (409). Without `document_type` or `currency` the bill keeps what it was.',
    access: 'superuser',
    body: billBody,
    answers: { 200: json(BillAnswer) },
  },
  { method: 'delete', path: '/api/bills/:id/', summary: 'Delete a draft bill', access: 'superuser', answers: { 204: empty() } },
  {
    method: 'post',
    path: '/api/bills/:id/post/',
    summary: 'Post a draft bill to the books',
    description: 'It becomes immutable. A bill in another currency is booked at its date’s rate (or the last before it; 400 when there is none); a locked period refuses it.',
    access: 'superuser',
    answers: { 200: json(BillAnswer, 'Posted.') },
  },
  {
    method: 'post',
    path: '/api/bills/:id/payments/',
    summary: 'Record a payment of a posted bill out of a money account',
    description: 'In the bill’s currency; a bill in another currency is paid at the payment day’s rate. On a credit note it is a refund from the supplier.',
    access: 'superuser',
    body: paymentBody,
    answers: { 201: json(BillAnswer, 'The bill with its payment.') },
  },
  {
    method: 'get',
    path: '/api/reports/aged-payables/',
    summary: 'Aged payables: what each supplier is owed by days past due',
    description: 'In euros as booked, as of one day; the net total is the Accounts Payable balance. `from` is refused (400).',
    access: 'superuser',
    query: agedQuery,
    answers: { 200: json(AgedPayablesAnswer) },
  },
]);

const supplierStatementDocs = tagged('Suppliers', [
  {
    method: 'get',
    path: '/api/suppliers/:id/statement/',
    summary: 'A supplier’s statement over a period',
    description: 'Its posted bills and their payments with the running balance owed, in euros as booked (default: the year to date). `as_of` is refused (400).',
    access: 'superuser',
    query: statementQuery,
    answers: { 200: json(StatementAnswer) },
  },
]);

export const billDocs = [...billRoutesDocs, ...supplierStatementDocs];
