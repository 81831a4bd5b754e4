import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../api/config';
import { startRuntime } from '../api/runtime';
import { rebuildProjection } from '../projections/rebuild';
import { projections } from '../api/read-models';
import { createClientWithLogin } from '../test/billing-fixtures';
import { ADMIN, TestClient } from '../test/server';
import { SimulatedCheckoutGateway } from '../api/payments/simulated-gateway';
import { simulatePayout } from '../api/payments/simulated-payouts';
import { SYSTEM_ACCOUNT_IDS } from '../domain/accounting/accounts';
import { benchTarget, figure, scratchDatabase } from './support';

/**
 * A bounded soak on loopback: workers mix reads, invoice writes, payments (pay link + simulated
 * checkout, mark as paid, partial payments by hand, overpayments applied as credit), refunds,
 * disputes, payouts and report queries for SOAK_SECONDS, then the books are checked: every
 * invoice's paid amount equals its payments less refunds, lost disputes and credit moved away,
 * Accounts Receivable equals the sum of open amounts (less credit balances), Client Credit
 * Transfers is zero, Stripe clearing equals what the simulated Stripe has not paid out, the trial balance
 * is zero, and every read model equals its rebuild. Exits non-zero on any 5xx, unexpected answer
 * or inconsistency.
 */
const seconds = Number(process.env.SOAK_SECONDS ?? 300);
const concurrency = Number(process.env.SOAK_CONCURRENCY ?? 6);
const { url, prefix } = benchTarget();
const scratch = url ? await scratchDatabase(url) : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grc-soak-'));
const config = loadConfig({
  NODE_ENV: 'test',
  PORT: '0',
  DATA_DIR: dataDir,
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  SEED_DEMO: 'false',
  RECURRING_SCHEDULE: 'false',
  ...(scratch ? { DATABASE_URL: scratch.url } : {}),
});
const runtime = await startRuntime(config, { limits: { loginPerIp: 1e9, loginPerUsername: 1e9, publicFormsPerIp: 1e9 } });
config.publicBaseUrl = runtime.url;
const db = runtime.deps.db;

const tally = { requests: 0, errors: 0, payments: 0, invoices: 0, refunds: 0, disputes: 0, payouts: 0, credits: 0 };
const gateway = runtime.services.payments.gateway as SimulatedCheckoutGateway;
const errors: string[] = [];
const expectStatus = <R extends { status: number; text?: string }>(what: string, res: R, ...ok: number[]): R => {
  tally.requests++;
  if (!ok.includes(res.status)) {
    tally.errors++;
    if (errors.length < 20) errors.push(`${what}: ${res.status} ${res.text?.slice(0, 200)}`);
  }
  return res;
};

const clients = await Promise.all(Array.from({ length: 4 }, (_, i) => createClientWithLogin(runtime.deps, `Soak Client ${i}`)));
const portal = await Promise.all(clients.map(async (c) => {
  const t = new TestClient(runtime.url);
  await t.login(c.username, c.password);
  return t;
}));

