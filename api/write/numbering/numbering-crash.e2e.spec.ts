import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { InvoiceEvent } from '../../../domain/invoice/events';
import { INVOICE_EVENT_TYPES } from '../../../domain/invoice/events';
import { PostgresEventStore } from '../../../eventstore/postgres/postgres-event-store';
import { createScratchDatabase } from '../../../test/db';
import { SessionClient, startAppProcess } from '../../../test/processes';
import { openDatabase } from '../../platform/db/open';

const ADMIN = { username: 'crash-admin', password: 'crash-admin-password' };
const ROUNDS = 4;
const CONCURRENCY = 4;

/** Creates invoices over HTTP until the server dies under it; answers how many were confirmed. */
const createUntilKilled = async (client: SessionClient, clientId: string, killAfterMs: number, kill: () => Promise<void>): Promise<number> => {
  let confirmed = 0;
  let alive = true;
  const loop = async () => {
    while (alive) {
      const res = await client
        .call('POST', '/api/invoices/', { client: clientId, date: '2026-05-04', due_date: '2026-05-18', items: [{ description: 'Licence', unit_price: 10 }] })
        .catch(() => undefined);
      if (res?.status === 201) confirmed++;
    }
  };
  const loops = Array.from({ length: CONCURRENCY }, loop);
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  await kill();
  alive = false;
  await Promise.all(loops);
  return confirmed;
};

const backends = [
  { name: 'pglite', env: async (): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> => ({ env: { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'grc-crash-')) }, drop: async () => undefined }) },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'postgres',
          env: async () => {
            const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
            return { env: { DATABASE_URL: scratch.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'grc-crash-')) }, drop: scratch.drop };
          },
        },
      ]
    : []),
];

describe.each(backends)('invoice numbers when the server is killed mid-write on $name', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('leaves the numbers of the year 1..N, each on exactly one invoice, after SIGKILLs at random points', { timeout: 240_000 }, async () => {
    const { env: base, drop } = await backend.env();
    cleanups.push(drop);
    const env = { ...base, ROLE: 'all', SEED_DEMO: 'false', RECURRING_SCHEDULE: 'false', REMINDER_SCHEDULE: 'false', LOG_LEVEL: 'warn', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
    let clientId = '';
    let confirmed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const app = await startAppProcess('web', env);
      cleanups.push(() => app.kill());
      const admin = new SessionClient(app.url!);
      await admin.call('GET', '/api/check-auth/');
      expect((await admin.call('POST', '/api/login/', ADMIN)).status).toBe(200);
      if (!clientId) clientId = (await admin.call('POST', '/api/clients/', { name: 'Crash Ltd', email: 'crash@example.test' })).body.id;
      confirmed += await createUntilKilled(admin, clientId, 300 + Math.random() * 1200, () => app.kill('SIGKILL'));
    }
    // A clean start after the last kill, as an operator would do.
    const last = await startAppProcess('web', env);
    await last.stop();

    const db = await openDatabase({ databaseUrl: base.DATABASE_URL, dataDir: base.DATA_DIR });
    try {
      const store = new PostgresEventStore(db);
      const numberOf = new Map<string, string>();
      let after: string | undefined;
      for (;;) {
        const page = await store.readAll({ after, eventTypes: INVOICE_EVENT_TYPES, limit: 1000 });
        for (const e of page.events as unknown as InvoiceEvent[]) {
          if (e.type === 'InvoiceIssued' || e.type === 'InvoiceEdited') numberOf.set(e.data.invoiceId, e.data.invoiceNumber);
        }
        after = page.lastPosition;
        if (!page.hasMore) break;
      }
      await store.close();
      const numbers = [...numberOf.values()].filter((n) => n.startsWith('2026-')).sort();
      expect(numbers.length).toBeGreaterThanOrEqual(confirmed);
      expect(confirmed).toBeGreaterThan(0);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => `2026-${String(i + 1).padStart(6, '0')}`));
      const registry: { number: string; document_id: string; status: string }[] = await db('document_numbers').where({ series: 'invoice', year: 2026 }).orderBy('number');
      expect(registry.map((r) => [r.number, r.document_id, r.status])).toEqual(
        [...numberOf].filter(([, n]) => n.startsWith('2026-')).sort(([, a], [, b]) => a.localeCompare(b)).map(([id, n]) => [n, id, 'issued']),
      );
    } finally {
      await db.destroy();
    }
  });
});
