import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EN16931_DIR } from '../platform/en16931/rules';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from '../invoicing/test/fixtures';

const EXAMPLE = readFileSync(join(EN16931_DIR, 'ubl-tc434-example1.xml'), 'utf8');
/** The standard's example credit note names a seller VAT number that fails Belgium's check digits: a real one stands in. */
const EXAMPLE_CREDIT_NOTE = readFileSync(join(EN16931_DIR, 'ubl-tc434-creditnote1.xml'), 'utf8');
const CREDIT_NOTE = EXAMPLE_CREDIT_NOTE.replace('<cbc:CompanyID>BE0000000196</cbc:CompanyID>', '<cbc:CompanyID>BE0411905847</cbc:CompanyID>');
const OFFICE = 'a0000000-0000-4000-8000-000000005300';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

type Item = { net_amount: number; vat_amount: number; vat_rate: number; vat_category: string; unit_price: number; quantity: number; description: string; account: string };
type Bill = { id: string; supplier: string; items: Item[]; net_amount: number; vat_amount: number; total_amount: number; documents: Array<{ id: string; kind: string; filename: string; mime_type: string; size: number; sha256: string; url: string }>; einvoice_warnings: Array<{ id: string; text: string }> | null };

/** Net and VAT per category and rate, in cents. */
const perRate = (items: Item[]) => {
  const out: Record<string, { net: number; vat: number }> = {};
  for (const i of items) {
    const k = `${i.vat_category} ${i.vat_rate}`;
    out[k] = { net: (out[k]?.net ?? 0) + Math.round(i.net_amount * 100), vat: (out[k]?.vat ?? 0) + Math.round(i.vat_amount * 100) };
  }
  return out;
};

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

