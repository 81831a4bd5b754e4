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

  it('loads balanced demo entries once, visible in the journal and the reports', async () => {
    const { deps, services } = server.runtime;
    await seedAccountingDemo(deps, services.accounting);
    const list = await admin.get('/api/journal-entries/');
    expect(list.status).toBe(200);
    const count = list.body.length;
    expect(count).toBeGreaterThan(10);
    expect(list.body.map((e: { description: string }) => e.description)).toContain('Stationery (receipt to be matched)');

    await seedAccountingDemo(deps, services.accounting);
    expect((await admin.get('/api/journal-entries/')).body).toHaveLength(count);

    const bs = await admin.get('/api/reports/balance-sheet/');
    expect(bs.body.total_assets).toBe(bs.body.total_liabilities_and_equity);
    expect(bs.body.liabilities.map((l: { account: string }) => l.account)).toEqual(expect.arrayContaining(['Loans', 'Suspense']));
    const tb = await admin.graphql('{ trialBalance { totalDebit totalCredit } }');
    expect(tb.body.data.trialBalance.totalDebit).toBe(tb.body.data.trialBalance.totalCredit);
  });
});
