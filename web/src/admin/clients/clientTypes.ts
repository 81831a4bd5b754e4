import type { ClientLanguage } from '../../../../domain/billing/commands';
import type { AdminClientFieldsFragment } from '../../gql/graphql';

/** A client as the admin screens read it (AdminClientFields); the client page adds its credit balance (in its currency, as its invoices). */
export type ClientView = AdminClientFieldsFragment & { creditBalance?: number };

export interface ClientValues {
  name: string;
  email: string;
  phone?: string;
  address?: string;
  vatNumber?: string;
  /** Absent on a new client: the company's country. */
  country?: string;
  language?: ClientLanguage;
  remindersExcluded?: boolean;
  /** ISO 4217, the currency of its invoices: EUR unless chosen; kept once it has invoices or subscriptions. */
  currency?: string;
}
