/**
 * AADE's answer to `RequestTransmittedDocs?mark=…`: a `RequestedDoc` (schema
 * requestedInvoicesDoc-v2.0.1, vendor/mydata, namespace of InvoicesDoc) listing what the caller
 * transmitted with a MARK above the one asked: `invoicesDoc` with each `invoice` as it was sent plus
 * what AADE added (`uid`, `mark`, `cancelledByMark` once cancelled, `qrCodeUrl`),
 * `cancelledInvoicesDoc` with the cancellations, classifications and payment methods (not read
 * here), and, when the answer is one page of several, a `continuationToken` whose
 * `nextPartitionKey` and `nextRowKey` ask for the next page. (`RequestDocs`, the documents others
 * issued to the caller, answers the same shape.)
 *
 * The transmission reads it when an answer to `SendInvoices` was lost: a document found here (by
 * its UID, `myDataSourceUid` of ./uid) was registered, and is not sent again. Read as hostile input
 * by ./xml-reader, with larger bounds than a ResponseDoc, since a page holds whole invoices.
 */
import { create } from 'xmlbuilder2';
import { invoiceElement, MY_DATA_ICLS_NS, MY_DATA_NS, type Xml } from './invoices-doc';
import type { MyDataSource } from './types';
import { child, childrenNamed, childText, isMarkText, MyDataResponseError, readAnswerTree, type XmlNode } from './xml-reader';

export interface MyDataRequestedInvoice {
  uid: string;
  mark: string;
  /** The URL AADE's QR code of the document leads to (`qrCodeUrl`), when given. */
  qrUrl?: string;
  series?: string;
  aa?: string;
  invoiceType?: string;
  /** The MARK of the cancellation, when the document was cancelled. */
  cancelledByMark?: string;
}

export interface MyDataContinuation {
  nextPartitionKey: string;
  nextRowKey: string;
}

export interface MyDataRequestedDoc {
  invoices: MyDataRequestedInvoice[];
  /** Null on the last (or only) page; else what asks for the next one. */
  continuation: MyDataContinuation | null;
}

/** A page of whole invoices: well above AADE's pages, yet bounded. */
export const MAX_REQUESTED_DOC_BYTES = 16 * 1024 * 1024;
const MAX_ELEMENTS = 500_000;
const MAX_DEPTH = 16;

const refuse = (message: string): never => {
  throw new MyDataResponseError(message);
};

const continuationOf = (root: XmlNode): MyDataContinuation | null => {
  const token = child(root, 'continuationToken');
  if (!token) return null;
  const nextPartitionKey = childText(token, 'nextPartitionKey');
  const nextRowKey = childText(token, 'nextRowKey');
  if (!nextPartitionKey || !nextRowKey) throw new MyDataResponseError('a continuationToken without its nextPartitionKey and nextRowKey.');
  return { nextPartitionKey, nextRowKey };
};

const optionalMark = (n: XmlNode, name: string, where: string): string | undefined => {
  const value = childText(n, name);
  if (value !== undefined && !isMarkText(value)) throw new MyDataResponseError(`${where} has a ${name} "${value}" that is not a number.`);
  return value;
};

const requiredMark = (n: XmlNode, name: string, where: string): string => optionalMark(n, name, where) ?? refuse(`${where} has no ${name}.`);

const invoiceOf = (n: XmlNode, position: number, cancellations: ReadonlyMap<string, string>): MyDataRequestedInvoice => {
  const where = `invoice ${position}`;
  const uid = childText(n, 'uid') ?? refuse(`${where} has no uid.`);
  const mark = requiredMark(n, 'mark', where);
  const cancelledByMark = optionalMark(n, 'cancelledByMark', where) ?? cancellations.get(mark);
  const header = child(n, 'invoiceHeader');
  const optional = (name: keyof MyDataRequestedInvoice, value: string | undefined) => (value === undefined ? {} : { [name]: value });
  return {
    uid,
    mark,
    ...optional('qrUrl', childText(n, 'qrCodeUrl')),
    ...optional('series', childText(header, 'series')),
    ...optional('aa', childText(header, 'aa')),
    ...optional('invoiceType', childText(header, 'invoiceType')),
    ...optional('cancelledByMark', cancelledByMark),
  };
};

/**
 * AADE's `RequestedDoc` read into its invoices (in its order) and its continuation; refused with
 * MyDataResponseError when it is not one. A cancellation listed in `cancelledInvoicesDoc` marks
 * its invoice when the invoice does not say so itself.
 */
