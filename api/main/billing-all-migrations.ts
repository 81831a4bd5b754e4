import type { Migration } from '../../eventstore/migration';
import { invoiceListMigrations } from '../../projections/invoices/migrations';
import { publicInvoiceMigrations } from '../../projections/public-invoices/migrations';
import { subscriptionBillingMigrations } from '../../projections/subscription-billing/migrations';
import { billingMigrations } from './billing-migrations';
import { creditNoteMigrations } from '../../projections/credit-notes/migrations';
import { mydataMigrations } from '../invoicing/mydata/migrations';
import { clientMigrations } from '../clients/migrations';

/** Billing's tables and the tables of its read models, for api/main/migrate.ts. */
export const billingAllMigrations: Migration[] = [
  ...billingMigrations,
  ...invoiceListMigrations,
  ...publicInvoiceMigrations,
  ...subscriptionBillingMigrations,
  ...creditNoteMigrations,
  ...mydataMigrations,
  ...clientMigrations,
];
