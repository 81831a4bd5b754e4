import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { validateUbl } from '../../test/en16931';
import { pdfText } from '../../test/pdf-text';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from '../invoicing/test/fixtures';
import { copySettingsBankDetails } from './migrations';

const SETTINGS = `mutation($input: CompanySettingsInput!) { updateCompanySettings(input: $input) { iban bic } }`;
const READ = `{ companySettings { iban bic } }`;
const company = { name: 'Aegis GRC Ltd', address: '12 Example Street\n1010 Nicosia', phone: '+357 1', email: 'info@aegis.test', registrationNumber: 'HE 1', vatNumber: 'CY10000000D', jurisdiction: 'Cyprus', country: 'CY' };
const CY = 'CY17002001280000001200527600';
const GR = 'GR1601101250000000012300695';
const DE = 'DE89370400440532013000';

describe.each(testBackends())('invoices print the default bank account’s IBAN and BIC on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let invoiceId: string;
  let clientId: string;
  const draft = async () => (await createInvoice(admin, { client: clientId, date: '2026-03-01', due_date: '2026-03-31', items: [{ description: 'Audit', unit_price: 1000, vat_rate: 19 }] })).id;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
    const client = await createClient(admin, { name: 'Print Ltd' });
    clientId = client.id;
    // A draft: it prints the bank account of the day until it is issued.
    invoiceId = await draft();
  });
  afterAll(() => server?.close());

  const accounts = async () => (await admin.get('/api/bank-accounts/')).body as Array<{ id: string; name: string; iban: string | null; bic: string | null; is_default: boolean; version: number }>;
  const defaultAccount = async () => (await accounts()).find((a) => a.is_default)!;
  const pdf = async (id = invoiceId): Promise<string> => {
    const res = await admin.download(`/api/invoices/${id}/pdf/`);
    expect(res.status).toBe(200);
    return pdfText(res.body as Buffer).join(' ').replace(/\s+/g, ' ');
  };
  const ubl = async (id = invoiceId): Promise<string> => (await admin.get(`/api/invoices/${id}/ubl/`).buffer(true)).text;
  const grouped = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

  it('the company settings’ IBAN and BIC are the default bank account’s, both ways, and the invoice prints them', async () => {
    const saved = await admin.graphql(SETTINGS, { input: { ...company, iban: 'cy17 0020 0128 0000 0012 0052 7600', bic: 'bcypcy2n' } });
    expect(saved.body.errors).toBeUndefined();
    expect(saved.body.data.updateCompanySettings).toEqual({ iban: CY, bic: 'BCYPCY2N' });
    expect(await defaultAccount()).toMatchObject({ name: 'Bank', iban: grouped(CY), bic: 'BCYPCY2N' });
    const audit = await server.testDb.db('audit_log').where({ entity: 'money_account', entity_id: (await defaultAccount()).id }).orderBy('at', 'desc').first('after');
    expect(typeof audit.after === 'string' ? JSON.parse(audit.after) : audit.after).toEqual({ iban: CY, bic: 'BCYPCY2N' });
    expect(await pdf()).toContain(`IBAN ${grouped(CY)}`);
    expect(await ubl()).toContain(`<cbc:ID>${CY}</cbc:ID>`);

    // Edited on the Bank page: the settings read it, and the invoice prints it.
    const bank = await defaultAccount();
    const edited = await admin.put(`/api/bank-accounts/${bank.id}/`, { name: 'Bank', iban: GR, bic: 'PIRAGRAA', is_default: true, version: bank.version });
    expect(edited.status, edited.text).toBe(200);
    expect((await admin.graphql(READ)).body.data.companySettings).toEqual({ iban: GR, bic: 'PIRAGRAA' });
    const text = await pdf();
    expect(text).toContain(`IBAN ${grouped(GR)}`);
    expect(text).toContain('BIC PIRAGRAA');
    expect(text).not.toContain(grouped(CY));
  });

  it('another default bank account is printed from then on; its UBL passes the EN 16931 rules with BT-84 and BT-86', async () => {
    const made = await admin.post('/api/bank-accounts/', { name: 'Deutsche Konto', iban: DE, bic: 'COBADEFFXXX', is_default: true });
    expect(made.status, made.text).toBe(201);
    expect((await admin.graphql(READ)).body.data.companySettings).toEqual({ iban: DE, bic: 'COBADEFFXXX' });
    expect(await pdf()).toContain(`IBAN ${grouped(DE)}`);
    const xml = await ubl();
    expect(xml).toMatch(new RegExp(`<cac:PayeeFinancialAccount>\\s*<cbc:ID>${DE}</cbc:ID>\\s*<cac:FinancialInstitutionBranch>\\s*<cbc:ID>COBADEFFXXX</cbc:ID>`));
    expect(validateUbl(xml).fatal).toEqual([]);
  });

  it('refuses through the settings an IBAN another account holds, and emptying the default’s IBAN, writing nothing', async () => {
    const before = await accounts();
    const taken = await admin.graphql(SETTINGS, { input: { ...company, name: 'Renamed Ltd', iban: GR } });
    expect(taken.body.errors[0].extensions.fieldErrors).toEqual({ iban: ['Another bank account has this IBAN.'] });
    const emptied = await admin.graphql(SETTINGS, { input: { ...company, iban: '' } });
    expect(Object.keys(emptied.body.errors[0].extensions.fieldErrors)).toEqual(['iban']);
    expect(await accounts()).toEqual(before);
    expect((await server.testDb.db('company_settings').where({ id: 1 }).first('name')).name).toBe('Aegis GRC Ltd');
    // Left out, they stay; the BIC alone may be emptied.
    expect((await admin.graphql(SETTINGS, { input: company })).body.data.updateCompanySettings).toEqual({ iban: DE, bic: 'COBADEFFXXX' });
    expect((await admin.graphql(SETTINGS, { input: { ...company, bic: '' } })).body.data.updateCompanySettings).toEqual({ iban: DE, bic: '' });
  });

  it('the migration gives the settings’ IBAN to a default bank account that has none, and never one another account holds', async () => {
    const db = server.testDb.db;
    const made = await admin.post('/api/bank-accounts/', { name: 'Old Default', iban: 'GB29NWBK60161331926819', is_default: true });
    expect(made.status, made.text).toBe(201);
    await db('money_accounts').where({ id: made.body.id }).update({ iban: null, bic: null });
    // An IBAN another account holds is left alone.
    await db('company_settings').where({ id: 1 }).update({ iban: DE, bic: 'COBADEFFXXX' });
    await copySettingsBankDetails(db);
    expect(await db('money_accounts').where({ id: made.body.id }).first('iban', 'bic')).toEqual({ iban: null, bic: null });
    await db('company_settings').where({ id: 1 }).update({ iban: 'gb29 nwbk 6016 1331 9268 19', bic: 'nwbkgb2l' });
    await copySettingsBankDetails(db);
    expect(await db('money_accounts').where({ id: made.body.id }).first('iban', 'bic')).toEqual({ iban: 'GB29NWBK60161331926819', bic: 'NWBKGB2L' });
    // Once it has one, the settings' columns no longer matter.
    await db('company_settings').where({ id: 1 }).update({ iban: CY, bic: '' });
    await copySettingsBankDetails(db);
    expect((await admin.graphql(READ)).body.data.companySettings).toEqual({ iban: 'GB29NWBK60161331926819', bic: 'NWBKGB2L' });
  });

  it('an issued invoice keeps the bank account it was sent with when the default changes; a draft follows the default', async () => {
    const payee = await defaultAccount();
    const iban = payee.iban!.replace(/\s+/g, '');
    expect((await admin.post(`/api/invoices/${invoiceId}/send/`)).status).toBe(200);
    const made = await admin.post('/api/bank-accounts/', { name: 'Nordea', iban: 'FI2112345600000785', bic: 'NDEAFIHH', is_default: true });
    expect(made.status, made.text).toBe(201);
    // Sent again, and printed later: the account it was issued with.
    expect((await admin.post(`/api/invoices/${invoiceId}/send/`)).status).toBe(200);
    const text = await pdf();
    expect(text).toContain(`IBAN ${grouped(iban)}`);
    expect(text).not.toContain(grouped('FI2112345600000785'));
    const xml = await ubl();
    expect(xml).toMatch(new RegExp(`<cac:PayeeFinancialAccount>\\s*<cbc:ID>${iban}</cbc:ID>`));
    expect(validateUbl(xml).fatal).toEqual([]);
    // A draft is no document of record yet: the default of the day.
    const later = await draft();
    expect(await pdf(later)).toContain(`IBAN ${grouped('FI2112345600000785')}`);
    expect(await ubl(later)).toContain('<cbc:ID>FI2112345600000785</cbc:ID>');
  });
});
