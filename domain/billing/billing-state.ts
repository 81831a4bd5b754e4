import { ConflictError } from '../shared/errors';
import { addDays, type IsoDate } from '../shared/dates';
import { nextPeriod, type BillingCycle } from './periods';

export type SubscriptionStatus = 'active' | 'cancelled';
export const SUBSCRIPTION_STATUSES: SubscriptionStatus[] = ['active', 'cancelled'];

export type InvoiceStatusLabel = 'Invoiced' | 'Due' | 'Not invoiced';

export interface BillingState {
  /** Last day covered by an issued invoice (inclusive), or null. */
  invoicedUntil: IsoDate | null;
  /** When the next invoice falls due, or null (once-off done, or cancelled). */
  nextBillingDate: IsoDate | null;
  invoiceStatus: InvoiceStatusLabel;
}

export interface SubscriptionTerms {
  startDate: IsoDate;
  cycle: BillingCycle;
  status: SubscriptionStatus;
  /** Exclusive end of everything invoiced for the subscription so far, or null. */
  invoicedEnd: IsoDate | null;
}

/** The wire's invoiced_until / next_billing_date / invoice_status, derived from issued invoices. */
export const billingState = (terms: SubscriptionTerms, today: IsoDate): BillingState => {
  const invoicedUntil = terms.invoicedEnd ? addDays(terms.invoicedEnd, -1) : null;
  const next = terms.status === 'active' ? nextPeriod(terms.startDate, terms.cycle, terms.invoicedEnd) : null;
  const nextBillingDate = next?.start ?? null;
  let invoiceStatus: InvoiceStatusLabel;
  if (terms.invoicedEnd === null) invoiceStatus = nextBillingDate !== null && nextBillingDate <= today ? 'Due' : 'Not invoiced';
  else invoiceStatus = nextBillingDate !== null && nextBillingDate <= today ? 'Due' : 'Invoiced';
  return { invoicedUntil, nextBillingDate, invoiceStatus };
};

export const CANCELLED_NOT_INVOICED = 'This subscription has been cancelled; it is no longer invoiced.';

/** Invoicing on demand asks an active subscription; a cancelled one is refused, never billed. */
export const assertInvoiceable = (status: SubscriptionStatus): void => {
  if (status !== 'active') throw new ConflictError(CANCELLED_NOT_INVOICED, 'SUBSCRIPTION_CANCELLED');
};