const worker = async (w: number, until: number) => {
  const admin = new TestClient(runtime.url);
  await admin.login();
  const anon = new TestClient(runtime.url);
  const unpaid: string[] = [];
  let n = 0;
  while (Date.now() < until) {
    const roll = (n++ * 7 + w * 13) % 20;
    const c = clients[(n + w) % clients.length]!;
    if (roll < 6) {
      const r = roll % 3;
      if (r === 0) expectStatus('list invoices', await admin.get('/api/invoices/'), 200);
      else if (r === 1) expectStatus('portal', await portal[(n + w) % portal.length]!.get('/api/portal/my-account/'), 200);
      else if (unpaid[0]) expectStatus('public invoice', await anon.get(`/api/public/invoices/${unpaid[0]}/`), 200);
    } else if (roll < 11) {
      const res = expectStatus('create invoice', await admin.post('/api/invoices/', { client: c.id, date: '2026-11-01', due_date: '2026-11-30', items: [{ description: `Soak ${w}-${n}`, unit_price: 10 + (n % 90), quantity: 1 + (n % 3), vat_rate: 19 }] }), 201);
      if (res.status === 201) {
        unpaid.push(res.body.id);
        tally.invoices++;
      }
    } else if (roll < 16 && unpaid.length) {
      const id = unpaid.shift()!;
      const kind = (n + w) % 4;
      if (kind === 0 || kind === 1) {
        const session = expectStatus('checkout', await anon.post(`/api/invoices/${id}/create-checkout-session/`, {}), 200);
        const sid = new URL(session.body.url ?? 'http://x/none').pathname.split('/').pop();
        expectStatus('simulated pay', await anon.post(`/simulated-checkout/${sid}/pay`), 303);
        // The card payment (an invoice that received credit has a credit payment first).
        const payment = (expectStatus('payments', await admin.get(`/api/invoices/${id}/payments/`), 200).body as { id: string; method: string; reference: string }[]).find((p) => p.method === 'card');
        if (payment && kind === 0) {
          // A partial refund through the simulated Stripe.
          expectStatus('card refund', await admin.post(`/api/payments/${payment.id}/refund/`, { amount: '1.50', reason: 'Soak goodwill' }), 201);
          tally.refunds++;
        } else if (payment && n % 3 === 0) {
          // A dispute, opened and decided (alternately won and lost), delivered as Stripe would: signed, over HTTP.
          const pi = payment.reference as string;
          for (const d of await gateway.dispute(pi, n % 2 ? 'won' : 'lost')) {
            const delivered = await anon.agent.post('/api/stripe/webhook/').set('Content-Type', 'application/json').set('Stripe-Signature', d.signature).send(d.payload);
            expectStatus('dispute webhook', delivered, 200);
          }
          tally.disputes++;
        }
      } else if (kind === 2) {
        expectStatus('mark paid', await admin.post(`/api/invoices/${id}/mark_as_paid/`), 200);
      } else {
        // Partly paid by hand, then the rest, then a refund of part of it paid out from the bank.
        const open = expectStatus('invoice', await admin.get(`/api/invoices/${id}/`), 200).body.open_amount as number;
        expectStatus('send', await admin.post(`/api/invoices/${id}/send/`), 200);
        expectStatus('partial payment', await admin.post(`/api/invoices/${id}/payments/`, { amount: '5.00', date: '2026-11-02', method: 'bank_transfer' }), 201);
        expectStatus('rest paid', await admin.post(`/api/invoices/${id}/payments/`, { amount: (open - 5).toFixed(2), date: '2026-11-03', method: 'cash' }), 201);
        const first = (expectStatus('payments', await admin.get(`/api/invoices/${id}/payments/`), 200).body as { id: string; method: string }[]).find((p) => p.method === 'bank_transfer');
        if (first) expectStatus('bank refund', await admin.post(`/api/payments/${first.id}/refund/`, { amount: '2.00', reason: 'Soak', date: '2026-11-04' }), 201);
        tally.refunds++;
        if (n % 2 === 0) {
          // Overpaid by 3.00, then part of that credit applied to a new invoice of the same client.
          expectStatus('overpayment', await admin.post(`/api/invoices/${id}/payments/`, { amount: '5.00', date: '2026-11-05', method: 'bank_transfer' }), 201);
          const clientId = expectStatus('invoice', await admin.get(`/api/invoices/${id}/`), 200).body.client.id as string;
          const next = expectStatus('create invoice', await admin.post('/api/invoices/', { client: clientId, date: '2026-11-01', due_date: '2026-11-30', items: [{ description: `Soak credit ${w}-${n}`, unit_price: 20, quantity: 1, vat_rate: 19 }] }), 201);
          expectStatus('send', await admin.post(`/api/invoices/${next.body.id}/send/`), 200);
          const applied = await admin.agent
            .post(`/api/clients/${clientId}/apply_credit/`)
            .set('X-CSRFToken', admin.csrfToken()!)
            .set('Idempotency-Key', `soak-${w}-${n}`)
            .send({ invoice_id: next.body.id, amount: '1.50', date: '2026-11-06' });
          expectStatus('apply credit', applied, 201);
          tally.credits++;
          unpaid.push(next.body.id);
          tally.invoices++;
        }
      }
      tally.payments++;
    } else if (roll === 18 && w === 0) {
      // Stripe's automatic payout, while everything else goes on.
      if (await simulatePayout(runtime.deps, runtime.services.payments)) tally.payouts++;
    } else {
      const report = ['/api/reports/balance-sheet/', '/api/reports/income-statement/?from=2026-01-01&to=2026-12-31', '/api/reports/cash-flow/'][n % 3]!;
      if (roll === 19) expectStatus('trial balance', await admin.graphql('{ trialBalance { __typename } }'), 200);
      else expectStatus('report', await admin.get(report), 200);
    }
  }
};

const started = Date.now();
await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w, started + seconds * 1000)));
const elapsed = (Date.now() - started) / 1000;
await runtime.deps.projections.waitFor(await runtime.deps.eventStore.headPosition(), { timeoutMs: 30_000 }).catch(() => false);
await new Promise((r) => setTimeout(r, 1000));

// A last payout settles what is left: Stripe clearing must then hold what Stripe has not paid out (nothing).
if (await simulatePayout(runtime.deps, runtime.services.payments)) tally.payouts++;
await runtime.deps.projections.waitFor(await runtime.deps.eventStore.headPosition(), { timeoutMs: 30_000 }).catch(() => false);

const accountBalance = async (accountId: string) => Number((await db('ledger_lines').where({ account_id: accountId }).select(db.raw('coalesce(sum(debit_cents - credit_cents), 0) as b')).first()).b);

