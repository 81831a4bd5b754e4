import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { seedAccountingDemo } from '../accounting/demo-seed';
import { seedBillingDemo } from '../main/billing-demo-seed';
import { seedBankDemo } from './demo-seed';

describe.each(testBackends())('bank demo data on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = server.client();
    await admin.login();
  });
  afterAll(() => server?.close());

  it('imports a month’s statement into the default bank account, partly reconciled, once, and proves it against the books', async () => {
    const { deps, services } = server.runtime;
    await seedBillingDemo(deps, services.billing);
    await seedAccountingDemo(deps, services.accounting);
    await seedBankDemo(deps, services.bank);
    const bank = ((await admin.get('/api/bank-accounts/')).body as Array<{ id: string; is_default: boolean; iban: string | null }>).find((a) => a.is_default)!;
    expect(bank.iban).not.toBeNull();
    const lines = (await admin.get(`/api/bank-accounts/${bank.id}/statement-lines/`)).body as Array<{ description: string; status: string }>;
    const status = Object.fromEntries(lines.map((l) => [l.description.split(' ')[0], l.status]));
    // Rent and hosting matched as the movements the accounting demo booked; the invoice's transfer reconciled on import.
    expect(status).toMatchObject({ Office: 'reconciled', Cloud: 'reconciled', Invoice: 'reconciled', Salaries: 'open', Account: 'open' });
    const report = await admin.get(`/api/bank-accounts/${bank.id}/reconciliation-report/`);
    expect(report.status, report.text).toBe(200);
    expect(report.body).toMatchObject({ proven: true, complete: false });
    expect(report.body.unreconciled_lines.map((l: { description: string }) => l.description).sort()).toEqual(['Account maintenance fee', 'Salaries']);

    await seedBankDemo(deps, services.bank);
    expect((await admin.get(`/api/bank-accounts/${bank.id}/statement-lines/`)).body).toHaveLength(lines.length);
  });
});
