import type { Projection, Reactor } from '../../projections/projection';
import type { Config } from '../platform/config';
import { ledgerProjection } from '../../projections/ledger/ledger.projection';
import { invoiceListProjection } from '../../projections/invoices/invoice-list';
import { publicInvoicesProjection } from '../../projections/public-invoices/public-invoices';
import { invoicePaymentsProjection } from '../../projections/invoice-payments/invoice-payments';
import { paymentConfirmationReactor } from '../payments/payment-confirmation/payment-confirmation.reactor';
import { subscriptionBillingProjection } from '../../projections/subscription-billing/subscription-billing';
import { invoiceMailReactor } from '../invoicing/invoice-mail.reactor';
import { mydataReactor } from '../invoicing/mydata/mydata.reactor';
import { creditNotesProjection } from '../../projections/credit-notes/credit-notes';
import { booksAuditReactor } from '../accounting/books-audit.reactor';
import { bankLinesProjection } from '../../projections/bank-lines/bank-lines';
import { billsProjection } from '../../projections/bills/bills';
import { webhookInvoiceReactor } from '../integrations';

/**
 * The composition root of read models and reactors (api wires projections/ and its own reactors
 * together; projections/ itself never imports api/). Feature modules add theirs here.
 */
export const projections = (): Projection[] => [
  invoiceListProjection,
  publicInvoicesProjection,
  subscriptionBillingProjection,
  invoicePaymentsProjection,
  creditNotesProjection,
  ledgerProjection(),
  bankLinesProjection,
  billsProjection(),
];

/** Every reactor of the product. Feature modules add theirs here. */
export const reactors = (config: Pick<Config, 'publicBaseUrl'>, clock: () => Date = () => new Date()): Reactor[] => [
  paymentConfirmationReactor(config),
  invoiceMailReactor,
  booksAuditReactor,
  mydataReactor,
  webhookInvoiceReactor(clock),
];

/** The reactors' names (checkpoints), for code that never runs them. */
export const reactorNames = (): string[] => reactors({ publicBaseUrl: '' }).map((r) => r.name);
