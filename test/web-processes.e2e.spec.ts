import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from './db';
import { SessionClient, startAppProcess, type AppProcess } from './processes';

// `npm start` with WEB_PROCESSES on one real PostgreSQL database: the first process is the worker
// and forks web processes sharing the port.
const url = process.env.TEST_DATABASE_URL;
const ADMIN = { username: 'cluster-admin', password: 'cluster-admin-password' };

/** The web processes the primary has forked (its node children). */
const webPids = (primary: number): number[] =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(primary)], { encoding: 'utf8' })
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((pid) => pid > 0);

const waitUntil = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe.skipIf(!url)('npm start with WEB_PROCESSES on PostgreSQL', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let app: AppProcess;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grc-cluster-'));

  beforeAll(async () => {
    scratch = await createScratchDatabase(url!);
    app = await startAppProcess('web', {
      ROLE: 'all',
      WEB_PROCESSES: '2',
      NODE_ENV: 'development',
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'cluster-secret',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      RECURRING_SCHEDULE: 'false',
      REMINDER_SCHEDULE: 'false',
    });
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves from two web processes, each reading its own writes once the worker has applied them', { timeout: 120_000 }, async () => {
    await waitUntil('two web processes', () => webPids(app.proc.pid!).length === 2);
    // Sessions signed in side by side, over connections the primary hands to the web processes in turn.
    const admins = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const admin = new SessionClient(app.url!);
        expect((await admin.call('POST', '/api/login/', ADMIN)).status).toBe(200);
        return admin;
      }),
    );
    const client = (await admins[0]!.call('POST', '/api/clients/', { name: 'Cluster Ltd', email: 'cluster@example.com' })).body;
    for (const [i, admin] of admins.entries()) {
      const created = await admin.call('POST', '/api/invoices/', {
        client: client.id,
        date: '2026-06-01',
        due_date: '2026-06-15',
        items: [{ description: `Licence ${i}`, quantity: 1, unit_price: 100 + i, vat_rate: 19 }],
      });
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

  it('starts another web process when one dies, and stops them all on SIGTERM', { timeout: 120_000 }, async () => {
    const [victim] = webPids(app.proc.pid!);
    process.kill(victim!, 'SIGKILL');
    await waitUntil('a replacement web process', () => {
      const pids = webPids(app.proc.pid!);
      return pids.length === 2 && !pids.includes(victim!);
    });
    await waitUntil('the site answering', () => fetch(`${app.url}/healthz`).then((r) => r.ok, () => false));
    const pids = webPids(app.proc.pid!);
    await app.stop();
    expect(app.proc.exitCode).toBe(0);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(pids.filter(alive)).toEqual([]);
  });
});
