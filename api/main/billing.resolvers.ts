import { ClientResolver } from '../clients/client.resolver';
import { CompanySettingsResolver } from '../company/company-settings.resolver';
import { CreditNoteResolver } from '../invoicing/credit-note.resolver';
import { InvoiceResolver } from '../invoicing/invoice.resolver';
import { MyDataResolver } from '../invoicing/mydata/mydata.resolver';
import { ProductResolver } from '../catalog/product.resolver';
import { SubscriptionResolver } from '../recurring/subscription.resolver';

/** Billing's GraphQL resolvers, for api/main/schema.ts. */
export const billingResolvers = [ClientResolver, ProductResolver, SubscriptionResolver, InvoiceResolver, CreditNoteResolver, CompanySettingsResolver, MyDataResolver] as const;
