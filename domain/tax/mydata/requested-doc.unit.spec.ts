import { describe, expect, it } from 'vitest';
import { MAX_REQUESTED_DOC_BYTES, parseRequestedDoc, requestedDocXml, type RequestedDocEntry } from './requested-doc';
import { MyDataResponseError } from './response';
import type { IncomeClassification, MyDataSource } from './types';
import { myDataSourceUid } from './uid';
import { billingDocument, BUYER_DE, BUYER_GR, BUYER_US, line } from './test/documents';
import { validateRequestedDoc } from './test/validate';

const SERVICES_GR: IncomeClassification = { type: 'E3_561_001', category: 'category1_3' };
const SERVICES_EU: IncomeClassification = { type: 'E3_561_005', category: 'category1_3' };
const SERVICES_ABROAD: IncomeClassification = { type: 'E3_561_006', category: 'category1_3' };
const licence = [line('GRC platform licence', 1000, 100000, 2400)];

const domestic: MyDataSource = { document: billingDocument({ number: 'INV-2026-0001', buyer: BUYER_GR, lines: licence }), classification: SERVICES_GR, correlatedMark: null };
const intraEu: MyDataSource = { document: billingDocument({ number: 'INV-2026-0002', buyer: BUYER_DE, lines: licence }), classification: SERVICES_EU, correlatedMark: null };
const export_: MyDataSource = { document: billingDocument({ number: 'INV-2026-0003', buyer: BUYER_US, lines: [line('Consulting', 1000, 50000, 0)] }), classification: SERVICES_ABROAD, correlatedMark: null };
const credit: MyDataSource = {
  document: billingDocument({ kind: 'credit_note', number: 'CN-2026-000001', buyer: BUYER_GR, lines: licence, precedingInvoice: { number: 'INV-2026-0001', date: '2026-03-02' } }),
  classification: SERVICES_GR,
  correlatedMark: '400001912345678',
};
const QR = 'https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=abc%3d&x=1';

const refusal = (xml: string): string => {
  try {
    parseRequestedDoc(xml);
  } catch (err) {
    expect(err).toBeInstanceOf(MyDataResponseError);
    return (err as Error).message;
  }
  throw new Error('not refused');
};

/** AADE's answer as its servers write it: prefixes declared, fields the product does not read, a cancellation listed apart. */
const AADE_ANSWER = `<?xml version="1.0" encoding="utf-8"?>
<RequestedDoc xmlns:icls="https://www.aade.gr/myDATA/incomeClassificaton/v1.0" xmlns:ecls="https://www.aade.gr/myDATA/expensesClassificaton/v1.0" xmlns:pm="https://www.aade.gr/myDATA/paymentMethod/v1.0" xmlns="http://www.aade.gr/myDATA/invoice/v1.0">
  <continuationToken>
    <nextPartitionKey>78A4SD5FG5GH55W5DFV5HJN5</nextPartitionKey>
    <nextRowKey>AS25AS45F45GD55</nextRowKey>
  </continuationToken>
  <invoicesDoc>
    <invoice>
      <uid>193F8C3CAB00025ADD00326B12B92A70982A85AD</uid>
      <mark>400001912345678</mark>
      <authenticationCode>54AS56DS65VF4S65DF</authenticationCode>
      <issuer><vatNumber>801234560</vatNumber><country>GR</country><branch>0</branch></issuer>
      <invoiceHeader><series>INV-2026</series><aa>0001</aa><issueDate>2026-03-02</issueDate><invoiceType>2.1</invoiceType><currency>EUR</currency></invoiceHeader>
      <invoiceDetails><lineNumber>1</lineNumber><netValue>1000.00</netValue><vatCategory>1</vatCategory><vatAmount>240.00</vatAmount>
        <incomeClassification><icls:classificationType>E3_561_001</icls:classificationType><icls:classificationCategory>category1_3</icls:classificationCategory><icls:amount>1000.00</icls:amount></incomeClassification>
      </invoiceDetails>
      <invoiceSummary><totalNetValue>1000.00</totalNetValue><totalVatAmount>240.00</totalVatAmount><totalGrossValue>1240.00</totalGrossValue></invoiceSummary>
      <qrCodeUrl>https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=sSsx%3d</qrCodeUrl>
    </invoice>
    <invoice>
      <uid>90E9DF86445D25E4F02AA3D792578AD2331484D1</uid>
      <mark>400001912345699</mark>
      <invoiceHeader><series>CN-2026</series><aa>000001</aa><issueDate>2026-03-02</issueDate><invoiceType>5.1</invoiceType></invoiceHeader>
    </invoice>
  </invoicesDoc>
  <cancelledInvoicesDoc>
    <cancelledInvoice><invoiceMark>400001912345699</invoiceMark><cancellationMark>400001912345800</cancellationMark><cancellationDate>2026-03-03</cancellationDate></cancelledInvoice>
  </cancelledInvoicesDoc>
  <paymentMethodsDoc/>
</RequestedDoc>`;

