import type { SubscriptionStatus } from './billing-state';
import type { BillingCycle } from './periods';

/**
 * What the client, product, subscription and company-settings services are asked to do, whichever
 * transport asked. camelCase, cents and basis points; the optimistic-concurrency tokens are the
 * version (or `updated_at`) the caller read.
 */
interface Versioned {
  expectedVersion?: number;
  expectedUpdatedAt?: string;
}

export const CLIENT_LANGUAGES = ['en', 'el', 'ru'] as const;
export type ClientLanguage = (typeof CLIENT_LANGUAGES)[number];

export interface SaveClient extends Versioned {
  name: string;
  email: string;
  phone: string;
  address: string;
  vatNumber: string;
  /** The language of its e-mails and documents. Absent: en on create, unchanged on update. */
  language?: ClientLanguage;
  /** ISO 3166-1 alpha-2. Absent: the company's country on create, unchanged on update. */
  country?: string;
  /** No payment reminders to this client. Absent: false on create, unchanged on update. */
  remindersExcluded?: boolean;
  /** ISO 4217, the currency of its invoices: EUR or one the ECB quotes. Absent: EUR on create, unchanged on update. */
  currency?: string;
}

export interface SaveProduct extends Versioned {
  name: string;
  priceCents: number;
  billingCycle: BillingCycle;
  vatRateBp: number;
}

export interface SaveSubscription extends Versioned {
  clientId: string;
  productId: string;
  startDate: string;
  status: SubscriptionStatus;
  autoGenerateInvoices: boolean;
}

export interface UpdateCompanySettings {
  name: string;
  address: string;
  phone: string;
  email: string;
  registrationNumber: string;
  vatNumber: string;
  jurisdiction: string;
  /** Absent: unchanged. Country is ISO 3166-1 alpha-2; an empty IBAN removes the bank details. */
  country?: string;
  iban?: string;
  bic?: string;
  /** Basis points; absent: unchanged. The rate new products and invoice lines start with. */
  standardVatRateBp?: number;
  /** Payment reminder days from the due date (negative: before it); empty turns reminders off. Absent: unchanged. */
  reminderDays?: number[];
}
