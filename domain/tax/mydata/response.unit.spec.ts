import { describe, expect, it } from 'vitest';
import { MAX_RESPONSE_BYTES, MyDataResponseError, parseResponseDoc, responseDocXml, type MyDataResponse } from './response';
import { validateResponseDoc } from './test/validate';

const success: MyDataResponse = {
  index: 1,
  statusCode: 'Success',
  invoiceUid: '6F825B9B74717280D1F9A38252D0B65604C6D162',
  invoiceMark: '400001912345678',
  qrUrl: 'https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=abc%3d&x=1',
  authenticationCode: 'A1B2C3',
  errors: [],
};
const refused: MyDataResponse = {
  index: 2,
  statusCode: 'ValidationError',
  errors: [
    { code: '203', message: 'Invoice summary totals do not match the invoice lines' },
    { code: '216', message: 'Counterpart <name> is not allowed for Greek entities & branch 0' },
  ],
};

/** AADE's answer as its servers write it: namespaces declared, statusCode before the errors, fields it adds. */
const AADE_ANSWER = `<?xml version="1.0" encoding="utf-8"?>
<ResponseDoc xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <response>
    <index>1</index>
    <invoiceUid>6F825B9B74717280D1F9A38252D0B65604C6D162</invoiceUid>
    <invoiceMark>480301204040191</invoiceMark>
    <qrUrl>https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=sSsx%3d</qrUrl>
    <statusCode>Success</statusCode>
    <receptionEmails><email>accounting@test.gr</email></receptionEmails>
  </response>
  <response>
    <index>2</index>
    <statusCode>ValidationError</statusCode>
    <errors>
      <error><message>Payment Methods total amount must be equal to or less than initial invoice's total value</message><code>407</code></error>
    </errors>
  </response>
</ResponseDoc>`;

const refusal = (xml: string): string => {
  try {
    parseResponseDoc(xml);
  } catch (err) {
    expect(err).toBeInstanceOf(MyDataResponseError);
    return (err as Error).message;
  }
  throw new Error('not refused');
};

