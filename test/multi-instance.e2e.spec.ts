import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../api/platform/db/knex';
import type { InvoiceIssued } from '../domain/invoice/events';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { rebuildProjection } from '../projections/rebuild';
import { projections } from '../api/main/read-models';
import { createScratchDatabase } from './db';
import { SessionClient, startAppProcess, type AppProcess } from './processes';

// Two web instances and two workers, as separate processes on one real PostgreSQL database.
const url = process.env.TEST_DATABASE_URL;
const ADMIN = { username: 'multi-admin', password: 'multi-admin-password' };

/**
 * Every read-model row, as sorted JSON. Serial surrogate keys are left out: a batch rolled back by
 * a crash consumes sequence values, so they differ from a replay's while the content may not.
 */
const snapshot = async (db: Knex): Promise<Record<string, unknown[]>> => {
  const out: Record<string, unknown[]> = {};
  for (const table of projections().flatMap((p) => p.tables)) {
    const serial: string[] = (
      await db.raw(
        `select column_name from information_schema.columns
         where table_schema = current_schema() and table_name = ? and column_default like 'nextval(%'`,
        [table],
      )
    ).rows.map((r: { column_name: string }) => r.column_name);
    const rows: Record<string, unknown>[] = await db(table).select('*');
    out[table] = rows.map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => !serial.includes(k))))).sort();
  }
  return out;
};

const waitUntil = async (what: string, check: () => Promise<boolean>, timeoutMs = 90_000, pollMs = 250): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
};

