import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SESSION_SECRET_FILE } from '../api/auth/session-secret';
import { createScratchDatabase } from './db';
import { SessionClient, startAppProcess, supervisedChildren, type AppProcess } from './processes';

// `npm start` with WEB_PROCESSES on one real PostgreSQL database: the process started supervises,
// and forks the worker and the web processes, which share the port. No SESSION_SECRET: outside
// production the web processes share the one kept in DATA_DIR.
const url = process.env.TEST_DATABASE_URL;
const ADMIN = { username: 'cluster-admin', password: 'cluster-admin-password' };

const pidsOf = (supervisor: number, role: 'web' | 'worker') => supervisedChildren(supervisor).filter((c) => c.role === role).map((c) => c.pid);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const waitUntil = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
};

/**
 * One request on a connection of its own (no keep-alive): the supervisor's cluster hands each new
 * connection to the next web process, so a series of these reaches all of them.
 */
const onNewConnection = (base: string, p: string, cookie: string) =>
  new Promise<{ status: number; requestId: string; body: string }>((resolve, reject) => {
    const req = http.get(`${base}${p}`, { agent: false, headers: { accept: 'application/json', cookie } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, requestId: String(res.headers['x-request-id']), body }));
    });
    req.setTimeout(15_000, () => req.destroy(new Error('no answer within 15 s')));
    req.on('error', reject);
  });

const within = <T>(ms: number, promise: Promise<T>): Promise<T> =>
  Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

/** The process that logged the request (each logs its requests with its pid). */
const answeredBy = (output: string, requestId: string): number | undefined => {
  const line = output.split('\n').find((l) => l.includes(`"reqId":"${requestId}"`));
  return line ? (JSON.parse(line) as { pid: number }).pid : undefined;
};

const invoiceOf = (client: string, description: string) => ({
  client,
  date: '2026-06-01',
  due_date: '2026-06-15',
  items: [{ description, quantity: 1, unit_price: 100, vat_rate: 19 }],
});

