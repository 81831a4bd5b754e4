import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../api/platform/config';
import { startRuntime } from '../api/main/runtime';
import { rebuildProjection } from '../projections/rebuild';
import { projections } from '../api/main/read-models';
import { createClientWithLogin } from '../test/billing-fixtures';
import { ADMIN, TestClient } from '../test/server';
import { SimulatedCheckoutGateway } from '../api/payments/simulated-gateway';
import { retryPayouts, simulatePayout } from '../api/payments/simulated-payouts';
import { SYSTEM_ACCOUNT_IDS } from '../domain/accounting/accounts';
import { startFaultMode } from './soak-faults';
import { benchTarget, figure, scratchDatabase } from './support';

/**
 * A bounded soak on loopback: workers mix reads, invoice writes, payments (pay link + simulated
 * checkout, some of whose webhooks arrive late, mark as paid, partial payments by hand,
 * overpayments applied as credit), refunds, disputes, bad-debt write-offs (of invoices partly
 * paid or not, owed again after a lost dispute, or paid by a card whose webhook is still on its
 * way) and the payments that recover them, payouts and report queries for SOAK_SECONDS, then the
 * books are checked: every card payment is dated on its charge's day, every invoice's paid amount
 * equals its payments less refunds, lost disputes and credit moved away, Accounts Receivable
 * equals the sum of open amounts (less credit balances; a write-off not recovered is no longer
 * open), Bad Debts equals what was written off less what payments recovered of it, in all and per
 * invoice, every write-off and recovery the soak made is in the books as answered, Client Credit
 * Transfers is zero, Stripe clearing equals what the simulated Stripe has not paid out, the trial
 * balance is zero, and every read model equals its rebuild. Exits non-zero on any 5xx, unexpected answer
 * or inconsistency. SOAK_FAULTS=1 runs the server as separate processes on a database of its own,
 * and kills processes and restarts the database during the run (bench/soak-faults.ts).
 */
const seconds = Number(process.env.SOAK_SECONDS ?? 300);
const concurrency = Number(process.env.SOAK_CONCURRENCY ?? 6);
const faults = process.env.SOAK_FAULTS === '1' ? await startFaultMode() : undefined;
const { url, prefix } = faults ? { url: undefined, prefix: '' } : benchTarget();
const scratch = url ? await scratchDatabase(url) : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grc-soak-'));
const env = {
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  SEED_DEMO: 'false',
  RECURRING_SCHEDULE: 'false',
  ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  ...(faults ? { DATABASE_URL: faults.databaseUrl } : {}),
};
// With faults this process only serves the anonymous pay-link flow (its rate limits are lifted;
// its simulated gateway signs the dispute webhooks it is sent) and reads for the checks: the
// supervised server does the background work and serves everyone else.
const config = loadConfig({ ...env, PORT: '0', ...(faults ? { ROLE: 'web' } : {}) });
const runtime = await startRuntime(config, { limits: { loginPerIp: 1e9, loginPerUsername: 1e9, publicFormsPerIp: 1e9 } });
config.publicBaseUrl = runtime.url;
const base = faults ? await faults.serve(env, runtime) : runtime.url;
const db = runtime.deps.db;

const tally = { requests: 0, errors: 0, payments: 0, invoices: 0, refunds: 0, disputes: 0, payouts: 0, credits: 0, writeOffs: 0, lostDisputeWriteOffs: 0, lateWebhookWriteOffs: 0, recoveries: 0 };
const gateway = runtime.services.payments.gateway as SimulatedCheckoutGateway;
const errors: string[] = [];
const expectStatus = <R extends { status: number; text?: string }>(what: string, res: R, ...ok: number[]): R => {
  tally.requests++;
  if (!ok.includes(res.status) && !faults?.excused(what, res.status)) {
    tally.errors++;
    if (errors.length < 20) errors.push(`${what}: ${res.status} ${res.text?.slice(0, 200)}`);
  }
  return res;
};
/** An answer that came with the expected status but says something else than it should: an error. */
const expectAnswer = (what: string, ok: boolean, body: unknown) => {
  if (ok) return;
  tally.errors++;
  if (errors.length < 20) errors.push(`${what}: ${JSON.stringify(body).slice(0, 300)}`);
};
/** Today in the books' time zone (UTC), for what is dated on the day it happens. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Every write-off the soak made, in cents, with what payments should have recovered of it by the
 * end (undefined when a request about it failed and the soak cannot know: left out of that check).
 */
