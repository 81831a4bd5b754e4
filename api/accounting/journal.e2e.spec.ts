import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { UserService } from '../auth/user.service';

const OFFICE = 'a0000000-0000-4000-8000-000000005300';
const UNKNOWN = '99999999-9999-4999-8999-999999999999';

describe.each(testBackends())('journal entries over REST on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let client: TestClient;

  beforeAll(async () => {
    server = await startTestServer(backend);
    await new UserService(server.testDb.db).create({ username: 'client1', password: 'client-password-1' });
    admin = server.client();
    await admin.login();
    client = server.client();
    await client.login('client1', 'client-password-1');
  });
  afterAll(() => server?.close());

  const head = () => server.runtime.deps.eventStore.headPosition();

  it('answers 401 anonymously and 403 to a client user on every endpoint', async () => {
    const anon = server.client();
    const calls: Array<[string, string]> = [
      ['get', '/api/journal-entries/'],
      ['post', '/api/journal-entries/'],
      ['put', `/api/journal-entries/${UNKNOWN}/`],
      ['delete', `/api/journal-entries/${UNKNOWN}/`],
      ['get', '/api/accounts/'],
      ['get', '/api/reports/income-statement/'],
      ['get', '/api/reports/balance-sheet/'],
      ['get', '/api/reports/cash-flow/'],
    ];
    for (const [method, path] of calls) {
      const call = (c: TestClient) => (method === 'get' ? c.get(path) : method === 'post' ? c.post(path, {}) : method === 'put' ? c.put(path, {}) : c.delete(path));
      expect((await call(anon)).status, `${method} ${path}`).toBe(401);
      expect((await call(client)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('lists the default chart of accounts with id, account_name and type', async () => {
    const res = await admin.get('/api/accounts/');
    expect(res.status).toBe(200);
    const names = res.body.map((a: { account_name: string }) => a.account_name);
    for (const n of ['Bank', 'Stripe Clearing', 'Accounts Receivable', 'VAT Payable', 'Accounts Payable', 'Loans', 'Share Capital', 'Retained Earnings', 'Suspense', 'Subscription Revenue', 'Services Revenue']) {
      expect(names).toContain(n);
    }
    expect(res.body.find((a: { id: string }) => a.id === OFFICE)).toMatchObject({ account_name: 'Office Expenses', type: 'expense' });
  });

  it('creates, lists, edits and deletes a single-line entry with its other side on Suspense', async () => {
    const created = await admin.post('/api/journal-entries/', { date: '2026-03-10', account: OFFICE, debit: 12.5, description: 'Paper' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ date: '2026-03-10', account: { id: OFFICE, account_name: 'Office Expenses' }, debit: 12.5, credit: 0, description: 'Paper' });
    const id = created.body.id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const list = await admin.get('/api/journal-entries/');
    expect(list.body.filter((e: { id: string }) => e.id === id)).toHaveLength(1);
    // The list shows the other side too: the entry's Suspense line, so its debits equal its credits.
    expect(list.body.find((e: { id: string }) => e.id === id).lines).toEqual([
      { account: { id: OFFICE, account_name: 'Office Expenses' }, debit: 12.5, credit: 0 },
      { account: { id: SYSTEM_ACCOUNT_IDS.suspense, account_name: 'Suspense' }, debit: 0, credit: 12.5 },
    ]);

    const tb = await admin.graphql('{ trialBalance(asOf: "2026-12-31") { rows { accountId debit credit } totalDebit totalCredit } }');
    const suspense = tb.body.data.trialBalance.rows.find((r: { accountId: string }) => r.accountId === SYSTEM_ACCOUNT_IDS.suspense);
    expect(suspense).toMatchObject({ debit: 0, credit: 12.5 });

    const edited = await admin.put(`/api/journal-entries/${id}/`, { date: '2026-03-11', account: { id: OFFICE }, credit: '3.10', description: 'Refund' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, date: '2026-03-11', debit: 0, credit: 3.1, description: 'Refund', version: 2 });
    expect((await admin.get(`/api/journal-entries/${id}/`)).body).toMatchObject({
      credit: 3.1,
      lines: [
        { account: { id: OFFICE }, debit: 0, credit: 3.1 },
        { account: { id: SYSTEM_ACCOUNT_IDS.suspense }, debit: 3.1, credit: 0 },
      ],
    });

    const history = await admin.graphql(`{ journalEntryHistory(id: "${id}") { type actor recordedAt } }`);
    expect(history.body.data.journalEntryHistory.map((h: { type: string }) => h.type)).toEqual(['JournalEntryRecorded', 'JournalEntryCorrected']);

    expect((await admin.delete(`/api/journal-entries/${id}/`)).status).toBe(204);
    expect((await admin.get('/api/journal-entries/')).body.find((e: { id: string }) => e.id === id)).toBeUndefined();
    expect((await admin.get(`/api/journal-entries/${id}/`)).status).toBe(404);
    expect((await admin.delete(`/api/journal-entries/${id}/`)).status).toBe(404);

    // The ledger keeps every line: posting, reversal + new posting, reversal; the net is zero.
    const ledger = await admin.graphql(`{ accountLedger(accountId: "${OFFICE}", from: "2026-01-01", to: "2026-12-31") { lines { kind debit credit } closingBalance } }`);
    expect(ledger.body.data.accountLedger.lines).toEqual([
      { kind: 'posting', debit: 12.5, credit: 0 },
      { kind: 'reversal', debit: 0, credit: 12.5 },
      { kind: 'posting', debit: 0, credit: 3.1 },
      { kind: 'reversal', debit: 3.1, credit: 0 },
    ]);
    expect(ledger.body.data.accountLedger.closingBalance).toBe(0);
  });

  it('answers bad input with 400 and field errors, appending nothing', async () => {
    const before = await head();
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ date: '2026-03-10', account: UNKNOWN, debit: 1 }, 'account'],
      [{ date: '2026-03-10', account: 'not-a-uuid', debit: 1 }, 'account'],
      [{ date: '2026-03-10', account: OFFICE, debit: 'abc' }, 'debit'],
      [{ date: '2026-03-10', account: OFFICE, debit: -5 }, 'debit'],
      [{ date: '2026-03-10', account: OFFICE, debit: 5, credit: 5 }, 'credit'],
      [{ date: '2026-03-10', account: OFFICE }, 'debit'],
      [{ date: '2026-02-30', account: OFFICE, debit: 1 }, 'date'],
      [{ date: '10/03/2026', account: OFFICE, debit: 1 }, 'date'],
      [{ account: OFFICE, debit: 1 }, 'date'],
      [{ date: '2026-03-10', account: OFFICE, debit: 12.345 }, 'debit'],
      [{ date: '2026-03-10', account: OFFICE, debit: 1e21 }, 'debit'],
      [{ date: '2026-03-10', debit: 1 }, 'account'],
    ];
    for (const [body, field] of bad) {
      const res = await admin.post('/api/journal-entries/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(body)).toContain(field);
      expect(typeof res.body.message).toBe('string');
    }
    expect(await head()).toBe(before);
  });

  it('answers 404 for unknown or malformed ids and 409 for a stale version', async () => {
    expect((await admin.put(`/api/journal-entries/${UNKNOWN}/`, { date: '2026-01-01', account: OFFICE, debit: 1 })).status).toBe(404);
    expect((await admin.put('/api/journal-entries/nope/', { date: '2026-01-01', account: OFFICE, debit: 1 })).status).toBe(404);
    expect((await admin.delete('/api/journal-entries/nope/')).status).toBe(404);
    expect((await admin.get(`/api/journal-entries/${UNKNOWN}/`)).status).toBe(404);

    const { body } = await admin.post('/api/journal-entries/', { date: '2026-04-01', account: OFFICE, debit: 10 });
    const first = await admin.put(`/api/journal-entries/${body.id}/`, { date: '2026-04-01', account: OFFICE, debit: 11, version: 1 });
    expect(first.status).toBe(200);
    const stale = await admin.put(`/api/journal-entries/${body.id}/`, { date: '2026-04-01', account: OFFICE, debit: 12, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    expect((await admin.delete(`/api/journal-entries/${body.id}/?version=1`)).status).toBe(409);
  });

  it('lets concurrent edits of one entry through one at a time: the loser gets 409', async () => {
    const { body } = await admin.post('/api/journal-entries/', { date: '2026-05-01', account: OFFICE, debit: 10 });
    const results = await Promise.all([20, 30, 40, 50].map((debit) => admin.put(`/api/journal-entries/${body.id}/`, { date: '2026-05-01', account: OFFICE, debit })));
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses).toContain(200);
    const history = await admin.graphql(`{ journalEntryHistory(id: "${body.id}") { type } }`);
    expect(history.body.data.journalEntryHistory).toHaveLength(1 + statuses.filter((s) => s === 200).length);
  });
});
