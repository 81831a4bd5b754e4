export interface SubscriptionView {
  id: string;
  client: { id: string; name: string };
  product: { id: string; name: string; billingCycle: string; price: number };
  startDate: string;
  status: string;
  autoGenerateInvoices: boolean;
  invoicedUntil?: string | null;
  nextBillingDate?: string | null;
  invoiceStatus: string;
  version: number;
}

export interface SubscriptionValues {
  clientId?: string;
  productId?: string;
  startDate: string;
  status: 'active' | 'cancelled';
  autoGenerateInvoices: boolean;
}
