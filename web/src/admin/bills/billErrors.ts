import {
  AE_NEEDS_RATE,
  BILL_EMPTY,
  BILL_NOT_FOUND,
  BILL_NOT_POSTED,
  BILL_PAYMENT_NOT_FOUND,
  BILL_POSTED_IMMUTABLE,
  DUE_BEFORE_DATE,
  PAYMENT_BEFORE_BILL,
  PAYMENT_POSITIVE,
  paymentAboveOpen,
  PRICE_NOT_NEGATIVE,
  QUANTITY_POSITIVE,
  STANDARD_NEEDS_RATE,
  statedMismatch,
  TOTAL_NEGATIVE,
  UNKNOWN_VAT_CATEGORY,
  ZERO_CATEGORY_RATE,
} from '../../../../domain/bill/bill';
import { BILL_DOCUMENT_NOT_FOUND, DOCUMENT_EMPTY, DOCUMENT_TYPE_REFUSED, DOCUMENTS_FULL, DOCUMENTS_OF_POSTED_BILL, EINVOICE_STAYS } from '../../../../domain/bill/documents';
import { ACCOUNT_NOT_PURCHASE } from '../../../../domain/purchases/supplier';
import { FIELD_BLANK } from '../../../../domain/shared/errors';
import { ApiError } from '../../api/http';
import { formatDate, formatMoney } from '../../common/format';
import type { BillView } from './billApi';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The domain's refusals of a bill (domain/bill/bill.ts, its documents and the purchase account rule), each with its key in the screen's language. */
export const SERVER_TEXT_KEYS: Record<string, string> = {
  [FIELD_BLANK]: 'admin.validation.required',
  [BILL_EMPTY]: 'admin.bills.errors.empty',
  [DUE_BEFORE_DATE]: 'admin.bills.errors.dueBeforeDate',
  [UNKNOWN_VAT_CATEGORY]: 'admin.bills.errors.vatCategory',
  [AE_NEEDS_RATE]: 'admin.bills.errors.aeNeedsRate',
  [ZERO_CATEGORY_RATE]: 'admin.bills.errors.zeroCategoryRate',
  [STANDARD_NEEDS_RATE]: 'admin.bills.errors.standardNeedsRate',
  [QUANTITY_POSITIVE]: 'admin.bills.errors.quantity',
  [PRICE_NOT_NEGATIVE]: 'admin.bills.errors.unitPrice',
  [PAYMENT_POSITIVE]: 'admin.bills.errors.paymentPositive',
  [PAYMENT_BEFORE_BILL]: 'admin.bills.errors.paymentDate',
  [BILL_POSTED_IMMUTABLE]: 'admin.bills.errors.posted',
  [BILL_NOT_POSTED]: 'admin.bills.errors.notPosted',
  [BILL_NOT_FOUND]: 'admin.bills.errors.notFound',
  [TOTAL_NEGATIVE]: 'admin.bills.errors.totalNegative',
  [BILL_PAYMENT_NOT_FOUND]: 'admin.bills.errors.paymentNotOnBill',
  [ACCOUNT_NOT_PURCHASE]: 'admin.suppliers.errors.account',
  [DOCUMENT_TYPE_REFUSED]: 'admin.bills.documents.errors.type',
  [DOCUMENT_EMPTY]: 'admin.bills.documents.errors.empty',
  [DOCUMENTS_FULL]: 'admin.bills.documents.errors.full',
  [DOCUMENTS_OF_POSTED_BILL]: 'admin.bills.documents.errors.posted',
  [EINVOICE_STAYS]: 'admin.bills.documents.errors.einvoiceStays',
  [BILL_DOCUMENT_NOT_FOUND]: 'admin.bills.documents.errors.notFound',
};

/** A REST field of a bill → the form's field (`items.2.vat_rate` → ['items', 2, 'vatRate']); null for one the form does not show. */
export const formFieldOf = (path: string): Array<string | number> | null => {
  const line = /^items\.(\d+)\.(description|account|quantity|unit_price|vat_rate|vat_category)$/.exec(path);
  if (line)
    return [
      'items',
      Number(line[1]),
      {
        description: 'description',
        account: 'account',
        quantity: 'quantity',
        unit_price: 'unitPrice',
        vat_rate: 'vatRate',
        vat_category: 'vatCategory',
      }[line[2]!]!,
    ];
  const top: Record<string, string> = {
    supplier: 'supplier',
    invoice_number: 'invoiceNumber',
    date: 'date',
    due_date: 'dueDate',
    total_amount: 'statedTotal',
    credited_bill: 'creditedBill',
  };
  return top[path] ? [top[path]] : null;
};

