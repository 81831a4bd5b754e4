import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceCreditorReference } from '../../../domain/bank/creditor-reference';
import { testBackends } from '../../../test/db';
// The official EN 16931 rules (CEN/TC 434 validation artefacts, UBL binding) run with SaxonJS.
import { validateUbl as validate } from '../../../test/en16931';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { adminOf, createClient, createInvoice } from '../test/fixtures';

const SETTINGS = `mutation($input: CompanySettingsInput!) { updateCompanySettings(input: $input) { iban } }`;
const company = {
  name: 'Aegis GRC Ltd',
  address: '12 Example Street\n1010 Nicosia',
  phone: '+357 22 000000',
  email: 'billing@aegis.test',
  registrationNumber: 'HE 123456',
  vatNumber: 'CY10000000D',
  jurisdiction: 'Cyprus',
  country: 'CY',
  iban: 'CY17 0020 0128 0000 0012 0052 7600',
  bic: 'BCYPCY2N',
};
const item = (description: string, unit_price: number, vat_rate: number, quantity = 1, extra: Record<string, unknown> = {}) => ({ description, unit_price, vat_rate, quantity, ...extra });

/**
 * The proof of the e-invoice issue: a representative set of documents is built through the public
 * API (REST, as a user would) and every one downloaded as UBL passes the official EN 16931 rules
 * with no fatal assertion.
 */