// Consistency: every invoice's paid amount is its payments less refunds, lost disputes and credit
// moved to other invoices (credit received is a payment), and its paid flag follows.
const mismatched = await db('invoice_list as i')
  .leftJoin(
    db('invoice_payments')
      .select('invoice_id')
      .sum({ total: db.raw("amount_cents - refunded_cents - case when dispute_status = 'lost' then disputed_cents else 0 end") })
      .groupBy('invoice_id')
      .as('p'),
    'p.invoice_id',
    'i.id',
  )
  .leftJoin(db('credit_transfers').select('from_invoice_id').sum({ moved: 'amount_cents' }).groupBy('from_invoice_id').as('t'), 't.from_invoice_id', 'i.id')
  .whereRaw(
    'i.paid_cents <> coalesce(p.total, 0) - coalesce(t.moved, 0) or i.paid <> (coalesce(p.total, 0) > 0 and coalesce(p.total, 0) - coalesce(t.moved, 0) >= i.gross_cents - i.credited_cents)',
  )
  .select('i.id');
const transfersBalance = await accountBalance(SYSTEM_ACCOUNT_IDS.creditTransfers);
// Accounts Receivable is what the invoices still ask (negative where they were paid beyond it).
const [{ owed }] = await db('invoice_list').select(db.raw('coalesce(sum(gross_cents - credited_cents - paid_cents), 0) as owed'));
const receivablesDifference = (await accountBalance(SYSTEM_ACCOUNT_IDS.receivables)) - Number(owed);
const clearingDifference = (await accountBalance(SYSTEM_ACCOUNT_IDS.stripeClearing)) - (await gateway.pendingBalanceCents());
const [{ n: paidInvoices }] = await db('invoice_list').where({ paid: true }).count({ n: '*' });
const [{ debit, credit }] = await db('ledger_lines').sum({ debit: 'debit_cents', credit: 'credit_cents' });

// Read models equal to a replay from position 0 (serial ids aside).
const hashTables = async (tables: string[]) => {
  const out: Record<string, string> = {};
  for (const t of tables) {
    const res = await db.raw(`select count(*)::text as n, coalesce(sum(hashtext((to_jsonb(x) - 'id')::text)::bigint), 0)::text as h from ?? x`, [t]);
    const row = (res.rows ?? res)[0];
    out[t] = `${row.n}:${row.h}`;
  }
  return out;
};
const differing: string[] = [];
for (const p of projections()) {
  const before = await hashTables(p.tables);
  const result = await rebuildProjection({ db, store: runtime.deps.eventStore, logger: runtime.deps.logger, engine: runtime.deps.projections, projections: projections() }, p.name, { timeoutMs: 120_000 });
  const after = await hashTables(p.tables);
  for (const t of p.tables) if (before[t] !== after[t] || !result.caughtUp) differing.push(`${p.name}.${t}`);
}

figure(prefix, 'soak_duration', elapsed, 's');
figure(prefix, 'soak_requests', tally.requests, 'requests');
figure(prefix, 'soak_errors', tally.errors, 'requests');
figure(prefix, 'soak_throughput', tally.requests / elapsed, 'req/s');
figure(prefix, 'soak_invoices_created', tally.invoices, 'invoices');
figure(prefix, 'soak_payments', tally.payments, 'payments');
figure(prefix, 'soak_paid_invoices', Number(paidInvoices), 'invoices');
figure(prefix, 'soak_refunds', tally.refunds, 'refunds');
figure(prefix, 'soak_disputes', tally.disputes, 'disputes');
figure(prefix, 'soak_payouts', tally.payouts, 'payouts');
figure(prefix, 'soak_credit_applications', tally.credits, 'applications');
figure(prefix, 'soak_credit_transfers_balance', transfersBalance, 'cents');
figure(prefix, 'soak_paid_state_mismatches', mismatched.length, 'invoices');
figure(prefix, 'soak_receivables_minus_open_amounts', receivablesDifference, 'cents');
figure(prefix, 'soak_stripe_clearing_minus_unpaid_out', clearingDifference, 'cents');
figure(prefix, 'soak_trial_balance_difference', Number(debit ?? 0) - Number(credit ?? 0), 'cents');
figure(prefix, 'soak_read_models_differing_from_rebuild', differing.length, 'tables');
for (const e of errors) console.error(e);
if (differing.length) console.error(`differ from rebuild: ${differing.join(', ')}`);

await runtime.stop();
await scratch?.drop();
fs.rmSync(dataDir, { recursive: true, force: true });
const failed = tally.errors > 0 || mismatched.length > 0 || transfersBalance !== 0 || receivablesDifference !== 0 || clearingDifference !== 0 || Number(debit ?? 0) !== Number(credit ?? 0) || differing.length > 0;
process.exit(failed ? 1 : 0);
