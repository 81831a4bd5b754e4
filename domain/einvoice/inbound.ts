/**
 * An inbound e-invoice: a UBL 2.1 Invoice or CreditNote (EN 16931) a supplier sent, read into the
 * plain facts a bill is made of. Hostile input: the raw text is refused if it holds a DOCTYPE or
 * entity declaration (nothing is ever resolved), the parser (saxes) checks well-formedness, and
 * every refusal names the element, as a path with the XML line, and what is wrong with it.
 * Amounts are read exactly (decimal text to integer cents, never through a float).
 *
 * This reads the document's structure only; the official EN 16931 business rules run apart
 * (api/purchases/einvoice), and the bill's own arithmetic checks the totals (domain/bill).
 */
import { SaxesParser } from 'saxes';
import { isIsoDate } from '../shared/dates';
import { MAX_AMOUNT_CENTS } from '../shared/money';
import { trimEnd, trimStart } from '../shared/text';
import { xmlDeclarationIn } from '../shared/xml-guard';

export const UBL_NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/** The most an e-invoice file may be: a 10 MB attachment is 13.4 MB as base64, with room for the rest. */
export const EINVOICE_MAX_BYTES = 16 * 1024 * 1024;
/** The most one embedded attachment (BT-125) may be once decoded: a bill's document's limit. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** A bill holds at most 500 lines (with the document's allowances and charges). */
export const EINVOICE_MAX_LINES = 500;
const MAX_ELEMENTS = 200_000;
const MAX_DEPTH = 40;

/** A refusal of the file: `where` is the element's path and line ("/Invoice/cac:InvoiceLine[2]/cbc:LineExtensionAmount, line 120"). */
export class EinvoiceFileError extends Error {
  constructor(
    message: string,
    readonly where: string,
  ) {
    super(`${where}: ${message}`);
    this.name = 'EinvoiceFileError';
  }
}

interface Element {
  ns: string;
  /** As written, with its prefix ("cbc:ID"), for paths. */
  qname: string;
  local: string;
  attributes: Record<string, string>;
  children: Element[];
  text: string;
  line: number;
  path: string;
}

export type InboundVatCategory = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M';
const CATEGORIES: readonly string[] = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'];

export interface InboundParty {
  name: string;
  vatNumber: string | null;
  country: string | null;
  address: string;
}

export interface InboundLine {
  /** The item's name, with its description when it says more. */
  description: string;
  /** The quantity as written (a decimal, may be negative), and its unit code. */
  quantity: string;
  unitCode: string | null;
  /** The net price of one base quantity as written, or null when absent. */
  price: string | null;
  baseQuantity: string | null;
  netCents: number;
  vatCategory: InboundVatCategory;
  vatRateBp: number;
  where: string;
}

/** A document-level allowance (a discount, negative) or charge (positive), with its VAT. */
export interface InboundAllowanceCharge {
  charge: boolean;
  amountCents: number;
  reason: string;
  vatCategory: InboundVatCategory;
  vatRateBp: number;
  where: string;
}

export interface InboundVatRow {
  category: InboundVatCategory;
  rateBp: number;
  taxableCents: number;
  vatCents: number;
  where: string;
}

export interface InboundAttachment {
  /** The document reference's id (BT-122) and description (BT-123). */
  reference: string;
  filename: string;
  mimeType: string;
  content: Buffer;
}

export interface InboundDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  supplier: InboundParty & { iban: string | null };
  buyer: InboundParty;
  paymentReference: string | null;
  /** The invoices a credit note corrects (BT-25). */
  precedingInvoices: string[];
  lines: InboundLine[];
  allowancesCharges: InboundAllowanceCharge[];
  breakdown: InboundVatRow[];
  totals: { netCents: number; vatCents: number; grossCents: number; prepaidCents: number; roundingCents: number; payableCents: number };
  /** Where the totals are, to name them in a refusal. */
  totalsWhere: { net: string; vat: string; gross: string };
  attachments: InboundAttachment[];
}

