import { Router } from 'express';
import { z } from 'zod';
import type { RecordInvoicePayment } from '../../domain/invoice/commands';
import type { PaymentMethod } from '../../domain/invoice/events';
import { NotFoundError } from '../../domain/shared/errors';
import { centsToEuros } from '../../domain/shared/money';
import { paymentsOfInvoices, type InvoicePaymentView } from '../../projections/invoice-payments/invoice-payments';
import type { AppDeps } from '../platform/deps';
import { restFieldNames } from '../platform/http/error-middleware';
import { parseInput } from '../platform/http/validate';
import type { InvoiceService } from './invoice.service';
import { pathId, toIso, zCents, zDate, zId, zText } from '../platform/wire';

const NOT_FOUND = 'Invoice not found.';

/** The methods on the wire, and the stored method each one is. */
const WIRE_METHODS = { card: 'card', bank_transfer: 'bank', cash: 'cash', other: 'other' } as const;
type WireMethod = keyof typeof WIRE_METHODS;
/** Credit balance applied from another invoice: listed with the payments, never recorded through this route. */
type ListedMethod = WireMethod | 'credit';

/** How a stored method reads on the wire (card payments through Stripe are card payments; a mark as paid is a bank transfer). */
export const wireMethodOf = (method: PaymentMethod): ListedMethod => {
  switch (method) {
    case 'stripe':
    case 'card':
      return 'card';
    case 'bank':
    case 'manual':
      return 'bank_transfer';
    case 'cash':
    case 'other':
    case 'credit':
      return method;
    default: {
      const exhaustive: never = method;
      return exhaustive;
    }
  }
};

export const paymentInput = z.object({
  amount: zCents,
  date: zDate,
  method: z.enum(Object.keys(WIRE_METHODS) as [WireMethod, ...WireMethod[]], { error: (i) => `"${String(i.input)}" is not a valid choice.` }),
  reference: zText(200).optional(),
  /** The money account (`/api/bank-accounts/`) it was deposited to; absent, the method's default. */
  deposited_to: z.union([zId('Bank account'), z.null()]).optional(),
});

export const paymentWire = (row: InvoicePaymentView) => ({
  id: row.payment_id,
  amount: centsToEuros(Number(row.amount_cents)),
  date: row.date,
  method: wireMethodOf(row.method),
  reference: row.reference,
  recorded_at: toIso(row.recorded_at),
  refunded_amount: centsToEuros(Number(row.refunded_cents)),
  /** Its dispute, if any: the amount held and open, won or lost. */
  disputed_amount: centsToEuros(Number(row.disputed_cents)),
  dispute_status: row.dispute_status,
  fee: centsToEuros(Number(row.fee_cents)),
  /** The money account it went into (`/api/bank-accounts/`); null for a card payment or applied credit. */
  deposited_to: row.deposited_to_id ? { id: row.deposited_to_id, name: row.deposited_to_name } : null,
});

/** Payments recorded by hand against an invoice (partial, dated, by method), and the invoice's payments. */
export const invoicePaymentRoutes = (deps: AppDeps, billing: { invoices: InvoiceService }): Router => {
  const router = Router();

  router.get('/invoices/:id/payments/', async (req, res) => {
    const id = pathId(req.params.id, NOT_FOUND);
    if (!(await billing.invoices.get(id))) throw new NotFoundError(NOT_FOUND);
    res.json((await paymentsOfInvoices(deps.db, [id])).map(paymentWire));
  });

  router.post('/invoices/:id/payments/', restFieldNames({ amountCents: 'amount' }), async (req, res) => {
    const input = parseInput(paymentInput, req.body);
    const command: RecordInvoicePayment = { invoiceId: pathId(req.params.id, NOT_FOUND), amountCents: input.amount, date: input.date, method: WIRE_METHODS[input.method], reference: input.reference, moneyAccountId: input.deposited_to };
    res.status(201).json(await billing.invoices.recordManualPayment(command, req.user!.id));
  });

  return router;
};
