import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../shared/errors';
import { invoicesDocXml } from './invoices-doc';
import type { IncomeClassification, MyDataSource } from './types';
import { iso88597, myDataSourceUid, myDataUid, myDataUidInput } from './uid';
import { billingDocument, BUYER_DE, BUYER_GR, line, SELLER } from './test/documents';

const SERVICES_GR: IncomeClassification = { type: 'E3_561_001', category: 'category1_3' };
const SERVICES_EU: IncomeClassification = { type: 'E3_561_005', category: 'category1_3' };

/** AADE's example (myDATA FAQ on the UID): AFM 999999999, issued 22-10-2020, branch 0, type 1.1, series A, aa 2. */
const AADE_EXAMPLE = { issuerVat: '999999999', issueDate: '2020-10-22', branch: 0, invoiceType: '1.1', series: 'A', aa: '2' };

// The digests below were computed outside this code, from the documented text:
//   printf '999999999-2020-10-22-0-1.1-A-2' | sha1sum
//   printf '999999999-2020-10-22-0-1.1-Α-2' | iconv -f UTF-8 -t ISO-8859-7 | sha1sum   (Greek capital alpha)
//   printf '801234560-2026-03-02-0-2.1-INV-2026-0001' | sha1sum
//   printf '801234560-2026-03-02-0-5.1-CN-2026-000001' | sha1sum
//   printf '801234560-2026-03-02-0-2.1-ΤΠΥ-2026-0001' | iconv -f UTF-8 -t ISO-8859-7 | sha1sum
describe('myDATA UID', () => {
  it("hashes AADE's documented text: VAT number, date, branch, type, series and aa joined by dashes, SHA-1 in upper case", () => {
    expect(myDataUidInput(AADE_EXAMPLE)).toBe('999999999-2020-10-22-0-1.1-A-2');
    expect(myDataUid(AADE_EXAMPLE)).toBe('C242E229D54850E9CE6116220B23F1666188E297');
    expect(myDataUid(AADE_EXAMPLE)).toMatch(/^[0-9A-F]{40}$/);
  });

  it('encodes a Greek series in ISO-8859-7, one byte a letter, as AADE does', () => {
    expect(myDataUid({ ...AADE_EXAMPLE, series: 'Α' })).toBe('51D64223A48783BFCF64CA199B95F13387971303');
    expect(myDataUid({ issuerVat: '801234560', issueDate: '2026-03-02', branch: 0, invoiceType: '2.1', series: 'ΤΠΥ-2026', aa: '0001' })).toBe('1140B8229FFDC2FDD92126028133069569715ED9');
    expect([...iso88597('Αω ΆΏς·€')]).toEqual([0xc1, 0xf9, 0x20, 0xb6, 0xbf, 0xf2, 0xb7, 0xa4]);
  });

  it("agrees with the platform's own ISO-8859-7 on every character the encoding has", () => {
    const all = new TextDecoder('iso-8859-7').decode(Uint8Array.from({ length: 256 }, (_, i) => i));
    const defined = [...all].map((ch, byte) => ({ ch, byte })).filter(({ ch }) => ch !== '\uFFFD');
    expect(defined.length).toBe(253);
    for (const { ch, byte } of defined) expect([...iso88597(ch)], ch).toEqual([byte]);
  });

  it('appends the invoice variation type only when the document has one', () => {
    expect(myDataUidInput({ ...AADE_EXAMPLE, invoiceVariationType: 3 })).toBe('999999999-2020-10-22-0-1.1-A-2-3');
  });

  it('refuses what it cannot hash as AADE does: a character outside ISO-8859-7, a date not yyyy-MM-dd, a missing field', () => {
    expect(() => myDataUid({ ...AADE_EXAMPLE, series: 'Ж' })).toThrow(ValidationError);
    expect(() => myDataUid({ ...AADE_EXAMPLE, series: 'A😀' })).toThrow('cannot encode "😀" (U+1F600) of "999999999-2020-10-22-0-1.1-A😀-2".');
    expect(() => myDataUid({ ...AADE_EXAMPLE, issueDate: '22/10/2020' })).toThrow('A myDATA issue date is yyyy-MM-dd');
    expect(() => myDataUid({ ...AADE_EXAMPLE, branch: -1 })).toThrow(/branch/);
    expect(() => myDataUid({ ...AADE_EXAMPLE, aa: '' })).toThrow(/needs the issuer VAT number/);
  });

  it("gives a document the UID of the header it is sent with: the company's AFM without EL, its date, branch 0, type, series and aa", () => {
    const invoice: MyDataSource = { document: billingDocument({ number: 'INV-2026-0001', buyer: BUYER_GR, lines: [line('Licence', 1000, 100000, 2400)] }), classification: SERVICES_GR, correlatedMark: null };
    expect(SELLER.vatNumber).toBe('EL801234560');
    expect(myDataSourceUid(invoice)).toBe('193F8C3CAB00025ADD00326B12B92A70982A85AD');
    const xml = invoicesDocXml([invoice]);
    expect(xml).toContain('<vatNumber>801234560</vatNumber>');
    expect(xml).toContain('<series>INV-2026</series>');
    expect(xml).toContain('<aa>0001</aa>');

    const credit: MyDataSource = {
      document: billingDocument({ kind: 'credit_note', number: 'CN-2026-000001', buyer: BUYER_GR, lines: [line('Licence', 1000, 100000, 2400)], precedingInvoice: { number: 'INV-2026-0001', date: '2026-03-02' } }),
      classification: SERVICES_GR,
      correlatedMark: '400001912345678',
    };
    expect(myDataSourceUid(credit)).toBe('90E9DF86445D25E4F02AA3D792578AD2331484D1');
    // The type takes part: the same number to a German buyer is a 2.2, another UID.
    const german = { ...invoice, document: billingDocument({ number: 'INV-2026-0001', buyer: BUYER_DE, lines: [line('Licence', 1000, 100000, 2400)] }), classification: SERVICES_EU };
    expect(myDataSourceUid(german)).toBe(myDataUid({ issuerVat: '801234560', issueDate: '2026-03-02', branch: 0, invoiceType: '2.2', series: 'INV-2026', aa: '0001' }));
    expect(myDataSourceUid(german)).not.toBe(myDataSourceUid(invoice));
  });
});