const where = (e: Element): string => `${e.path}, line ${e.line}`;

/** Parses the text into elements, refusing declarations, bad XML and documents too deep or too large. */
const parse = (xml: string): Element => {
  const declaration = xmlDeclarationIn(xml);
  if (declaration) throw new EinvoiceFileError(`an XML ${declaration.kind} declaration is not allowed in an e-invoice (entities are never resolved)`, `line ${declaration.line}`);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: Array<{ element: Element; text: string[]; counts: Map<string, number> }> = [];
  let root: Element | null = null;
  let elements = 0;
  parser.on('opentag', (tag) => {
    elements += 1;
    if (elements > MAX_ELEMENTS) throw new EinvoiceFileError(`the document has more than ${MAX_ELEMENTS} elements`, `line ${parser.line}`);
    if (stack.length >= MAX_DEPTH) throw new EinvoiceFileError(`elements are nested more than ${MAX_DEPTH} deep`, `line ${parser.line}`);
    const parent = stack.at(-1);
    let path = `/${tag.name}`;
    if (parent) {
      const n = (parent.counts.get(tag.name) ?? 0) + 1;
      parent.counts.set(tag.name, n);
      path = `${parent.element.path}/${tag.name}${n > 1 ? `[${n}]` : ''}`;
    }
    const attributes: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) attributes[a.local] = a.value;
    const element: Element = { ns: tag.uri ?? '', qname: tag.name, local: tag.local ?? tag.name, attributes, children: [], text: '', line: parser.line, path };
    if (parent) parent.element.children.push(element);
    else root = element;
    stack.push({ element, text: [], counts: new Map() });
  });
  parser.on('text', (text) => {
    const top = stack.at(-1);
    if (top) top.text.push(text);
  });
  parser.on('cdata', (text) => {
    const top = stack.at(-1);
    if (top) top.text.push(text);
  });
  parser.on('closetag', () => {
    const top = stack.pop()!;
    top.element.text = top.element.children.length ? '' : top.text.join('').trim();
  });
  try {
    parser.write(xml).close();
  } catch (err) {
    if (err instanceof EinvoiceFileError) throw err;
    // saxes says "line:column: message".
    const message = err instanceof Error ? err.message : String(err);
    const at = /^(\d+):(\d+): (.*)$/s.exec(message);
    throw new EinvoiceFileError(`not well-formed XML (${at ? at[3]!.trim() : message})`, at ? `line ${at[1]}` : 'the file');
  }
  if (!root) throw new EinvoiceFileError('the file holds no XML element', 'the file');
  return root;
};

const children = (e: Element, ns: string, local: string): Element[] => e.children.filter((c) => c.ns === ns && c.local === local);
const child = (e: Element, ns: string, local: string): Element | undefined => e.children.find((c) => c.ns === ns && c.local === local);
const cac = (e: Element | undefined, ...path: string[]): Element | undefined => {
  let at = e;
  for (const name of path) {
    if (!at) return undefined;
    const [prefix, local] = name.includes(':') ? name.split(':') : ['cac', name];
    at = child(at, prefix === 'cbc' ? UBL_NS.cbc : UBL_NS.cac, local!);
  }
  return at;
};
const textOf = (e: Element | undefined): string | null => (e && e.text !== '' ? e.text : null);
const missing = (parent: Element, name: string): EinvoiceFileError => new EinvoiceFileError(`${name} is missing`, where(parent));
const required = (parent: Element, ...path: string[]): Element => {
  const found = cac(parent, ...path);
  if (!found || (found.children.length === 0 && found.text === '')) throw missing(parent, path.map((p) => (p.includes(':') ? p : `cac:${p}`)).join('/'));
  return found;
};