describe("myDATA's ResponseDoc", () => {
  it("writes success and error answers AADE's schema accepts, and reads them back the same", async () => {
    for (const answers of [[success], [refused], [success, refused]]) {
      const xml = responseDocXml(answers);
      expect(await validateResponseDoc(xml)).toEqual([]);
      expect(parseResponseDoc(xml)).toEqual(answers);
    }
    const bare: MyDataResponse = { index: 3, statusCode: 'Success', invoiceMark: '1', errors: [] };
    expect(parseResponseDoc(responseDocXml([bare]))).toEqual([bare]);
  });

  it("reads AADE's answers by element name, whatever their order and extra fields", () => {
    expect(parseResponseDoc(AADE_ANSWER)).toEqual([
      { index: 1, statusCode: 'Success', invoiceUid: '6F825B9B74717280D1F9A38252D0B65604C6D162', invoiceMark: '480301204040191', qrUrl: 'https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=sSsx%3d', errors: [] },
      { index: 2, statusCode: 'ValidationError', errors: [{ code: '407', message: "Payment Methods total amount must be equal to or less than initial invoice's total value" }] },
    ]);
  });

  it("reads and writes CancelInvoice's answer: the cancellation's own MARK, or AADE's errors", async () => {
    const cancelled: MyDataResponse = { index: 1, statusCode: 'Success', cancellationMark: '400001912345800', errors: [] };
    const xml = responseDocXml([cancelled]);
    expect(await validateResponseDoc(xml)).toEqual([]);
    expect(xml).toContain('<cancellationMark>400001912345800</cancellationMark>');
    expect(parseResponseDoc(xml)).toEqual([cancelled]);
    // As AADE answers it: no index, namespaces declared.
    const aade = `<?xml version="1.0" encoding="utf-8"?>
<ResponseDoc xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <response>
    <cancellationMark>400001234599399</cancellationMark>
    <statusCode>Success</statusCode>
  </response>
</ResponseDoc>`;
    expect(parseResponseDoc(aade)).toEqual([{ index: 1, statusCode: 'Success', cancellationMark: '400001234599399', errors: [] }]);
    const notCancelled: MyDataResponse = { index: 1, statusCode: 'ValidationError', errors: [{ code: '101', message: 'The document could not be cancelled' }] };
    expect(await validateResponseDoc(responseDocXml([notCancelled]))).toEqual([]);
    expect(parseResponseDoc(responseDocXml([notCancelled]))).toEqual([notCancelled]);
    // The schema check is no formality: a cancellation MARK that is not a number fails it.
    expect(await validateResponseDoc(xml.replace('400001912345800', 'C-1'))).toEqual([expect.stringMatching(/cancellationMark.*'C-1'/)]);
    expect(refusal('<ResponseDoc><response><cancellationMark>C-1</cancellationMark><statusCode>Success</statusCode></response></ResponseDoc>')).toBe(
      'myDATA answer refused: response 1 has a cancellationMark "C-1" that is not a number.',
    );
  });

  it('gives an answer without an index its place', () => {
    const xml = '<ResponseDoc><response><statusCode>TechnicalError</statusCode><errors><error><message>Timeout</message><code>101</code></error></errors></response></ResponseDoc>';
    expect(parseResponseDoc(xml)).toEqual([{ index: 1, statusCode: 'TechnicalError', errors: [{ code: '101', message: 'Timeout' }] }]);
  });

  it('refuses a DOCTYPE or an entity declaration, resolving nothing', () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE ResponseDoc [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<ResponseDoc><response><statusCode>&b;</statusCode></response></ResponseDoc>`;
    expect(refusal(laughs)).toBe('myDATA answer refused: an XML DOCTYPE declaration (line 2) is not allowed; entities are never resolved.');
    const external = '<ResponseDoc><response><statusCode>&xxe;</statusCode></response></ResponseDoc>\n<!ENTITY xxe SYSTEM "file:///etc/passwd">';
    expect(refusal(external)).toMatch(/an XML ENTITY declaration \(line 2\) is not allowed/);
    // An entity never declared is not well-formed: saxes resolves only XML's five.
    expect(refusal('<ResponseDoc><response><statusCode>&xxe;</statusCode></response></ResponseDoc>')).toMatch(/not well-formed XML/);
  });

  it('refuses an answer above the size limit before reading it', () => {
    const padding = ' '.repeat(MAX_RESPONSE_BYTES);
    expect(refusal(`<ResponseDoc>${padding}</ResponseDoc>`)).toBe(`myDATA answer refused: ${MAX_RESPONSE_BYTES + 27} bytes, more than the ${MAX_RESPONSE_BYTES} an answer may have.`);
    // Counted in UTF-8 bytes, not characters.
    expect(refusal(`<ResponseDoc>${'Ω'.repeat(MAX_RESPONSE_BYTES / 2)}</ResponseDoc>`)).toMatch(/bytes, more than/);
  });

  it('refuses what is not an answer, saying what is wrong', () => {
    expect(refusal('')).toBe('myDATA answer refused: not well-formed XML (1:0: document must contain a root element.).');
    expect(refusal('<ResponseDoc><response>')).toMatch(/^myDATA answer refused: not well-formed XML/);
    expect(refusal('<InvoicesDoc/>')).toBe('myDATA answer refused: the root element is InvoicesDoc, not ResponseDoc.');
    expect(refusal('<ResponseDoc/>')).toBe('myDATA answer refused: no response element.');
    expect(refusal('<ResponseDoc><response><index>1</index></response></ResponseDoc>')).toBe('myDATA answer refused: response 1 has no statusCode.');
    expect(refusal('<ResponseDoc><response><index>-1</index><statusCode>Success</statusCode></response></ResponseDoc>')).toMatch(/index "-1" that is not a positive whole number/);
    expect(refusal('<ResponseDoc><response><invoiceMark>12a</invoiceMark><statusCode>Success</statusCode></response></ResponseDoc>')).toMatch(/invoiceMark "12a" that is not a number/);
    expect(refusal('<ResponseDoc><response><statusCode>ValidationError</statusCode></response></ResponseDoc>')).toBe('myDATA answer refused: response 1 has status ValidationError without errors.');
    expect(refusal(`<ResponseDoc>${'<a>'.repeat(20)}${'</a>'.repeat(20)}</ResponseDoc>`)).toMatch(/nested more than 16 deep/);
  });
});
