import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { bootstrap } from '../main/bootstrap';
import { adminOf } from '../invoicing/test/fixtures';

// Issue 24 item 4: the company's standard VAT rate, seeded from COMPANY_VAT_RATE, edited in Settings.
const READ = '{ companySettings { standardVatRate } }';
const UPDATE = 'mutation($input: CompanySettingsInput!) { updateCompanySettings(input: $input) { standardVatRate vatNumber } }';
const company = { name: 'Aegis GRC Ltd', address: '12 Example Street', phone: '+357 1', email: 'info@aegis.test', registrationNumber: 'HE 1', vatNumber: 'CY10000000D', jurisdiction: 'Cyprus' };

describe.each(testBackends())('company standard VAT rate on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await adminOf(server);
  });
  afterAll(() => server?.close());

  const rate = async () => (await admin.graphql(READ)).body.data.companySettings.standardVatRate as number;

  it("is seeded with the sample company's Cyprus rate, 19 %", async () => {
    expect(await rate()).toBe(19);
  });

  it('is edited in the settings, kept when an update leaves it out, and audited', async () => {
    const set = await admin.graphql(UPDATE, { input: { ...company, standardVatRate: 5.5 } });
    expect(set.body.data.updateCompanySettings).toEqual({ standardVatRate: 5.5, vatNumber: 'CY10000000D' });
    const without = await admin.graphql(UPDATE, { input: company });
    expect(without.body.data.updateCompanySettings.standardVatRate).toBe(5.5);
    const audits = await server.testDb.db('audit_log').where({ entity: 'company_settings' }).select('after');
    expect(audits.map((a) => (typeof a.after === 'string' ? JSON.parse(a.after) : a.after).standard_vat_rate_bp)).toContain(550);
    expect(await rate()).toBe(5.5);
  });

  it('refuses a rate above 100 %, below 0 or with more than two decimals under its own field, writing nothing', async () => {
    await admin.graphql(UPDATE, { input: { ...company, standardVatRate: 24 } });
    const cases: [number, string][] = [
      [120, 'Ensure this value is less than or equal to 100.'],
      [-1, 'Ensure this value is greater than or equal to 0.'],
      [19.555, 'Ensure that there are no more than 2 decimal places.'],
    ];
    for (const [value, message] of cases) {
      const res = await admin.graphql(UPDATE, { input: { ...company, vatNumber: 'CY99999999Q', standardVatRate: value } });
      expect(res.body.errors[0].extensions.fieldErrors, String(value)).toEqual({ standardVatRate: [message] });
    }
    expect(await rate()).toBe(24);
    expect((await admin.graphql('{ companySettings { vatNumber } }')).body.data.companySettings.vatNumber).toBe('CY10000000D');
  });

  it('is given to an install from before the rate once, and never overwrites one the superuser set', async () => {
    const { db, config, logger } = server.runtime.deps;
    await db('company_settings').where({ id: 1 }).update({ standard_vat_rate_bp: null });
    await bootstrap(db, { ...config, company: { ...config.company, standardVatRateBp: 2100 } }, logger);
    expect(await rate()).toBe(21);
    await bootstrap(db, { ...config, company: { ...config.company, standardVatRateBp: 700 } }, logger);
    expect(await rate()).toBe(21);
  });
});

describe('COMPANY_VAT_RATE seeds a new install', () => {
  it('takes the configured percent', async () => {
    const server = await startTestServer(testBackends()[0]!, { env: { COMPANY_VAT_RATE: '24' } });
    try {
      const admin = await adminOf(server);
      expect((await admin.graphql(READ)).body.data.companySettings.standardVatRate).toBe(24);
    } finally {
      await server.close();
    }
  });
});
