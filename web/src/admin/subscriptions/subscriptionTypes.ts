import type { AdminSubscriptionFieldsFragment } from '../../gql/graphql';

/** A subscription as the admin screens read it (AdminSubscriptionFields). */
export type SubscriptionView = AdminSubscriptionFieldsFragment;

export interface SubscriptionValues {
  clientId?: string;
  productId?: string;
  startDate: string;
  status: 'active' | 'cancelled';
  autoGenerateInvoices: boolean;
}