export interface BillRefusal {
  /** Each refused field of the form (its path) and its texts. */
  fields: Array<{ name: Array<string | number>; errors: string[] }>;
  /** What belongs to no field the form shows, for above it. */
  rest: string[];
}

/**
 * What the server's refusal of a save says, in the screen's language: each field's texts under it,
 * the rest above the form. A 409 on a bill is the supplier's number already entered (said with the
 * date of the bill that has it, found among `bills`: the supplier's), a posted bill, or a save over
 * a version someone changed meanwhile. `grossCents` is the total the form reckoned and `statedCents`
 * the one typed (the stated total's refusal names both).
 */
export const billRefusal = (
  err: unknown,
  t: Translate,
  context: {
    bills: readonly BillView[];
    self: string | null;
    supplier?: string;
    number?: string;
    grossCents: number;
    statedCents?: number;
  },
): BillRefusal => {
  if (!(err instanceof ApiError))
    return {
      fields: [],
      rest: [err instanceof Error ? err.message : String(err)],
    };
  if (err.status === 409) {
    const number = context.number?.trim().toLowerCase();
    const same = context.bills.find((b) => b.id !== context.self && b.supplier === context.supplier && b.invoice_number.toLowerCase() === number);
    if (same)
      return {
        fields: [
          {
            name: ['invoiceNumber'],
            errors: [
              t('admin.bills.errors.duplicate', {
                number: same.invoice_number,
                date: formatDate(same.date),
              }),
            ],
          },
        ],
        rest: [],
      };
    if (err.message === BILL_POSTED_IMMUTABLE) return { fields: [], rest: [t('admin.bills.errors.posted')] };
    // A new bill has no version to be stale: its only conflict is the number (when the bill that has it was not found).
    if (context.self === null)
      return {
        fields: [
          {
            name: ['invoiceNumber'],
            errors: [t('admin.bills.errors.duplicateNumber')],
          },
        ],
        rest: [],
      };
    return { fields: [], rest: [t('admin.bills.errors.changed')] };
  }
  if (err.status === 404) return { fields: [], rest: [t('admin.bills.errors.notFound')] };
  const known = (message: string): string => {
    const key = SERVER_TEXT_KEYS[message];
    if (key) return t(key);
    if (context.statedCents !== undefined && message === statedMismatch(context.grossCents, context.statedCents))
      return t('admin.bills.errors.statedMismatch', {
        lines: formatMoney(context.grossCents),
        stated: formatMoney(context.statedCents),
      });
    return message;
  };
  const fields: BillRefusal['fields'] = [];
  const rest: string[] = [];
  for (const [path, messages] of Object.entries(err.errors ?? {})) {
    const name = formFieldOf(path);
    // The server's one refusal of the bill a credit note corrects: not a posted bill of this supplier.
    const texts = path === 'credited_bill' ? [t('admin.bills.creditNote.errors.creditedBill')] : [...new Set(messages.map(known))];
    if (name) fields.push({ name, errors: texts });
    else rest.push(...texts);
  }
  if (fields.length === 0 && rest.length === 0) rest.push(known(err.message));
  return { fields, rest };
};

/** Why a payment, a post or a delete was refused, in the screen's language where the domain's text is known. */
export const actionRefusalText = (err: unknown, t: Translate, openCents?: number): string => {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  // A refusal with fields says why in them; its message only asks to correct them.
  const fieldTexts = Object.values(err.errors ?? {}).flat();
  const texts = fieldTexts.length ? fieldTexts : [err.message];
  return [
    ...new Set(
      texts.map((m) => {
        const key = SERVER_TEXT_KEYS[m];
        if (key) return t(key);
        if (openCents !== undefined && m === paymentAboveOpen(openCents))
          return t('admin.bills.errors.aboveOpen', {
            amount: formatMoney(openCents),
          });
        return m;
      }),
    ),
  ].join(' ');
};