describe.skipIf(!url)('npm start with WEB_PROCESSES on PostgreSQL', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let app: AppProcess;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grc-cluster-'));
  const supervisor = () => app.proc.pid!;

  beforeAll(async () => {
    scratch = await createScratchDatabase(url!);
    app = await startAppProcess('web', {
      ROLE: 'all',
      WEB_PROCESSES: '2',
      NODE_ENV: 'development',
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      RECURRING_SCHEDULE: 'false',
      REMINDER_SCHEDULE: 'false',
    });
    await waitUntil('two web processes', () => pidsOf(supervisor(), 'web').length === 2);
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('supervises one worker and two web processes, each reading its own writes once the worker has applied them', { timeout: 120_000 }, async () => {
    expect(pidsOf(supervisor(), 'worker')).toHaveLength(1);
    // Sessions signed in side by side, over connections the supervisor hands to the web processes in turn.
    const admins = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const admin = new SessionClient(app.url!);
        expect((await admin.call('POST', '/api/login/', ADMIN)).status).toBe(200);
        return admin;
      }),
    );
    const client = (await admins[0]!.call('POST', '/api/clients/', { name: 'Cluster Ltd', email: 'cluster@example.com' })).body;
    for (const [i, admin] of admins.entries()) {
      const created = await admin.call('POST', '/api/invoices/', invoiceOf(client.id, `Licence ${i}`));
      expect(created.status).toBe(201);
      // The list is a read model the worker process writes: it already holds the new invoice.
      const list = await admin.call('GET', '/api/invoices/');
      expect(list.body.map((inv: { id: string }) => inv.id)).toContain(created.body.id);
      const statement = await admin.call('GET', `/api/clients/${client.id}/`);
      expect(statement.status).toBe(200);
    }
    const numbers = (await admins[1]!.call('GET', '/api/invoices/')).body.map((inv: { invoice_number: string }) => inv.invoice_number).sort();
    expect(numbers).toEqual(['2026-000001', '2026-000002', '2026-000003', '2026-000004']);
  });

  it('accepts a session cookie from one web process in every other, without SESSION_SECRET', { timeout: 60_000 }, async () => {
    const admin = new SessionClient(app.url!);
    expect((await admin.call('POST', '/api/login/', ADMIN)).status).toBe(200);
    const answers: { status: number; requestId: string }[] = [];
    for (let i = 0; i < 12; i++) answers.push(await onNewConnection(app.url!, '/api/clients/', admin.cookieHeader()));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    // Both web processes answered some of them (read from their request logs).
    await waitUntil('the request log lines', () => answers.every((a) => answeredBy(app.output(), a.requestId) !== undefined), 10_000);
    expect(new Set(answers.map((a) => answeredBy(app.output(), a.requestId)))).toEqual(new Set(pidsOf(supervisor(), 'web')));
    expect(fs.statSync(path.join(dataDir, SESSION_SECRET_FILE)).mode & 0o777).toBe(0o600);
  });

  it('keeps serving while the worker is killed under load, and starts a new worker within 10 s', { timeout: 180_000 }, async () => {
    const admin = new SessionClient(app.url!);
    expect((await admin.call('POST', '/api/login/', ADMIN)).status).toBe(200);
    const client = (await admin.call('POST', '/api/clients/', { name: 'Worker Fault Ltd', email: 'fault@example.com' })).body;
    const [worker] = pidsOf(supervisor(), 'worker');
    const webs = pidsOf(supervisor(), 'web');
    const workersStarted = () => app.output().split('worker started').length - 1;
    const startedBefore = workersStarted();

    let running = true;
    const reads: { status?: number; error?: string }[] = [];
    const writes: { status: number; id?: string; error?: string }[] = [];
    const readLoop = async () => {
      while (running) {
        await onNewConnection(app.url!, '/api/invoices/', admin.cookieHeader()).then(
          (r) => reads.push({ status: r.status }),
          (err: Error) => reads.push({ error: err.message }),
        );
        await sleep(50);
      }
    };
    const writeLoop = async (w: number) => {
      for (let i = 0; running; i++) {
        await within(15_000, admin.call('POST', '/api/invoices/', invoiceOf(client.id, `Under fault ${w}-${i}`))).then(
          (r) => writes.push({ status: r.status, id: r.body?.id }),
          (err: Error) => writes.push({ status: 0, error: err.message }),
        );
        await sleep(100);
      }
    };
    const load = Promise.all([readLoop(), readLoop(), writeLoop(0), writeLoop(1)]);
    await sleep(1000);

    const killedAt = Date.now();
    process.kill(worker!, 'SIGKILL');
    await waitUntil('a new worker process', () => pidsOf(supervisor(), 'worker').some((pid) => pid !== worker), 10_000);
    const replacedMs = Date.now() - killedAt;
    await waitUntil('the new worker to be ready', () => workersStarted() > startedBefore, 60_000);
    // Load goes on after the worker is back: writes then wait only for its read models.
    await sleep(2000);
    running = false;
    await load;

    expect(replacedMs).toBeLessThan(10_000);
    expect(alive(worker!)).toBe(false);
    // The web processes were never restarted, and answered every read throughout.
    expect(pidsOf(supervisor(), 'web').sort()).toEqual(webs.sort());
    expect(reads.length).toBeGreaterThan(20);
    expect(reads.filter((r) => r.status !== 200)).toEqual([]);
    // Writes made while no worker ran waited for one (bounded), then answered with their id.
    // Each write loop made at least one write (a write may wait up to 5 s while no worker runs).
    expect(writes.length).toBeGreaterThanOrEqual(2);
    expect(writes.filter((w) => w.status < 200 || w.status > 299 || !w.id)).toEqual([]);
    // The new worker applied every one of them.
    const ids = writes.map((w) => w.id);
    await waitUntil('every write in the list', async () => {
      const listed = new Set(((await admin.call('GET', '/api/invoices/')).body as { id: string }[]).map((inv) => inv.id));
      return ids.every((id) => listed.has(id!));
    });
  });

  it('starts another web process when one dies, and stops them all on SIGTERM', { timeout: 120_000 }, async () => {
    const [victim] = pidsOf(supervisor(), 'web');
    process.kill(victim!, 'SIGKILL');
    await waitUntil('a replacement web process', () => {
      const pids = pidsOf(supervisor(), 'web');
      return pids.length === 2 && !pids.includes(victim!);
    });
    await waitUntil('the site answering', () => fetch(`${app.url}/healthz`).then((r) => r.ok, () => false));
    const pids = supervisedChildren(supervisor()).map((c) => c.pid);
    expect(pids).toHaveLength(3);
    await app.stop();
    expect(app.proc.exitCode).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
  });

  it('ends the start when the worker cannot start', { timeout: 60_000 }, async () => {
    const missing = new URL(scratch.url);
    missing.pathname = '/grc_no_such_database';
    const proc = spawn(process.execPath, [path.join(inject('compiledServer'), 'main.mjs')], {
      env: { ...process.env, WEB_PROCESSES: '2', DATABASE_URL: missing.toString(), DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => proc.once('exit', (c) => resolve(c)));
    expect(code, out).toBe(1);
    expect(out).toContain('the worker process exited before it was ready');
    expect(out).not.toContain('started a web process');
  });
});
