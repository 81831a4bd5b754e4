import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from '../invoicing/test/fixtures';

const SETTINGS = `mutation($input: CompanySettingsInput!) { updateCompanySettings(input: $input) { country iban bic } }`;
const company = { name: 'Aegis GRC Ltd', address: '12 Example Street\n1010 Nicosia', phone: '+357 1', email: 'info@aegis.test', registrationNumber: 'HE 1', vatNumber: 'CY10000000D', jurisdiction: 'Cyprus' };

describe.each(testBackends())('Art. 226 content and VAT treatment on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
  });
  afterAll(() => server?.close());

  it("gives a client the company's country unless told, and refuses a country that is not a code", async () => {
    const plain = await admin.get(`/api/clients/${(await createClient(admin)).id}/`);
    expect(plain.body.country).toBe('CY');
    const german = await createClient(admin, { country: 'de', vat_number: 'DE123456788' });
    expect((await admin.get(`/api/clients/${german.id}/`)).body.country).toBe('DE');
    const bad = await admin.post('/api/clients/', { name: 'X', email: 'x@x.test', country: 'XX' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.country).toEqual(['Enter a country as its two-letter ISO 3166-1 code (e.g. GR, CY, DE).']);
    // The spec's form sends no country: an update keeps the one stored.
    const kept = await admin.put(`/api/clients/${german.id}/`, { name: 'Kunde GmbH', email: 'k@kunde.test', vat_number: 'DE123456788' });
    expect(kept.status).toBe(200);
    expect(kept.body.country).toBe('DE');
  });

  it('keeps the seller country and bank details, refusing an IBAN whose check digits fail', async () => {
    const bad = await admin.graphql(SETTINGS, { input: { ...company, iban: 'CY17 0020 0128 0000 0012 0052 7601' } });
    expect(bad.body.errors[0].extensions.fieldErrors).toEqual({ iban: ['Enter a valid IBAN (its check digits do not match).'] });
    const ok = await admin.graphql(SETTINGS, { input: { ...company, country: 'cy', iban: 'cy17 0020 0128 0000 0012 0052 7600', bic: 'bcypcy2n' } });
    expect(ok.body.data.updateCompanySettings).toEqual({ country: 'CY', iban: 'CY17002001280000001200527600', bic: 'BCYPCY2N' });
    // Fields left out stay as they are.
    const again = await admin.graphql(SETTINGS, { input: company });
    expect(again.body.data.updateCompanySettings.iban).toBe('CY17002001280000001200527600');
  });

  it('invoices an EU business in another member state under reverse charge and keeps VAT for the others', async () => {
    const items = [{ description: 'Platform licence', quantity: 1, unit_price: 1000, vat_rate: 19 }];
    const german = await createClient(admin, { name: 'Kunde GmbH', country: 'DE', vat_number: 'DE123456788' });
    const rc = await admin.get(`/api/invoices/${(await createInvoice(admin, { client: german.id, date: '2026-03-01', due_date: '2026-03-31', items })).id}/`);
    expect(rc.body).toMatchObject({ reverse_charge: true, net_amount: 1000, vat_amount: 0, total_amount: 1000 });
    expect(rc.body.items[0]).toMatchObject({ vat_rate: 0, vat_category: 'AE', vat_exemption_reason: 'Reverse charge' });
    const consumer = await createClient(admin, { name: 'Hans', country: 'DE', vat_number: '' });
    const b2c = await createInvoice(admin, { client: consumer.id, date: '2026-03-01', due_date: '2026-03-31', items });
    expect(b2c).toMatchObject({ total_amount: 1190 });
    // No VAT payable was posted for the reverse-charge invoice: only the consumer's 190 is owed.
    const sheet = await admin.get('/api/reports/balance-sheet/');
    expect(sheet.body.liabilities).toEqual([expect.objectContaining({ account: 'VAT Payable', balance: 190 })]);
    expect(sheet.body.total_assets).toBe(2190);
  });

  it('keeps an exempt line exempt with its reason and refuses an unknown category or a contradiction', async () => {
    const client = await createClient(admin);
    const exempt = await createInvoice(admin, {
      client: client.id,
      date: '2026-03-01',
      due_date: '2026-03-31',
      items: [{ description: 'Training', quantity: 1, unit_price: 500, vat_rate: 0, vat_category: 'E', vat_exemption_reason: 'Article 132(1)(i) of Directive 2006/112/EC' }],
    });
    const read = await admin.get(`/api/invoices/${exempt.id}/`);
    expect(read.body.items[0]).toMatchObject({ vat_category: 'E', vat_exemption_reason: 'Article 132(1)(i) of Directive 2006/112/EC' });
    const unknown = await admin.post('/api/invoices/', { client: client.id, date: '2026-03-01', due_date: '2026-03-31', items: [{ description: 'A', unit_price: 1, vat_category: 'K' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors['items.0.vat_category']).toEqual(['Unknown VAT category: use S (standard), Z (zero rated), E (exempt) or AE (reverse charge).']);
    const contradiction = await admin.post('/api/invoices/', { client: client.id, date: '2026-03-01', due_date: '2026-03-31', items: [{ description: 'A', unit_price: 1, vat_rate: 19, vat_category: 'E' }] });
    expect(contradiction.status).toBe(400);
    expect(contradiction.body.errors.items).toEqual(['An exempt (E) line carries a VAT rate of 0 %.']);
    const before = (await admin.get('/api/invoices/')).body.length;
    expect(before).toBeGreaterThan(0);
    expect((await admin.get('/api/invoices/')).body.length).toBe(before);
  });

  it('keeps an issued invoice as it was written when the client moves', async () => {
    const client = await createClient(admin, { name: 'Mover SA', country: 'FR', vat_number: 'FR12345678900' });
    const inv = await createInvoice(admin, { client: client.id, date: '2026-03-01', due_date: '2026-03-31', items: [{ description: 'Audit', unit_price: 200, vat_rate: 19 }] });
    expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    expect((await admin.put(`/api/clients/${client.id}/`, { name: 'Mover Ltd', email: 'm@m.test', country: 'CY' })).status).toBe(200);
    const history = await admin.get(`/api/invoices/${inv.id}/history/`);
    const issued = history.body.find((h: { type: string }) => h.type === 'InvoiceIssued');
    expect(issued.data.parties.buyer).toMatchObject({ name: 'Mover SA', country: 'FR', vatNumber: 'FR12345678900' });
    const read = await admin.get(`/api/invoices/${inv.id}/`);
    expect(read.body).toMatchObject({ reverse_charge: true, total_amount: 200 });
  });
});
