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
import { benchTarget, figure, scratchDatabase } from './support';

/**
 * A bounded soak on loopback: workers mix reads, invoice writes, payments (pay link + simulated
 * checkout, and manual) and report queries for SOAK_SECONDS, then the books are checked: paid
 * flags match payments, the trial balance is zero, and every read model equals its rebuild.
 * Exits non-zero on any 5xx, unexpected answer or inconsistency.
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

const tally = { requests: 0, errors: 0, payments: 0, invoices: 0 };
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
      if (roll % 2 === 0) {
        const session = expectStatus('checkout', await anon.post(`/api/invoices/${id}/create-checkout-session/`, {}), 200);
        const sid = new URL(session.body.url ?? 'http://x/none').pathname.split('/').pop();
        expectStatus('simulated pay', await anon.post(`/simulated-checkout/${sid}/pay`), 303);
      } else {
        expectStatus('mark paid', await admin.post(`/api/invoices/${id}/mark_as_paid/`), 200);
      }
      tally.payments++;
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

// Consistency: every invoice's paid flag and paid amount equal its recorded payments.
const mismatched = await db('invoice_list as i')
  .leftJoin(db('invoice_payments').select('invoice_id').sum({ total: 'amount_cents' }).groupBy('invoice_id').as('p'), 'p.invoice_id', 'i.id')
  .whereRaw('i.paid_cents <> coalesce(p.total, 0) or i.paid <> (coalesce(p.total, 0) >= i.gross_cents)')
  .select('i.id');
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
figure(prefix, 'soak_paid_state_mismatches', mismatched.length, 'invoices');
figure(prefix, 'soak_trial_balance_difference', Number(debit ?? 0) - Number(credit ?? 0), 'cents');
figure(prefix, 'soak_read_models_differing_from_rebuild', differing.length, 'tables');
for (const e of errors) console.error(e);
if (differing.length) console.error(`differ from rebuild: ${differing.join(', ')}`);

await runtime.stop();
await scratch?.drop();
fs.rmSync(dataDir, { recursive: true, force: true });
const failed = tally.errors > 0 || mismatched.length > 0 || Number(debit ?? 0) !== Number(credit ?? 0) || differing.length > 0;
process.exit(failed ? 1 : 0);
