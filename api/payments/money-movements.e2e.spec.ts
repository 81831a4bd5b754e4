import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS as A } from '../../domain/accounting/accounts';
import { createClientWithLogin, createInvoice } from '../../test/billing-fixtures';
import { testBackends } from '../../test/db';
import { deliverStripeEvent, DISPUTE_FEE_CENTS, fakeFeeCents, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { InvoiceService } from '../invoicing/invoice.service';
import { stripePaymentId } from './payment-ids';
import { simulatedFeeCents, SimulatedCheckoutGateway } from './simulated-gateway';
import { retryPayouts, simulatePayout } from './simulated-payouts';

const WEBHOOK_SECRET = 'whsec_movements_secret';

type Server = TestServer;

/** Debit minus credit of an account in the ledger, in cents. */
const balanceOf = async (server: Server, accountId: string, invoiceId?: string): Promise<number> => {
  const q = server.testDb.db('ledger_lines as l').where('l.account_id', accountId);
  if (invoiceId) q.join('ledger_entries as e', 'e.entry_id', 'l.entry_id').where('e.invoice_id', invoiceId);
  const row = await q.select(server.testDb.db.raw('coalesce(sum(l.debit_cents - l.credit_cents), 0) as b')).first();
  return Number(row.b);
};

/** The invariant: an invoice's paid amount is its payments less its refunds (and lost disputes). */
const expectPaidIsPaymentsLessRefunds = async (server: Server, invoiceId: string) => {
  const list = await server.testDb.db('invoice_list').where({ id: invoiceId }).first('paid_cents');
  const payments = await server.testDb.db('invoice_payments').where({ invoice_id: invoiceId });
  const expected = payments.reduce((sum, p) => sum + Number(p.amount_cents) - Number(p.refunded_cents) - (p.dispute_status === 'lost' ? Number(p.disputed_cents) : 0), 0);
  expect(Number(list.paid_cents)).toBe(expected);
};

describe.each(testBackends())('refunds, disputes, fees and payouts through Stripe on $name', (backend) => {
  let server: Server;
  let fake: FakeStripe;
  let alice: Awaited<ReturnType<typeof createClientWithLogin>>;
  let admin: TestClient;

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startTestServer(backend, {
      env: { STRIPE_SECRET_KEY: 'sk_test_moves', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url },
      limits: { publicFormsPerIp: 1000 },
    });
    alice = await createClientWithLogin(server.runtime.deps, 'Alice Holdings');
    admin = server.client();
    await admin.login();
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const deliver = (type: string, object: object) => deliverStripeEvent(server.client(), WEBHOOK_SECRET, type, object);

  /** An invoice paid by card through checkout; answers its id and payment intent. */
  const paidByCard = async (euros: number) => {
    const invoice = await createInvoice(server.runtime.deps, alice.id, euros);
    const { sessionId } = (await server.client().agent.post(`/api/invoices/${invoice.id}/create-checkout-session/`).send({})).body;
    const session = fake.complete(sessionId);
    expect((await deliver('checkout.session.completed', session)).status).toBe(200);
    return { invoiceId: invoice.id, pi: session.payment_intent!, paymentId: stripePaymentId(session.payment_intent!) };
  };

  const invoiceOf = async (id: string) => (await admin.get(`/api/invoices/${id}/`)).body;
  /** A client's credit as aged receivables (today) and its year-to-date statement show it. */
  const creditElsewhere = async (clientId: string) => {
    const aged = (await admin.get('/api/reports/aged-receivables/')).body.clients.find((c: { client_id: string }) => c.client_id === clientId);
    const statement = await server.runtime.services.billing.statements.statement(clientId, {});
    return { agedCredit: aged?.credit_balance ?? 0, agedTotal: aged?.total ?? 0, statementClosing: statement.closingCents };
  };
  const refundsAtStripe = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').length;

  it('posts the card fee with the payment: Dr Bank and Payment Fees, Cr Stripe clearing', async () => {
    const { invoiceId } = await paidByCard(119);
    expect(await balanceOf(server, A.paymentFees, invoiceId)).toBe(fakeFeeCents(11900));
    expect(await balanceOf(server, A.stripeClearing, invoiceId)).toBe(11900 - fakeFeeCents(11900));
    // Stripe's charge.updated for the same charge records nothing more.
    await deliver('charge.updated', { id: 'ch_x', object: 'charge', payment_intent: (await server.testDb.db('invoice_payments').where({ invoice_id: invoiceId }).first()).reference });
    expect(await balanceOf(server, A.paymentFees, invoiceId)).toBe(fakeFeeCents(11900));
  });

  it('refunds part of a card payment through Stripe once; the invoice is owed that much again', async () => {
    const { invoiceId, pi, paymentId } = await paidByCard(119);
    const before = refundsAtStripe();
    const res = await admin.post(`/api/payments/${paymentId}/refund/`, { amount: '19.00', reason: 'Goodwill' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ invoice_id: invoiceId, payment: { id: paymentId, amount: 119, refunded_amount: 19, method: 'card' } });
    expect(res.body.refund_id).toMatch(/^re_/);
    expect(refundsAtStripe()).toBe(before + 1);
    const call = fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(call.params).toMatchObject({ payment_intent: pi, amount: '1900', metadata: { reason: 'Goodwill' } });
    expect(call.headers['idempotency-key']).toMatch(/^[0-9a-f]{64}$/);
    expect(await invoiceOf(invoiceId)).toMatchObject({ paid: false, open_amount: 19 });

    // A double submit, and Stripe's own reports of it in any order, record it once.
    await admin.post(`/api/payments/${paymentId}/refund/`, { amount: '19.00', reason: 'Goodwill' });
    const refund = fake.refunds.get(res.body.refund_id)!;
    await deliver('refund.updated', refund);
    await deliver('charge.refunded', { id: refund.charge, object: 'charge', payment_intent: pi });
    const history = (await admin.get(`/api/invoices/${invoiceId}/history/`)).body as { type: string }[];
    expect(history.filter((e) => e.type === 'PaymentRefunded')).toHaveLength(1);
    expect(await balanceOf(server, A.receivables, invoiceId)).toBe(1900);
    await expectPaidIsPaymentsLessRefunds(server, invoiceId);
  });

  it('refuses a refund above what is refundable, zero, negative, three decimals, a blank reason and unknown payments, writing nothing', async () => {
    const { invoiceId, paymentId } = await paidByCard(50);
    const before = refundsAtStripe();
    const over = await admin.post(`/api/payments/${paymentId}/refund/`, { amount: '50.01', reason: 'Too much' });
    expect(over.status).toBe(400);
    expect(over.body.errors.amount[0]).toContain('50.00');
    expect((await admin.post(`/api/payments/${paymentId}/refund/`, { amount: '0', reason: 'x' })).status).toBe(400);
    const negative = await admin.post(`/api/payments/${paymentId}/refund/`, { amount: '-5', reason: 'x' });
    expect([negative.status, Object.keys(negative.body.errors)]).toEqual([400, ['amount']]);
    expect((await admin.post(`/api/payments/${paymentId}/refund/`, { amount: '1.234', reason: 'x' })).status).toBe(400);
    expect((await admin.post(`/api/payments/${paymentId}/refund/`, { amount: '1', reason: ' ' })).body.errors).toHaveProperty('reason');
    expect((await admin.post('/api/payments/7b0c2d8e-1111-4c55-9a57-3a0f5a7e2b11/refund/', { amount: '1', reason: 'x' })).status).toBe(404);
    expect(refundsAtStripe()).toBe(before);
    expect(await invoiceOf(invoiceId)).toMatchObject({ paid: true });
    expect((await server.testDb.db('invoice_payments').where({ payment_id: paymentId }).first('refunded_cents')).refunded_cents).toBe(0);
  });

  it('answers 403 to a client user and 503 when Stripe refuses, recording nothing', async () => {
    const { invoiceId, paymentId } = await paidByCard(20);
    const portal = server.client();
    await portal.login(alice.username, alice.password);
    expect((await portal.post(`/api/payments/${paymentId}/refund/`, { amount: '1', reason: 'x' })).status).toBe(403);
    fake.failNextRequest(402, 'Card network down');
    const refused = await admin.post(`/api/payments/${paymentId}/refund/`, { amount: '5', reason: 'x' });
    expect(refused.status).toBe(503);
    expect(await invoiceOf(invoiceId)).toMatchObject({ paid: true });
  });

  it('a refund that fails at the bank gives the money back to the invoice and Stripe clearing', async () => {
    const { invoiceId, paymentId } = await paidByCard(30);
    const res = await admin.post(`/api/payments/${paymentId}/refund/`, { amount: '30', reason: 'Cancelled order' });
    expect(await invoiceOf(invoiceId)).toMatchObject({ paid: false, open_amount: 30 });
    const failed = fake.failRefund(res.body.refund_id);
    await deliver('refund.updated', failed);
    await deliver('refund.updated', failed);
    expect(await invoiceOf(invoiceId)).toMatchObject({ paid: true, open_amount: 0 });
    expect(await balanceOf(server, A.receivables, invoiceId)).toBe(0);
    await expectPaidIsPaymentsLessRefunds(server, invoiceId);
  });

  it('a dispute holds the amount apart while open; lost makes the invoice owed again, once, in any order', async () => {
    const { invoiceId, pi } = await paidByCard(80);
    const dispute = fake.dispute(pi);
    expect((await deliver('charge.dispute.created', dispute)).status).toBe(200);
    expect(await balanceOf(server, A.disputedPayments, invoiceId)).toBe(8000);
    expect(await balanceOf(server, A.paymentFees, invoiceId)).toBe(fakeFeeCents(8000) + DISPUTE_FEE_CENTS);
    expect(await invoiceOf(invoiceId)).toMatchObject({ paid: true });
    const lost = fake.closeDispute(dispute.id, 'lost');
    await deliver('charge.dispute.closed', lost);
    await deliver('charge.dispute.created', { ...dispute, status: 'needs_response' });
    await deliver('charge.dispute.closed', lost);
    expect(await balanceOf(server, A.disputedPayments, invoiceId)).toBe(0);
    expect(await invoiceOf(invoiceId)).toMatchObject({ paid: false, open_amount: 80 });
    await expectPaidIsPaymentsLessRefunds(server, invoiceId);
  });

  it('a dispute won brings the amount back to Stripe clearing, even when the close is reported first', async () => {
    const { invoiceId, pi } = await paidByCard(60);
    const dispute = fake.dispute(pi);
    const won = fake.closeDispute(dispute.id, 'won');
    await deliver('charge.dispute.closed', won);
    await deliver('charge.dispute.created', { ...dispute, status: 'needs_response', balance_transactions: [dispute.balance_transactions[0]] });
    const history = (await admin.get(`/api/invoices/${invoiceId}/history/`)).body as { type: string }[];
    expect(history.map((e) => e.type).filter((t) => t.startsWith('Payment') || t.startsWith('Dispute'))).toEqual(['PaymentRecorded', 'PaymentDisputed', 'DisputeClosed']);
    expect(await balanceOf(server, A.disputedPayments, invoiceId)).toBe(0);
    expect(await invoiceOf(invoiceId)).toMatchObject({ paid: true });
  });

  it('after every payout Stripe clearing holds exactly what Stripe has not paid out (zero when all is)', async () => {
    const payout = async () => {
      const p = fake.payout();
      if (!p) return;
      expect((await deliver('payout.paid', p)).status).toBe(200);
      expect(await balanceOf(server, A.stripeClearing)).toBe(fake.pendingNetCents());
    };
    await payout();
    expect(fake.pendingNetCents()).toBe(0);
    expect(await balanceOf(server, A.stripeClearing)).toBe(0);

    // A refund made in Stripe's dashboard whose webhook never came, and a payment: the payout catches both up.
    const a = await paidByCard(40);
    const b = await paidByCard(25);
    const dashboardRefund = await fetch(`${fake.url}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_moves', 'content-type': 'application/x-www-form-urlencoded' },
      body: `payment_intent=${a.pi}&amount=1000`,
    });
    expect(dashboardRefund.status).toBe(200);
    await payout();
    expect(await invoiceOf(a.invoiceId)).toMatchObject({ open_amount: 10 });
    expect(fake.pendingNetCents()).toBe(0);
    // Replayed payout reports change nothing.
    const last = [...fake.payouts.values()].at(-1)!;
    await deliver('payout.paid', last);
    expect(await balanceOf(server, A.stripeClearing)).toBe(0);
    expect(await balanceOf(server, A.bank)).toBe([...fake.payouts.values()].reduce((s, p) => s + p.amount, 0));
    // Something new waits for the next payout; clearing shows it until then.
    const c = await paidByCard(10);
    expect(await balanceOf(server, A.stripeClearing)).toBe(fake.pendingNetCents());
    await payout();
    await expectPaidIsPaymentsLessRefunds(server, b.invoiceId);
    await expectPaidIsPaymentsLessRefunds(server, c.invoiceId);
    // A charge whose fee Stripe had not settled when it was paid: the payout posts the fee, dated on the charge's day.
    fake.holdNextBalanceTransaction(3);
    const d = await paidByCard(30);
    expect(await balanceOf(server, A.paymentFees, d.invoiceId)).toBe(0);
    await payout();
    expect(await balanceOf(server, A.paymentFees, d.invoiceId)).toBe(fakeFeeCents(3000));
    const feeDays = await server.testDb.db('ledger_lines as l').join('ledger_entries as e', 'e.entry_id', 'l.entry_id')
      .where({ 'l.account_id': A.paymentFees, 'e.invoice_id': d.invoiceId }).select(server.testDb.db.raw("to_char(e.date, 'YYYY-MM-DD') as day"));
    expect(feeDays.map((r: { day: string }) => r.day)).toEqual([new Date(Date.now() - 3 * 86400_000).toISOString().slice(0, 10)]);
    // A payout the bank returned puts the money back on Stripe clearing.
    await deliver('payout.failed', { ...last, status: 'failed' });
    expect(await balanceOf(server, A.stripeClearing)).toBe(last.amount);

    // A payout whose failure is delivered before its paid report: nothing reached the bank, and the late report books nothing.
    await paidByCard(15);
    const early = fake.payout()!;
    const [clearing, bank] = [await balanceOf(server, A.stripeClearing), await balanceOf(server, A.bank)];
    expect((await deliver('payout.failed', { ...early, status: 'failed' })).status).toBe(200);
    expect((await deliver('payout.paid', early)).status).toBe(200);
    expect([await balanceOf(server, A.stripeClearing), await balanceOf(server, A.bank)]).toEqual([clearing, bank]);
  });

  it('a payment for an invoice cancelled or deleted meanwhile is kept as credit balance and raises an alert', async () => {
    const client = await createClientWithLogin(server.runtime.deps, 'Late Payer');
    const creditBalance = async () => (await admin.get(`/api/clients/${client.id}/`)).body.credit_balance;
    // Cancelled by a full credit note while the client sat on the checkout page.
    const cancelled = await createInvoice(server.runtime.deps, client.id, 70);
    await new InvoiceService(server.runtime.deps).send(cancelled.id, 'test');
    const s1 = (await server.client().agent.post(`/api/invoices/${cancelled.id}/create-checkout-session/`).send({})).body.sessionId;
    expect((await admin.post(`/api/invoices/${cancelled.id}/credit-notes/`, { reason: 'Order cancelled' })).status).toBe(201);
    expect((await deliver('checkout.session.completed', fake.complete(s1))).body.outcome).toBe('recorded');
    // A draft deleted after its pay link was opened.
    const deleted = await createInvoice(server.runtime.deps, client.id, 30);
    const s2 = (await server.client().agent.post(`/api/invoices/${deleted.id}/create-checkout-session/`).send({})).body.sessionId;
    expect((await admin.delete(`/api/invoices/${deleted.id}/`)).status).toBe(204);
    const session2 = fake.complete(s2);
    expect((await deliver('checkout.session.completed', session2)).body.outcome).toBe('recorded');
    expect((await deliver('checkout.session.completed', session2)).body.outcome).toBe('recorded');
    expect(await creditBalance()).toBe(100);
    // The same credit, whole, under the client in aged receivables and on its statement.
    expect(await creditElsewhere(client.id)).toEqual({ agedCredit: 100, agedTotal: 0, statementClosing: -10_000 });
    const rows = (await server.runtime.services.billing.statements.statement(client.id, {})).rows;
    expect(rows.filter((r) => r.kind === 'payment').map((r) => [r.invoiceNumber, r.creditCents])).toEqual(
      expect.arrayContaining([[cancelled.invoice_number, 7_000], [deleted.invoice_number, 3_000]]),
    );

    const query = `query { paymentAlerts(handled: false) { total items { id invoiceId invoiceNumber clientName reason amount handled } } }`;
    const alerts = (await admin.graphql(query)).body.data.paymentAlerts;
    const mine = alerts.items.filter((a: { clientName: string }) => a.clientName === 'Late Payer');
    expect(mine).toEqual([
      expect.objectContaining({ invoiceId: deleted.id, reason: 'deleted', amount: 30, handled: false }),
      expect.objectContaining({ invoiceId: cancelled.id, invoiceNumber: cancelled.invoice_number, reason: 'cancelled', amount: 70, handled: false }),
    ]);
    // Given back: the refund shrinks the credit balance; then it is marked handled. Over GraphQL a
    // deleted invoice has nothing to answer with: null, and no error for money that did move.
    const refundMutation = `mutation ($id: ID!, $input: RefundPaymentInput!) { refundPayment(paymentId: $id, input: $input) { id } }`;
    const partly = await admin.graphql(refundMutation, { id: mine[0].id, input: { amount: 10, reason: 'Invoice withdrawn', idempotencyKey: 'alert-dialog-1' } });
    expect(partly.body).toEqual({ data: { refundPayment: null } });
    expect(await creditBalance()).toBe(90);
    const refund = await admin.post(`/api/payments/${mine[0].id}/refund/`, { amount: '20', reason: 'Invoice withdrawn' });
    expect(refund.status).toBe(201);
    expect(await creditBalance()).toBe(70);
    expect((await admin.graphql(`mutation ($id: ID!) { markPaymentAlertHandled(id: $id) }`, { id: mine[0].id })).body.data.markPaymentAlertHandled).toBe(true);
    const left = (await admin.graphql(query)).body.data.paymentAlerts.items.filter((a: { clientName: string }) => a.clientName === 'Late Payer');
    expect(left.map((a: { reason: string }) => a.reason)).toEqual(['cancelled']);
    // Nothing of it reached receivables as if the deleted invoice were still owed.
    expect(await balanceOf(server, A.receivables, deleted.id)).toBe(0);
    expect(await creditElsewhere(client.id)).toEqual({ agedCredit: 70, agedTotal: 0, statementClosing: -7_000 });
  });

  it('a payment for a cancelled invoice found by reconcile on return from checkout is kept and raises an alert, as from the webhook', async () => {
    const client = await createClientWithLogin(server.runtime.deps, 'Returning Payer');
    const invoice = await createInvoice(server.runtime.deps, client.id, 45);
    await new InvoiceService(server.runtime.deps).send(invoice.id, 'test');
    const { sessionId } = (await server.client().agent.post(`/api/invoices/${invoice.id}/create-checkout-session/`).send({})).body;
    expect((await admin.post(`/api/invoices/${invoice.id}/credit-notes/`, { reason: 'Order cancelled' })).status).toBe(201);
    fake.complete(sessionId);
    const reconcile = () => server.client().agent.post('/api/payments/reconcile/').send({ session_id: sessionId });
    expect((await reconcile()).body).toEqual({ invoice_id: invoice.id, paid: true });
    expect((await reconcile()).body).toEqual({ invoice_id: invoice.id, paid: true });
    const payments = await server.testDb.db('invoice_payments').where({ invoice_id: invoice.id });
    expect(payments.map((p) => [Number(p.amount_cents), p.unexpected_reason])).toEqual([[4_500, 'cancelled']]);
    expect((await admin.get(`/api/clients/${client.id}/`)).body.credit_balance).toBe(45);
    const alerts = (await admin.graphql(`query { paymentAlerts(handled: false) { items { invoiceId reason amount } } }`)).body.data.paymentAlerts.items;
    expect(alerts.filter((a: { invoiceId: string }) => a.invoiceId === invoice.id)).toEqual([{ invoiceId: invoice.id, reason: 'cancelled', amount: 45 }]);
    expect(await creditElsewhere(client.id)).toEqual({ agedCredit: 45, agedTotal: 0, statementClosing: -4_500 });
  });

  it('refunds a bank transfer by hand, dated, from the bank account, without Stripe', async () => {
    const invoice = await createInvoice(server.runtime.deps, alice.id, 100);
    await new InvoiceService(server.runtime.deps).send(invoice.id, 'test');
    const paid = await admin.post(`/api/invoices/${invoice.id}/payments/`, { amount: '150', date: '2026-11-05', method: 'bank_transfer' });
    expect(paid.status).toBe(201);
    const payment = (await admin.get(`/api/invoices/${invoice.id}/payments/`)).body[0];
    const before = refundsAtStripe();
    expect((await admin.post(`/api/payments/${payment.id}/refund/`, { amount: '50', reason: 'Overpaid', date: '2026-11-04' })).status).toBe(400);
    const refundOnce = () =>
      admin.agent
        .post(`/api/payments/${payment.id}/refund/`)
        .set('X-CSRFToken', admin.csrfToken()!)
        .set('Idempotency-Key', 'refund-dialog-7')
        .send({ amount: '50', reason: 'Overpaid', date: '2026-11-06' });
    const res = await refundOnce();
    expect(res.status).toBe(201);
    // The same request again (a retry after a lost answer) is the same refund.
    expect((await refundOnce()).body.refund_id).toBe(res.body.refund_id);
    expect(refundsAtStripe()).toBe(before);
    expect(await balanceOf(server, A.bank, invoice.id)).toBe(10000);
    const lines = await server.testDb.db('ledger_lines as l').join('ledger_entries as e', 'e.entry_id', 'l.entry_id').where({ 'e.invoice_id': invoice.id, 'e.source_type': 'refund' }).select('l.date');
    expect(lines.map((l) => String(l.date instanceof Date ? l.date.toISOString().slice(0, 10) : l.date))).toEqual(['2026-11-06', '2026-11-06']);
    // The overpayment was the client's credit balance; the refund used it up.
    expect((await admin.get(`/api/clients/${alice.id}/`)).body.credit_balance).toBe(0);
    expect(await invoiceOf(invoice.id)).toMatchObject({ paid: true, open_amount: 0 });
  });
});

describe.each(testBackends())('the simulated gateway keeps a balance, charges fees and pays out on $name', (backend) => {
  let server: Server;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(backend, { limits: { publicFormsPerIp: 1000 } });
    admin = server.client();
    await admin.login();
  });
  afterAll(() => server?.close());

  it('posts the fee, refunds through the simulated balance, and a payout leaves Stripe clearing at zero', async () => {
    const client = await createClientWithLogin(server.runtime.deps, 'Sim Client');
    const invoice = await createInvoice(server.runtime.deps, client.id, 200);
    const { sessionId } = (await server.client().agent.post(`/api/invoices/${invoice.id}/create-checkout-session/`).send({})).body;
    await server.client().agent.post(`/simulated-checkout/${sessionId}/pay`).redirects(0);
    expect(await balanceOf(server, A.paymentFees, invoice.id)).toBe(simulatedFeeCents(20000));
    const payment = (await admin.get(`/api/invoices/${invoice.id}/payments/`)).body[0];
    expect(payment).toMatchObject({ method: 'card', fee: simulatedFeeCents(20000) / 100 });
    const refund = await admin.post(`/api/payments/${payment.id}/refund/`, { amount: '20', reason: 'Discount' });
    expect(refund.status).toBe(201);
    expect(refund.body.refund_id).toMatch(/^re_sim_/);
    expect((await admin.post(`/api/payments/${payment.id}/refund/`, { amount: '180.01', reason: 'Too much' })).status).toBe(400);
    const gateway = server.runtime.services.payments.gateway as SimulatedCheckoutGateway;
    expect(await balanceOf(server, A.stripeClearing)).toBe(await gateway.pendingBalanceCents());
    const payoutId = await simulatePayout(server.runtime.deps, server.runtime.services.payments);
    expect(payoutId).toMatch(/^po_sim_/);
    expect(await gateway.pendingBalanceCents()).toBe(0);
    expect(await balanceOf(server, A.stripeClearing)).toBe(0);
    expect(await balanceOf(server, A.bank)).toBe(20000 - simulatedFeeCents(20000) - 2000);
    expect(await simulatePayout(server.runtime.deps, server.runtime.services.payments)).toBeUndefined();
  });

  it('keeps a payout that settles a card payment not recorded yet, and delivers it again once the payment is in, as Stripe retries', async () => {
    const client = await createClientWithLogin(server.runtime.deps, 'Late Webhook Client');
    const invoice = await createInvoice(server.runtime.deps, client.id, 300);
    const { sessionId } = (await server.client().agent.post(`/api/invoices/${invoice.id}/create-checkout-session/`).send({})).body;
    const gateway = server.runtime.services.payments.gateway as SimulatedCheckoutGateway;
    const bankBefore = await balanceOf(server, A.bank);
    // Paid at the gateway; its webhook is held back.
    const held = (await gateway.pay(sessionId))!;
    expect(await simulatePayout(server.runtime.deps, server.runtime.services.payments)).toBeUndefined();
    expect(await retryPayouts(server.runtime.services.payments)).toEqual({ delivered: 0, waiting: 1 });
    expect(await balanceOf(server, A.stripeClearing)).toBe(0);
    // The payment's webhook arrives: the payout goes through on the next try, and clearing ends at zero.
    await server.runtime.services.payments.handleWebhook(Buffer.from(held.payload), held.signature);
    expect(await retryPayouts(server.runtime.services.payments)).toEqual({ delivered: 1, waiting: 0 });
    expect(await gateway.pendingBalanceCents()).toBe(0);
    await expect.poll(() => balanceOf(server, A.stripeClearing), { timeout: 20_000 }).toBe(0);
    expect(await balanceOf(server, A.bank)).toBe(bankBefore + 30000 - simulatedFeeCents(30000));
  });
});

describe.each(testBackends())('refunds over GraphQL on $name', (backend) => {
  let server: Server;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = server.client();
    await admin.login();
  });
  afterAll(() => server?.close());

  it('refundPayment records a cash refund and answers the invoice; payments show what was refunded', async () => {
    const client = await createClientWithLogin(server.runtime.deps, 'Graph Client');
    const invoice = await createInvoice(server.runtime.deps, client.id, 40);
    await new InvoiceService(server.runtime.deps).send(invoice.id, 'test');
    await admin.post(`/api/invoices/${invoice.id}/payments/`, { amount: '40', date: '2026-11-02', method: 'cash' });
    const paymentId = (await admin.get(`/api/invoices/${invoice.id}/payments/`)).body[0].id;
    const mutation = `mutation ($id: ID!, $input: RefundPaymentInput!) { refundPayment(paymentId: $id, input: $input) { id paid openAmount payments { refundedAmount disputeStatus fee } } }`;
    const res = await admin.graphql(mutation, { id: paymentId, input: { amount: 15, reason: 'Returned seat', date: '2026-11-03', idempotencyKey: 'dialog-1' } });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.refundPayment).toMatchObject({ id: invoice.id, paid: false, openAmount: 15, payments: [{ refundedAmount: 15, disputeStatus: null, fee: 0 }] });
    const over = await admin.graphql(mutation, { id: paymentId, input: { amount: 25.01, reason: 'x' } });
    expect(over.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(Object.keys(over.body.errors[0].extensions.fieldErrors)).toEqual(['amount']);
  });
});
