import type { Migration } from '../../eventstore/migration';
import { invoicePaymentsMigrations } from '../../projections/invoice-payments/migrations';
import { paymentConfirmationMigrations } from './payment-confirmation/migrations';
import { paymentMigrations } from './migrations';

/** Payments' tables, its read model's and its reactor's, for api/main/migrate.ts. */
export const paymentsAllMigrations: Migration[] = [...paymentMigrations, ...invoicePaymentsMigrations, ...paymentConfirmationMigrations];
