import {
  AE_NEEDS_RATE,
  BILL_EMPTY,
  BILL_NOT_FOUND,
  BILL_NOT_POSTED,
  BILL_PAYMENT_NOT_FOUND,
  BILL_POSTED_IMMUTABLE,
  BILL_RATE_CHANGED,
  PAYMENT_RATE_CHANGED,
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
import { CLIENT_CURRENCY_INVALID } from '../../../../domain/currency/currencies';
import { ACCOUNT_NOT_PURCHASE } from '../../../../domain/purchases/supplier';
import { FIELD_BLANK } from '../../../../domain/shared/errors';
import { ApiError } from '../../api/http';
import { EURO, formatAmount, formatDate } from '../../common/format';
import { missingRate } from '../invoices/invoiceCurrency';
import type { BillView } from './billApi';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** An amount (major units) in a currency as the screen writes it: `useFormatAmount`'s. */
export type FormatAmount = (amount: number, currency: string | null | undefined) => string;
/** Without the screen's: euros as everywhere, another currency as English writes it. */
export const inEnglish: FormatAmount = (amount, currency) => formatAmount(amount, currency ?? EURO, 'en');

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
  [BILL_RATE_CHANGED]: 'admin.bills.errors.rateChanged',
  [PAYMENT_RATE_CHANGED]: 'admin.bills.errors.paymentRateChanged',
  [CLIENT_CURRENCY_INVALID]: 'admin.clients.currencyInvalid',
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

/** The server's refusal of a credit note in another currency than the bill it corrects (api/purchases/bill.service.ts creditNoteCurrency). */
const CREDIT_NOTE_CURRENCY = /^The credit note must be in the currency of the bill it corrects, ([A-Z]{3})\.$/;

/**
 * A text of the server in the screen's language: a refusal the domain words (SERVER_TEXT_KEYS), a
 * missing exchange rate (its currency and day, as the invoice screens say it), a credit note in
 * another currency than its bill; null for a text not known here.
 */
export const serverText = (message: string, t: Translate): string | null => {
  const key = SERVER_TEXT_KEYS[message];
  if (key) return t(key);
  const noRate = missingRate(message);
  if (noRate) return t('admin.invoices.currency.noRate', { currency: noRate.currency, date: formatDate(noRate.date) });
  const credited = CREDIT_NOTE_CURRENCY.exec(message);
  if (credited) return t('admin.bills.currency.creditNoteCurrency', { currency: credited[1] });
  return null;
};

/** Whether a refusal names a missing exchange rate: the screen then links to the rates. */
export const namesMissingRate = (err: unknown): boolean =>
  err instanceof ApiError && [err.message, ...Object.values(err.errors ?? {}).flat()].some((m) => missingRate(m) !== null);

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
    currency: 'currency',
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
 * the one typed (the stated total's refusal names both), in `currency` (the euro when not given),
 * written by `money`.
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
    currency?: string;
    money?: FormatAmount;
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
  const currency = context.currency ?? EURO;
  const money = context.money ?? inEnglish;
  const known = (message: string): string => {
    const text = serverText(message, t);
    if (text) return text;
    if (context.statedCents !== undefined && message === statedMismatch(context.grossCents, context.statedCents, currency))
      return t('admin.bills.errors.statedMismatch', {
        lines: money(context.grossCents / 100, currency),
        stated: money(context.statedCents / 100, currency),
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

/**
 * Why a payment, a post or a delete was refused, in the screen's language where the domain's text is
 * known; `open`: what the bill has open, in its currency (a payment above it names it), written by `money`.
 */
export const actionRefusalText = (err: unknown, t: Translate, open?: { cents: number; currency?: string; money?: FormatAmount }): string => {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  // A refusal with fields says why in them; its message only asks to correct them.
  const fieldTexts = Object.values(err.errors ?? {}).flat();
  const texts = fieldTexts.length ? fieldTexts : [err.message];
  return [
    ...new Set(
      texts.map((m) => {
        const text = serverText(m, t);
        if (text) return text;
        const currency = open?.currency ?? EURO;
        if (open && m === paymentAboveOpen(open.cents, currency))
          return t('admin.bills.errors.aboveOpen', {
            amount: (open.money ?? inEnglish)(open.cents / 100, currency),
          });
        return m;
      }),
    ),
  ].join(' ');
};