describe("myDATA's RequestedDoc (RequestTransmittedDocs)", () => {
  it("writes a page AADE's schema accepts: the invoices as sent, with AADE's uid, mark, cancellation and QR URL, and the continuation", async () => {
    const entries: RequestedDocEntry[] = [
      { source: domestic, uid: myDataSourceUid(domestic), mark: '400001912345678', qrUrl: QR },
      { source: intraEu, uid: myDataSourceUid(intraEu), mark: '400001912345679', series: 'INV-2026', aa: '0002', invoiceType: '2.2' },
      { source: export_, uid: 'ABCDEF0123456789ABCDEF0123456789ABCDEF01', mark: '400001912345680' },
      { source: credit, uid: myDataSourceUid(credit), mark: '400001912345681', cancelledByMark: '400001912345700', cancellationDate: '2026-03-04' },
    ];
    const xml = requestedDocXml({ invoices: entries, continuation: { nextPartitionKey: 'PK-1', nextRowKey: 'RK-1' } });
    expect(await validateRequestedDoc(xml)).toEqual([]);
    expect(parseRequestedDoc(xml)).toEqual({
      invoices: [
        { uid: myDataSourceUid(domestic), mark: '400001912345678', qrUrl: QR, series: 'INV-2026', aa: '0001', invoiceType: '2.1' },
        { uid: myDataSourceUid(intraEu), mark: '400001912345679', series: 'INV-2026', aa: '0002', invoiceType: '2.2' },
        { uid: 'ABCDEF0123456789ABCDEF0123456789ABCDEF01', mark: '400001912345680', series: 'INV-2026', aa: '0003', invoiceType: '2.3' },
        { uid: myDataSourceUid(credit), mark: '400001912345681', series: 'CN-2026', aa: '000001', invoiceType: '5.1', cancelledByMark: '400001912345700' },
      ],
      continuation: { nextPartitionKey: 'PK-1', nextRowKey: 'RK-1' },
    });
    expect(myDataSourceUid(domestic)).toBe('193F8C3CAB00025ADD00326B12B92A70982A85AD');
    // The schema check is no formality: a MARK that is not a number fails it.
    expect(await validateRequestedDoc(xml.replace('<mark>400001912345679</mark>', '<mark>M-1</mark>'))).toEqual([expect.stringMatching(/mark.*'M-1'/)]);
  });

  it('writes and reads a last page, and an empty one', async () => {
    const last = requestedDocXml({ invoices: [{ source: domestic, uid: myDataSourceUid(domestic), mark: '1' }] });
    expect(await validateRequestedDoc(last)).toEqual([]);
    expect(parseRequestedDoc(last).continuation).toBeNull();
    const empty = requestedDocXml({ invoices: [] });
    expect(await validateRequestedDoc(empty)).toEqual([]);
    expect(parseRequestedDoc(empty)).toEqual({ invoices: [], continuation: null });
    expect(parseRequestedDoc('<RequestedDoc/>')).toEqual({ invoices: [], continuation: null });
  });

  it('writes, for a stub that kept no document, what the reader needs: uid, mark, series, aa, type (not enough for the schema)', () => {
    const found = { uid: '193F8C3CAB00025ADD00326B12B92A70982A85AD', mark: '400001912345678', series: 'INV-2026', aa: '0001', invoiceType: '2.1', cancelledByMark: '400001912345700' };
    expect(parseRequestedDoc(requestedDocXml({ invoices: [found], continuation: null }))).toEqual({ invoices: [found], continuation: null });
    expect(() => requestedDocXml({ invoices: [{ ...found, source: intraEu }] })).toThrow('The RequestedDoc entry of INV-2026-0002 gives aa "0001", its document "0002".');
  });

  it("reads AADE's answers by element name, whatever their prefixes and extra fields; a listed cancellation marks its invoice", () => {
    expect(parseRequestedDoc(AADE_ANSWER)).toEqual({
      invoices: [
        { uid: '193F8C3CAB00025ADD00326B12B92A70982A85AD', mark: '400001912345678', qrUrl: 'https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=sSsx%3d', series: 'INV-2026', aa: '0001', invoiceType: '2.1' },
        { uid: '90E9DF86445D25E4F02AA3D792578AD2331484D1', mark: '400001912345699', series: 'CN-2026', aa: '000001', invoiceType: '5.1', cancelledByMark: '400001912345800' },
      ],
      continuation: { nextPartitionKey: '78A4SD5FG5GH55W5DFV5HJN5', nextRowKey: 'AS25AS45F45GD55' },
    });
  });

  it('refuses a DOCTYPE or an entity declaration, resolving nothing', () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE RequestedDoc [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<RequestedDoc><invoicesDoc><invoice><uid>&b;</uid><mark>1</mark></invoice></invoicesDoc></RequestedDoc>`;
    expect(refusal(laughs)).toBe('myDATA answer refused: an XML DOCTYPE declaration (line 2) is not allowed; entities are never resolved.');
    const external = '<RequestedDoc><invoicesDoc><invoice><uid>&xxe;</uid></invoice></invoicesDoc></RequestedDoc>\n<!ENTITY xxe SYSTEM "file:///etc/passwd">';
    expect(refusal(external)).toMatch(/an XML ENTITY declaration \(line 2\) is not allowed/);
    expect(refusal('<RequestedDoc><invoicesDoc><invoice><uid>&xxe;</uid></invoice></invoicesDoc></RequestedDoc>')).toMatch(/not well-formed XML/);
  });

  it('refuses an answer above the size limit before reading it, and one nested too deep', () => {
    expect(refusal(`<RequestedDoc>${' '.repeat(MAX_REQUESTED_DOC_BYTES)}</RequestedDoc>`)).toBe(`myDATA answer refused: ${MAX_REQUESTED_DOC_BYTES + 29} bytes, more than the ${MAX_REQUESTED_DOC_BYTES} an answer may have.`);
    expect(refusal(`<RequestedDoc>${'<a>'.repeat(20)}${'</a>'.repeat(20)}</RequestedDoc>`)).toMatch(/nested more than 16 deep/);
  });

  it('refuses what is not a page of transmitted documents, saying what is wrong', () => {
    const page = (invoice: string) => `<RequestedDoc><invoicesDoc>${invoice}</invoicesDoc></RequestedDoc>`;
    expect(refusal('<ResponseDoc/>')).toBe('myDATA answer refused: the root element is ResponseDoc, not RequestedDoc.');
    expect(refusal(page('<invoice><mark>1</mark></invoice>'))).toBe('myDATA answer refused: invoice 1 has no uid.');
    expect(refusal(page('<invoice><uid>U</uid><mark>1</mark></invoice><invoice><uid>V</uid></invoice>'))).toBe('myDATA answer refused: invoice 2 has no mark.');
    expect(refusal(page('<invoice><uid>U</uid><mark>12a</mark></invoice>'))).toBe('myDATA answer refused: invoice 1 has a mark "12a" that is not a number.');
    expect(refusal(page('<invoice><uid>U</uid><mark>1</mark><cancelledByMark>-2</cancelledByMark></invoice>'))).toMatch(/cancelledByMark "-2" that is not a number/);
    expect(refusal('<RequestedDoc><cancelledInvoicesDoc><cancelledInvoice><invoiceMark>1</invoiceMark></cancelledInvoice></cancelledInvoicesDoc></RequestedDoc>')).toBe(
      'myDATA answer refused: cancelledInvoice 1 has no cancellationMark.',
    );
    expect(refusal('<RequestedDoc><continuationToken><nextPartitionKey>P</nextPartitionKey></continuationToken></RequestedDoc>')).toBe(
      'myDATA answer refused: a continuationToken without its nextPartitionKey and nextRowKey.',
    );
  });
});