export const parseRequestedDoc = (xml: string): MyDataRequestedDoc => {
  const root = readAnswerTree(xml, { maxBytes: MAX_REQUESTED_DOC_BYTES, maxElements: MAX_ELEMENTS, maxDepth: MAX_DEPTH });
  if (root.name !== 'RequestedDoc') throw new MyDataResponseError(`the root element is ${root.name}, not RequestedDoc.`);
  const cancellations = new Map(
    childrenNamed(child(root, 'cancelledInvoicesDoc'), 'cancelledInvoice').map((c, i) => {
      const where = `cancelledInvoice ${i + 1}`;
      return [requiredMark(c, 'invoiceMark', where), requiredMark(c, 'cancellationMark', where)] as const;
    }),
  );
  const invoices = childrenNamed(child(root, 'invoicesDoc'), 'invoice').map((n, i) => invoiceOf(n, i + 1, cancellations));
  return { invoices, continuation: continuationOf(root) };
};

/**
 * One document as a `RequestedDoc` lists it: what `parseRequestedDoc` reads, and optionally the
 * document as it was sent.
 */
export type RequestedDocEntry = MyDataRequestedInvoice & {
  /**
   * The document as it was sent: its whole invoice is written, as AADE lists it (the schema asks
   * for the lines and the summary, so only then is the answer valid against it); its header then
   * gives the series, aa and type, which the entry may repeat but not contradict. Without it, the
   * invoice holds AADE's fields and a header with the series, aa and type given: enough for the
   * reader, not for the schema.
   */
  source?: MyDataSource;
  /** With `cancelledByMark`: the cancellation's date (yyyy-MM-dd), to list it in `cancelledInvoicesDoc` as AADE does. */
  cancellationDate?: string;
};

/** The invoice's document part: the whole document when given, else a header with what the entry says. */
const documentOf = (e: RequestedDocEntry): Xml => {
  if (!e.source) return { invoiceHeader: { ...(e.series === undefined ? {} : { series: e.series }), ...(e.aa === undefined ? {} : { aa: e.aa }), ...(e.invoiceType === undefined ? {} : { invoiceType: e.invoiceType }) } };
  const element = invoiceElement(e.source);
  const header = element.invoiceHeader as Record<string, string>;
  for (const name of ['series', 'aa', 'invoiceType'] as const) {
    if (e[name] !== undefined && e[name] !== header[name]) throw new Error(`The RequestedDoc entry of ${e.source.document.number} gives ${name} "${e[name]}", its document "${header[name]}".`);
  }
  return element;
};

/**
 * A `RequestedDoc` as AADE writes it, in the schema's order: the continuation first, then each
 * invoice with AADE's `uid`, `mark` and `cancelledByMark`, the document (as `invoicesDocXml` sent
 * it, when given) and its `qrCodeUrl`, then the cancellations. What the test stubs of the
 * transmission answer to `RequestTransmittedDocs`; `parseRequestedDoc` reads it back to the same
 * invoices and continuation. The UID of a document is `myDataSourceUid` (./uid).
 */
export const requestedDocXml = (page: { invoices: readonly RequestedDocEntry[]; continuation?: MyDataContinuation | null }): string => {
  const invoices = page.invoices.map(
    (e): Xml => ({
      uid: e.uid,
      mark: e.mark,
      ...(e.cancelledByMark === undefined ? {} : { cancelledByMark: e.cancelledByMark }),
      ...documentOf(e),
      ...(e.qrUrl === undefined ? {} : { qrCodeUrl: e.qrUrl }),
    }),
  );
  const cancelled = page.invoices.flatMap((e) => (e.cancelledByMark !== undefined && e.cancellationDate !== undefined ? [{ invoiceMark: e.mark, cancellationMark: e.cancelledByMark, cancellationDate: e.cancellationDate }] : []));
  const body: Xml = {
    '@xmlns': MY_DATA_NS,
    '@xmlns:icls': MY_DATA_ICLS_NS,
    ...(page.continuation ? { continuationToken: { nextPartitionKey: page.continuation.nextPartitionKey, nextRowKey: page.continuation.nextRowKey } } : {}),
    invoicesDoc: invoices.length > 0 ? { invoice: invoices } : {},
    ...(cancelled.length > 0 ? { cancelledInvoicesDoc: { cancelledInvoice: cancelled } } : {}),
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, { RequestedDoc: body }).end({ prettyPrint: true });
};