describe.each(testBackends())('inbound e-invoices on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;

  const counts = async () => {
    const db = server.testDb.db;
    const n = async (table: string) => Number((await db(table).count<{ n: string }[]>({ n: '*' }))[0]!.n);
    return { bills: await n('bill_list'), suppliers: await n('suppliers'), documents: await n('bill_documents') };
  };
  const upload = (xml: string | Buffer, name = 'invoice.xml') => admin.upload('/api/bills/import/', 'file', xml, name);

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-20T10:00:00Z') });
    admin = await adminOf(server);
  });
  afterAll(() => server?.close());

  it("imports the standard's example invoice as a draft with the document's own totals per VAT rate, a supplier made from it, and the XML kept", async () => {
    const res = await upload(EXAMPLE, '12115118.xml');
    expect(res.status, res.text).toBe(201);
    const bill = res.body as Bill;
    expect(bill).toMatchObject({ invoice_number: '12115118', date: '2015-01-09', due_date: '2015-01-09', status: 'draft', net_amount: 229.6, vat_amount: 20.73, total_amount: 250.33 });
    expect(perRate(bill.items)).toEqual({ 'S 6': { net: 18323, vat: 1099 }, 'S 21': { net: 4637, vat: 974 } });
    expect(bill.items).toHaveLength(20);
    const supplier = (await admin.get(`/api/suppliers/${bill.supplier}/`)).body;
    expect(supplier).toMatchObject({ name: 'De Koksmaat', vat_number: 'NL8200.98.395.B.01', country: 'NL', iban: 'NL57RABO0107307510', payment_terms_days: 0, address: 'Postbus 7l\n1950 AB Velsen-Noord' });
    // The original XML, byte for byte, with its hash; the warnings of its checks beside it.
    expect(bill.documents).toEqual([expect.objectContaining({ kind: 'einvoice', filename: '12115118.xml', mime_type: 'application/xml', size: Buffer.byteLength(EXAMPLE), sha256: sha256(EXAMPLE) })]);
    const kept = (await admin.download(bill.documents[0]!.url)).body as Buffer;
    expect(kept.toString('utf8')).toBe(EXAMPLE);
    expect(bill.einvoice_warnings!.map((w) => w.id)).toContain('IMPORT-ACCOUNT');
    // Until someone chooses, every line goes to one expense account that takes purchases.
    expect(new Set(bill.items.map((i) => i.account)).size).toBe(1);

    // Its lines' accounts chosen afterwards (the form sends every line again): the document's VAT per rate stays, its returned line too.
    const edited = await admin.put(`/api/bills/${bill.id}/`, {
      supplier: bill.supplier,
      invoice_number: '12115118',
      date: '2015-01-09',
      due_date: '2015-01-09',
      items: bill.items.map((i) => ({ description: i.description, account: OFFICE, quantity: i.quantity, unit_price: i.unit_price, vat_rate: i.vat_rate, vat_category: i.vat_category })),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ net_amount: 229.6, vat_amount: 20.73, total_amount: 250.33 });
    expect(perRate(edited.body.items)).toEqual({ 'S 6': { net: 18323, vat: 1099 }, 'S 21': { net: 4637, vat: 974 } });
    expect(new Set((edited.body as Bill).items.map((i) => i.account))).toEqual(new Set([OFFICE]));

    // The same document again is the supplier's number entered twice: 409, nothing written.
    const before = await counts();
    const again = await upload(EXAMPLE);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/12115118/);
    expect(await counts()).toEqual(before);
  }, 120_000);

  it('finds a known supplier by its VAT number however written, books to its default account, and keeps an embedded PDF (BT-125) as a viewable document', async () => {
    const made = await admin.post('/api/suppliers/', { name: 'Koksmaat Groothandel B.V.', vat_number: 'nl 0044 95445 b01', country: 'NL', default_account: OFFICE, payment_terms_days: 14 });
    expect(made.status, made.text).toBe(201);
    const xml = EXAMPLE.replaceAll('NL8200.98.395.B.01', 'NL004495445B01')
      .replace('<cbc:ID>12115118</cbc:ID>', '<cbc:ID>77</cbc:ID>')
      .replace(
        '<cac:AccountingSupplierParty>',
        `<cac:AdditionalDocumentReference><cbc:ID>77</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="77.pdf">${PDF.toString('base64')}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference><cac:AccountingSupplierParty>`,
      );
    const suppliers = (await counts()).suppliers;
    const res = await upload(xml, 'other.xml');
    expect(res.status, res.text).toBe(201);
    const bill = res.body as Bill;
    expect(bill.supplier).toBe(made.body.id);
    expect((await counts()).suppliers).toBe(suppliers);
    expect(new Set(bill.items.map((i) => i.account))).toEqual(new Set([OFFICE]));
    expect(bill.einvoice_warnings!.map((w) => w.id)).not.toContain('IMPORT-ACCOUNT');
    expect(bill.documents.map((d) => [d.kind, d.filename, d.mime_type])).toEqual([
      ['einvoice', 'other.xml', 'application/xml'],
      ['attachment', '77.pdf', 'application/pdf'],
    ]);
    const pdf = await admin.get(bill.documents[1]!.url).buffer(true);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="77.pdf"/);
    // Framed by the admin's own pages only (its preview), never by another site.
    expect(pdf.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(pdf.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expect(pdf.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(Buffer.from(pdf.body as Buffer).equals(PDF)).toBe(true);
    const xmlDoc = await admin.get(bill.documents[0]!.url).buffer(true);
    expect(xmlDoc.headers['content-disposition']).toMatch(/^attachment;/);
    expect(xmlDoc.headers['content-security-policy']).toMatch(/sandbox/);
    // GraphQL reads the same papers.
    const gql = await admin.graphql('query($id: ID!) { bill(id: $id) { documents { kind filename sha256 url } einvoiceWarnings { id } } }', { id: bill.id });
    expect(gql.body.data.bill.documents).toEqual(bill.documents.map((d) => ({ kind: d.kind, filename: d.filename, sha256: d.sha256, url: d.url })));
    expect(gql.body.data.bill.einvoiceWarnings).toEqual(bill.einvoice_warnings!.map((w) => ({ id: w.id })));
  }, 120_000);

  it("imports the standard's example credit note as a supplier credit note: its totals per rate, booked as a bill reversed, its credit apart in aged payables", async () => {
    const res = await upload(CREDIT_NOTE, 'credit-note.xml');
    expect(res.status, res.text).toBe(201);
    const note = res.body as Bill & { document_type: string; credited_bill: string | null; date: string; due_date: string };
    expect(note).toMatchObject({ document_type: 'credit_note', credited_bill: null, invoice_number: '018304 / 28865', date: '2019-09-23', due_date: '2019-09-23', net_amount: 100.11, vat_amount: 0, total_amount: 100.11 });
    expect(perRate(note.items)).toEqual({ 'E 0': { net: 10011, vat: 0 } });
    expect((await admin.get(`/api/suppliers/${note.supplier}/`)).body).toMatchObject({ name: 'My Supplier Company', vat_number: 'BE0411905847', country: 'BE', iban: 'BE91000000143476' });
    expect((await admin.post(`/api/bills/${note.id}/post/`)).status).toBe(200);
    const ap = await server.testDb.db('ledger_lines').where({ account_id: SYSTEM_ACCOUNT_IDS.payables }).sum({ d: 'debit_cents', c: 'credit_cents' }).first();
    expect(Number(ap?.d ?? 0) - Number(ap?.c ?? 0)).toBe(10_011);
    const aged = (await admin.get('/api/reports/aged-payables/?as_of=2026-03-20')).body;
    expect(aged.suppliers.find((r: { supplier_id: string }) => r.supplier_id === note.supplier)).toMatchObject({ total: 0, credit_balance: 100.11 });
    expect(aged.totals.net).toBe(-100.11);
    const statement = (await admin.get(`/api/suppliers/${note.supplier}/statement/?from=2019-01-01&to=2026-03-20`)).body;
    expect(statement.lines.map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual([['credit_note', -100.11]]);
    expect(statement.closing_balance).toBe(-100.11);
  }, 120_000);

  it('refuses what is not an importable e-invoice with what is wrong, naming the element or the rule, writing nothing', async () => {
    const before = await counts();
    const refusal = async (xml: string | Buffer, name = 'x.xml') => {
      const res = await upload(xml, name);
      expect(res.status, res.text).toBe(400);
      return (res.body.errors.file as string[]).join('\n');
    };
    expect(await refusal(`<?xml version="1.0"?>\n<!DOCTYPE Invoice [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Invoice>&x;</Invoice>`)).toBe('line 2: an XML DOCTYPE declaration is not allowed in an e-invoice (entities are never resolved)');
    expect(await refusal(EXAMPLE.replace('<cbc:TaxInclusiveAmount currencyID="EUR">250.33', '<cbc:TaxInclusiveAmount currencyID="EUR">250.34'))).toMatch(/^\[BR-CO-15\] .*Invoice total amount with VAT.*\(at \/Invoice\)$/m);
    expect(await refusal(EXAMPLE.replace('<cbc:IssueDate>2015-01-09', '<cbc:IssueDate>2015-13-09'))).toMatch(/^\/Invoice\/cbc:IssueDate, line \d+: "2015-13-09" is not a date/);
    expect(await refusal(Buffer.from([0x3c, 0x61, 0xff, 0xfe, 0x3e]))).toMatch(/not UTF-8/);
    expect(await refusal('<?xml version="1.0" encoding="ISO-8859-1"?><Invoice/>')).toMatch(/declares the encoding ISO-8859-1/);
    expect(await refusal('%PDF-1.4 not xml')).toMatch(/not well-formed XML/);
    expect(await refusal(EXAMPLE.replaceAll('currencyID="EUR"', 'currencyID="XAU"').replace('<cbc:DocumentCurrencyCode>EUR', '<cbc:DocumentCurrencyCode>XAU'))).toMatch(/in XAU, a currency the ECB publishes no reference rate for/);
    expect(await refusal(EXAMPLE_CREDIT_NOTE)).toBe(
      'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID "BE0000000196": This VAT number\'s check digits are wrong (a typing error?): a VAT number of BE is BE followed by 10 digits (e.g. BE0411905847).',
    );
    const big = await admin.upload('/api/bills/import/', 'file', Buffer.alloc(16 * 1024 * 1024 + 1, 0x20), 'big.xml');
    expect(big.status).toBe(400);
    expect(big.body.errors.file[0]).toMatch(/over 16 MB/);
    const notMultipart = await admin.post('/api/bills/import/', { file: EXAMPLE });
    expect(notMultipart.status).toBe(400);
    expect(await counts()).toEqual(before);
  }, 120_000);

  it('attaches the original to a draft (a PDF or image by its bytes, 10 MB at most), never to a posted bill', async () => {
    const supplier = (await admin.post('/api/suppliers/', { name: 'Paper Supplies SA', vat_number: 'EL094014201', country: 'GR', default_account: OFFICE })).body.id;
    const bill = (await admin.post('/api/bills/', { supplier, invoice_number: 'P-1', date: '2026-03-02', items: [{ description: 'Paper', account: OFFICE, unit_price: 10, vat_rate: 24 }] })).body as Bill;
    const attached = await admin.upload(`/api/bills/${bill.id}/documents/`, 'file', PDF, 'scan.pdf');
    expect(attached.status, attached.text).toBe(201);
    expect(attached.body).toMatchObject({ kind: 'attachment', filename: 'scan.pdf', mime_type: 'application/pdf', size: PDF.length, sha256: sha256(PDF) });
    const fake = await admin.upload(`/api/bills/${bill.id}/documents/`, 'file', Buffer.from('MZ\x90\x00 not a pdf'), 'scan.pdf');
    expect(fake.status).toBe(400);
    expect(fake.body.errors.file).toEqual(['Attach the document as a PDF, PNG or JPEG file.']);
    const huge = await admin.upload(`/api/bills/${bill.id}/documents/`, 'file', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 'huge.pdf');
    expect(huge.status).toBe(400);
    expect(huge.body.errors.file[0]).toMatch(/over 10 MB/);
    expect(((await admin.get(`/api/bills/${bill.id}/`)).body as Bill).documents.map((d) => d.filename)).toEqual(['scan.pdf']);

    expect((await admin.post(`/api/bills/${bill.id}/post/`)).status).toBe(200);
    const late = await admin.upload(`/api/bills/${bill.id}/documents/`, 'file', PDF, 'late.pdf');
    expect(late.status).toBe(409);
    const removed = await admin.delete(`/api/bills/${bill.id}/documents/${attached.body.id}/`);
    expect(removed.status).toBe(409);
    expect((await server.client().get(attached.body.url)).status).toBe(401);
  });
});

/**
 * The round trip the issue asks for: an invoice this product issues, imported as a bill into a
 * second fresh instance, gives the same net, VAT per rate and gross.
 */
describe.each(testBackends())('an issued invoice imported by a second instance on $name', (backend) => {
  let seller: TestServer;
  let buyer: TestServer;

  beforeAll(async () => {
    [seller, buyer] = await Promise.all([startTestServer(backend, { clock: () => new Date('2026-03-20T10:00:00Z') }), startTestServer(backend, { clock: () => new Date('2026-03-21T10:00:00Z') })]);
  });
  afterAll(async () => {
    await seller?.close();
    await buyer?.close();
  });

  it('gives the same net, VAT per rate and gross', async () => {
    const sellerAdmin = await adminOf(seller);
    const settings = `mutation($input: CompanySettingsInput!) { updateCompanySettings(input: $input) { iban } }`;
    await sellerAdmin.graphql(settings, { input: { name: 'Aegis GRC Ltd', address: '12 Example Street\n1010 Nicosia', vatNumber: 'CY10000000D', country: 'CY', iban: 'CY17 0020 0128 0000 0012 0052 7600', bic: 'BCYPCY2N', email: 'billing@aegis.test', phone: '+357 22 000000', registrationNumber: 'HE 123456', jurisdiction: 'Cyprus' } });
    const client = await createClient(sellerAdmin, { name: 'Limassol Trading Ltd', address: '5 Anexartisias\n3036 Limassol', vat_number: 'CY20000000I' });
    const invoice = await createInvoice(sellerAdmin, {
      client: client.id,
      date: '2026-03-01',
      due_date: '2026-03-31',
      items: [
        { description: 'Professional plan', unit_price: 1999.99, vat_rate: 19, quantity: 3 },
        { description: 'Onboarding workshop', unit_price: 333.33, vat_rate: 19, quantity: 1 },
        { description: 'Printed handbook', unit_price: 12.49, vat_rate: 5, quantity: 7 },
      ],
    });
    expect((await sellerAdmin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
    const issued = (await sellerAdmin.get(`/api/invoices/${invoice.id}/`)).body as { net_amount: number; vat_amount: number; total_amount: number; items: Array<{ vat_rate: number; net_amount?: number; amount?: number; vat_amount?: number }> };
    const xml = (await seller.client().get(`/api/public/invoices/${invoice.id}/ubl/`).buffer(true)).text;

    const buyerAdmin = await adminOf(buyer);
    const res = await buyerAdmin.upload('/api/bills/import/', 'file', xml, 'invoice.xml');
    expect(res.status, res.text).toBe(201);
    const bill = res.body as Bill;
    expect([bill.net_amount, bill.vat_amount, bill.total_amount]).toEqual([issued.net_amount, issued.vat_amount, issued.total_amount]);
    // VAT per rate as the issued document states it in its breakdown.
    const breakdown = [...xml.matchAll(/<cac:TaxSubtotal>[\s\S]*?<cbc:TaxableAmount[^>]*>([\d.]+)<\/cbc:TaxableAmount>\s*<cbc:TaxAmount[^>]*>([\d.]+)<\/cbc:TaxAmount>[\s\S]*?<cbc:ID>(\w+)<\/cbc:ID>\s*<cbc:Percent>([\d.]+)<\/cbc:Percent>/g)].map((m) => [
      `${m[3]} ${Number(m[4])}`,
      { net: Math.round(Number(m[1]) * 100), vat: Math.round(Number(m[2]) * 100) },
    ]);
    expect(breakdown.length).toBe(2);
    expect(perRate(bill.items)).toEqual(Object.fromEntries(breakdown));
  }, 120_000);
});
