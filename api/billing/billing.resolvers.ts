import { ClientResolver } from './client.resolver';
import { CompanySettingsResolver } from './company-settings.resolver';
import { CreditNoteResolver } from './credit-note.resolver';
import { InvoiceResolver } from './invoice.resolver';
import { ProductResolver } from './product.resolver';
import { SubscriptionResolver } from './subscription.resolver';

/** Billing's GraphQL resolvers, for api/graphql/schema.ts. */
export const billingResolvers = [ClientResolver, ProductResolver, SubscriptionResolver, InvoiceResolver, CreditNoteResolver, CompanySettingsResolver] as const;
