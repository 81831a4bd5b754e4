/**
 * AADE's answer to `SendInvoices`: a `ResponseDoc` (schema response-v2.0.1, vendor/mydata) with one
 * `response` per document sent, by its 1-based index: `Success` with the document's MARK, UID, QR
 * URL (and authentication code when sent through a provider), or an error status with AADE's
 * errors. Both directions live here, so the reader and the answers a test stub gives share one
 * shape.
 *
 * The answer comes from the network: it is read by ./xml-reader, as hostile input (size limit
 * MAX_RESPONSE_BYTES, no DTD or entity, bounded depth and elements). Elements are read by name, not
 * by position: AADE's real answers write `statusCode` before `errors`, which the schema's order
 * does not allow.
 *
 * `CancelInvoice` answers the same `ResponseDoc`: one response, without an index, carrying the
 * cancellation's own MARK (`cancellationMark`) on success.
 */
import { create } from 'xmlbuilder2';
import { child, childrenNamed, childText, isMarkText, MyDataResponseError, readAnswerTree, type XmlNode } from './xml-reader';

export { MyDataResponseError } from './xml-reader';

export interface MyDataResponse {
  /** The document's position in the InvoicesDoc sent, from 1. */
  index: number;
  /** `Success`, or AADE's kind of failure: `ValidationError`, `TechnicalError`, `XMLSyntaxError`. */
  statusCode: string;
  invoiceUid?: string;
  /** The MARK: the number AADE registered the document under (a credit note correlates to it). */
  invoiceMark?: string;
  qrUrl?: string;
  authenticationCode?: string;
  /** A `CancelInvoice` answer: the MARK AADE registered the cancellation under. */
  cancellationMark?: string;
  errors: { code: string; message: string }[];
}

export const MY_DATA_SUCCESS = 'Success';
/** Far above an answer for the most documents one request may hold. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;
const MAX_ELEMENTS = 50_000;
const MAX_DEPTH = 16;

const response = (n: XmlNode, position: number): MyDataResponse => {
  const where = `response ${position}`;
  const statusCode = childText(n, 'statusCode');
  if (!statusCode) throw new MyDataResponseError(`${where} has no statusCode.`);
  const indexText = childText(n, 'index');
  if (indexText !== undefined && !/^[1-9]\d{0,8}$/.test(indexText)) throw new MyDataResponseError(`${where} has an index "${indexText}" that is not a positive whole number.`);
  const markOf = (name: 'invoiceMark' | 'cancellationMark'): string | undefined => {
    const value = childText(n, name);
    if (value !== undefined && !isMarkText(value)) throw new MyDataResponseError(`${where} has ${name === 'invoiceMark' ? 'an' : 'a'} ${name} "${value}" that is not a number.`);
    return value;
  };
  const invoiceMark = markOf('invoiceMark');
  const cancellationMark = markOf('cancellationMark');
  const errors = childrenNamed(child(n, 'errors'), 'error').map((e) => ({ code: childText(e, 'code') ?? '', message: childText(e, 'message') ?? '' }));
  if (statusCode !== MY_DATA_SUCCESS && errors.length === 0) throw new MyDataResponseError(`${where} has status ${statusCode} without errors.`);
  const optional = (name: 'invoiceUid' | 'qrUrl' | 'authenticationCode') => {
    const value = childText(n, name);
    return value === undefined ? {} : { [name]: value };
  };
  return {
    // The schema makes the index optional: without it, an answer's place is its document's.
    index: indexText === undefined ? position : Number(indexText),
    statusCode,
    ...optional('invoiceUid'),
    ...(invoiceMark === undefined ? {} : { invoiceMark }),
    ...optional('qrUrl'),
    ...optional('authenticationCode'),
    ...(cancellationMark === undefined ? {} : { cancellationMark }),
    errors,
  };
};

/** AADE's `ResponseDoc` read into one entry per `response`, in its order; refused with MyDataResponseError when it is not one. */
export const parseResponseDoc = (xml: string): MyDataResponse[] => {
  const root = readAnswerTree(xml, { maxBytes: MAX_RESPONSE_BYTES, maxElements: MAX_ELEMENTS, maxDepth: MAX_DEPTH });
  if (root.name !== 'ResponseDoc') throw new MyDataResponseError(`the root element is ${root.name}, not ResponseDoc.`);
  const responses = root.children.filter((c) => c.name === 'response');
  if (responses.length === 0) throw new MyDataResponseError('no response element.');
  return responses.map((r, i) => response(r, i + 1));
};

/**
 * A `ResponseDoc` as AADE writes it, in the schema's order: a response with errors is a failure
 * (its `errors`), one without is a success (its UID, MARK, cancellation MARK, authentication code,
 * QR URL). What the test stubs of the transmission answer; `parseResponseDoc` reads it back to the
 * same entries.
 */
export const responseDocXml = (responses: readonly MyDataResponse[]): string => {
  const body = responses.map((r) => ({
    index: String(r.index),
    ...(r.errors.length > 0
      ? { errors: { error: r.errors.map((e) => ({ message: e.message, code: e.code })) } }
      : {
          ...(r.invoiceUid === undefined ? {} : { invoiceUid: r.invoiceUid }),
          ...(r.invoiceMark === undefined ? {} : { invoiceMark: r.invoiceMark }),
          ...(r.cancellationMark === undefined ? {} : { cancellationMark: r.cancellationMark }),
          ...(r.authenticationCode === undefined ? {} : { authenticationCode: r.authenticationCode }),
          ...(r.qrUrl === undefined ? {} : { qrUrl: r.qrUrl }),
        }),
    statusCode: r.statusCode,
  }));
  return create({ version: '1.0', encoding: 'UTF-8' }, { ResponseDoc: { response: body } }).end({ prettyPrint: true });
};
