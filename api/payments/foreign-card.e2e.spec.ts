import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { testBackends } from '../../test/db';
import { deliverStripeEvent, fakeFeeCents, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from '../invoicing/test/fixtures';
import { stripePaymentId } from './payment-ids';

const WEBHOOK_SECRET = 'whsec_foreign_card';
const { receivables, stripeClearing, exchangeGains, exchangeLosses, paymentFees, bank } = SYSTEM_ACCOUNT_IDS;

// Issue 40: Stripe Checkout charges the open amount in the invoice's currency; the payment, its fee
// and the payout post in euros as Stripe settled them, the difference from the booked euros realised.
describe.each(testBackends())('card payments of invoices in another currency on $name', (backend) => {
  let server: TestServer;
  let fake: FakeStripe;
  let admin: TestClient;
  let clientId: string;

  const balance = async (accountId: string, invoiceId?: string): Promise<number> => {
    const q = server.testDb.db('ledger_lines as l').join('ledger_entries as e', 'e.entry_id', 'l.entry_id').where('l.account_id', accountId);
    if (invoiceId) q.where('e.invoice_id', invoiceId);
    return Number(((await q.select(server.testDb.db.raw('coalesce(sum(l.debit_cents - l.credit_cents), 0) as b')).first()) as { b: string }).b);
  };
  const trialBalance = async () => Number(((await server.testDb.db('ledger_lines').select(server.testDb.db.raw('coalesce(sum(debit_cents - credit_cents), 0) as t')).first()) as { t: string }).t);
  const checkout = (invoiceId: string) => server.client().agent.post(`/api/invoices/${invoiceId}/create-checkout-session/`).send({});
  const deliver = (type: string, object: object) => deliverStripeEvent(server.client(), WEBHOOK_SECRET, type, object);
  const lastSession = () => fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startTestServer(backend, { env: { STRIPE_SECRET_KEY: 'sk_test_fx', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url } });
    admin = await adminOf(server);
    expect((await admin.post('/api/exchange-rates/', { date: '2026-01-01', currency: 'USD', rate: '1.10' })).status).toBe(201);
    clientId = (await createClient(admin, { name: 'Liberty Analytics Inc.', country: 'US', email: 'ap@liberty.test', currency: 'USD' })).id;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('charges the open dollars, and books the euros Stripe settled them at, its fee and its payout', async () => {
    const invoice = await createInvoice(admin, { client: clientId, date: '2026-01-01', due_date: '2026-01-31', items: [{ description: 'Licence', quantity: 1, unit_price: 1000, vat_rate: 0 }] });
    await admin.post(`/api/invoices/${invoice.id}/send/`);
    // 1,000.00 USD booked at 1.10: 909.09 EUR.
    expect(await balance(receivables, invoice.id)).toBe(90_909);
    // With Stripe configured the pay link and the portal offer Pay Now for dollars.
    expect((await server.client().get(`/api/public/invoices/${invoice.id}/`)).body).toMatchObject({ currency: 'USD', card_payment: true, open_amount: 1000 });
    const res = await checkout(invoice.id);
    expect(res.status, res.text).toBe(200);
    expect(lastSession().params).toMatchObject({ currency: 'usd', line_items: [{ price_data: { currency: 'usd', unit_amount: '100000' } }] });
    // Stripe converts at 1.05: 952.38 EUR on the balance, its fee in euros.
    fake.settleAt('usd', 1.05);
    const session = fake.complete(res.body.sessionId);
    expect((await deliver('checkout.session.completed', session)).body.outcome).toBe('recorded');
    expect((await admin.get(`/api/invoices/${invoice.id}/`)).body).toMatchObject({ currency: 'USD', paid: true, open_amount: 0 });
    expect(await balance(receivables, invoice.id)).toBe(0);
    expect(await balance(stripeClearing, invoice.id)).toBe(95_238 - fakeFeeCents(95_238));
    expect(-(await balance(exchangeGains, invoice.id))).toBe(95_238 - 90_909);
    expect(await balance(paymentFees, invoice.id)).toBe(fakeFeeCents(95_238));
    // The rate it came to (100,000 / 95,238, to six decimals) is kept beside the dollars, as on any payment of the invoice.
    const line = await server.testDb.db('ledger_lines as l').join('ledger_entries as e', 'e.entry_id', 'l.entry_id').where({ 'e.invoice_id': invoice.id, 'e.source_type': 'payment', 'l.account_id': stripeClearing }).first(server.testDb.db.raw('l.rate::float8 as rate'), 'l.foreign_cents', 'l.debit_cents');
    expect(line).toMatchObject({ rate: 1.050001, foreign_cents: 100_000, debit_cents: 95_238 });
    // The payout empties Stripe clearing into the bank, in the euros Stripe pays out.
    const before = await balance(stripeClearing);
    const payout = fake.payout()!;
    expect((await deliver('payout.paid', payout)).status).toBe(200);
    expect(await balance(stripeClearing)).toBe(before - payout.amount);
    expect(await balance(stripeClearing)).toBe(fake.pendingNetCents());
    expect(await balance(bank)).toBeGreaterThanOrEqual(payout.amount);
    expect(await trialBalance()).toBe(0);
  });

  it('records nothing until Stripe has settled the charge in euros: a 503, so Stripe delivers it again', async () => {
    const invoice = await createInvoice(admin, { client: clientId, date: '2026-01-01', due_date: '2026-01-31', items: [{ description: 'Seats', quantity: 1, unit_price: 250, vat_rate: 0 }] });
    await admin.post(`/api/invoices/${invoice.id}/send/`);
    const res = await checkout(invoice.id);
    fake.settleAt('usd', 1.2);
    fake.holdNextBalanceTransaction(0);
    const session = fake.complete(res.body.sessionId);
    const early = await deliver('checkout.session.completed', session);
    expect(early.status).toBe(503);
    expect((await admin.get(`/api/invoices/${invoice.id}/`)).body).toMatchObject({ paid: false, open_amount: 250 });
    expect(await trialBalance()).toBe(0);
  });

  const paidByCard = async (dollars: number, settledAt: number) => {
    const invoice = await createInvoice(admin, { client: clientId, date: '2026-01-01', due_date: '2026-01-31', items: [{ description: 'Support', quantity: 1, unit_price: dollars, vat_rate: 0 }] });
    await admin.post(`/api/invoices/${invoice.id}/send/`);
    fake.settleAt('usd', settledAt);
    const session = fake.complete((await checkout(invoice.id)).body.sessionId);
    expect((await deliver('checkout.session.completed', session)).body.outcome).toBe('recorded');
    return { invoiceId: invoice.id as string, pi: session.payment_intent! };
  };

  it('a refund through Stripe is booked at the euros Stripe took off the balance, whether asked here or reported by Stripe; Stripe clearing then holds what Stripe does', async () => {
    // USD 300.00 booked at 1.10 (272.73 EUR), paid at 1.05 (285.71 EUR).
    const { invoiceId, pi } = await paidByCard(300, 1.05);
    const paymentId = stripePaymentId(pi);
    // Asked here when the dollar is at 1.25: USD 100.00 takes 80.00 EUR off the balance.
    fake.settleAt('usd', 1.25);
    const asked = await admin.post(`/api/payments/${paymentId}/refund/`, { amount: '100.00', reason: 'Seats not used' });
    expect(asked.status, asked.text).toBe(201);
    expect(fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!.params).toMatchObject({ payment_intent: pi, amount: '10000', expand: ['balance_transaction'] });
    // Reported by Stripe only (made in its dashboard) at 1.0: USD 50.00 is 50.00 EUR; the event's object names its transaction only.
    fake.settleAt('usd', 1.0);
    const made = await fetch(`${fake.url}/v1/refunds`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ payment_intent: pi, amount: '5000' }) });
    expect(made.status).toBe(200);
    expect((await deliver('refund.created', (await made.json()) as object)).status).toBe(200);
    const refunds = (await server.testDb.db('ledger_lines as l').join('ledger_entries as e', 'e.entry_id', 'l.entry_id').where({ 'e.invoice_id': invoiceId, 'e.source_type': 'refund', 'l.account_id': stripeClearing }).select('l.credit_cents')).map((r: { credit_cents: string | number }) => Number(r.credit_cents)).sort((a, b) => a - b);
    expect(refunds).toEqual([5_000, 8_000]);
    // Each puts its share of the booked euros back on the receivable: 90.91 and 45.45 of 272.73.
    expect((await admin.get(`/api/invoices/${invoiceId}/`)).body).toMatchObject({ paid: false, open_amount: 150 });
    expect(await balance(receivables, invoiceId)).toBe(9_091 + 4_545);
    // Stripe clearing holds, of this payment, exactly what Stripe's balance does: the charge's net less the euros each refund took.
    expect(await balance(stripeClearing, invoiceId)).toBe(fake.transactions.filter((t) => t.payment_intent === pi).reduce((sum, t) => sum + t.net, 0));
    expect(await trialBalance()).toBe(0);
  });

  it('a dispute lost takes back the euros Stripe withdrew and makes the dollars owed again at their booked euros, the difference realised', async () => {
    // USD 200.00 booked at 1.10 (181.82 EUR), paid at 1.05 (190.48 EUR in, 8.66 gained).
    const { invoiceId, pi } = await paidByCard(200, 1.05);
    expect(-(await balance(exchangeGains, invoiceId))).toBe(19_048 - 18_182);
    // The cardholder disputes it when the dollar is at par: Stripe withdraws 200.00 EUR.
    fake.settleAt('usd', 1.0);
    const dispute = fake.dispute(pi);
    const opened = await deliver('charge.dispute.created', dispute);
    expect(opened.status, opened.text).toBe(200);
    expect(await balance(SYSTEM_ACCOUNT_IDS.disputedPayments, invoiceId)).toBe(20_000);
    expect((await admin.get(`/api/invoices/${invoiceId}/`)).body).toMatchObject({ paid: true });
    expect((await deliver('charge.dispute.closed', fake.closeDispute(dispute.id, 'lost'))).status).toBe(200);
    expect(await balance(SYSTEM_ACCOUNT_IDS.disputedPayments, invoiceId)).toBe(0);
    // Owed again: USD 200.00 at its booked 181.82 EUR; 200.00 EUR went, so 18.18 is lost.
    expect((await admin.get(`/api/invoices/${invoiceId}/`)).body).toMatchObject({ currency: 'USD', paid: false, open_amount: 200 });
    expect(await balance(receivables, invoiceId)).toBe(18_182);
    expect(await balance(exchangeLosses, invoiceId)).toBe(20_000 - 18_182);
    // The ledger's open dollars say the same (what a revaluation would revalue).
    const open = await server.testDb.db('ledger_lines as l').join('ledger_entries as e', 'e.entry_id', 'l.entry_id').where({ 'e.invoice_id': invoiceId, 'l.account_id': receivables }).whereNotNull('l.currency').select(server.testDb.db.raw('sum(case when l.debit_cents > 0 then l.foreign_cents else -l.foreign_cents end) as cents')).first();
    expect(Number(open.cents)).toBe(20_000);
    expect(await trialBalance()).toBe(0);
  });

  it('a dispute won brings back the euros Stripe reinstated, the difference from those it withdrew realised; the invoice stays paid', async () => {
    const { invoiceId, pi } = await paidByCard(100, 1.1);
    fake.settleAt('usd', 1.0);
    const dispute = fake.dispute(pi);
    // Reported closed first (won when the dollar is at 1.25: 80.00 EUR back for the 100.00 taken).
    fake.settleAt('usd', 1.25);
    expect((await deliver('charge.dispute.closed', fake.closeDispute(dispute.id, 'won'))).status).toBe(200);
    expect((await deliver('charge.dispute.created', { ...dispute, status: 'needs_response', balance_transactions: [dispute.balance_transactions[0]] })).status).toBe(200);
    expect(await balance(SYSTEM_ACCOUNT_IDS.disputedPayments, invoiceId)).toBe(0);
    expect(await balance(exchangeLosses, invoiceId)).toBe(10_000 - 8_000);
    expect((await admin.get(`/api/invoices/${invoiceId}/`)).body).toMatchObject({ paid: true, open_amount: 0 });
    expect(await trialBalance()).toBe(0);
  });

  it('keeps card money beyond what is open as the client\u2019s credit in dollars, at the invoice\u2019s rate', async () => {
    const invoice = await createInvoice(admin, { client: clientId, date: '2026-01-01', due_date: '2026-01-31', items: [{ description: 'Audit', quantity: 1, unit_price: 100, vat_rate: 0 }] });
    await admin.post(`/api/invoices/${invoice.id}/send/`);
    const first = (await checkout(invoice.id)).body.sessionId as string;
    // Two tabs: both pay before either is recorded (the second session is a new key's).
    await admin.post(`/api/invoices/${invoice.id}/payments/`, { amount: 40, date: '2026-01-02', method: 'bank_transfer' });
    const second = (await checkout(invoice.id)).body.sessionId as string;
    fake.settleAt('usd', 1.0);
    expect((await deliver('checkout.session.completed', fake.complete(first))).body.outcome).toBe('recorded');
    expect((await deliver('checkout.session.completed', fake.complete(second))).body.outcome).toBe('recorded');
    // 40 + 100 + 60 paid on 100.00 USD: 100.00 USD is the client's, at the invoice's 1.10 (90.91 EUR).
    expect((await admin.get(`/api/invoices/${invoice.id}/`)).body).toMatchObject({ paid: true, open_amount: 0 });
    expect(await balance(receivables, invoice.id)).toBe(-9_091);
    expect(await balance(exchangeLosses, invoice.id)).toBe(0);
    expect(await trialBalance()).toBe(0);
  });
});