describe.each(testBackends())('EN 16931 e-invoices built through the API on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  const documents: { name: string; xml: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-20T10:00:00Z') });
    admin = await adminOf(server);
    expect((await admin.graphql(SETTINGS, { input: company })).body.data.updateCompanySettings.iban).toBe('CY17002001280000001200527600');
  });
  afterAll(() => server?.close());

  const anonymous = () => server.client();
  const issue = async (client: string, items: unknown[], extra: Record<string, unknown> = {}) => {
    const inv = await createInvoice(admin, { client, date: '2026-03-01', due_date: '2026-03-31', items, ...extra });
    expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    return inv;
  };
  const invoiceXml = async (name: string, id: string) => {
    const res = await anonymous().get(`/api/public/invoices/${id}/ubl/`).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="invoice-.+\.xml"$/);
    const xml = res.text;
    documents.push({ name, xml });
    return xml;
  };
  const creditNoteXml = async (name: string, id: string) => {
    const res = await admin.get(`/api/credit-notes/${id}/ubl/`).buffer(true);
    expect(res.status).toBe(200);
    documents.push({ name, xml: res.text });
    return res.text;
  };

  it('builds every kind of document through the API', async () => {
    const domestic = await createClient(admin, { name: 'Limassol Trading Ltd', address: '5 Anexartisias\n3036 Limassol', vat_number: 'CY20000000I' });
    const one = await issue(domestic.id, [item('Professional plan', 2000, 19)]);
    const oneXml = await invoiceXml('one VAT rate', one.id);
    expect(oneXml).toContain('<cbc:ID>S</cbc:ID>');
    // BT-83: the issued invoice's RF creditor reference, which the validator below checks with the rest.
    expect(oneXml).toContain(`<cbc:PaymentID>${invoiceCreditorReference(one.invoice_number)}</cbc:PaymentID>`);

    const several = await issue(domestic.id, [item('Licence', 1000, 19), item('Hotel', 240, 9, 2), item('Policy book', 35.5, 5, 3)]);
    const severalXml = await invoiceXml('several rates', several.id);
    expect(severalXml.match(/<cac:TaxSubtotal>/g)).toHaveLength(3);

    const zero = await issue(domestic.id, [item('Export documentation', 300, 0)]);
    expect(await invoiceXml('zero rated', zero.id)).toContain('<cbc:ID>Z</cbc:ID>');

    const exempt = await issue(domestic.id, [item('Compliance training', 800, 0, 1, { vat_category: 'E', vat_exemption_reason: 'Article 132(1)(i) of Directive 2006/112/EC' })]);
    const exemptXml = await invoiceXml('exempt', exempt.id);
    expect(exemptXml).toContain('<cbc:TaxExemptionReason>Article 132(1)(i) of Directive 2006/112/EC</cbc:TaxExemptionReason>');

    const german = await createClient(admin, { name: 'Kunde GmbH', address: 'Hauptstraße 5\n10115 Berlin', country: 'DE', vat_number: 'DE123456788' });
    const rc = await issue(german.id, [item('Enterprise plan', 5000, 19)]);
    const rcXml = await invoiceXml('reverse charge', rc.id);
    expect(rcXml).toContain('<cbc:TaxExemptionReasonCode>VATEX-EU-AE</cbc:TaxExemptionReasonCode>');
    expect(rcXml).toContain('<cbc:TaxAmount currencyID="EUR">0.00</cbc:TaxAmount>');

    // 50 lines whose VAT rounds line by line (0.525 → 0.53 net, 24 % of it → 0.13 each).
    const many = await issue(domestic.id, Array.from({ length: 50 }, (_, i) => item(`Control test ${i + 1}`, 0.35, 24, 1.5)));
    const manyXml = await invoiceXml('50 lines rounded per line', many.id);
    expect(manyXml.match(/<cac:InvoiceLine>/g)).toHaveLength(50);

    const greek = await createClient(admin, { name: 'Ελληνική Συμβουλευτική Α.Ε.', address: 'Οδός Σταδίου 10\n105 64 Αθήνα', country: 'GR', vat_number: '094014201', language: 'el' });
    const greekInv = await issue(greek.id, [item('Συνδρομή Professional', 2000, 24)]);
    const greekXml = await invoiceXml('Greek buyer (reverse charge, EL prefix)', greekInv.id);
    expect(greekXml).toContain('<cbc:CompanyID>EL094014201</cbc:CompanyID>');
    expect(greekXml).toContain('<cbc:RegistrationName>Ελληνική Συμβουλευτική Α.Ε.</cbc:RegistrationName>');

    const russian = await createClient(admin, { name: 'ООО «Ромашка»', address: 'ул. Ленина, 1\nЛимассол 3036', vat_number: '', language: 'ru' });
    const paidInPart = await issue(russian.id, [item('Аудит соответствия', 1500, 19)]);
    expect((await admin.post(`/api/invoices/${paidInPart.id}/payments/`, { amount: 500, date: '2026-03-10', method: 'bank_transfer' })).status).toBe(201);
    const cyrillicXml = await invoiceXml('Cyrillic buyer, partly paid', paidInPart.id);
    expect(cyrillicXml).toContain('<cbc:PrepaidAmount currencyID="EUR">500.00</cbc:PrepaidAmount>');
    expect(cyrillicXml).toContain('<cbc:PayableAmount currencyID="EUR">1285.00</cbc:PayableAmount>');

    const partial = await admin.post(`/api/invoices/${several.id}/credit-notes/`, { reason: 'Hotel nights not used', items: [item('Hotel', 240, 9)] });
    expect(partial.status).toBe(201);
    const partialXml = await creditNoteXml('partial credit note', partial.body.id);
    expect(partialXml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(partialXml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(partialXml).toMatch(/<cac:InvoiceDocumentReference>\s*<cbc:ID>[^<]+<\/cbc:ID>\s*<cbc:IssueDate>2026-03-01<\/cbc:IssueDate>/);

    const full = await admin.post(`/api/invoices/${rc.id}/credit-notes/`, { reason: 'Contract cancelled' });
    expect(full.status).toBe(201);
    const fullXml = await creditNoteXml('full credit note (reverse charge)', full.body.id);
    expect(fullXml).toContain('<cbc:ID>AE</cbc:ID>');
    // The rest of the partly credited invoice, credited in full: one line per remaining rate.
    const rest = await admin.post(`/api/invoices/${several.id}/credit-notes/`, { reason: 'Cancelled' });
    await creditNoteXml('full credit of the remainder', rest.body.id);
    expect(documents).toHaveLength(11);
  });

  it('every document passes the official EN 16931 rules with no fatal assertion', { timeout: 180_000 }, () => {
    expect(documents).toHaveLength(11);
    const results = documents.map(({ name, xml }) => ({ name, ...validate(xml) }));
    expect(results.flatMap(({ name, fatal }) => fatal.map((f) => `${name}: ${f.id} ${f.text} at ${f.location}`))).toEqual([]);
    // Warnings are the standard's advice; none is left either.
    expect(results.flatMap(({ name, warnings }) => warnings.map((f) => `${name}: ${f.id} ${f.text}`))).toEqual([]);
  });

  it('downloads only for whom it may: a draft or an unknown id is not found, a draft without lines has no e-invoice', async () => {
    expect((await anonymous().get('/api/public/invoices/00000000-0000-4000-8000-000000000000/ubl/')).status).toBe(404);
    const client = await createClient(admin);
    const empty = await createInvoice(admin, { client: client.id, date: '2026-03-01', due_date: '2026-03-31', items: [] });
    const res = await admin.get(`/api/invoices/${empty.id}/ubl/`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('An invoice without lines has no e-invoice: EN 16931 asks for at least one line.');
    expect((await anonymous().get(`/api/credit-notes/00000000-0000-4000-8000-000000000000/ubl/`)).status).toBe(401);
  });
});
