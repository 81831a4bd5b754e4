import { createAccountingServices, type AccountingServices } from '../accounting/accounting.services';
import { AuthService } from '../auth/auth.service';
import { createBankServices, type BankServices } from '../bank';
import { createBillingServices, type BillingServices } from './billing.services';
import { createCurrencyServices, type CurrencyServices } from '../currencies';
import { createPaymentService } from '../payments/create-payment-service';
import type { PaymentService } from '../payments/payment.service';
import type { AppDeps } from '../platform/deps';
import { createPurchasesServices, type PurchasesServices } from '../purchases';
import { SiteInboxService } from '../public/site-inbox.service';
import { createWebhookServices, type WebhookServices } from '../integrations';

/**
 * The application services: the only writers. REST routers and GraphQL resolvers are thin adapters
 * over these. Feature modules add theirs here.
 */
export interface Services {
  auth: AuthService;
  site: SiteInboxService;
  payments: PaymentService;
  accounting: AccountingServices;
  billing: BillingServices;
  bank: BankServices;
  purchases: PurchasesServices;
  currencies: CurrencyServices;
  webhooks: WebhookServices;
}

export const createServices = (deps: AppDeps): Services => {
  // Each needs the other: a statement line pays invoices, and money recorded by hand is deposited
  // into the bank module's money accounts. Billing is built first in time for any call.
  let billing: BillingServices | undefined;
  // A statement line also pays bills: purchases records their payments.
  const purchases = createPurchasesServices(deps);
  const bank = createBankServices(
    deps,
    {
      recordStatementPayments: (commands, actor) => billing!.invoices.recordStatementPayments(commands, actor),
      removeStatementPayments: (payments, actor, options) => billing!.invoices.removeStatementPayments(payments, actor, options),
    },
    purchases.bills,
  );
  billing = createBillingServices(deps, bank.moneyAccounts);
  return {
    auth: new AuthService(deps),
    site: new SiteInboxService(deps),
    payments: createPaymentService(deps),
    accounting: createAccountingServices(deps, purchases.bills),
    billing,
    bank,
    purchases,
    currencies: createCurrencyServices(deps),
    webhooks: createWebhookServices(deps),
  };
};

declare module '../platform/graphql/context' {
  // The resolvers' `ctx.services` is this composition's Services.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ContextServices extends Services {}
}
