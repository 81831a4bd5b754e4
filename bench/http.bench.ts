import 'reflect-metadata';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ClientService } from '../api/clients/client.service';
import { InvoiceService } from '../api/invoicing/invoice.service';
import { UserService } from '../api/auth/user.service';
import { loadConfig } from '../api/platform/config';
import { startCore } from '../api/main/runtime';
import type { Position } from '../eventstore/event-store';
import { buildServer } from '../scripts/build-server.mjs';
import { buildWeb, SSR_ENTRY } from '../scripts/build-web.mjs';
import { benchTarget, figure, runPool, scratchDatabase } from './support';
import { verifySignature } from '../domain/integrations/webhook';

// npm run bench:http: a real server process on a database holding many invoices, loaded over
// loopback by autocannon. Figures: public_home_rps, api_invoices_list_p99_ms (page of 50),
// graphql_invoices_p99_ms, api_invoice_create_per_s and graphql_invoice_create_per_s (50 clients),
// login_rps, web_processes, server_rss_mb (all the server's processes), http_errors, and after the
// creates numbered_invoices, invoice_number_gaps and invoice_numbers_out_of_order (both 0 when right);
// api_token_invoices_list_p99_ms (the list read with an API token instead of a session) and
// webhook_deliveries_per_s (client.created events to a local receiver that checks every signature),
// then webhook_deliveries_lost, _doubled and _unverified after the receiver fails and recovers (all 0).
const root = path.resolve(import.meta.dirname, '..');
const { url, prefix } = benchTarget();
const INVOICES = Number(process.env.BENCH_INVOICES ?? (url ? 10_000 : 2_000));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
const CONNECTIONS = 50;
/** BENCH_LOADS=create,login runs only those loads (home, list, token, graphql, create, login, webhooks); all by default. */
const LOADS = process.env.BENCH_LOADS?.split(',');
const wanted = (load: string) => !LOADS || LOADS.includes(load);
const LOGIN_CONNECTIONS = 10;
// On PostgreSQL the server runs as it would on a machine of its own: `npm start` with WEB_PROCESSES=2,
// the worker and two web processes sharing the port, one per core. BENCH_WEB_PROCESSES=0 measures the
// single process of a plain `npm start` (PGlite is always that: it admits one process).
const WEB_PROCESSES = url ? Number(process.env.BENCH_WEB_PROCESSES ?? 2) : 0;
// One staff account per virtual user: the login throttle (api/auth/login-throttle.ts) rightly
// refuses a crowd of parallel tries of one username from one address, and 50 people at their desks
// are 50 accounts, not one.
const STAFF = Array.from({ length: CONNECTIONS }, (_, i) => ({ username: `bench-staff-${i}`, password: `bench-staff-password-${i}` }));

// The home page is rendered on the server from the web build's server entry.
if (!fs.existsSync(path.join(root, 'dist/web/index.html')) || !fs.existsSync(SSR_ENTRY)) buildWeb();
// The server as `npm start` runs it: compiled, from this checkout's sources.
await buildServer();

const scratch = url ? await scratchDatabase(url) : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grc-bench-http-'));
// Production mode, as deployed: libraries drop their development checks (graphql-js's realm check
// alone was a tenth of a GraphQL request), and cookies are Secure, so requests carry the
// X-Forwarded-Proto of the TLS-terminating proxy in front of the server.
const env: Record<string, string> = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-session-secret',
  // Required in production; the bench never opens a checkout, and this endpoint goes nowhere.
  STRIPE_SECRET_KEY: 'sk_test_bench',
  STRIPE_API_BASE: 'http://127.0.0.1:9',
  PUBLIC_BASE_URL: 'https://billing.example.com',
  // The pretend proxy is on loopback: its X-Forwarded-Proto counts only through TRUST_PROXY.
  TRUST_PROXY: 'loopback',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  RECURRING_SCHEDULE: 'false',
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: 'warn',
  // The bench's receiver is on loopback; and its token reads far more than an integration's budget.
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  API_TOKEN_RATE_LIMIT: '900000000',
  ...(scratch ? { DATABASE_URL: scratch.url } : {}),
};