describe.skipIf(!url)('several app instances and workers on one PostgreSQL', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let db: Knex;
  let env: Record<string, string>;
  const procs: AppProcess[] = [];
  let web1: AppProcess;
  let web2: AppProcess;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grc-multi-'));

  /** Every projection's checkpoint has processed exactly the events of its types, once. */
  const projectionsCaughtUp = async (): Promise<boolean> => {
    const rows: { name: string; events_processed: number }[] = await db('projection_checkpoints').select('name', 'events_processed');
    for (const p of projections()) {
      const [{ n }] = await db('events').whereIn('type', p.eventTypes).count({ n: '*' });
      const row = rows.find((r) => r.name === p.name);
      if (!row || Number(row.events_processed) !== Number(n)) return false;
    }
    return true;
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase(url!);
    db = await createDb({ databaseUrl: scratch.url, poolMax: 4 });
    env = {
      NODE_ENV: 'development',
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'shared-secret-of-all-instances',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      RECURRING_SCHEDULE: 'false',
      REMINDER_SCHEDULE: 'false',
      PROJECTION_BATCH_SIZE: '10',
    };
    web1 = await startAppProcess('web', env);
    procs.push(web1);
    const rest = await Promise.all([startAppProcess('web', env), startAppProcess('worker', env), startAppProcess('worker', env)]);
    procs.push(...rest);
    web2 = rest[0]!;
  }, 300_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await db?.destroy();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a session across instances, and ends it everywhere at logout', async () => {
    const one = new SessionClient(web1.url!);
    expect((await one.call('POST', '/api/login/', ADMIN)).status).toBe(200);
    const two = one.at(web2.url!);
    expect((await two.call('GET', '/api/check-auth/')).body).toMatchObject({ isAuthenticated: true, user: { username: ADMIN.username } });
    expect((await two.call('GET', '/api/clients/')).status).toBe(200);
    expect((await two.call('POST', '/api/logout/')).status).toBe(200);
    const stale = new SessionClient(web1.url!);
    expect((await stale.call('GET', '/api/check-auth/')).body.isAuthenticated).toBe(false);
  });

  it('creates each recurring invoice once when generation runs on both instances at once', async () => {
    const admin = new SessionClient(web1.url!);
    await admin.call('POST', '/api/login/', ADMIN);
    const other = admin.at(web2.url!);
    const client = (await admin.call('POST', '/api/clients/', { name: 'Multi Instance Ltd', email: 'multi@example.com' })).body;
    const product = (await admin.call('POST', '/api/products/', { name: 'Professional', price: 2000, billing_cycle: 'monthly' })).body;
    for (let i = 0; i < 8; i++) {
      const res = await admin.call('POST', '/api/subscriptions/', { client: client.id, product: product.id, start_date: `2026-0${1 + (i % 6)}-1${i}` });
      expect(res.status).toBe(201);
    }
    const [a, b] = await Promise.all([
      admin.call('POST', '/api/billing/generate-invoices/'),
      other.call('POST', '/api/billing/generate-invoices/'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const issued = await db('events').where({ type: 'InvoiceIssued' }).select(db.raw("data->'period'->>'subscriptionId' as s"), db.raw("data->'period'->>'start' as start"));
    expect(issued.length).toBeGreaterThanOrEqual(8 * 5);
    expect(new Set(issued.map((r) => `${r.s}/${r.start}`)).size).toBe(issued.length);
    await waitUntil('projections', projectionsCaughtUp);
    expect((await other.call('GET', '/api/invoices/')).body).toHaveLength(issued.length);
  });

  it('processes every event once across workers, and a worker killed mid-batch leaves read models equal to a rebuild', async () => {
    await waitUntil('projections', projectionsCaughtUp);
    const workers = procs.filter((p) => !p.url);
    await Promise.all(workers.map((w) => w.stop()));

    // A backlog written straight to the event store while no worker runs: large enough (in batches
    // of 10) that the worker cannot finish it between our noticing it started and the kill.
    const store = new PostgresEventStore(db);
    const [clientRow] = await db('clients').select('id');
    for (let i = 0; i < 400; i++) {
      const invoiceId = randomUUID();
      const event: InvoiceIssued = {
        type: 'InvoiceIssued',
        data: {
          invoiceId,
          invoiceNumber: `MI-${String(i).padStart(5, '0')}`,
          clientId: clientRow!.id,
          date: '2026-10-01',
          dueDate: '2026-10-31',
          lines: [{ description: 'Backlog', quantity: 1, unitPriceCents: 10_000 + i, vatRateBp: 1900, netCents: 10_000 + i, vatCents: Math.round((10_000 + i) * 0.19), grossCents: 10_000 + i + Math.round((10_000 + i) * 0.19), vatCategory: 'S' }],
          totals: { netCents: 10_000 + i, vatCents: Math.round((10_000 + i) * 0.19), grossCents: 10_000 + i + Math.round((10_000 + i) * 0.19) },
          period: null,
          parties: null,
        },
      };
      await store.append(`invoice-${invoiceId}`, [{ type: event.type, data: event.data, metadata: { actor: 'test', schemaVersion: 1 } }], { expectedRevision: 'no_stream' });
    }

    const before: { name: string; events_processed: number }[] = await db('projection_checkpoints').select('name', 'events_processed');
    const processed = (rows: { name: string; events_processed: number }[]) => rows.reduce((s, r) => s + Number(r.events_processed), 0);
    const doomed = await startAppProcess('worker', env);
    await waitUntil('the worker to be mid-way', async () => processed(await db('projection_checkpoints').select('name', 'events_processed')) > processed(before) + 10, 60_000, 10);
    await doomed.kill('SIGKILL');
    expect(await projectionsCaughtUp()).toBe(false);

    const survivors = await Promise.all([startAppProcess('worker', env), startAppProcess('worker', env)]);
    procs.push(...survivors);
    await waitUntil('projections after the crash', projectionsCaughtUp);

    const live = await snapshot(db);
    const logger = pino({ level: 'silent' });
    for (const p of projections()) {
      const result = await rebuildProjection({ db, store, logger, projections: projections() }, p.name, { timeoutMs: 60_000 });
      expect(result.caughtUp).toBe(true);
    }
    const rebuilt = await snapshot(db);
    for (const table of Object.keys(live)) expect(rebuilt[table], table).toEqual(live[table]);
    expect(await projectionsCaughtUp()).toBe(true);
  });
});