const writtenOff = new Map<string, { cents: number; recovered: number | undefined }>();
/**
 * Writes an invoice's open amount off as a bad debt and checks the answer (written off, nothing
 * open, the whole open amount); a second write-off of it is refused (409) and writes nothing.
 * `alsoOk`: statuses a race the soak cannot avoid may answer instead of 201. Answers the cents.
 */
const writeOff = async (admin: TestClient, id: string, date: string, reason: string, ...alsoOk: number[]): Promise<number | undefined> => {
  const open = expectStatus('invoice', await admin.get(`/api/invoices/${id}/`), 200).body.open_amount as number;
  const res = expectStatus('write off', await admin.post(`/api/invoices/${id}/write-off/`, { date, reason }), 201, ...alsoOk);
  if (res.status !== 201) return undefined;
  const cents = Math.round(open * 100);
  expectAnswer('write off answer', res.body.written_off === true && res.body.open_amount === 0 && res.body.written_off_on === date && Math.round(res.body.written_off_amount * 100) === cents && cents > 0, res.body);
  writtenOff.set(id, { cents, recovered: 0 });
  tally.writeOffs++;
  expectStatus('second write off', await admin.post(`/api/invoices/${id}/write-off/`, { date, reason: 'Soak: again' }), 409);
  return cents;
};
/**
 * Money after a write-off recovers it first: a part paid by bank transfer (`part`, 4.00) or the
 * whole invoice marked as paid (`all`), each checked in its answer.
 */
const recover = async (admin: TestClient, id: string, how: 'part' | 'all') => {
  const entry = writtenOff.get(id);
  if (!entry || entry.recovered === undefined) return;
  const before = entry.recovered;
  entry.recovered = undefined;
  if (how === 'part') {
    const res = expectStatus('recovery', await admin.post(`/api/invoices/${id}/payments/`, { amount: '4.00', date: '2026-11-25', method: 'bank_transfer' }), 201);
    if (res.status !== 201) return;
    const recovered = before + Math.min(400, entry.cents - before);
    expectAnswer('recovery answer', res.body.written_off === true && res.body.open_amount === 0 && Math.round(res.body.recovered_amount * 100) === recovered, res.body);
    entry.recovered = recovered;
  } else {
    const res = expectStatus('recovery marked paid', await admin.post(`/api/invoices/${id}/mark_as_paid/`), 200);
    if (res.status !== 200) return;
    const invoice = res.body.invoice;
    expectAnswer('recovery marked paid answer', invoice?.paid === true && invoice.open_amount === 0 && Math.round(invoice.recovered_amount * 100) === entry.cents, res.body);
    entry.recovered = entry.cents;
  }
  tally.recoveries++;
};
/**
 * Card payments whose webhook is held back: another turn delivers it later, as Stripe does when a
 * delivery is late (one lost to a fault is reconciled when the faults settle).
 */
const heldBack: Array<{ payload: string; signature: string }> = [];
let lateWebhooks = 0;
const deliverLate = async () => {
  const late = new TestClient(runtime.url);
  for (const d of heldBack.splice(0)) {
    expectStatus('late card webhook', await late.agent.post('/api/stripe/webhook/').set('Content-Type', 'application/json').set('Stripe-Signature', d.signature).send(d.payload), 200);
    lateWebhooks++;
  }
};

const clients = await Promise.all(Array.from({ length: 4 }, (_, i) => createClientWithLogin(runtime.deps, `Soak Client ${i}`)));
const portal = await Promise.all(clients.map(async (c) => {
  const t = new TestClient(base);
  await t.login(c.username, c.password);
  return t;
}));

/** Admins sign in one at a time: parallel tries of one username from one address are throttled (api/auth/login-throttle.ts). */
let signIns = Promise.resolve();
const signedInAdmin = (): Promise<TestClient> => {
  const admin = new TestClient(base);
  const signedIn = signIns.then(() => admin.login());
  signIns = signedIn.then(() => undefined, () => undefined);
  return signedIn.then(() => admin);
};

