import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { seedAccountingDemo } from './demo-seed';

describe.each(testBackends())('accounting demo data on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = server.client();
    await admin.login();
  });
  afterAll(() => server?.close());

  it('loads demo entries with both sides once, visible in the journal and the reports, with nothing on Suspense', async () => {
    const { deps, services } = server.runtime;
    await seedAccountingDemo(deps, services.accounting);
    const list = await admin.get('/api/journal-entries/');
    expect(list.status).toBe(200);
    const count = list.body.length;
    expect(count).toBeGreaterThan(10);
    expect(list.body.map((e: { description: string }) => e.description)).toContain('Stationery (paid by card)');
    // Every demo entry names both its sides: each balances, and none leans on Suspense.
    for (const e of list.body as Array<{ description: string; lines: Array<{ account: { account_name: string }; debit: number; credit: number }> }>) {
      const sum = (side: 'debit' | 'credit') => e.lines.reduce((s, l) => s + Math.round(l[side] * 100), 0);
      expect({ entry: e.description, debit: sum('debit') }).toEqual({ entry: e.description, debit: sum('credit') });
      expect(e.lines.map((l) => l.account.account_name)).not.toContain('Suspense');
    }

    await seedAccountingDemo(deps, services.accounting);
    expect((await admin.get('/api/journal-entries/')).body).toHaveLength(count);

    const bs = await admin.get('/api/reports/balance-sheet/');
    expect(bs.body.total_assets).toBe(bs.body.total_liabilities_and_equity);
    expect(bs.body.liabilities.map((l: { account: string }) => l.account)).toEqual(expect.arrayContaining(['Loans', 'Accounts Payable']));
    expect(bs.body.liabilities.map((l: { account: string }) => l.account)).not.toContain('Suspense');
    const tb = await admin.graphql('{ trialBalance { totalDebit totalCredit } }');
    expect(tb.body.data.trialBalance.totalDebit).toBe(tb.body.data.trialBalance.totalCredit);
  });
});
