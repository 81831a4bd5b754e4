import { dayOf } from '../../domain/shared/dates';
import type { PortalAccount } from '../platform/contracts/rest.contract';
import type { AppDeps } from '../platform/deps';
import { chargesByCard } from '../platform/config';
import { clientCreditCents, listInvoices } from '../invoicing';
import { listSubscriptions } from '../recurring';
import { centsToEuros } from '../../domain/shared/money';

/**
 * The portal's view of one client, from billing's read models and queries; only the fields the
 * spec gives a client (no internal versions, periods or other clients' names).
 */
export const portalAccount = async (deps: AppDeps, clientId: string): Promise<PortalAccount | undefined> => {
  const db = deps.db;
  const client = await db('clients').where({ id: clientId }).first('name', 'email', 'phone', 'address', 'currency');
  if (!client) return undefined;
  const today = dayOf(deps.clock());
  const [subscriptions, invoices, credit] = await Promise.all([listSubscriptions(db, today, { clientId }), listInvoices(db, { clientId, today }), clientCreditCents(deps, clientId)]);
  return {
    name: client.name,
    email: client.email,
    phone: client.phone,
    address: client.address,
    subscriptions: subscriptions.items.map((s) => ({
      id: s.id,
      product: { name: s.product.name, billing_cycle: s.product.billing_cycle, price: s.product.price },
      status: s.status,
      start_date: s.start_date,
      next_billing_date: s.next_billing_date,
      invoiced_until: s.invoiced_until,
    })),
    invoices: invoices.items.map((i) => ({
      id: i.id,
      invoice_number: i.invoice_number,
      date: i.date,
      due_date: i.due_date,
      total_amount: i.total_amount,
      open_amount: i.open_amount,
      paid_amount: i.paid_amount,
      paid: i.paid,
      cancelled: i.cancelled,
      currency: i.currency,
      card_payment: chargesByCard(deps.config, i.currency),
      payment_reference: i.payment_reference,
    })),
    credit_balance: centsToEuros(credit),
    currency: client.currency,
  };
};
