import type { AppDeps } from '../deps';
import { ClientService } from './client.service';
import { ClientCreditService } from './client-credit.service';
import { ClientStatementService } from './client-statement.service';
import { CompanySettingsService } from './company-settings.service';
import { InvoiceService } from './invoice.service';
import { PaymentReminders } from './payment-reminders';
import { ProductService } from './product.service';
import { RecurringInvoicing } from './recurring';
import { SubscriptionService } from './subscription.service';

export interface BillingServices {
  clients: ClientService;
  products: ProductService;
  subscriptions: SubscriptionService;
  invoices: InvoiceService;
  recurring: RecurringInvoicing;
  reminders: PaymentReminders;
  companySettings: CompanySettingsService;
  statements: ClientStatementService;
  credit: ClientCreditService;
}

export const createBillingServices = (deps: AppDeps): BillingServices => {
  const invoices = new InvoiceService(deps);
  return {
    clients: new ClientService(deps),
    products: new ProductService(deps),
    subscriptions: new SubscriptionService(deps),
    invoices,
    recurring: new RecurringInvoicing(deps, invoices),
    reminders: new PaymentReminders(deps),
    companySettings: new CompanySettingsService(deps),
    statements: new ClientStatementService(deps),
    credit: new ClientCreditService(deps, invoices),
  };
};
