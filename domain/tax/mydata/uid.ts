/**
 * The UID AADE gives a document (`invoiceUid` in its answer, `uid` in a `RequestedDoc`): not a
 * number AADE draws but a hash it computes from the document itself, so the product can compute it
 * too, before sending, and find the document again when an answer was lost.
 *
 * The rule (AADE, myDATA FAQ "Πώς συνθέτετε την πληροφορία για το UID;" and the notes on the
 * `uid` field of InvoiceType in AADE's REST API documentation, as firebed/aade-mydata keeps them in
 * docs/types/invoice-type.md and implements them in src/Actions/GenerateUid.php): the SHA-1 of
 *
 *   issuer's VAT number - issue date (yyyy-MM-dd) - branch - invoice type - series - aa
 *
 * joined by "-", with the invoice variation type appended (again after a "-") only when the
 * document has one, the text encoded in ISO-8859-7 (Greek series letters are one byte each), the
 * digest written as 40 hexadecimal digits in upper case (as AADE's answers write UIDs). AADE's own
 * example: AFM 999999999, issued 22-10-2020, branch 0, type 1.1, series A, aa 2 hash
 * "999999999-2020-10-22-0-1.1-A-2". (For documents of the B1/B2 categories, which a buyer
 * transmits, the counterpart's VAT number takes part as well; the product issues none.)
 */
import { createHash } from 'node:crypto';
import { ValidationError } from '../../shared/errors';
import { myDataInvoiceType } from './invoice-type';
import { seriesAndAa } from './invoices-doc';
import { issuerParty } from './parties';
import type { MyDataSource } from './types';

export interface MyDataUidFields {
  /** The issuer's VAT number as the document states it: a Greek AFM, nine digits without the EL prefix. */
  issuerVat: string;
  /** yyyy-MM-dd. */
  issueDate: string;
  /** The issuer's establishment in the Taxis registry: 0 is the head office. */
  branch: number;
  /** AADE's type, "2.1", "5.1" … */
  invoiceType: string;
  /** As the header states them: a document without a series has series "0". */
  series: string;
  aa: string;
  /** The invoice variation type (invoiceVariationType), only when the document has one. */
  invoiceVariationType?: number;
}

/** ISO-8859-7 (2003): bytes 0x00–0x9F are the same code points; the upper half as below (U+FFFD where it has no character). */
const UPPER_HALF = [
  0xa0, 0x2018, 0x2019, 0xa3, 0x20ac, 0x20af, 0xa6, 0xa7, 0xa8, 0xa9, 0x37a, 0xab, 0xac, 0xad, 0xfffd, 0x2015,
  0xb0, 0xb1, 0xb2, 0xb3, 0x384, 0x385, 0x386, 0xb7, 0x388, 0x389, 0x38a, 0xbb, 0x38c, 0xbd, 0x38e, 0x38f,
  // 0xC0–0xFE: U+0390–U+03CE (Greek capitals and small letters), but for 0xD2, which has none; 0xFF has none.
  ...Array.from({ length: 0x3f }, (_, i) => (i === 0x12 ? 0xfffd : 0x390 + i)),
  0xfffd,
];
const ISO_8859_7 = new Map<number, number>(UPPER_HALF.flatMap((cp, i) => (cp === 0xfffd ? [] : [[cp, 0xa0 + i] as [number, number]])));

/** The text in ISO-8859-7, or a refusal naming the first character it cannot hold. */
export const iso88597 = (text: string): Buffer => {
  const bytes: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const byte = cp < 0xa0 ? cp : ISO_8859_7.get(cp);
    if (byte === undefined) throw new ValidationError(`myDATA computes a document's UID in ISO-8859-7 (Latin and Greek letters), which cannot encode "${ch}" (U+${cp.toString(16).toUpperCase().padStart(4, '0')}) of "${text}".`);
    bytes.push(byte);
  }
  return Buffer.from(bytes);
};

/** The text AADE hashes: the fields joined by "-". */
export const myDataUidInput = (f: MyDataUidFields): string => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.issueDate)) throw new Error(`A myDATA issue date is yyyy-MM-dd: "${f.issueDate}" is not one.`);
  if (!Number.isSafeInteger(f.branch) || f.branch < 0) throw new Error(`A myDATA branch is a whole number from 0: ${f.branch} is not one.`);
  if (!f.issuerVat || !f.invoiceType || !f.series || !f.aa) throw new Error('A myDATA UID needs the issuer VAT number, the invoice type, the series and the aa.');
  const parts = [f.issuerVat, f.issueDate, String(f.branch), f.invoiceType, f.series, f.aa];
  if (f.invoiceVariationType !== undefined) parts.push(String(f.invoiceVariationType));
  return parts.join('-');
};

/** The UID AADE gives the document with these fields: SHA-1 of `myDataUidInput` in ISO-8859-7, 40 upper-case hexadecimal digits. */
export const myDataUid = (fields: MyDataUidFields): string => createHash('sha1').update(iso88597(myDataUidInput(fields))).digest('hex').toUpperCase();

/**
 * The UID of a document as `invoicesDocXml` sends it: the issuer's AFM without its prefix, the
 * document's issue date, branch 0, its myDATA type, its series and aa, from the same helpers as the
 * XML, so the UID is that of the header AADE receives.
 */
export const myDataSourceUid = ({ document: doc, correlatedMark }: MyDataSource): string => {
  const issuer = issuerParty(doc.seller);
  return myDataUid({ issuerVat: issuer.vatNumber, issueDate: doc.issueDate, branch: issuer.branch, invoiceType: myDataInvoiceType(doc, correlatedMark), ...seriesAndAa(doc.number) });
};
