import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../../test/db';
import { startMyDataStub, type MyDataStub } from '../../../test/mydata-stub';
import { SessionClient, startAppProcess } from '../../../test/processes';
import { openDatabase } from '../../platform/db/open';

const ADMIN = { username: 'mydata-admin', password: 'mydata-admin-password' };

const backends = [
  { name: 'pglite', env: async () => ({ env: { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'grc-mydata-')) } as Record<string, string>, drop: async () => undefined }) },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'postgres',
          env: async () => {
            const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
            return { env: { DATABASE_URL: scratch.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'grc-mydata-')) } as Record<string, string>, drop: scratch.drop };
          },
        },
      ]
    : []),
];

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);

/**
 * The process that transmits is killed (SIGKILL) while AADE holds its SendInvoices call: AADE has
 * registered the document, the product never heard. The next start must not send it again: it
 * looks the document up by its UID and keeps AADE's one MARK.
 */
describe.each(backends)('myDATA transmission when the process is killed mid-call on $name', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  let stub: MyDataStub | undefined;
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    await stub?.close();
  });

  it('never sends a document twice: the next start finds it registered and keeps its MARK', { timeout: 120_000 }, async () => {
    stub = await startMyDataStub();
    stub.mode = { kind: 'hang' };
    const { env: base, drop } = await backend.env();
    cleanups.push(drop);
    const env = {
      ...base,
      ROLE: 'all',
      SEED_DEMO: 'false',
      RECURRING_SCHEDULE: 'false',
      REMINDER_SCHEDULE: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      COMPANY_COUNTRY: 'GR',
      COMPANY_VAT_NUMBER: 'EL094014201',
      COMPANY_ADDRESS: 'Σταδίου 1\n105 64 Αθήνα',
      MYDATA_USER_ID: stub.credentials.userId,
      MYDATA_SUBSCRIPTION_KEY: stub.credentials.subscriptionKey,
      MYDATA_URL: stub.url,
    };
    const first = await startAppProcess('web', env);
    cleanups.push(() => first.kill());
    const admin = new SessionClient(first.url!);
    await admin.call('GET', '/api/check-auth/');
    expect((await admin.call('POST', '/api/login/', ADMIN)).status).toBe(200);
    const client = await admin.call('POST', '/api/clients/', { name: 'Πελάτης Α.Ε.', email: 'p@example.gr', country: 'GR', vat_number: 'EL099999999' });
    expect(client.status).toBe(201);
    const invoice = await admin.call('POST', '/api/invoices/', { client: client.body.id, date: '2026-05-04', due_date: '2026-05-18', items: [{ description: 'Audit', unit_price: 100, vat_rate: 24 }] });
    expect(invoice.status).toBe(201);
    const arrived = stub.nextSend();
    expect((await admin.call('POST', `/api/invoices/${invoice.body.id}/send/`)).status).toBe(200);
    await within(arrived, 60_000, 'SendInvoices');
    // AADE has registered it; the process dies before the answer.
    await first.kill('SIGKILL');
    expect(stub.registered).toHaveLength(1);
    stub.mode = { kind: 'ok' };
    // The claim's lease runs out (two minutes in production), as it would before another process takes the document over.
    const db = await openDatabase({ databaseUrl: base.DATABASE_URL, dataDir: base.DATA_DIR! });
    try {
      const [attempt] = await db('mydata_attempts').where({ document_id: invoice.body.id }).select('action', 'outcome');
      expect(attempt).toEqual({ action: 'sent', outcome: null });
      await db('mydata_documents').where({ document_id: invoice.body.id }).update({ next_attempt_at: db.fn.now() });
    } finally {
      await db.destroy();
    }

    const second = await startAppProcess('web', env);
    cleanups.push(() => second.kill());
    const again = admin.at(second.url!);
    let state: { status: string; mark: string | null; history: Array<{ action: string; outcome: string | null }> } = { status: '', mark: null, history: [] };
    for (let i = 0; i < 200 && state.status !== 'transmitted'; i++) {
      state = (await again.call('GET', `/api/mydata/documents/${invoice.body.id}/`)).body;
      if (state.status !== 'transmitted') await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toMatchObject({ status: 'transmitted', mark: stub.registered[0]!.mark });
    expect(state.history.map((h) => [h.action, h.outcome])).toEqual([
      ['sent', null],
      ['lookup', 'found'],
    ]);
    // One SendInvoices in all, one registration: nothing was sent twice.
    expect(stub.received).toHaveLength(1);
    expect(stub.registered).toHaveLength(1);
    expect(stub.received[0]!.schemaErrors).toEqual([]);
    await second.stop();
  });
});