/** A decimal as written ("12.50", "-3", "+1.5"): its sign, its digits (no leading zeros) and how many of them follow the point (trailing zeros dropped), or null. */
export const decimalOf = (text: string): { negative: boolean; digits: string; scale: number } | null => {
  const m = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) return null;
  const fraction = trimEnd(m[3] ?? '', '0');
  const digits = trimStart(m[2]! + fraction, '0');
  return { negative: m[1] === '-', digits, scale: fraction.length };
};

/**
 * A decimal as an integer of `places` decimals (cents: 2, thousandths: 3), exactly; null when it
 * has more places, is no decimal or passes the safe integers (judged by its length first: a file's
 * million-digit number is never turned into a BigInt).
 */
export const scaledDecimal = (text: string, places: number): number | null => {
  const d = decimalOf(text);
  if (!d || d.scale > places || d.digits.length + places - d.scale > 16) return null;
  const value = BigInt(d.digits || '0') * 10n ** BigInt(places - d.scale);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(d.negative ? -value : value);
};

/** An amount of the document's currency in cents: at most two decimals, as EN 16931 asks. */
const cents = (e: Element): number => {
  const d = decimalOf(e.text);
  if (!d) throw new EinvoiceFileError(`"${e.text}" is not an amount`, where(e));
  if (d.scale > 2) throw new EinvoiceFileError(`"${e.text}" has more than two decimals`, where(e));
  const value = scaledDecimal(e.text, 2);
  if (value === null || Math.abs(value) > MAX_AMOUNT_CENTS) throw new EinvoiceFileError(`"${e.text}" is too large`, where(e));
  return value;
};

/** A VAT rate in basis points ("21", "5.5", "6.00"). */
const rateBp = (e: Element | undefined, parent: Element): number => {
  if (!e) return 0;
  const bp = scaledDecimal(e.text, 2);
  if (bp === null || bp < 0 || bp > 10_000) throw new EinvoiceFileError(`"${e.text}" is not a VAT rate`, where(e ?? parent));
  return bp;
};

const day = (e: Element): string => {
  if (!isIsoDate(e.text)) throw new EinvoiceFileError(`"${e.text}" is not a date (YYYY-MM-DD)`, where(e));
  return e.text;
};

const category = (taxCategory: Element): { vatCategory: InboundVatCategory; vatRateBp: number } => {
  const id = required(taxCategory, 'cbc:ID');
  const code = id.text.toUpperCase();
  if (!CATEGORIES.includes(code)) throw new EinvoiceFileError(`"${id.text}" is not a VAT category code of EN 16931 (S, Z, E, AE, K, G, O, L, M)`, where(id));
  return { vatCategory: code as InboundVatCategory, vatRateBp: rateBp(cac(taxCategory, 'cbc:Percent'), taxCategory) };
};

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

