import { v5 as uuidv5 } from 'uuid';
import type { SaveClient, SaveProduct, SaveSubscription } from '../../domain/billing/commands';
import { addDays, addMonthsClamped, dayOf } from '../../domain/shared/dates';
import { parseEuros } from '../../domain/shared/money';
import { generatePassword, UserService } from '../auth/user.service';
import type { AppDeps } from '../platform/deps';
import { writeAudit } from '../platform/audit';
import type { BillingServices } from './billing.services';
import { listInvoices } from '../invoicing/invoice.queries';

const SEED_ACTOR = 'system';
const DEMO_PAYMENT_NAMESPACE = '0d7e3c2a-5b8f-4c61-9a4e-2f6d8b1c7e93';

const CLIENTS: SaveClient[] = [
  { name: 'Northwind Assurance Ltd', email: 'accounts@northwind.example.com', phone: '+357 22 123456', address: '25 Makarios Avenue, 1065 Nicosia, Cyprus', vatNumber: 'CY10234567S', country: 'CY', language: 'en' },
  { name: 'Αιγαίο Ασφαλιστική Α.Ε.', email: 'logistirio@aigaio.example.com', phone: '+30 210 1234567', address: 'Λεωφόρος Κηφισίας 120, 11526 Αθήνα', vatNumber: 'EL099887768', country: 'GR', language: 'el' },
  { name: 'Baltic Freight Group', email: 'finance@balticfreight.example.com', phone: '+371 6700 0000', address: 'Brivibas iela 1, Riga, Latvia', vatNumber: 'LV40003000002', country: 'LV', language: 'ru' },
  { name: 'Helios Energy Partners', email: 'ap@helios.example.com', phone: '+357 25 654321', address: '8 Anexartisias Street, 3036 Limassol, Cyprus', vatNumber: 'CY10987654R', country: 'CY', language: 'en' },
  { name: 'Meridian Health Group', email: 'billing@meridian.example.com', phone: '+44 20 7946 0000', address: '1 King William Street, London EC4N 7AR', vatNumber: 'GB123456789', country: 'GB', language: 'en' },
];

const PRODUCTS: SaveProduct[] = [
  { name: 'Professional (monthly)', priceCents: 200_000, billingCycle: 'monthly', vatRateBp: 1900 },
  { name: 'Professional (annual)', priceCents: 2_000_000, billingCycle: 'annually', vatRateBp: 1900 },
  { name: 'Onboarding and training', priceCents: 150_000, billingCycle: 'one_time', vatRateBp: 1900 },
  { name: 'Enterprise consulting day', priceCents: 120_000, billingCycle: 'one_time', vatRateBp: 1900 },
];

/** True once demo data was loaded, or when the database already holds billing data of its own. */
const alreadySeeded = async (deps: AppDeps): Promise<boolean> => {
  const marker = await deps.db('audit_log').where({ entity: 'demo_seed' }).first('id');
  if (marker) return true;
  const [client, product] = await Promise.all([deps.db('clients').first('id'), deps.db('products').first('id')]);
  return Boolean(client || product);
};

/**
 * Loads demo billing data into an empty database, once, through the same services an admin uses
 * (so invoices are real event streams with postings): clients, the spec's pricing products,
 * subscriptions started over the last months, generated invoices (some sent, older ones paid), a
 * manual invoice, and a portal login `client` whose password is printed like the admin's.
 * Meant for the embedded single-process default; SEED_DEMO=true on a shared database should be
 * used for one process only.
 */
export const seedBillingDemo = async (deps: AppDeps, billing: BillingServices): Promise<boolean> => {
  if (await alreadySeeded(deps)) return false;
  const today = dayOf(deps.clock());
  const monthsAgo = (n: number, day = 1) => addMonthsClamped(`${today.slice(0, 8)}${String(day).padStart(2, '0')}`, -n);

  const clients = [];
  for (const c of CLIENTS) clients.push(await billing.clients.create(c, SEED_ACTOR));
  const products = [];
  for (const p of PRODUCTS) products.push(await billing.products.create(p, SEED_ACTOR));
  const [monthly, annual, onboarding, consulting] = products as [typeof products[0], typeof products[0], typeof products[0], typeof products[0]];

  const subs: [number, string, string, Partial<SaveSubscription>][] = [
    [0, monthly.id, monthsAgo(5), {}],
    [1, annual.id, monthsAgo(7, 15), {}],
    [2, monthly.id, monthsAgo(3, 10), {}],
    [2, onboarding.id, monthsAgo(3, 10), {}],
    [3, monthly.id, monthsAgo(1, 20), {}],
    [4, monthly.id, monthsAgo(6), { status: 'cancelled', autoGenerateInvoices: false }],
  ];
  for (const [client, product, start, extra] of subs) {
    await billing.subscriptions.create({ clientId: clients[client]!.id, productId: product, startDate: start, status: 'active', autoGenerateInvoices: true, ...extra }, SEED_ACTOR);
  }
  await billing.recurring.run({ today, actor: SEED_ACTOR });

  // The cancelled subscription's past months were invoiced by hand, with a consulting day.
  await billing.invoices.create(
    {
      clientId: clients[4]!.id,
      date: monthsAgo(2, 12),
      dueDate: addDays(monthsAgo(2, 12), 30),
      lines: [
        { description: 'Professional plan, back-office migration', quantityMilli: 1000, unitPriceCents: 200_000, vatRateBp: 1900 },
        { description: consulting.name, quantityMilli: 2000, unitPriceCents: 120_000, vatRateBp: 1900 },
      ],
    },
    SEED_ACTOR,
  );

  // Older invoices were sent and paid by bank transfer a few days after their date; the latest stay open.
  const { items: invoices } = await listInvoices(deps.db, { today });
  for (const invoice of invoices) {
    const age = Math.round((Date.parse(today) - Date.parse(invoice.date)) / 86_400_000);
    if (age >= 3) await billing.invoices.send(invoice.id, SEED_ACTOR);
    if (age >= 25) {
      const paidOn = addDays(invoice.date, 6 + (invoice.invoice_number.charCodeAt(invoice.invoice_number.length - 1) % 10));
      const amount = parseEuros(invoice.open_amount);
      if (!amount.ok || amount.value === 0) continue;
      await billing.invoices.recordPayment(
        invoice.id,
        { paymentId: uuidv5(`demo:${invoice.id}`, DEMO_PAYMENT_NAMESPACE), amountCents: amount.value, method: 'bank', reference: 'Bank transfer', date: paidOn < today ? paidOn : today },
        SEED_ACTOR,
      );
    }
  }

  const password = generatePassword();
  const users = new UserService(deps.db);
  if (!(await users.findByUsername('client'))) {
    await users.create({ username: 'client', password, clientId: clients[0]!.id, email: clients[0]!.email, passwordChangeRequired: true });
    process.stdout.write(`\n  Created demo client user "client" (${clients[0]!.name}) with the temporary password: ${password}\n  Sign in with it to choose your own.\n\n`);
  }
  await writeAudit(deps.db, { actor: SEED_ACTOR, entity: 'demo_seed', entityId: 'billing', action: 'create', before: null, after: { clients: clients.length, invoices: invoices.length }, at: deps.clock() });
  deps.logger.info({ clients: clients.length, invoices: invoices.length }, 'demo billing data loaded');
  return true;
};