const worker = async (w: number, until: number) => {
  const admin = await signedInAdmin();
  const anon = new TestClient(runtime.url);
  const unpaid: string[] = [];
  let n = 0;
  // How many invoices of each kind this worker has settled (and disputes it has opened): their
  // variants take turns, every other, every third... Each worker starts at its own number, so a
  // short run sees them all.
  const turns = [w, w, w, w, w];
  let disputes = w;
  while (Date.now() < until) {
    const roll = (n++ * 7 + w * 13) % 20;
    if (n % 5 === 0) await deliverLate();
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
      const kind = (n + w) % 5;
      const m = turns[kind]!;
      turns[kind] = m + 1;
      if (kind === 0 || kind === 1) {
        const session = expectStatus('checkout', await anon.post(`/api/invoices/${id}/create-checkout-session/`, {}), 200);
        const sid = new URL(session.body.url ?? 'http://x/none').pathname.split('/').pop();
        if (kind === 1 && m % 2 === 1) {
          // Paid, but the webhook comes late (a later turn delivers it); every other such customer returns first and reconciles.
          const held = await gateway.pay(sid ?? '');
          if (m % 4 === 1) expectStatus('reconcile', await anon.post('/api/payments/reconcile/', { session_id: sid }), 200);
          else if (m % 8 === 3 && held) {
            // Meanwhile the admin, seeing nothing paid, writes it off: the card payment that arrives
            // later recovers all of it. (With faults, the redelivery after a fault may record the
            // payment first: then there is nothing to write off, 409.)
            expectStatus('send', await admin.post(`/api/invoices/${id}/send/`), 200);
            const cents = await writeOff(admin, id, today(), 'Soak: no payment seen', ...(faults ? [409] : []));
            if (cents !== undefined) {
              writtenOff.set(id, { cents, recovered: cents });
              tally.lateWebhookWriteOffs++;
              tally.recoveries++;
            }
          }
          if (held) heldBack.push(held);
        } else expectStatus('simulated pay', await anon.post(`/simulated-checkout/${sid}/pay`), 303);
        // The card payment (an invoice that received credit has a credit payment first).
        const payment = (expectStatus('payments', await admin.get(`/api/invoices/${id}/payments/`), 200).body as { id: string; method: string; reference: string }[]).find((p) => p.method === 'card');
        if (payment && kind === 0) {
          // A partial refund through the simulated Stripe.
          expectStatus('card refund', await admin.post(`/api/payments/${payment.id}/refund/`, { amount: '1.50', reason: 'Soak goodwill' }), 201);
          tally.refunds++;
        } else if (payment && m % 3 === 0 && !writtenOff.has(id)) {
          // A dispute, opened and decided (alternately won and lost), delivered as Stripe would: signed, over HTTP.
          const pi = payment.reference as string;
          const turn = disputes++;
          const outcome = turn % 2 ? 'won' : 'lost';
          let delivered = 0;
          for (const d of await gateway.dispute(pi, outcome)) {
            const answer = await anon.agent.post('/api/stripe/webhook/').set('Content-Type', 'application/json').set('Stripe-Signature', d.signature).send(d.payload);
            if (expectStatus('dispute webhook', answer, 200).status === 200) delivered++;
          }
          tally.disputes++;
          if (outcome === 'lost' && delivered === 2) {
            // Lost: the invoice is owed again, and the admin writes it off; every other time money comes later.
            const cents = await writeOff(admin, id, today(), 'Soak: chargeback lost');
            if (cents !== undefined) tally.lostDisputeWriteOffs++;
            if (cents !== undefined && turn % 4 === 0) await recover(admin, id, 'part');
          }
        }
      } else if (kind === 2) {
        expectStatus('mark paid', await admin.post(`/api/invoices/${id}/mark_as_paid/`), 200);
      } else if (kind === 4) {
        // A bad debt: sent, every other one partly paid first, its open amount written off; then
        // nothing more, a part recovered by bank transfer, or the rest marked as paid (all recovered).
        expectStatus('send', await admin.post(`/api/invoices/${id}/send/`), 200);
        if (m % 2 === 0) expectStatus('partial payment', await admin.post(`/api/invoices/${id}/payments/`, { amount: '5.00', date: '2026-11-02', method: 'bank_transfer' }), 201);
        if ((await writeOff(admin, id, '2026-11-20', 'Soak: client insolvent')) !== undefined && m % 3 !== 0) await recover(admin, id, m % 3 === 1 ? 'part' : 'all');
      } else {
        // Partly paid by hand, then the rest, then a refund of part of it paid out from the bank.
        const open = expectStatus('invoice', await admin.get(`/api/invoices/${id}/`), 200).body.open_amount as number;
        expectStatus('send', await admin.post(`/api/invoices/${id}/send/`), 200);
        expectStatus('partial payment', await admin.post(`/api/invoices/${id}/payments/`, { amount: '5.00', date: '2026-11-02', method: 'bank_transfer' }), 201);
        expectStatus('rest paid', await admin.post(`/api/invoices/${id}/payments/`, { amount: (open - 5).toFixed(2), date: '2026-11-03', method: 'cash' }), 201);
        const first = (expectStatus('payments', await admin.get(`/api/invoices/${id}/payments/`), 200).body as { id: string; method: string }[]).find((p) => p.method === 'bank_transfer');
        if (first) expectStatus('bank refund', await admin.post(`/api/payments/${first.id}/refund/`, { amount: '2.00', reason: 'Soak', date: '2026-11-04' }), 201);
        tally.refunds++;
        if (m % 2 === 0) {
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
      // Stripe's automatic payout, while everything else goes on. One that settles a card payment
      // whose webhook is still held back (late, above) waits for a retry, as Stripe's would.
      if (await simulatePayout(runtime.deps, runtime.services.payments)) tally.payouts++;
    } else {
      const report = ['/api/reports/balance-sheet/', '/api/reports/income-statement/?from=2026-01-01&to=2026-12-31', '/api/reports/cash-flow/'][n % 3]!;
      if (roll === 19) expectStatus('trial balance', await admin.graphql('{ trialBalance { __typename } }'), 200);
      else expectStatus('report', await admin.get(report), 200);
    }
  }
};

const started = Date.now();
const until = started + seconds * 1000;
await Promise.all([
  ...Array.from({ length: concurrency }, (_, w) => (faults ? faults.keepGoing((attempt) => worker(w + attempt * concurrency, until), until) : worker(w, until))),
  faults?.run(started, until),
]);
const elapsed = (Date.now() - started) / 1000;
await faults?.settle();
await runtime.deps.projections.waitFor(await runtime.deps.eventStore.headPosition(), { timeoutMs: 30_000 }).catch(() => false);
await new Promise((r) => setTimeout(r, 1000));

// Webhooks still held back arrive now, late, before the last payout and the checks; then Stripe's
// retries of the payouts refused meanwhile.
await deliverLate();
const retried = await retryPayouts(runtime.services.payments);
tally.payouts += retried.delivered;
if (retried.waiting) throw new Error(`${retried.waiting} payouts are still refused: a payment they settle is not recorded`);
// A last payout settles what is left: Stripe clearing must then hold what Stripe has not paid out (nothing).
if (await simulatePayout(runtime.deps, runtime.services.payments)) tally.payouts++;
if ((await retryPayouts(runtime.services.payments)).waiting) throw new Error('the last payout is refused: a payment it settles is not recorded');
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
// Accounts Receivable is what the invoices still ask (negative where they were paid beyond it); what
// was written off and not recovered since is no longer asked.
const [{ owed }] = await db('invoice_list').select(db.raw('coalesce(sum(gross_cents - credited_cents - paid_cents - written_off_cents + recovered_cents), 0) as owed'));
const receivablesDifference = (await accountBalance(SYSTEM_ACCOUNT_IDS.receivables)) - Number(owed);
const clearingDifference = (await accountBalance(SYSTEM_ACCOUNT_IDS.stripeClearing)) - (await gateway.pendingBalanceCents());
// Bad Debts is what was written off less what payments recovered of it (never more than was
// written off), in all and invoice by invoice.
const badDebts = await accountBalance(SYSTEM_ACCOUNT_IDS.badDebts);
const [{ written, recovered }] = await db('invoice_list').select(db.raw('coalesce(sum(written_off_cents), 0) as written, coalesce(sum(recovered_cents), 0) as recovered'));
const badDebtsDifference = badDebts - (Number(written) - Number(recovered));
const badDebtMismatches = await db('invoice_list as i')
  .leftJoin(
    db('ledger_lines as l')
      .join('ledger_entries as e', 'e.entry_id', 'l.entry_id')
      .where('l.account_id', SYSTEM_ACCOUNT_IDS.badDebts)
      .select('e.invoice_id')
      .sum({ balance: db.raw('l.debit_cents - l.credit_cents') })
      .groupBy('e.invoice_id')
      .as('b'),
    (j) => j.on(db.raw('b.invoice_id = i.id::text')),
  )
  .whereRaw('coalesce(b.balance, 0) <> i.written_off_cents - i.recovered_cents or i.recovered_cents < 0 or i.recovered_cents > i.written_off_cents or (i.written_off_cents > 0) <> (i.written_off_on is not null)')
  .select('i.id');
// Each write-off the soak made is in the books with the amount it was answered, and has recovered
// what the payments after it paid (a late card payment: all of it).
const booked = new Map(
  (await db('invoice_list').whereIn('id', [...writtenOff.keys()]).select('id', 'written_off_cents', 'recovered_cents')).map((r: { id: string; written_off_cents: number | string; recovered_cents: number | string }) => [r.id, r]),
);
const writeOffsNotAsAnswered = [...writtenOff].filter(([id, w]) => {
  const row = booked.get(id);
  return !row || Number(row.written_off_cents) !== w.cents || (w.recovered !== undefined && Number(row.recovered_cents) !== w.recovered);
});
// Every card payment is dated on the day its charge was made, however late its webhook came.
const [{ n: misdated }] = await db('invoice_payments as p')
  .join('simulated_balance_transactions as t', (j) => j.on('t.payment_intent', '=', 'p.reference').andOnVal('t.type', '=', 'charge'))
  .where('p.method', 'stripe')
  .whereRaw("p.date <> (t.created_at at time zone 'UTC')::date")
  .count({ n: '*' });
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
figure(prefix, 'soak_write_offs', tally.writeOffs, 'invoices');
figure(prefix, 'soak_write_offs_after_lost_disputes', tally.lostDisputeWriteOffs, 'invoices');
figure(prefix, 'soak_write_offs_before_late_card_webhooks', tally.lateWebhookWriteOffs, 'invoices');
figure(prefix, 'soak_recoveries', tally.recoveries, 'payments');
figure(prefix, 'soak_written_off', Number(written), 'cents');
figure(prefix, 'soak_recovered', Number(recovered), 'cents');
figure(prefix, 'soak_bad_debts_balance', badDebts, 'cents');
figure(prefix, 'soak_bad_debts_minus_unrecovered_write_offs', badDebtsDifference, 'cents');
figure(prefix, 'soak_bad_debt_mismatches', badDebtMismatches.length, 'invoices');
figure(prefix, 'soak_write_offs_not_as_answered', writeOffsNotAsAnswered.length, 'invoices');
figure(prefix, 'soak_paid_state_mismatches', mismatched.length, 'invoices');
figure(prefix, 'soak_receivables_minus_open_amounts', receivablesDifference, 'cents');
figure(prefix, 'soak_stripe_clearing_minus_unpaid_out', clearingDifference, 'cents');
figure(prefix, 'soak_late_card_webhooks', lateWebhooks, 'webhooks');
figure(prefix, 'soak_card_payments_off_their_charge_day', Number(misdated), 'payments');
figure(prefix, 'soak_trial_balance_difference', Number(debit ?? 0) - Number(credit ?? 0), 'cents');
figure(prefix, 'soak_read_models_differing_from_rebuild', differing.length, 'tables');
for (const e of errors) console.error(e);
if (differing.length) console.error(`differ from rebuild: ${differing.join(', ')}`);
for (const r of badDebtMismatches.slice(0, 10)) console.error(`Bad Debts differ from written off less recovered: invoice ${r.id}`);
for (const [id, w] of writeOffsNotAsAnswered.slice(0, 10)) console.error(`write-off not as answered: invoice ${id}, ${JSON.stringify(w)} answered, ${JSON.stringify(booked.get(id) ?? null)} booked`);
const faultsRecovered = faults?.report(prefix) ?? true;

const failed = !faultsRecovered || tally.errors > 0 || mismatched.length > 0 || Number(misdated) > 0 || transfersBalance !== 0 || receivablesDifference !== 0 || clearingDifference !== 0 || badDebtsDifference !== 0 || badDebtMismatches.length > 0 || writeOffsNotAsAnswered.length > 0 || Number(debit ?? 0) !== Number(credit ?? 0) || differing.length > 0;
await runtime.stop();
await faults?.stop(failed);
await scratch?.drop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
