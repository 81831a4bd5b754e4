import type { Projection, Reactor } from './projection';
import { ledgerProjection } from './ledger/ledger.projection';
import { invoiceListProjection } from './invoices/invoice-list';
import { publicInvoicesProjection } from './public-invoices/public-invoices';
import { subscriptionBillingProjection } from './subscription-billing/subscription-billing';

/** Every read model of the product. Feature modules add theirs here. */
export const projections = (): Projection[] => [
  invoiceListProjection,
  publicInvoicesProjection,
  subscriptionBillingProjection,
  ledgerProjection(),
];

/** Every reactor of the product. Feature modules add theirs here. */
export const reactors = (): Reactor[] => [];
