import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from '../invoicing/test/fixtures';

const SETTINGS = `mutation($input: CompanySettingsInput!) { updateCompanySettings(input: $input) { country } }`;
const QUERY = `query($from: String, $to: String) { ecSalesList(from: $from, to: $to) { from to total rows { country vatNumber services } } }`;
const item = (description: string, unit_price: number, vat_rate = 24) => ({ description, unit_price, vat_rate });

describe.each(testBackends())('EC Sales List on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  const issue = async (client: string, date: string, items: ReturnType<typeof item>[]) => {
    const inv = await createInvoice(admin, { client, date, due_date: date, items });
    expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    return inv;
  };
  const list = async (from: string, to: string) => (await admin.get(`/api/reports/ec-sales-list/?from=${from}&to=${to}`)).body;
  const reverseChargeOfReturn = async (from: string, to: string): Promise<number> =>
    ((await admin.get(`/api/reports/vat-return/?from=${from}&to=${to}`)).body.rows as Array<{ category: string; output_base: number }>).filter((r) => r.category === 'AE').reduce((s, r) => s + r.output_base, 0);

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-06-30T12:00:00Z') });
    admin = await adminOf(server);
    const company = { name: 'Aegis GRC A.E.', address: 'Stadiou 1\n10564 Athens', phone: '+30 210 0000000', email: 'billing@aegis.test', registrationNumber: 'GEMI 1', vatNumber: 'EL094014201', jurisdiction: 'Greece', country: 'GR' };
    expect((await admin.graphql(SETTINGS, { input: company })).body.data.updateCompanySettings.country).toBe('GR');
    expect((await admin.post('/api/exchange-rates/', { date: '2026-02-10', currency: 'USD', rate: '1.25' })).status).toBe(201);
  });
  afterAll(() => server?.close());

  it('lists reverse-charge sales per customer VAT number, in euros, credit notes in their own period; its total is the VAT return’s reverse charge, and a locked period keeps its list', async () => {
    const german = await createClient(admin, { name: 'Kunde GmbH', country: 'DE', vat_number: 'DE 812 871 812' });
    const austrian = await createClient(admin, { name: 'Wien AG', country: 'AT', vat_number: 'ATU13585627', currency: 'usd' });
    const greek = await createClient(admin, { name: 'Πελάτης Α.Ε.', country: 'GR', vat_number: '094014201' });
    const privateGerman = await createClient(admin, { name: 'Max Mustermann', country: 'DE', vat_number: '' });

    const first = await issue(german.id, '2026-01-15', [item('Audit', 1000), item('Training', 250)]);
    await issue(german.id, '2026-02-03', [item('Advisory', 500)]);
    // USD 1,000.00 at 1.25: EUR 800.00 booked, listed at the booked euros.
    await issue(austrian.id, '2026-02-10', [item('Licence', 1000)]);
    // Neither a domestic sale nor one to a consumer in another state is an intra-EU supply to report.
    await issue(greek.id, '2026-02-11', [item('Audit', 400)]);
    await issue(privateGerman.id, '2026-02-12', [item('Course', 100)]);

    const q1 = await list('2026-01-01', '2026-03-31');
    expect(q1).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      rows: [
        { country: 'AT', vat_number: 'ATU13585627', services: 800 },
        { country: 'DE', vat_number: 'DE812871812', services: 1750 },
      ],
      total: 2550,
    });
    expect(q1.total).toBe(await reverseChargeOfReturn('2026-01-01', '2026-03-31'));
    const gql = await admin.graphql(QUERY, { from: '2026-01-01', to: '2026-03-31' });
    expect(gql.body.data.ecSalesList).toEqual({ from: '2026-01-01', to: '2026-03-31', total: 2550, rows: [{ country: 'AT', vatNumber: 'ATU13585627', services: 800 }, { country: 'DE', vatNumber: 'DE812871812', services: 1750 }] });

    // Q1 is locked; a credit note of the January invoice is dated in Q2 and taken off there.
    expect((await admin.put('/api/accounting/lock/', { locked_through: '2026-03-31' })).status).toBe(200);
    const credited = await admin.post(`/api/invoices/${first.id}/credit-notes/`, { reason: 'Discount', date: '2026-04-20', items: [item('Discount', 300)] });
    expect(credited.status, credited.text).toBe(201);
    expect(await list('2026-01-01', '2026-03-31')).toEqual(q1);
    const q2 = await list('2026-04-01', '2026-06-30');
    expect(q2).toEqual({ from: '2026-04-01', to: '2026-06-30', rows: [{ country: 'DE', vat_number: 'DE812871812', services: -300 }], total: -300 });
    expect(q2.total).toBe(await reverseChargeOfReturn('2026-04-01', '2026-06-30'));

    // Exports: CSV, XLSX and PDF of the same list.
    const csv = await admin.get('/api/reports/ec-sales-list/export/?format=csv&from=2026-01-01&to=2026-03-31').buffer(true);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('ec-sales-list_2026-01-01_2026-03-31.csv');
    const text = csv.text;
    expect(text).toContain('Member state,Customer VAT number,Services (reverse charge)\r\nAT,ATU13585627,800.00\r\nDE,DE812871812,1750.00\r\nTotal,,2550.00\r\n');
    const greekCsv = (await admin.get('/api/reports/ec-sales-list/export/?format=csv&from=2026-01-01&to=2026-03-31&lang=el')).text;
    expect(greekCsv).toContain('Κράτος μέλος,ΑΦΜ πελάτη');
    for (const format of ['xlsx', 'pdf']) {
      const file = await admin.get(`/api/reports/ec-sales-list/export/?format=${format}&from=2026-01-01&to=2026-03-31`).buffer(true);
      expect(file.status).toBe(200);
      expect(file.headers['content-disposition']).toContain(`ec-sales-list_2026-01-01_2026-03-31.${format}`);
    }
    expect((await admin.get('/api/reports/ec-sales-list/?from=2026-13-01')).status).toBe(400);
  });
});