// Seed through the application services, as an admin would create them.
const seedStart = Date.now();
const core = await startCore(loadConfig({ ...env, PORT: '0' }));
const clients = await Promise.all(
  Array.from({ length: 50 }, (_, i) => new ClientService(core.deps).create({ name: `Bench Client ${i}`, email: `bench${i}@example.com`, phone: '', address: '', vatNumber: '', language: 'en' }, 'bench')),
);
const invoices = new InvoiceService(core.deps);
await runPool(INVOICES, 8, async (i) => {
  const day = String(1 + (i % 28)).padStart(2, '0');
  const month = String(1 + (i % 12)).padStart(2, '0');
  await invoices.create(
    {
      clientId: clients[i % clients.length]!.id,
      date: `2026-${month}-${day}`,
      dueDate: `2026-${month}-28`,
      paid: false,
      lines: [{ description: 'GRC platform licence', quantityMilli: 1000, unitPriceCents: (100 + (i % 900)) * 100, vatRateBp: 1900 }],
    },
    'bench',
  );
});
const users = new UserService(core.deps.db);
await runPool(STAFF.length, 4, async (i) => {
  await users.create({ ...STAFF[i]!, isSuperuser: true });
});
await core.stop();
figure(prefix, 'seeded_invoices', INVOICES, 'count');

