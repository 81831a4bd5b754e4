/**
 * AADE's answer to `SendInvoices`: a `ResponseDoc` (schema response-v2.0.1, vendor/mydata) with one
 * `response` per document sent, by its 1-based index: `Success` with the document's MARK, UID, QR
 * URL (and authentication code when sent through a provider), or an error status with AADE's
 * errors. Both directions live here, so the reader and the answers a test stub gives share one
 * shape.
 *
 * The answer comes from the network: the text is refused above MAX_RESPONSE_BYTES, or with a
 * DOCTYPE or entity declaration (nothing is ever resolved); saxes checks it is well-formed; the
 * tree is bounded in depth and elements. Elements are read by name, not by position: AADE's real
 * answers write `statusCode` before `errors`, which the schema's order does not allow.
 */
import { SaxesParser } from 'saxes';
import { create } from 'xmlbuilder2';
import { xmlDeclarationIn } from '../../shared/xml-guard';

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
  errors: { code: string; message: string }[];
}

export const MY_DATA_SUCCESS = 'Success';
/** Far above an answer for the most documents one request may hold. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;
const MAX_ELEMENTS = 50_000;
const MAX_DEPTH = 16;

/** A refusal of AADE's answer, saying what is wrong with it. */
export class MyDataResponseError extends Error {
  constructor(message: string) {
    super(`myDATA answer refused: ${message}`);
    this.name = 'MyDataResponseError';
  }
}

interface Node {
  name: string;
  children: Node[];
  text: string;
}

const tree = (xml: string): Node => {
  const declaration = xmlDeclarationIn(xml);
  if (declaration) throw new MyDataResponseError(`an XML ${declaration.kind} declaration (line ${declaration.line}) is not allowed; entities are never resolved.`);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: Array<{ node: Node; text: string[] }> = [];
  let root: Node | null = null;
  let elements = 0;
  parser.on('opentag', (tag) => {
    elements += 1;
    if (elements > MAX_ELEMENTS) throw new MyDataResponseError(`more than ${MAX_ELEMENTS} elements.`);
    if (stack.length >= MAX_DEPTH) throw new MyDataResponseError(`elements nested more than ${MAX_DEPTH} deep (line ${parser.line}).`);
    // AADE's schema has no namespace; a prefix or default namespace would not change what an element is.
    const node: Node = { name: tag.local ?? tag.name, children: [], text: '' };
    if (stack.length > 0) stack.at(-1)!.node.children.push(node);
    else root = node;
    stack.push({ node, text: [] });
  });
  const text = (t: string): void => {
    stack.at(-1)?.text.push(t);
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('closetag', () => {
    const top = stack.pop()!;
    top.node.text = top.text.join('').trim();
  });
  try {
    parser.write(xml).close();
  } catch (err) {
    if (err instanceof MyDataResponseError) throw err;
    throw new MyDataResponseError(`not well-formed XML (${err instanceof Error ? err.message : String(err)}).`);
  }
  if (!root) throw new MyDataResponseError('no XML element.');
  return root;
};

const childText = (n: Node, name: string): string | undefined => {
  const c = n.children.find((x) => x.name === name);
  return c && c.text !== '' ? c.text : undefined;
};

const response = (n: Node, position: number): MyDataResponse => {
  const where = `response ${position}`;
  const statusCode = childText(n, 'statusCode');
  if (!statusCode) throw new MyDataResponseError(`${where} has no statusCode.`);
  const indexText = childText(n, 'index');
  if (indexText !== undefined && !/^[1-9]\d{0,8}$/.test(indexText)) throw new MyDataResponseError(`${where} has an index "${indexText}" that is not a positive whole number.`);
  const invoiceMark = childText(n, 'invoiceMark');
  if (invoiceMark !== undefined && !/^\d{1,19}$/.test(invoiceMark)) throw new MyDataResponseError(`${where} has an invoiceMark "${invoiceMark}" that is not a number.`);
  const errors = (n.children.find((c) => c.name === 'errors')?.children ?? [])
    .filter((c) => c.name === 'error')
    .map((e) => ({ code: childText(e, 'code') ?? '', message: childText(e, 'message') ?? '' }));
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
    errors,
  };
};

/** AADE's `ResponseDoc` read into one entry per `response`, in its order; refused with MyDataResponseError when it is not one. */
export const parseResponseDoc = (xml: string): MyDataResponse[] => {
  const bytes = Buffer.byteLength(xml, 'utf8');
  if (bytes > MAX_RESPONSE_BYTES) throw new MyDataResponseError(`${bytes} bytes, more than the ${MAX_RESPONSE_BYTES} an answer may have.`);
  const root = tree(xml);
  if (root.name !== 'ResponseDoc') throw new MyDataResponseError(`the root element is ${root.name}, not ResponseDoc.`);
  const responses = root.children.filter((c) => c.name === 'response');
  if (responses.length === 0) throw new MyDataResponseError('no response element.');
  return responses.map((r, i) => response(r, i + 1));
};

/**
 * A `ResponseDoc` as AADE writes it, in the schema's order: a response with errors is a failure
 * (its `errors`), one without is a success (its MARK, UID, QR URL, authentication code). What the
 * test stubs of the transmission answer; `parseResponseDoc` reads it back to the same entries.
 */
export const responseDocXml = (responses: readonly MyDataResponse[]): string => {
  const body = responses.map((r) => ({
    index: String(r.index),
    ...(r.errors.length > 0
      ? { errors: { error: r.errors.map((e) => ({ message: e.message, code: e.code })) } }
      : {
          ...(r.invoiceUid === undefined ? {} : { invoiceUid: r.invoiceUid }),
          ...(r.invoiceMark === undefined ? {} : { invoiceMark: r.invoiceMark }),
          ...(r.authenticationCode === undefined ? {} : { authenticationCode: r.authenticationCode }),
          ...(r.qrUrl === undefined ? {} : { qrUrl: r.qrUrl }),
        }),
    statusCode: r.statusCode,
  }));
  return create({ version: '1.0', encoding: 'UTF-8' }, { ResponseDoc: { response: body } }).end({ prettyPrint: true });
};