const party = (p: Element): InboundParty => {
  const legal = textOf(cac(p, 'PartyLegalEntity', 'cbc:RegistrationName'));
  const trading = textOf(cac(p, 'PartyName', 'cbc:Name'));
  const name = oneLine(legal ?? trading ?? '');
  if (!name) throw missing(p, 'cac:PartyLegalEntity/cbc:RegistrationName');
  const vat = children(p, UBL_NS.cac, 'PartyTaxScheme').find((s) => (textOf(cac(s, 'TaxScheme', 'cbc:ID')) ?? '').toUpperCase() === 'VAT');
  const address = cac(p, 'PostalAddress');
  const lines = address
    ? [
        textOf(cac(address, 'cbc:StreetName')),
        textOf(cac(address, 'cbc:AdditionalStreetName')),
        textOf(cac(address, 'AddressLine', 'cbc:Line')),
        [textOf(cac(address, 'cbc:PostalZone')), textOf(cac(address, 'cbc:CityName'))].filter(Boolean).join(' ') || null,
        textOf(cac(address, 'cbc:CountrySubentity')),
      ]
    : [];
  return {
    name: name.slice(0, 200),
    vatNumber: vat ? (textOf(cac(vat, 'cbc:CompanyID')) ?? null) : null,
    country: address ? (textOf(cac(address, 'Country', 'cbc:IdentificationCode'))?.toUpperCase() ?? null) : null,
    address: lines
      .filter((l): l is string => !!l)
      .map(oneLine)
      .join('\n')
      .slice(0, 500),
  };
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const attachmentsOf = (root: Element): InboundAttachment[] =>
  children(root, UBL_NS.cac, 'AdditionalDocumentReference').flatMap((ref) => {
    const object = cac(ref, 'Attachment', 'cbc:EmbeddedDocumentBinaryObject');
    if (!object || object.text === '') return [];
    const base64 = object.text.replace(/\s+/g, '');
    if (!BASE64.test(base64)) throw new EinvoiceFileError('the attachment is not base64', where(object));
    const content = Buffer.from(base64, 'base64');
    if (content.length > ATTACHMENT_MAX_BYTES) throw new EinvoiceFileError(`the attachment is over 10 MB (${content.length} bytes), the most a bill's document may be`, where(object));
    const reference = oneLine([textOf(cac(ref, 'cbc:ID')), textOf(cac(ref, 'cbc:DocumentDescription'))].filter(Boolean).join(' '));
    const mimeType = (object.attributes.mimeCode ?? 'application/octet-stream').trim().toLowerCase();
    const filename = oneLine(object.attributes.filename ?? '') || `${reference || 'attachment'}`;
    return [{ reference: reference.slice(0, 200), filename: filename.slice(0, 200), mimeType, content }];
  });

/**
 * Reads a UBL 2.1 Invoice or CreditNote. Throws EinvoiceFileError naming the element for anything
 * it cannot read; what it reads is not yet checked against the EN 16931 rules or the bill's arithmetic.
 */
export const readUblDocument = (xml: string): InboundDocument => {
  const root = parse(xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml);
  const kind = root.ns === UBL_NS.invoice && root.local === 'Invoice' ? 'invoice' : root.ns === UBL_NS.creditNote && root.local === 'CreditNote' ? 'credit_note' : null;
  if (!kind) throw new EinvoiceFileError(`the document is a ${root.local}${root.ns ? ` in ${root.ns}` : ''}, not a UBL 2.1 Invoice or CreditNote`, where(root));
  const currency = required(root, 'cbc:DocumentCurrencyCode').text.toUpperCase();
  const supplierParty = required(root, 'AccountingSupplierParty', 'Party');
  const buyerParty = required(root, 'AccountingCustomerParty', 'Party');
  const means = children(root, UBL_NS.cac, 'PaymentMeans');
  const iban = means.map((m) => textOf(cac(m, 'PayeeFinancialAccount', 'cbc:ID'))).find((v): v is string => !!v) ?? null;
  const due = cac(root, 'cbc:DueDate') ?? means.map((m) => cac(m, 'cbc:PaymentDueDate')).find(Boolean);

  const lineName = kind === 'invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const lineElements = children(root, UBL_NS.cac, lineName);
  if (lineElements.length === 0) throw missing(root, `cac:${lineName}`);
  const allowanceElements = children(root, UBL_NS.cac, 'AllowanceCharge');
  if (lineElements.length + allowanceElements.length > EINVOICE_MAX_LINES) {
    throw new EinvoiceFileError(`the document has ${lineElements.length + allowanceElements.length} lines, allowances and charges; a bill holds at most ${EINVOICE_MAX_LINES}`, where(root));
  }
  const lines = lineElements.map((line): InboundLine => {
    const item = required(line, 'Item');
    const name = oneLine(required(item, 'cbc:Name').text);
    const more = oneLine(textOf(cac(item, 'cbc:Description')) ?? '');
    const quantity = required(line, kind === 'invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity');
    if (!decimalOf(quantity.text)) throw new EinvoiceFileError(`"${quantity.text}" is not a quantity`, where(quantity));
    const price = cac(line, 'Price', 'cbc:PriceAmount');
    const base = cac(line, 'Price', 'cbc:BaseQuantity');
    for (const e of [price, base]) if (e && !decimalOf(e.text)) throw new EinvoiceFileError(`"${e.text}" is not a number`, where(e));
    return {
      description: (more && more !== name ? `${name}: ${more}` : name).slice(0, 500),
      quantity: quantity.text,
      unitCode: quantity.attributes.unitCode ?? null,
      price: price?.text ?? null,
      baseQuantity: base?.text ?? null,
      netCents: cents(required(line, 'cbc:LineExtensionAmount')),
      ...category(required(item, 'ClassifiedTaxCategory')),
      where: where(line),
    };
  });
  const allowancesCharges = allowanceElements.map((a): InboundAllowanceCharge => {
    const indicator = required(a, 'cbc:ChargeIndicator');
    if (!/^(true|false)$/.test(indicator.text)) throw new EinvoiceFileError(`"${indicator.text}" is neither true nor false`, where(indicator));
    const charge = indicator.text === 'true';
    const reason = oneLine(textOf(cac(a, 'cbc:AllowanceChargeReason')) ?? textOf(cac(a, 'cbc:AllowanceChargeReasonCode')) ?? '');
    return { charge, amountCents: cents(required(a, 'cbc:Amount')), reason: reason.slice(0, 400), ...category(required(a, 'TaxCategory')), where: where(a) };
  });

  // The VAT in the document's currency (a second TaxTotal may give it in the tax currency, BT-111).
  const taxTotals = children(root, UBL_NS.cac, 'TaxTotal');
  const taxTotal = taxTotals.find((t) => (cac(t, 'cbc:TaxAmount')?.attributes.currencyID ?? currency).toUpperCase() === currency) ?? taxTotals[0];
  if (!taxTotal) throw missing(root, 'cac:TaxTotal');
  const vatAmount = required(taxTotal, 'cbc:TaxAmount');
  const breakdown = children(taxTotal, UBL_NS.cac, 'TaxSubtotal').map((row): InboundVatRow => {
    const c = category(required(row, 'TaxCategory'));
    return { category: c.vatCategory, rateBp: c.vatRateBp, taxableCents: cents(required(row, 'cbc:TaxableAmount')), vatCents: cents(required(row, 'cbc:TaxAmount')), where: where(row) };
  });
  const monetary = required(root, 'LegalMonetaryTotal');
  const net = required(monetary, 'cbc:TaxExclusiveAmount');
  const gross = required(monetary, 'cbc:TaxInclusiveAmount');
  const optional = (name: string) => {
    const e = cac(monetary, `cbc:${name}`);
    return e ? cents(e) : 0;
  };
  return {
    kind,
    number: oneLine(required(root, 'cbc:ID').text).slice(0, 100),
    issueDate: day(required(root, 'cbc:IssueDate')),
    dueDate: due ? day(due) : null,
    currency,
    supplier: { ...party(supplierParty), iban: iban ? iban.replace(/\s+/g, '').toUpperCase() : null },
    buyer: party(buyerParty),
    paymentReference: means.map((m) => textOf(cac(m, 'cbc:PaymentID'))).find((v): v is string => !!v)?.slice(0, 200) ?? null,
    precedingInvoices: children(root, UBL_NS.cac, 'BillingReference')
      .map((b) => textOf(cac(b, 'InvoiceDocumentReference', 'cbc:ID')))
      .filter((v): v is string => !!v),
    lines,
    allowancesCharges,
    breakdown,
    totals: { netCents: cents(net), vatCents: cents(vatAmount), grossCents: cents(gross), prepaidCents: optional('PrepaidAmount'), roundingCents: optional('PayableRoundingAmount'), payableCents: cents(required(monetary, 'cbc:PayableAmount')) },
    totalsWhere: { net: where(net), vat: where(vatAmount), gross: where(gross) },
    attachments: attachmentsOf(root),
  };
};
