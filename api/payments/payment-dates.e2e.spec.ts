import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { InvoiceService } from '../invoicing/invoice.service';
import { createClientWithLogin, createInvoice } from '../../test/billing-fixtures';
import { testBackends } from '../../test/db';
import { deliverStripeEvent, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { SimulatedCheckoutGateway } from './simulated-gateway';

const WEBHOOK_SECRET = 'whsec_payment_dates';
const at = (iso: string) => new Date(iso);

/** The days a payment of the invoice posted on (its Accounts Receivable credit), and the day it is dated. */
const postedDays = async (server: TestServer, invoiceId: string) => {
  const db = server.testDb.db;
  const lines = await db('ledger_lines as l')
    .join('ledger_entries as e', 'e.entry_id', 'l.entry_id')
    .where({ 'e.invoice_id': invoiceId, 'e.source_type': 'payment', 'l.account_id': SYSTEM_ACCOUNT_IDS.receivables })
    .select(db.raw("to_char(l.date, 'YYYY-MM-DD') as day"));
  const payments = await db('invoice_payments').where({ invoice_id: invoiceId }).select(db.raw("to_char(date, 'YYYY-MM-DD') as day"));
  return { paidOn: payments.map((p: { day: string }) => p.day), postedOn: lines.map((l: { day: string }) => l.day) };
};

const alertsOf = async (admin: TestClient, invoiceId: string) => {
  const res = await admin.graphql('query { paymentAlerts(handled: null, limit: 200) { items { id invoiceId invoiceNumber clientName reason date postedOn amount handled } } }');
  expect(res.body.errors).toBeUndefined();
  return (res.body.data.paymentAlerts.items as Array<{ id: string; invoiceId: string; reason: string }>).filter((a) => a.invoiceId === invoiceId);
};

describe.each(testBackends())('card payments dated when the customer paid, on $name', (backend) => {
  let server: TestServer;
  let fake: FakeStripe;
  let admin: TestClient;
  let clientId: string;
  let now = at('2026-03-29T09:00:00Z');

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startTestServer(backend, {
      clock: () => now,
      env: { STRIPE_SECRET_KEY: 'sk_test_dates', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url },
      limits: { publicFormsPerIp: 1000 },
    });
    admin = server.client();
    await admin.login();
    clientId = (await createClientWithLogin(server.runtime.deps, 'Punctual Payer')).id;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  /** An issued invoice and a checkout session for it, paid at `paidAt` in the fake Stripe. */
  const paidSession = async (euros: number, paidAt: Date, date = '2026-03-01') => {
    const invoice = await createInvoice(server.runtime.deps, clientId, euros, date, '2026-03-31');
    await new InvoiceService(server.runtime.deps).send(invoice.id, 'test');
    const { sessionId } = (await server.client().agent.post(`/api/invoices/${invoice.id}/create-checkout-session/`).send({})).body;
    return { invoice, session: fake.complete(sessionId, 'paid', paidAt) };
  };

  it('a webhook delivered three days late posts the payment on the day the customer paid', async () => {
    const { invoice, session } = await paidSession(120, at('2026-03-26T15:30:00Z'));
    const res = await deliverStripeEvent(server.client(), WEBHOOK_SECRET, 'checkout.session.completed', session, undefined, now);
    expect(res.body).toEqual({ received: true, outcome: 'recorded' });
    expect(await postedDays(server, invoice.id)).toEqual({ paidOn: ['2026-03-26'], postedOn: ['2026-03-26'] });
    expect((await admin.get(`/api/invoices/${invoice.id}/payments/`)).body).toMatchObject([{ date: '2026-03-26', amount: 120 }]);
    expect(await alertsOf(admin, invoice.id)).toEqual([]);
  });

  it('the return from checkout reconciled days later dates it the same way', async () => {
    const { invoice, session } = await paidSession(80, at('2026-03-25T23:59:00Z'));
    expect((await server.client().agent.post('/api/payments/reconcile/').send({ session_id: session.id })).body).toEqual({ invoice_id: invoice.id, paid: true });
    // The webhook that follows records nothing more.
    await deliverStripeEvent(server.client(), WEBHOOK_SECRET, 'checkout.session.completed', session, undefined, now);
    expect(await postedDays(server, invoice.id)).toEqual({ paidOn: ['2026-03-25'], postedOn: ['2026-03-25'] });
  });

  it('a payment whose day is locked is still recorded: it posts on the first open day, and the inbox says why', async () => {
    // Invoiced and paid before the books were locked; the gateway reports it only after.
    const viaWebhook = await paidSession(200, at('2026-03-26T10:00:00Z'));
    const viaReturn = await paidSession(50, at('2026-03-20T08:00:00Z'));
    const open = await paidSession(30, at('2026-03-28T07:00:00Z'));
    expect((await admin.put('/api/accounting/lock/', { locked_through: '2026-03-27' })).status).toBe(200);
    try {
      const res = await deliverStripeEvent(server.client(), WEBHOOK_SECRET, 'checkout.session.completed', viaWebhook.session, undefined, now);
      expect(res.body).toEqual({ received: true, outcome: 'recorded' });
      expect(await postedDays(server, viaWebhook.invoice.id)).toEqual({ paidOn: ['2026-03-26'], postedOn: ['2026-03-28'] });
      expect((await admin.get(`/api/invoices/${viaWebhook.invoice.id}/`)).body).toMatchObject({ paid: true, open_amount: 0 });
      const [alert] = await alertsOf(admin, viaWebhook.invoice.id);
      expect(alert).toMatchObject({
        invoiceNumber: viaWebhook.invoice.invoice_number,
        clientName: 'Punctual Payer',
        reason: 'locked',
        date: '2026-03-26',
        postedOn: '2026-03-28',
        amount: 200,
        handled: false,
      });
      expect((await admin.graphql('mutation ($id: ID!) { markPaymentAlertHandled(id: $id) }', { id: alert!.id })).body.data.markPaymentAlertHandled).toBe(true);
      expect((await alertsOf(admin, viaWebhook.invoice.id)).map((a) => a.reason)).toEqual(['locked']);
      expect((await admin.graphql('query { paymentAlerts(handled: false, limit: 200) { items { invoiceId } } }')).body.data.paymentAlerts.items).not.toContainEqual({ invoiceId: viaWebhook.invoice.id });

      // Through reconcile alike; a payment on an open day raises nothing.
      expect((await server.client().agent.post('/api/payments/reconcile/').send({ session_id: viaReturn.session.id })).body.paid).toBe(true);
      expect(await postedDays(server, viaReturn.invoice.id)).toEqual({ paidOn: ['2026-03-20'], postedOn: ['2026-03-28'] });
      expect(await alertsOf(admin, viaReturn.invoice.id)).toMatchObject([{ reason: 'locked', date: '2026-03-20', postedOn: '2026-03-28' }]);
      await deliverStripeEvent(server.client(), WEBHOOK_SECRET, 'checkout.session.completed', open.session, undefined, now);
      expect(await postedDays(server, open.invoice.id)).toEqual({ paidOn: ['2026-03-28'], postedOn: ['2026-03-28'] });
      expect(await alertsOf(admin, open.invoice.id)).toEqual([]);
      // Nothing of it (payments, card fees) was posted into the locked period.
      const locked = await server.testDb.db('ledger_lines as l').join('ledger_entries as e', 'e.entry_id', 'l.entry_id')
        .whereIn('e.invoice_id', [viaWebhook.invoice.id, viaReturn.invoice.id, open.invoice.id]).where('l.date', '>', '2026-03-01').where('l.date', '<=', '2026-03-27').count({ n: '*' }).first();
      expect(Number(locked?.n)).toBe(0);
    } finally {
      await admin.put('/api/accounting/lock/', { locked_through: null });
    }
  });

  it('answers 503 and records nothing while Stripe cannot tell when the customer paid', async () => {
    const { invoice, session } = await paidSession(10, at('2026-03-27T10:00:00Z'));
    fake.failNextRequest(500, 'Stripe is down');
    const res = await deliverStripeEvent(server.client(), WEBHOOK_SECRET, 'checkout.session.completed', session, undefined, now);
    expect(res.status).toBe(503);
    expect(await postedDays(server, invoice.id)).toEqual({ paidOn: [], postedOn: [] });
    // Stripe delivers it again later: recorded on its day.
    expect((await deliverStripeEvent(server.client(), WEBHOOK_SECRET, 'checkout.session.completed', session, undefined, now)).body.outcome).toBe('recorded');
    expect(await postedDays(server, invoice.id)).toEqual({ paidOn: ['2026-03-27'], postedOn: ['2026-03-27'] });
  });

  it('the simulated checkout dates a late delivery on the day it was paid, and defers a locked day the same way', async () => {
    const simulated = await startTestServer(backend, { clock: () => now, limits: { publicFormsPerIp: 1000 } });
    try {
      const simAdmin = simulated.client();
      await simAdmin.login();
      const payer = await createClientWithLogin(simulated.runtime.deps, 'Simulated Payer');
      const gateway = simulated.runtime.services.payments.gateway as SimulatedCheckoutGateway;
      const checkout = async () => {
        const invoice = await createInvoice(simulated.runtime.deps, payer.id, 60, '2026-03-01', '2026-03-31');
        await new InvoiceService(simulated.runtime.deps).send(invoice.id, 'test');
        const { sessionId } = (await simulated.client().agent.post(`/api/invoices/${invoice.id}/create-checkout-session/`).send({})).body;
        return { invoice, sessionId: sessionId as string };
      };
      const payLate = async ({ invoice, sessionId }: Awaited<ReturnType<typeof checkout>>, paidAt: Date) => {
        now = paidAt;
        const delivery = await gateway.pay(sessionId);
        // The delivery is lost; it arrives three days later.
        now = at('2026-03-29T09:00:00Z');
        const res = await simulated.client().agent.post('/api/stripe/webhook/').set('Content-Type', 'application/json').set('Stripe-Signature', delivery!.signature).send(delivery!.payload);
        // Under load the answer may say the saved payment is not in the lists yet (`pending`): what follows polls.
        expect(res.body).toMatchObject({ received: true, outcome: 'recorded' });
        return invoice;
      };
      const late = await payLate(await checkout(), at('2026-03-26T12:00:00Z'));
      await expect.poll(() => postedDays(simulated, late.id), { timeout: 20_000 }).toEqual({ paidOn: ['2026-03-26'], postedOn: ['2026-03-26'] });
      const next = await checkout();
      expect((await simAdmin.put('/api/accounting/lock/', { locked_through: '2026-03-27' })).status).toBe(200);
      const locked = await payLate(next, at('2026-03-27T12:00:00Z'));
      await expect.poll(() => postedDays(simulated, locked.id), { timeout: 20_000 }).toEqual({ paidOn: ['2026-03-27'], postedOn: ['2026-03-28'] });
      await expect.poll(() => alertsOf(simAdmin, locked.id), { timeout: 20_000 }).toMatchObject([{ reason: 'locked', date: '2026-03-27', postedOn: '2026-03-28' }]);
    } finally {
      now = at('2026-03-29T09:00:00Z');
      await simulated.close();
    }
  });
});
