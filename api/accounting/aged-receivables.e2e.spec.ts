import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGING_EDGES } from '../../domain/accounting/aging';
import { addDays } from '../../domain/shared/dates';
import { agedSums } from '../../projections/ledger/receivables/queries';
import { fillReceivablesFromLines } from '../../projections/ledger/receivables/writer';
import { testBackends } from '../../test/db';
import { deliverStripeEvent, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from '../invoicing/test/fixtures';

/** A small deterministic generator (mulberry32), so a failing history can be replayed. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const WEBHOOK_SECRET = 'whsec_aging_secret';

const QUERY = `query($asOf: String) { agedReceivables(asOf: $asOf) { asOf net total creditBalance totals { current days1to30 days31to60 days61to90 over90 } clients { clientName total creditBalance buckets { current over90 } } } }`;

describe.each(testBackends())('aged receivables on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let fake: FakeStripe;
  /** The server's day: gateway payments are dated the day they arrive. */
  const TODAY = '2026-12-31';
  let today = TODAY;

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startTestServer(backend, {
      clock: () => new Date(`${today}T12:00:00Z`),
      env: { STRIPE_SECRET_KEY: 'sk_test_aging', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url },
      limits: { publicFormsPerIp: 1000 },
    });
    admin = await adminOf(server);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const deliver = (type: string, object: object, on: string) => deliverStripeEvent(server.client(), WEBHOOK_SECRET, type, object, undefined, new Date(`${on}T12:00:00Z`));

  /** A card payment through checkout, arriving on `on`; answers its payment intent. */
  const payByCard = async (invoiceId: string, on: string, before?: () => Promise<void>) => {
    const { sessionId } = (await server.client().agent.post(`/api/invoices/${invoiceId}/create-checkout-session/`).send({})).body;
    expect(sessionId).toBeTruthy();
    await before?.();
    today = on;
    try {
      const session = fake.complete(sessionId);
      expect((await deliver('checkout.session.completed', session, on)).body.outcome).toBe('recorded');
      return session.payment_intent!;
    } finally {
      today = TODAY;
    }
  };

  /** The balance sheet's receivables (what clients owe) and its customer credit liability (IAS 1.32: not netted). */
  const receivables = async (asOf: string) => {
    const sheet = (await admin.get(`/api/reports/balance-sheet/?as_of=${asOf}`)).body;
    expect(sheet.total_assets).toBe(sheet.total_liabilities_and_equity);
    return {
      owed: sheet.assets.find((a: { account: string }) => a.account === 'Accounts Receivable')?.balance ?? 0,
      credit: sheet.liabilities.find((l: { account_id: string | null; account: string }) => l.account_id === null && l.account === 'Customer credit balances')?.balance ?? 0,
    };
  };

  it('ages a generated history of invoices, payments, credit notes, refunds, disputes, applied credit and payments kept for deleted invoices, and always equals the balance sheet\'s receivables and customer credit', async () => {
    const next = random(20261125);
    const clients = [await createClient(admin, { name: 'Alpha Ltd' }), await createClient(admin, { name: 'Beta SA' }), await createClient(admin, { name: 'Γάμμα Α.Ε.' })];
    const issued: Array<{ id: string; clientId: string; date: string }> = [];
    for (let i = 0; i < 30; i++) {
      const client = clients[Math.floor(next() * clients.length)]!;
      const date = addDays('2026-01-05', Math.floor(next() * 330));
      const due = addDays(date, [0, 14, 30][Math.floor(next() * 3)]!);
      const price = Math.round(next() * 200_000) / 100 + 1;
      const inv = await createInvoice(admin, { client: client.id, date, due_date: due, items: [{ description: `Service ${i}`, unit_price: price, vat_rate: [0, 19, 24][i % 3] }] });
      if (next() < 0.2) continue; // a draft: owed all the same (it is posted), aged by its due date
      expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
      issued.push({ id: inv.id, clientId: client.id, date });
      const roll = next();
      const paidOn = addDays(date, Math.floor(next() * 60));
      if (roll < 0.22) {
        // Partly paid.
        await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: Math.max(0.01, Math.round(inv.total_amount * 40) / 100), date: paidOn, method: 'bank_transfer' });
      } else if (roll < 0.34) {
        // Paid, then part credited: the credit is the client's credit balance.
        await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: inv.total_amount, date: paidOn, method: 'card' });
        // At the invoice's own rate: a credit note credits only what its invoice charged.
        const credited = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Discount', date: addDays(paidOn, 3), items: [{ description: 'Discount', unit_price: 1, vat_rate: [0, 19, 24][i % 3] }] });
        expect(credited.status, JSON.stringify(credited.body)).toBe(201);
      } else if (roll < 0.44) {
        // Paid more than owed.
        await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: inv.total_amount + 10, date: paidOn, method: 'bank_transfer' });
      } else if (roll < 0.52) {
        await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Cancelled', date: paidOn });
      } else if (roll < 0.64) {
        // Paid more than owed by bank, then part given back: the refund is owed again or shrinks the credit.
        await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: inv.total_amount + 20, date: paidOn, method: 'bank_transfer' });
        const payment = (await admin.get(`/api/invoices/${inv.id}/payments/`)).body[0];
        const back = Math.round(next() * (inv.total_amount + 20) * 100) / 100 || 0.01;
        const refund = await admin.post(`/api/payments/${payment.id}/refund/`, { amount: back.toFixed(2), reason: 'Returned', date: addDays(paidOn, 5) });
        expect(refund.status).toBe(201);
      } else if (roll < 0.76) {
        // Paid by card, then disputed: held apart while open, owed again if lost, back if won.
        const pi = await payByCard(inv.id, paidOn);
        const dispute = fake.dispute(pi);
        const openedOn = addDays(paidOn, 10);
        expect((await deliver('charge.dispute.created', dispute, openedOn)).status).toBe(200);
        const close = next();
        if (close < 0.4) await deliver('charge.dispute.closed', fake.closeDispute(dispute.id, 'lost'), addDays(openedOn, 20));
        else if (close < 0.7) await deliver('charge.dispute.closed', fake.closeDispute(dispute.id, 'won'), addDays(openedOn, 20));
      }
    }
    // Drafts deleted while their pay link was open: the payment is kept as the client's credit.
    for (const client of clients.slice(0, 2)) {
      const date = addDays('2026-02-01', Math.floor(next() * 200));
      const draft = await createInvoice(admin, { client: client.id, date, due_date: addDays(date, 14), items: [{ description: 'Withdrawn', unit_price: 37.5, vat_rate: 0 }] });
      await payByCard(draft.id, addDays(date, 3), async () => {
        expect((await admin.delete(`/api/invoices/${draft.id}/`)).status).toBe(204);
      });
    }
    // Credit balance applied to an open invoice of the same client (both halves posted).
    let applied = 0;
    for (const client of clients) {
      const credit = (await admin.get(`/api/clients/${client.id}/`)).body.credit_balance as number;
      const target = [];
      for (const inv of issued.filter((x) => x.clientId === client.id)) {
        if ((await admin.get(`/api/invoices/${inv.id}/`)).body.open_amount > 0) target.push(inv);
      }
      if (credit <= 0 || target.length === 0) continue;
      const to = target[Math.floor(next() * target.length)]!;
      const open = (await admin.get(`/api/invoices/${to.id}/`)).body.open_amount as number;
      const amount = Math.max(0.01, Math.floor(Math.min(credit, open) * 50) / 100);
      const res = await admin.post(`/api/clients/${client.id}/apply_credit/`, { invoice_id: to.id, amount, date: addDays(to.date, 20) > '2026-12-20' ? '2026-12-20' : addDays(to.date, 20) });
      expect(res.status).toBe(201);
      applied++;
    }
    expect(applied).toBeGreaterThan(0);
    const movements = await server.testDb.db('invoice_payments').select(
      server.testDb.db.raw("count(*) filter (where refunded_cents > 0) as refunds, count(*) filter (where dispute_status is not null) as disputes, count(*) filter (where unexpected_reason = 'deleted') as kept"),
    );
    expect(Object.values(movements[0]!).map(Number).every((n) => n > 0)).toBe(true);
    const asOfs = ['2025-12-31', '2026-01-31', '2026-03-31', '2026-06-30', '2026-09-15', '2026-11-30', '2026-12-31', '2027-06-30'];
    for (const asOf of asOfs) {
      const res = await admin.get(`/api/reports/aged-receivables/?as_of=${asOf}`);
      expect(res.status).toBe(200);
      const r = res.body;
      expect(r.as_of).toBe(asOf);
      const ar = await receivables(asOf);
      expect({ asOf, owed: r.totals.total, credit: r.totals.credit_balance }).toEqual({ asOf, owed: ar.owed, credit: ar.credit });
      const bucketSum = Math.round((r.totals.current + r.totals.days_1_30 + r.totals.days_31_60 + r.totals.days_61_90 + r.totals.over_90) * 100);
      expect(bucketSum).toBe(Math.round(r.totals.total * 100));
      expect(Math.round((r.totals.total - r.totals.credit_balance) * 100)).toBe(Math.round(r.totals.net * 100));
      const perClient = r.clients.reduce((s: number, c: { total: number }) => s + Math.round(c.total * 100), 0);
      expect(perClient).toBe(Math.round(r.totals.total * 100));
      const gql = await admin.graphql(QUERY, { asOf });
      expect(gql.body.errors).toBeUndefined();
      expect(gql.body.data.agedReceivables).toMatchObject({ asOf, net: r.totals.net, total: r.totals.total, creditBalance: r.totals.credit_balance });
      // From today on, each client's credit is its credit balance on the client page; nothing is under no client.
      if (asOf >= TODAY) {
        for (const client of clients) {
          const row = r.clients.find((c: { client_id: string }) => c.client_id === client.id);
          expect({ asOf, client: client.name, credit: row?.credit_balance ?? 0 }).toEqual({ asOf, client: client.name, credit: (await admin.get(`/api/clients/${client.id}/`)).body.credit_balance });
        }
        expect(r.clients.filter((c: { client_id: string | null }) => c.client_id === null)).toEqual([]);
      }
    }
    // The open balances less later changes and the changes summed from the start agree on every day.
    const sorted = (rows: Array<{ client_id: string | null; bucket: string; cents: number | string }>) =>
      rows.map((r) => `${r.client_id}|${r.bucket}|${Number(r.cents)}`).sort();
    for (let asOf = '2025-12-31'; asOf <= '2027-01-31'; asOf = addDays(asOf, 9)) {
      const recent = await agedSums(server.testDb.db, asOf, AGING_EDGES, 'over90', 'recent');
      const full = await agedSums(server.testDb.db, asOf, AGING_EDGES, 'over90', 'full');
      expect({ asOf, rows: sorted(recent) }).toEqual({ asOf, rows: sorted(full) });
    }
    // The migration's fill from the journal lines and the invoice list equals what the projection wrote,
    // the per-(client, due date) sums included.
    const db = server.testDb.db;
    const tables = async () => ({
      changes: await db('receivable_changes').select('*').orderBy(['invoice_id', 'date']),
      balances: await db('receivable_balances').select('*').orderBy('invoice_id'),
      dueChanges: await db('receivable_due_changes').select('*').orderBy(['date', 'client_id', 'due_date']),
      dueBalances: await db('receivable_due_balances').select('*').orderBy(['client_id', 'due_date']),
    });
    const live = await tables();
    expect(live.balances.length).toBeGreaterThan(0);
    expect(live.dueChanges.length).toBeGreaterThan(0);
    await db.transaction(async (trx) => {
      await trx('receivable_changes').delete();
      await trx('receivable_balances').delete();
      await trx('receivable_due_changes').delete();
      await trx('receivable_due_balances').delete();
      await fillReceivablesFromLines(trx);
    });
    expect(await tables()).toEqual(live);
  }, 240_000);

  it('puts an invoice in the bucket of its days past due, and shows overpayment as credit balance', async () => {
    const client = await createClient(admin, { name: 'Zeta Bucket Ltd' });
    const late = await createInvoice(admin, { client: client.id, date: '2026-08-01', due_date: '2026-08-15', items: [{ description: 'Audit', unit_price: 100, vat_rate: 0 }] });
    expect(late.total_amount).toBe(100);
    const over = await createInvoice(admin, { client: client.id, date: '2026-08-01', due_date: '2026-08-15', items: [{ description: 'Audit', unit_price: 50, vat_rate: 0 }] });
    await admin.post(`/api/invoices/${over.id}/send/`);
    await admin.post(`/api/invoices/${over.id}/payments/`, { amount: 80, date: '2026-08-10', method: 'cash' });
    const at = async (asOf: string) => (await admin.get(`/api/reports/aged-receivables/?as_of=${asOf}`)).body.clients.find((c: { client: string }) => c.client === 'Zeta Bucket Ltd');
    expect(await at('2026-08-15')).toMatchObject({ current: 100, days_1_30: 0, total: 100, credit_balance: 30 });
    expect(await at('2026-09-14')).toMatchObject({ current: 0, days_1_30: 100 });
    expect(await at('2026-09-15')).toMatchObject({ days_1_30: 0, days_31_60: 100 });
    expect(await at('2026-10-14')).toMatchObject({ days_31_60: 100 });
    expect(await at('2026-10-15')).toMatchObject({ days_61_90: 100 });
    expect(await at('2026-11-13')).toMatchObject({ days_61_90: 100 });
    expect(await at('2026-11-14')).toMatchObject({ days_61_90: 0, over_90: 100 });
    // The excess is the client's credit balance on its page too.
    expect((await admin.get(`/api/clients/${client.id}/`)).body.credit_balance).toBe(30);
    const gql = await admin.graphql('query($id: ID!) { client(id: $id) { creditBalance } }', { id: client.id });
    expect(gql.body.data.client.creditBalance).toBe(30);
    // Before the invoices existed the client owed nothing.
    expect(await at('2026-07-31')).toBeUndefined();
  });

  it('refuses a from date and a malformed day', async () => {
    const res = await admin.get('/api/reports/aged-receivables/?from=2026-01-01');
    expect(res.status).toBe(400);
    expect((await admin.get('/api/reports/aged-receivables/?as_of=2026-13-01')).status).toBe(400);
  });
});
