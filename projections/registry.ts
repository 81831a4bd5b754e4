import type { Projection, Reactor } from './projection';
import { ledgerProjection } from './ledger/ledger.projection';
import { invoiceListProjection } from './invoices/invoice-list';
import { publicInvoicesProjection } from './public-invoices/public-invoices';
import { invoicePaymentsProjection } from './invoice-payments/invoice-payments';
import { paymentConfirmationReactor } from './payment-confirmation/payment-confirmation.reactor';
import { subscriptionBillingProjection } from './subscription-billing/subscription-billing';
import { invoiceMailReactor } from '../api/billing/invoice-mail.reactor';

/** Every read model of the product. Feature modules add theirs here. */
export const projections = (): Projection[] => [
  invoiceListProjection,
  publicInvoicesProjection,
  subscriptionBillingProjection,
  invoicePaymentsProjection,
  ledgerProjection(),
];

/** Every reactor of the product. Feature modules add theirs here. */
export const reactors = (): Reactor[] => [paymentConfirmationReactor, invoiceMailReactor];
