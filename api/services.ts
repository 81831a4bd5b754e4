import { createAccountingServices, type AccountingServices } from './accounting/accounting.services';
import { AuthService } from './auth/auth.service';
import { createBillingServices, type BillingServices } from './billing/billing.services';
import { createPaymentService } from './payments/create-payment-service';
import type { PaymentService } from './payments/payment.service';
import type { AppDeps } from './deps';
import { SiteInboxService } from './public/site-inbox.service';

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
}

export const createServices = (deps: AppDeps): Services => ({
  auth: new AuthService(deps),
  site: new SiteInboxService(deps),
  payments: createPaymentService(deps),
  accounting: createAccountingServices(deps),
  billing: createBillingServices(deps),
});
