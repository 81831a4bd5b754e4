import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatPgPosition } from '../../../../eventstore/postgres/positions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config';
import { startRuntime, type Runtime } from '../../runtime';
import { testBackends, type TestDb } from '../../../../test/db';
import { ADMIN, startTestServer, TestClient, type TestServer } from '../../../../test/server';
import { exportAll, importAll } from './backup';

const REPORTS = [
  '/api/reports/income-statement/?from=2026-01-01&to=2026-12-31',
  '/api/reports/balance-sheet/?as_of=2026-12-31',
  '/api/reports/cash-flow/?from=2026-01-01&to=2026-12-31',
  '/api/invoices/',
  '/api/clients/',
  '/api/subscriptions/',
  '/api/journal-entries/',
];

describe.each(testBackends())('export and import on $name', (backend) => {
  let source: TestServer;
  let target: TestDb;
  let restored: Runtime;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grc-backup-'));

  beforeAll(async () => {
    source = await startTestServer(backend);
    target = await backend.create();
  });
  afterAll(async () => {
    await restored?.stop();
    await source?.close();
    await target?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('round-trips every event and table into an empty database with identical reports', async () => {
    const c = source.client();
    await c.login();
    const client = (await c.post('/api/clients/', { name: 'Backup Client', email: 'backup@example.com', address: 'Ermou 1, Athens' })).body;
    const product = (await c.post('/api/products/', { name: 'Professional', price: 2000, billing_cycle: 'monthly' })).body;
    expect((await c.post('/api/subscriptions/', { client: client.id, product: product.id, start_date: '2026-09-01' })).status).toBe(201);
    const items = [{ description: 'Consulting', quantity: 2, unit_price: 150.5, vat_rate: 19 }];
    const paid = (await c.post('/api/invoices/', { client: client.id, date: '2026-10-01', due_date: '2026-10-31', paid: false, items })).body;
    expect((await c.post(`/api/invoices/${paid.id}/mark_as_paid/`)).status).toBe(200);
    expect((await c.post('/api/invoices/', { client: client.id, date: '2026-11-01', due_date: '2026-11-30', paid: false, items })).status).toBe(201);
    const accounts = (await c.get('/api/accounts/')).body as { id: string; account_name: string }[];
    const entry = await c.post('/api/journal-entries/', { date: '2026-11-05', account: accounts[0]!.id, debit: 0, credit: 42.1, description: 'Bank fee' });
    expect(entry.status).toBe(201);
    await source.runtime.mail.drain();

    const before = await Promise.all(REPORTS.map(async (p) => (await c.get(p)).body));
    const summary = await exportAll(source.testDb.db, source.runtime.deps.eventStore, dir);
    expect(summary.events).toBeGreaterThanOrEqual(4);
    expect(summary.tables.clients).toBe(1);

    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATA_DIR: dir, SEED_DEMO: 'false', RECURRING_SCHEDULE: 'false' });
    const { createEventStore } = await import('../../../../eventstore/create-event-store');
    const store = await createEventStore(target.db, {});
    const imported = await importAll(target.db, store, dir);
    expect(imported.events).toBe(summary.events);
    restored = await startRuntime(config, { db: target.db });
    // The last event imported, read from the table: the store's head stops short of events committed
    // after the oldest transaction still open anywhere on a PostgreSQL server other test files share.
    const last = (await target.db.raw('select transaction_id::text as tx, global_position as pos from events order by transaction_id desc, global_position desc limit 1')).rows[0];
    expect(await restored.deps.projections.waitFor(formatPgPosition(last.tx, last.pos), { timeoutMs: 30_000 })).toBe(true);

    const r = new TestClient(restored.url);
    await r.login(ADMIN.username, ADMIN.password);
    const after = await Promise.all(REPORTS.map(async (p) => (await r.get(p)).body));
    expect(after).toEqual(before);

    // Reactors start past the imported events: nothing of the past is mailed again.
    const outboxBefore = await source.testDb.db('mail_outbox').count({ n: '*' }).first();
    await restored.mail.drain();
    const outboxAfter = await target.db('mail_outbox').count({ n: '*' }).first();
    expect(Number(outboxAfter?.n)).toBe(Number(outboxBefore?.n));
    await expect(importAll(target.db, store, dir)).rejects.toThrow(/not empty/);
  });
});
