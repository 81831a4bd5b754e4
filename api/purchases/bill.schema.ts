import { z } from 'zod';
import type { BillInput } from '../../domain/bill/bill';
import { parseInput } from '../platform/http/validate';
import { zCents, zSignedCents, zDate, zDefaulted, zId, zOptionalCents, zQuantityMilli, zRequiredText, zText, zVatBp, zVersion } from '../platform/wire';

const billItem = z.object({
  description: zRequiredText(500),
  account: zId('account'),
  quantity: zDefaulted(1, zQuantityMilli),
  /** May be negative: the domain refuses it but on an imported bill (a discount line, a document allowance). */
  unit_price: zSignedCents,
  vat_rate: zDefaulted(0, zVatBp),
  /** S, Z, E or AE (a reverse-charge purchase: VAT self-assessed); absent: S above 0 %, Z at 0 %. Checked by the domain. */
  vat_category: z.union([zText(3), z.null()]).optional(),
});

/** POST/PUT /api/bills/ body. */
export const billBody = z.object({
  supplier: zId('supplier'),
  invoice_number: zRequiredText(100),
  date: zDate,
  /** Absent: the bill's date plus the supplier's payment terms. */
  due_date: z.union([zDate, z.null()]).optional(),
  items: z.array(billItem, { error: 'Expected a list of items.' }).max(500, 'Ensure this list has no more than 500 items.'),
  /** The document's own totals, when typed: each given one must equal what the lines add up to. */
  net_amount: zOptionalCents,
  vat_amount: zOptionalCents,
  total_amount: zOptionalCents,
  /** bill (absent: a bill, or on PUT what it was) or credit_note: a supplier credit note, booked as a bill reversed. */
  document_type: z.enum(['bill', 'credit_note'], { error: 'Choose bill or credit_note.' }).optional(),
  /** A credit note's: the supplier's posted bill it corrects. */
  credited_bill: z.union([zId('bill'), z.null()]).optional(),
  /** The currency the amounts are in (absent: EUR, or on PUT what the bill was in); checked by the domain. */
  currency: zText(3).optional(),
  version: zVersion,
});

export interface ParsedBill {
  input: Omit<BillInput, 'dueDate'> & { dueDate: string | null };
  expectedRevision?: number;
  /** Whether the body said which document it is (a PUT without it keeps what the bill was). */
  documentTypeGiven?: boolean;
  /** Whether the body said its currency (a PUT without it keeps the bill's). */
  currencyGiven?: boolean;
}

export const parseBillBody = (body: unknown): ParsedBill => {
  const b = parseInput(billBody, body);
  return {
    input: {
      supplierId: b.supplier,
      supplierInvoiceNumber: b.invoice_number,
      date: b.date,
      dueDate: b.due_date ?? null,
      lines: b.items.map((i) => ({ description: i.description, accountId: i.account, quantityMilli: i.quantity, unitPriceCents: i.unit_price, vatRateBp: i.vat_rate, ...(i.vat_category ? { vatCategory: i.vat_category } : {}) })),
      stated: { netCents: b.net_amount, vatCents: b.vat_amount, grossCents: b.total_amount },
      ...(b.document_type === 'credit_note' ? { documentType: 'credit_note' as const, creditedBillId: b.credited_bill ?? null } : {}),
      ...(b.currency ? { currency: b.currency } : {}),
    },
    expectedRevision: b.version,
    documentTypeGiven: b.document_type !== undefined,
    currencyGiven: b.currency !== undefined,
  };
};

export const paymentBody = z.object({
  amount: zCents,
  date: zDate,
  money_account: zId('money account'),
  reference: z.union([zText(200), z.null()]).optional(),
});

export const parseBillPaymentBody = (body: unknown) => {
  const b = parseInput(paymentBody, body);
  return { amountCents: b.amount, date: b.date, moneyAccountId: b.money_account, reference: b.reference || null };
};

/** POST /api/bills/payments/: several bills paid at once out of one money account, on one day, under one reference. */
export const paymentsBody = z.object({
  date: zDate,
  money_account: zId('money account'),
  reference: z.union([zText(200), z.null()]).optional(),
  payments: z
    .array(z.object({ bill: zId('bill'), amount: zCents }), { error: 'Expected a list of payments.' })
    .min(1, 'Choose at least one bill to pay.')
    .max(200, 'Ensure this list has no more than 200 payments.'),
});

export const parseBillPaymentsBody = (body: unknown) => {
  const b = parseInput(paymentsBody, body);
  return { date: b.date, moneyAccountId: b.money_account, reference: b.reference || null, payments: b.payments.map((p) => ({ billId: p.bill, amountCents: p.amount })) };
};

/** Command fields whose REST names the generic rule does not give. */
export const BILL_REST_NAMES = { lines: 'items', supplierInvoiceNumber: 'invoice_number', quantityMilli: 'quantity', unitPriceCents: 'unit_price', vatRateBp: 'vat_rate', amountCents: 'amount', moneyAccountId: 'money_account', billId: 'bill', creditedBillId: 'credited_bill', documentType: 'document_type' };
