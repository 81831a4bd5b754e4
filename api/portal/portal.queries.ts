import type { Knex } from 'knex';
import { dayOf } from '../../domain/shared/dates';
import type { PortalAccount } from '../contracts/rest.contract';
import { listInvoices } from '../billing/invoice.queries';
import { listSubscriptions } from '../billing/subscription.queries';
import { clientCreditCents } from '../billing/client-balance';
import { centsToEuros } from '../../domain/shared/money';

/**
 * The portal's view of one client, from billing's read models and queries; only the fields the
 * spec gives a client (no internal versions, periods or other clients' names).
 */
export const portalAccount = async (db: Knex, clientId: string, now: Date): Promise<PortalAccount | undefined> => {
  const client = await db('clients').where({ id: clientId }).first('name', 'email', 'phone', 'address');
  if (!client) return undefined;
  const today = dayOf(now);
  const [subscriptions, invoices, credit] = await Promise.all([listSubscriptions(db, today, { clientId }), listInvoices(db, { clientId, today }), clientCreditCents(db, clientId)]);
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
      paid: i.paid,
      cancelled: i.cancelled,
    })),
    credit_balance: centsToEuros(credit),
  };
};
