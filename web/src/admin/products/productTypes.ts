export const BILLING_CYCLES = ['one_time', 'monthly', 'annually'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export interface ProductView {
  id: string;
  name: string;
  /** Euros. */
  price: number;
  billingCycle: string;
  /** Percent. */
  vatRate: number;
  version: number;
}

export interface ProductValues {
  name: string;
  price: number;
  billingCycle: BillingCycle;
  vatRate: number;
}
