import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EinvoiceFileError, readUblDocument } from './inbound';

const vendor = (name: string) => readFileSync(resolve(import.meta.dirname, '../../vendor/en16931', name), 'utf8');
const EXAMPLE = vendor('ubl-tc434-example1.xml');
const CREDIT_NOTE = vendor('ubl-tc434-creditnote1.xml');

const refusal = (xml: string): EinvoiceFileError => {
  try {
    readUblDocument(xml);
  } catch (err) {
    if (err instanceof EinvoiceFileError) return err;
    throw err;
  }
  throw new Error('not refused');
};

describe('reading an inbound UBL e-invoice', () => {
  it("reads the standard's example invoice: parties, dates, lines, VAT breakdown and totals, exactly", () => {
    const doc = readUblDocument(EXAMPLE);
    expect(doc).toMatchObject({ kind: 'invoice', number: '12115118', issueDate: '2015-01-09', dueDate: '2015-01-09', currency: 'EUR', paymentReference: 'Deb. 10202 / Fact. 12115118' });
    expect(doc.supplier).toEqual({ name: 'De Koksmaat', vatNumber: 'NL8200.98.395.B.01', country: 'NL', address: 'Postbus 7l\n1950 AB Velsen-Noord', iban: 'NL57RABO0107307510' });
    expect(doc.lines).toHaveLength(20);
    expect(doc.lines[0]).toMatchObject({ description: 'PATAT FRITES 10MM 10KG', quantity: '2', unitCode: 'EA', price: '9.95', netCents: 1990, vatCategory: 'S', vatRateBp: 600 });
    expect(doc.lines.at(-1)).toMatchObject({ netCents: -10998, where: expect.stringMatching(/^\/Invoice\/cac:InvoiceLine\[20\], line \d+$/) });
    expect(doc.breakdown.map(({ where: _w, ...r }) => r)).toEqual([
      { category: 'S', rateBp: 600, taxableCents: 18323, vatCents: 1099 },
      { category: 'S', rateBp: 2100, taxableCents: 4637, vatCents: 974 },
    ]);
    expect(doc.totals).toEqual({ netCents: 22960, vatCents: 2073, grossCents: 25033, prepaidCents: 0, roundingCents: 0, payableCents: 25033 });
    expect(doc.lines.reduce((s, l) => s + l.netCents, 0)).toBe(doc.totals.netCents);
  });

  it("reads the standard's example credit note, whose due date and lines' quantities have their own names", () => {
    const doc = readUblDocument(CREDIT_NOTE);
    expect(doc).toMatchObject({ kind: 'credit_note', number: '018304 / 28865', issueDate: '2019-09-23', dueDate: null, supplier: { name: 'My Supplier Company', vatNumber: 'BE0000000196', country: 'BE', iban: 'BE91000000143476' } });
    expect(doc.lines).toEqual([expect.objectContaining({ description: 'Exonération du versement du PP', quantity: '1.00', netCents: 10011, vatCategory: 'E', vatRateBp: 0 })]);
    expect(doc.totals.grossCents).toBe(10011);
  });

  it('keeps an embedded attachment (BT-125) decoded, with its name and type', () => {
    const pdf = Buffer.from('%PDF-1.4\n% a scanned original\n%%EOF\n');
    const xml = EXAMPLE.replace(
      '<cac:AccountingSupplierParty>',
      `<cac:AdditionalDocumentReference><cbc:ID>12115118</cbc:ID><cbc:DocumentDescription>Invoice as PDF</cbc:DocumentDescription><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="12115118.pdf">${pdf.toString('base64').replace(/(.{20})/g, '$1\n')}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference><cac:AccountingSupplierParty>`,
    );
    const [attachment] = readUblDocument(xml).attachments;
    expect(attachment).toMatchObject({ reference: '12115118 Invoice as PDF', filename: '12115118.pdf', mimeType: 'application/pdf' });
    expect(attachment!.content.equals(pdf)).toBe(true);
  });

  it('refuses a DOCTYPE or entity before any parser runs, naming its line', () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE Invoice [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>\n${EXAMPLE.replace(/^<\?xml[^>]*>/, '')}`;
    expect(refusal(laughs).message).toBe('line 2: an XML DOCTYPE declaration is not allowed in an e-invoice (entities are never resolved)');
    const external = EXAMPLE.replace('<cbc:Note>', '<!ENTITY x SYSTEM "file:///etc/passwd"><cbc:Note>');
    expect(refusal(external).message).toBe('line 20: an XML ENTITY declaration is not allowed in an e-invoice (entities are never resolved)');
  });

  it('refuses what is not well-formed, not UBL, or written wrong, naming the element and its line', () => {
    expect(refusal('<Invoice><cbc:ID>1</Invoice>').message).toMatch(/^line 1: not well-formed XML/);
    expect(refusal('').message).toMatch(/not well-formed XML|no XML element/);
    expect(refusal('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>').message).toBe(
      '/Invoice, line 1: the document is a Invoice in urn:oasis:names:specification:ubl:schema:xsd:Order-2, not a UBL 2.1 Invoice or CreditNote',
    );
    expect(refusal(EXAMPLE.replace('<cbc:IssueDate>2015-01-09</cbc:IssueDate>', '<cbc:IssueDate>2015-02-30</cbc:IssueDate>')).message).toMatch(/^\/Invoice\/cbc:IssueDate, line \d+: "2015-02-30" is not a date/);
    expect(refusal(EXAMPLE.replace('<cbc:LineExtensionAmount currencyID="EUR">19.90</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="EUR">19.905</cbc:LineExtensionAmount>')).message).toMatch(
      /^\/Invoice\/cac:InvoiceLine\/cbc:LineExtensionAmount, line 113: "19.905" has more than two decimals$/,
    );
    // An amount of a million digits is too large, judged by its length (never parsed as a number).
    const huge = `${'9'.repeat(1_000_000)}.00`;
    expect(refusal(EXAMPLE.replace('<cbc:LineExtensionAmount currencyID="EUR">19.90</cbc:LineExtensionAmount>', `<cbc:LineExtensionAmount currencyID="EUR">${huge}</cbc:LineExtensionAmount>`)).message).toMatch(
      /^\/Invoice\/cac:InvoiceLine\/cbc:LineExtensionAmount, line 113: "9{1000000}\.00" is too large$/,
    );
    expect(refusal(EXAMPLE.replace(/<cac:LegalMonetaryTotal>[\s\S]*?<\/cac:LegalMonetaryTotal>/, '')).message).toMatch(/^\/Invoice, line \d+: cac:LegalMonetaryTotal is missing$/);
    expect(refusal(EXAMPLE.replace('<cbc:ID>S</cbc:ID>', '<cbc:ID>X</cbc:ID>')).message).toMatch(/"X" is not a VAT category code of EN 16931/);
    expect(refusal(EXAMPLE.replace(/<cac:InvoiceLine>[\s\S]*<\/cac:InvoiceLine>/, '')).message).toMatch(/cac:InvoiceLine is missing/);
  });

  it('refuses a document nested deeper than any invoice is', () => {
    const deep = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">${'<a>'.repeat(60)}${'</a>'.repeat(60)}</Invoice>`;
    expect(refusal(deep).message).toMatch(/nested more than 40 deep/);
  });
});