// Webhooks: a receiver on loopback that checks each signature and counts each event id; failing, it
// answers 503 and counts nothing. Deliveries queued before the server starts: one client.created
// each for HOOKS clients, made through the client service by a web-role process (no dispatcher).
const HOOKS = Number(process.env.BENCH_WEBHOOKS ?? (url ? 5_000 : 1_000));
const HOOKS_AFTER_FAILURE = 200;
const receiver = { secret: '', failing: false, received: new Map<string, number>(), unverified: 0, first: 0, last: 0 };
const receiverServer = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (receiver.failing) return res.writeHead(503).end();
    const body = Buffer.concat(chunks).toString('utf8');
    if (!verifySignature(String(req.headers['webhook-signature']), body, receiver.secret, Math.floor(Date.now() / 1000))) receiver.unverified++;
    const id = (JSON.parse(body) as { id: string }).id;
    receiver.received.set(id, (receiver.received.get(id) ?? 0) + 1);
    receiver.first ||= performance.now();
    receiver.last = performance.now();
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiverServer.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiverServer.address() as AddressInfo).port}/hooks`;
const tokens = { read: '', write: '' };
if (wanted('token') || wanted('webhooks')) {
  const web = await startCore(loadConfig({ ...env, PORT: '0', ROLE: 'web' }));
  tokens.read = (await web.services.auth.tokens.create({ name: 'bench reader', scope: 'read', areas: ['billing'] }, 'bench')).token;
  tokens.write = (await web.services.auth.tokens.create({ name: 'bench writer', scope: 'write', areas: ['billing'] }, 'bench')).token;
  if (wanted('webhooks')) {
    receiver.secret = (await web.services.webhooks.endpoints.create({ url: receiverUrl, events: ['client.created'] }, 'bench')).secret;
    await runPool(HOOKS, 8, async (i) => {
      await new ClientService(web.deps).create({ name: `Hooked Client ${i}`, email: `hooked${i}@example.com`, phone: '', address: '', vatNumber: '', language: 'en' }, 'bench');
    });
  }
  await web.stop();
}
const waitForReceived = async (count: number, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while (receiver.received.size < count && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
};
figure(prefix, 'seed_invoices_per_s', INVOICES / ((Date.now() - seedStart) / 1000), 'invoices/s');

const port = 20000 + Math.floor(Math.random() * 20000);
// BENCH_NODE_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const server = spawn(process.execPath, [...nodeArgs, path.join(root, 'dist/server/main.mjs')], {
  cwd: root,
  env: { ...process.env, ...env, PORT: String(port), WEB_PROCESSES: String(WEB_PROCESSES) },
  stdio: ['ignore', 'ignore', 'inherit'],
});
// A bench that fails half-way must not leave the server running (and holding its output pipe).
process.on('exit', () => server.kill('SIGTERM'));
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
  if (ok) break;
  if (i > 600) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

const PROXY = { 'x-forwarded-proto': 'https' };
if (wanted('webhooks')) {
  // The worker delivers the queue as soon as it starts: the rate is from the first delivery to the last.
  await waitForReceived(HOOKS, 600_000);
  figure(prefix, 'webhook_deliveries_per_s', (HOOKS - 1) / ((receiver.last - receiver.first) / 1000), 'deliveries/s');
}
// Each connection is its own signed-in user (one session each), as 50 people at their desks would
// be: one shared session would let the server read a single session row for every request. Each
// signs in once, one after the other, as they would arrive in the morning.
const sessions: { cookie: string; csrf: string }[] = [];
for (const user of STAFF) {
  const login = await fetch(`${base}/api/login/`, { method: 'POST', headers: { ...PROXY, 'content-type': 'application/json' }, body: JSON.stringify(user) });
  if (!login.ok) throw new Error(`login of ${user.username} answered ${login.status}: ${await login.text()}`);
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('csrftoken='));
  if (!csrf) throw new Error(`login of ${user.username} set no csrftoken cookie`);
  sessions.push({ cookie: cookies.join('; '), csrf: csrf.slice('csrftoken='.length) });
}
/** The part of an autocannon connection that setupClient uses. */
interface LoadClient {
  setHeaders: (headers: Record<string, string>) => void;
  setBody: (body: string) => void;
}
let nextSession = 0;
/** Gives each autocannon connection the next session's cookie (and CSRF token, for GraphQL). */
const signedIn = (headers: Record<string, string>, csrf = false) => (client: LoadClient) => {
  const session = sessions[nextSession++ % sessions.length]!;
  client.setHeaders({ ...headers, cookie: session.cookie, ...(csrf ? { 'x-csrftoken': session.csrf } : {}) });
};

let errors = 0;
// Each load is preceded by a short unmeasured one of the same kind, so figures describe the warm
// server (compiled code paths, filled pools and caches), not its first second.
// autocannon calls setupClient for every connection it opens (its typings leave it out).
type LoadOptions = autocannon.Options & { setupClient?: (client: LoadClient) => void };
const run = async (opts: LoadOptions) => {
  const warm = await autocannon({ connections: CONNECTIONS, ...opts, duration: WARMUP });
  errors += warm.errors + warm.timeouts + warm.non2xx;
  const result = await autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts });
  errors += result.errors + result.timeouts + result.non2xx;
  return result;
};

if (wanted('home')) {
  const home = await run({ url: `${base}/`, headers: PROXY });
  figure(prefix, 'public_home_rps', home.requests.average, 'requests/s');
}
if (wanted('list')) {
  const list = await run({ url: `${base}/api/invoices/?limit=50`, setupClient: signedIn(PROXY) });
  figure(prefix, 'api_invoices_list_p99_ms', list.latency.p99, 'ms');
}
if (wanted('token')) {
  const tokenList = await run({ url: `${base}/api/invoices/?limit=50`, headers: { ...PROXY, authorization: `Bearer ${tokens.read}` } });
  figure(prefix, 'api_token_invoices_list_p99_ms', tokenList.latency.p99, 'ms');
}
if (wanted('graphql')) {
  const graphql = await run({
    url: `${base}/graphql`,
    method: 'POST',
    setupClient: signedIn({ ...PROXY, 'content-type': 'application/json' }, true),
    body: JSON.stringify({ query: '{ invoices(page: {limit: 50, offset: 0}) { total items { id invoiceNumber date totalAmount paid client { name } } } }' }),
  });
  figure(prefix, 'graphql_invoices_p99_ms', graphql.latency.p99, 'ms');
}
if (wanted('create')) {
  // Invoices created by 50 concurrent clients, each answer (201 / data) carrying its new number.
  const line = { description: 'GRC platform licence', quantity: 1, unit_price: 1200, vat_rate: 19 };
  const restCreate = await run({
    url: `${base}/api/invoices/`,
    method: 'POST',
    setupClient: signedIn({ ...PROXY, 'content-type': 'application/json' }, true),
    body: JSON.stringify({ client: clients[0]!.id, date: '2026-06-01', due_date: '2026-06-15', items: [line] }),
  });
  figure(prefix, 'api_invoice_create_per_s', restCreate.requests.average, 'invoices/s');
  const graphqlCreate = await run({
    url: `${base}/graphql`,
    setupClient: signedIn({ ...PROXY, 'content-type': 'application/json' }, true),
    requests: [
      {
        method: 'POST',
        body: JSON.stringify({
          query: 'mutation($input: InvoiceInput!) { createInvoice(input: $input) { id invoiceNumber totalAmount } }',
          variables: { input: { clientId: clients[1]!.id, date: '2026-06-01', dueDate: '2026-06-15', items: [{ description: line.description, quantity: 1, unitPrice: 1200, vatRate: 19 }] } },
        }),
        // GraphQL answers a refused mutation with 200 and `errors`: count those as errors too.
        onResponse: (_status: number, body: string) => {
          if (body.includes('"errors"')) errors++;
        },
      },
    ],
  });
  figure(prefix, 'graphql_invoice_create_per_s', graphqlCreate.requests.average, 'invoices/s');
}
if (wanted('login')) {
  // Each login connection signs in as its own user, over and over: one try of a username at a time,
  // each one right, so the throttle never holds any of them back.
  let nextLogin = 0;
  const logins = await run({
    url: `${base}/api/login/`,
    method: 'POST',
    connections: LOGIN_CONNECTIONS,
    headers: { ...PROXY, 'content-type': 'application/json' },
    setupClient: (client) => client.setBody(JSON.stringify(STAFF[nextLogin++ % LOGIN_CONNECTIONS])),
  });
  figure(prefix, 'login_rps', logins.requests.average, 'requests/s');
}

if (wanted('webhooks')) {
  // The receiver fails while clients are created through the API with a token, then recovers: every
  // event arrives once its retry is due (the first after 30 s), none lost, none twice.
  receiver.failing = true;
  await runPool(HOOKS_AFTER_FAILURE, 8, async (i) => {
    const res = await fetch(`${base}/api/clients/`, {
      method: 'POST',
      headers: { ...PROXY, authorization: `Bearer ${tokens.write}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Client During Outage ${i}`, email: `outage${i}@example.com` }),
    });
    if (res.status !== 201) errors++;
  });
  await new Promise((r) => setTimeout(r, 2000));
  receiver.failing = false;
  await waitForReceived(HOOKS + HOOKS_AFTER_FAILURE, 120_000);
  const total = [...receiver.received.values()].reduce((a, b) => a + b, 0);
  figure(prefix, 'webhook_deliveries_lost', HOOKS + HOOKS_AFTER_FAILURE - receiver.received.size, 'count');
  figure(prefix, 'webhook_deliveries_doubled', total - receiver.received.size, 'count');
  figure(prefix, 'webhook_deliveries_unverified', receiver.unverified, 'count');
}
receiverServer.close();

// The server's memory: its process and the web processes it forked.
const children = fs.readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').split(' ').filter(Boolean);
const rssMb = (pid: string) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
figure(prefix, 'web_processes', WEB_PROCESSES, 'count');
figure(prefix, 'server_rss_mb', [String(server.pid), ...children].reduce((sum, pid) => sum + rssMb(pid), 0), 'MB');
figure(prefix, 'http_errors', errors, 'count');

server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));

if (wanted('create')) {
  // What the creates promise besides speed: every invoice numbered by the year's series (seeded and
  // created under load) is numbered without a gap, and readers of the event store meet the numbers
  // in ascending order, that is in the order of the commits. Read back with the server stopped.
  const check = await startCore(loadConfig({ ...env, PORT: '0' }));
  const numbers: number[] = [];
  let after: Position | undefined;
  for (;;) {
    const page = await check.deps.eventStore.readAll({ after, limit: 1000, eventTypes: ['InvoiceIssued'] });
    for (const event of page.events) {
      const match = /^2026-(\d{6})$/.exec((event.data as { invoiceNumber: string }).invoiceNumber);
      if (match) numbers.push(Number(match[1]));
    }
    if (!page.hasMore) break;
    after = page.lastPosition;
  }
  await check.stop();
  const gaps = numbers.reduce((max, n) => Math.max(max, n), 0) - new Set(numbers).size;
  const outOfOrder = numbers.filter((n, i) => i > 0 && n <= numbers[i - 1]!).length;
  figure(prefix, 'numbered_invoices', numbers.length, 'count');
  figure(prefix, 'invoice_number_gaps', gaps, 'count');
  figure(prefix, 'invoice_numbers_out_of_order', outOfOrder, 'count');
}
await scratch?.drop();
fs.rmSync(dataDir, { recursive: true, force: true });
