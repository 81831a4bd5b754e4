import type { AppDeps } from '../platform/deps';
import { ClientService } from '../clients/client.service';
import { ClientCreditService } from '../invoicing/client-credit.service';
import { ClientStatementService } from '../clients/client-statement.service';
import { CompanySettingsService } from '../company/company-settings.service';
import { InvoiceService, type DepositAccounts } from '../invoicing/invoice.service';
import { MyDataTransmissions } from '../invoicing/mydata/transmissions';
import { MyDataSettingsService } from '../invoicing/mydata/settings';
import { ViesChecks } from '../clients/vies.service';
import { PaymentReminders } from '../invoicing/payment-reminders';
import { ProductService } from '../catalog/product.service';
import { RecurringInvoicing } from '../recurring/recurring';
import { SubscriptionService } from '../recurring/subscription.service';

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
  mydata: MyDataTransmissions;
  mydataSettings: MyDataSettingsService;
  vies: ViesChecks;
}

export const createBillingServices = (deps: AppDeps, deposits?: DepositAccounts): BillingServices => {
  const invoices = new InvoiceService(deps, deposits);
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
    mydata: new MyDataTransmissions(deps.db, deps.config.mydata !== undefined),
    vies: new ViesChecks(deps.db, deps.config.viesUrl),
    mydataSettings: new MyDataSettingsService(deps.db, deps.config.mydata?.url ?? null, deps.clock),
  };
};
