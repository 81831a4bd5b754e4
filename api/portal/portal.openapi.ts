import { z } from 'zod';
import type { PortalAccount, PortalInvoice, PortalSubscription } from '../platform/contracts/rest.contract';
import { PDF, file, json, tagged, wire } from '../platform/openapi/route-doc';
import { statementPeriodQuery, wAmount, wCurrency, wDate, wId, wMoney } from '../platform/openapi/wire-schemas';

const PortalSubscriptionAnswer = wire<PortalSubscription>()(
  z.object({
    id: wId,
    product: z.object({
      name: z.string(),
      billing_cycle: z.enum(['one_time', 'monthly', 'annually']),
      price: wMoney.meta({ description: 'The product’s net price in euros.' }),
    }),
    status: z.string().meta({ description: '`active` or `cancelled`.' }),
    start_date: wDate,
    next_billing_date: wDate.nullable(),
    invoiced_until: wDate.nullable(),
  }),
);

/** What a client sees of one of its invoices. */
export const PortalInvoiceAnswer = wire<PortalInvoice>()(
  z.object({
    id: wId,
    invoice_number: z.string(),
    date: wDate,
    due_date: wDate,
    total_amount: wAmount,
    open_amount: wAmount.meta({ description: 'What is still owed: the Pay Now amount.' }),
    paid_amount: wAmount.meta({ description: 'Paid so far; above 0 on an unpaid invoice, it is partly paid.' }),
    paid: z.boolean(),
    cancelled: z.boolean().meta({ description: 'Fully credited: nothing to pay.' }),
    payment_reference: z.string().nullable().meta({ description: 'The ISO 11649 creditor reference (RF…, no spaces) to quote in a bank transfer; null for a draft.' }),
    currency: wCurrency.meta({ description: 'The currency of its amounts.' }),
    card_payment: z.boolean().meta({ description: 'Pay Now can charge it by card.' }),
  }),
);

const PortalAccountAnswer = wire<PortalAccount>()(
  z
    .object({
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      address: z.string(),
      subscriptions: z.array(PortalSubscriptionAnswer),
      invoices: z.array(PortalInvoiceAnswer),
      credit_balance: wAmount.meta({ description: 'Paid or credited beyond its invoices, in `currency`.' }),
      currency: wCurrency.meta({ description: 'The client’s currency: its invoices and credit balance are in it.' }),
    })
    .meta({ id: 'PortalAccount', description: 'What a client user sees of its own client.' }),
);

export const portalDocs = tagged('Portal', [
  {
    method: 'get',
    path: '/api/portal/my-account/',
    summary: 'The signed-in client’s account: details, subscriptions, invoices and credit',
    description: 'A list whose first item is the account; empty when the user’s client no longer exists.',
    access: 'client',
    answers: { 200: json(z.array(PortalAccountAnswer).max(1)) },
  },
  {
    method: 'get',
    path: '/api/portal/my-account/statement/',
    summary: 'The signed-in client’s statement of account (PDF)',
    description: 'Always the session’s own client; the request cannot name another. `as_of` is refused (400): a statement covers a period.',
    access: 'client',
    query: statementPeriodQuery,
    answers: { 200: file(PDF, 'The statement.') },
  },
]);
