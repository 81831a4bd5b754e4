import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS as A } from '../../domain/accounting/accounts';
import { createClientWithLogin, createInvoice } from '../../test/billing-fixtures';
import { testBackends } from '../../test/db';
import { deliverStripeEvent, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';

const WEBHOOK_SECRET = 'whsec_payout_account_secret';
const WAIT = { timeout: 20_000 };

/** Debit minus credit of a ledger account, in cents. */
const balanceOf = async (server: TestServer, accountId: string): Promise<number> => {
  const row = await server.testDb.db('ledger_lines').where({ account_id: accountId }).select(server.testDb.db.raw('coalesce(sum(debit_cents - credit_cents), 0) as b')).first();
  return Number(row.b);
};

describe.each(testBackends())('Stripe payouts into the payout default’s money account on $name', (backend) => {
  let server: TestServer;
  let fake: FakeStripe;
  let admin: TestClient;
  let clientId: string;
  let savings: { id: string; ledger_account: { id: string } };

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startTestServer(backend, {
      env: { STRIPE_SECRET_KEY: 'sk_test_payout_account', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url },
      limits: { publicFormsPerIp: 1000 },
    });
    admin = server.client();
    await admin.login();
    clientId = (await createClientWithLogin(server.runtime.deps, 'Payout Holdings')).id;
    const made = await admin.post('/api/bank-accounts/', { name: 'Stripe Receipts', iban: 'DE89370400440532013000' });
    expect(made.status, made.text).toBe(201);
    savings = made.body;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const deliver = (type: string, object: object) => deliverStripeEvent(server.client(), WEBHOOK_SECRET, type, object);
  const paidByCard = async (euros: number) => {
    const invoice = await createInvoice(server.runtime.deps, clientId, euros);
    const { sessionId } = (await server.client().agent.post(`/api/invoices/${invoice.id}/create-checkout-session/`).send({})).body;
    expect((await deliver('checkout.session.completed', fake.complete(sessionId))).status).toBe(200);
  };
  const movements = async (moneyAccountId: string) => (await admin.get(`/api/bank-accounts/${moneyAccountId}/movements/`)).body as Array<{ source: string; description: string; amount: number }>;

  it('posts a payout to the chosen account’s ledger account, where it waits as an open movement; a failure reverses it there even after the default changed', async () => {
    expect((await admin.put('/api/money-account-defaults/', { payout: savings.id })).status).toBe(200);
    await paidByCard(119);
    const bankBefore = await balanceOf(server, A.bank);
    const payout = fake.payout()!;
    expect(payout.amount).toBeGreaterThan(0);
    expect((await deliver('payout.paid', payout)).status).toBe(200);

    await expect.poll(() => balanceOf(server, savings.ledger_account.id), WAIT).toBe(payout.amount);
    expect(await balanceOf(server, A.stripeClearing)).toBe(0);
    expect(await balanceOf(server, A.bank)).toBe(bankBefore);
    // The event says where it went, so the read models can be rebuilt to the same postings.
    const [stored] = await server.testDb.db('events').where({ type: 'PayoutPaid' }).select('data');
    expect(typeof stored.data === 'string' ? JSON.parse(stored.data) : stored.data).toMatchObject({ payoutId: payout.id, cashAccountId: savings.ledger_account.id });
    // Waiting on the account for its statement line.
    expect((await movements(savings.id)).filter((m) => m.source === 'payout')).toEqual([expect.objectContaining({ description: `Payout ${payout.id}`, amount: payout.amount / 100 })]);
    const bankAccount = ((await admin.get('/api/bank-accounts/')).body as Array<{ id: string; ledger_account: { id: string } }>).find((a) => a.ledger_account.id === A.bank)!;
    expect((await movements(bankAccount.id)).filter((m) => m.source === 'payout')).toEqual([]);

    // A replayed report changes nothing; the default goes back to the books' Bank, and the bank returns the payout.
    expect((await deliver('payout.paid', payout)).status).toBe(200);
    expect((await admin.put('/api/money-account-defaults/', {})).status).toBe(200);
    expect((await deliver('payout.failed', { ...payout, status: 'failed' })).status).toBe(200);
    await expect.poll(() => balanceOf(server, savings.ledger_account.id), WAIT).toBe(0);
    expect(await balanceOf(server, A.stripeClearing)).toBe(payout.amount);
    expect(await balanceOf(server, A.bank)).toBe(bankBefore);
  });

  it('without a payout default posts to the books’ own Bank, as before', async () => {
    await paidByCard(50);
    const bankBefore = await balanceOf(server, A.bank);
    const payout = fake.payout()!;
    expect((await deliver('payout.paid', payout)).status).toBe(200);
    await expect.poll(() => balanceOf(server, A.bank), WAIT).toBe(bankBefore + payout.amount);
    expect(await balanceOf(server, savings.ledger_account.id)).toBe(0);
  });
});
