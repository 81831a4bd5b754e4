import { create } from 'xmlbuilder2';
import type { BillingDocument, DocumentLine, VatBreakdownRow } from '../../../domain/einvoice/document';
import { DEFAULT_EXEMPTION_REASON, REVERSE_CHARGE_TEXT, type Party, type VatCategory } from '../../../domain/invoice/vat';
import { ValidationError } from '../../../domain/shared/errors';
import { quantityToMilli } from '../../../domain/shared/money';
import { trimEnd } from '../../../domain/shared/text';

/**
 * EN 16931 e-invoices in the UBL 2.1 syntax (an `Invoice`, type 380, or a `CreditNote`, type 381),
 * rendered from the same billing document as the PDF. The XML is built with xmlbuilder2; every
 * amount is written from integer cents, so no float ever reaches a total.
 */
export const UBL_MEDIA_TYPE = 'application/xml';
const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017';
const NS = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};
export const NO_LINES = 'An invoice without lines has no e-invoice: EN 16931 asks for at least one line.';

type Xml = Record<string, unknown>;

export const ublFilename = (d: BillingDocument): string =>
  `${d.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${d.number.replace(/[^\w.-]+/g, '_')}.xml`;

/**
 * An integer scaled by 10^decimals as decimal text, by integer arithmetic only: cents (2 places,
 * kept: -1234 → "-12.34"), basis points (550 → "5.5") and thousandths of a quantity (1333 → "1.333").
 */
const scaledText = (value: number, decimals: number, keepZeros: boolean): string => {
  if (!Number.isSafeInteger(value)) throw new Error(`Not an integer amount: ${value}`);
  const scale = 10 ** decimals;
  const abs = Math.abs(value);
  const digits = String(abs % scale).padStart(decimals, '0');
  const fraction = keepZeros ? digits : trimEnd(digits, '0');
  return `${value < 0 ? '-' : ''}${Math.floor(abs / scale)}${fraction ? `.${fraction}` : ''}`;
};
export const amountText = (cents: number): string => scaledText(cents, 2, true);
/** An amount in its currency (BT-5's, or BT-6's for the VAT in the accounting currency). */
const money = (cents: number, currency: string): Xml => ({ '@currencyID': currency, '#': amountText(cents) });
const percent = (bp: number): string => scaledText(bp, 2, false);
const quantity = (q: number): string => scaledText(quantityToMilli(q), 3, false);

/**
 * A VAT identifier with its country prefix (BR-CO-09). Greece's prefix is EL, not its ISO code GR,
 * so a Greek number typed with GR is corrected. Any other number already starting with two letters
 * is kept as typed: a party may be registered for VAT in another country than its address.
 */
export const vatIdentifier = (vatNumber: string, country: string): string => {
  const compact = vatNumber.replace(/[\s.-]+/g, '').toUpperCase();
  if (!compact) return '';
  if (country === 'GR' && compact.startsWith('GR')) return `EL${compact.slice(2)}`;
  if (/^[A-Z]{2}/.test(compact)) return compact;
  return `${country === 'GR' ? 'EL' : country}${compact}`;
};

const POSTAL_CODE_FIRST = /^(\d[\d -]{1,9}\d)\s+(\S.*)$/;
/** Found from its leftmost start, so the code is the longest that ends the line (`(\S.*?)\s+(…)$` backtracks quadratically). */
const POSTAL_CODE_LAST = /\s(\d[\d -]{1,9}\d)$/;

/** A city line as city and postal code, when a postal code leads it ("105 64 Αθήνα") or ends it ("Лимассол 3036"). */
const cityAndPostalZone = (line: string): { city: string; postalZone?: string } => {
  const first = POSTAL_CODE_FIRST.exec(line);
  if (first) return { city: first[2]!, postalZone: first[1]! };
  const last = POSTAL_CODE_LAST.exec(line);
  const city = last ? line.slice(0, last.index).trimEnd() : '';
  return last && city ? { city, postalZone: last[1]! } : { city: line };
};

/**
 * The free-text address (lines separated by newlines) as the UBL postal address: the first line
 * is the street, the last the city with its postal code, a line between them the additional
 * street, and any further lines the one free address line UBL has. A one-line address is split
 * at its last comma only when what follows reads as a postal code and city.
 */
const addressLines = (address: string): string[] => {
  const lines = address.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (lines.length !== 1) return lines;
  const comma = lines[0]!.lastIndexOf(',');
  const tail = lines[0]!.slice(comma + 1).trim();
  return comma > 0 && (POSTAL_CODE_FIRST.test(tail) || POSTAL_CODE_LAST.test(tail)) ? [lines[0]!.slice(0, comma).trim(), tail] : lines;
};

const postalAddress = (p: Party): Xml => {
  const lines = addressLines(p.address);
  const out: Xml = {};
  if (lines.length > 0) out['cbc:StreetName'] = lines[0];
  if (lines.length > 2) out['cbc:AdditionalStreetName'] = lines[1];
  if (lines.length > 1) {
    const { city, postalZone } = cityAndPostalZone(lines[lines.length - 1]!);
    out['cbc:CityName'] = city;
    if (postalZone) out['cbc:PostalZone'] = postalZone;
  }
  if (lines.length > 3) out['cac:AddressLine'] = { 'cbc:Line': lines.slice(2, -1).join(', ') };
  out['cac:Country'] = { 'cbc:IdentificationCode': p.country };
  return out;
};

const party = (p: Party & { email: string; phone?: string; registrationNumber?: string }): Xml => {
  const vat = vatIdentifier(p.vatNumber, p.country);
  const contact: Xml = {};
  if (p.phone) contact['cbc:Telephone'] = p.phone;
  if (p.email) contact['cbc:ElectronicMail'] = p.email;
  return {
    'cac:Party': {
      'cac:PostalAddress': postalAddress(p),
      ...(vat ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': vat, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } } : {}),
      'cac:PartyLegalEntity': { 'cbc:RegistrationName': p.name, ...(p.registrationNumber ? { 'cbc:CompanyID': p.registrationNumber } : {}) },
      ...(Object.keys(contact).length ? { 'cac:Contact': contact } : {}),
    },
  };
};

/** Why no VAT is charged (BR-E-10, BR-AE-10); a row without its own text gets the product's standard one. */
const exemptionReason = (category: VatCategory, reason: string | undefined): string =>
  reason?.trim() || (category === 'AE' ? REVERSE_CHARGE_TEXT : DEFAULT_EXEMPTION_REASON);

/** The tax category of a breakdown row (with its exemption reason) or of a line (without). */
const taxCategory = (c: { category: VatCategory; rateBp: number; exemptionReason?: string }, withReason: boolean): Xml => ({
  'cbc:ID': c.category,
  'cbc:Percent': percent(c.rateBp),
  ...(withReason && c.category === 'AE' ? { 'cbc:TaxExemptionReasonCode': 'VATEX-EU-AE' } : {}),
  ...(withReason && (c.category === 'AE' || c.category === 'E') ? { 'cbc:TaxExemptionReason': exemptionReason(c.category, c.exemptionReason) } : {}),
  'cac:TaxScheme': { 'cbc:ID': 'VAT' },
});

const subtotal = (r: VatBreakdownRow, amount: (cents: number) => Xml): Xml => ({
  'cbc:TaxableAmount': amount(r.taxableCents),
  'cbc:TaxAmount': amount(r.vatCents),
  'cac:TaxCategory': taxCategory(r, true),
});

const line = (l: DocumentLine, index: number, credit: boolean, amount: (cents: number) => Xml): Xml => ({
  'cbc:ID': String(index + 1),
  [credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity']: { '@unitCode': 'C62', '#': quantity(l.quantity) },
  'cbc:LineExtensionAmount': amount(l.netCents),
  'cac:Item': {
    'cbc:Name': l.description,
    'cac:ClassifiedTaxCategory': taxCategory({ category: l.vatCategory, rateBp: l.vatRateBp }, false),
  },
  'cac:Price': { 'cbc:PriceAmount': amount(l.unitPriceCents) },
});

/**
 * BR-CO-25 asks for payment terms or a due date whenever an amount is due; a credit note (UBL 2.1
 * gives it no DueDate) says which invoice it credits instead.
 */
const paymentTerms = (d: BillingDocument): string => {
  if (d.kind === 'credit_note') return d.precedingInvoice ? `Credits invoice ${d.precedingInvoice.number}` : 'Credit note';
  return d.dueDate ? `Payment due by ${d.dueDate}` : 'Payment due on receipt';
};

/**
 * The document as a UBL 2.1 Invoice or CreditNote conforming to EN 16931. `paymentReference`, an
 * issued invoice's RF creditor reference, is the remittance id the payer quotes (BT-83); without
 * one the invoice's number is. `mydataMark`: a Greek seller's document registered in myDATA.
 */
export const renderUbl = (d: BillingDocument, paymentReference?: string | null, mydataMark?: string | null): string => {
  if (d.lines.length === 0) throw new ValidationError(NO_LINES);
  const amount = (cents: number) => money(cents, d.currency);
  const credit = d.kind === 'credit_note';
  const root = credit ? 'CreditNote' : 'Invoice';
  const notes = [...(d.reason ? [d.reason] : []), ...(d.reverseCharge ? ['Reverse charge'] : [])];
  const body: Xml = {
    '@xmlns': NS[root],
    '@xmlns:cac': NS.cac,
    '@xmlns:cbc': NS.cbc,
    'cbc:CustomizationID': CUSTOMIZATION_ID,
    'cbc:ID': d.number,
    'cbc:IssueDate': d.issueDate,
    ...(!credit && d.dueDate ? { 'cbc:DueDate': d.dueDate } : {}),
    [credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode']: credit ? '381' : '380',
    ...(notes.length ? { 'cbc:Note': notes } : {}),
    'cbc:DocumentCurrencyCode': d.currency,
    // Another currency than the books': the VAT accounting currency (BT-6), whose VAT total follows (BT-111, BR-53).
    ...(d.accounting ? { 'cbc:TaxCurrencyCode': d.accounting.currency } : {}),
    ...(d.period ? { 'cac:InvoicePeriod': { 'cbc:StartDate': d.period.start, 'cbc:EndDate': d.period.end } } : {}),
    ...(d.precedingInvoice
      ? { 'cac:BillingReference': { 'cac:InvoiceDocumentReference': { 'cbc:ID': d.precedingInvoice.number, 'cbc:IssueDate': d.precedingInvoice.date } } }
      : {}),
    // Greece's myDATA registration number (the Greek CIUS, GR-R-004): an invoiced object reference described ##M.AR.K##.
    ...(mydataMark ? { 'cac:AdditionalDocumentReference': { 'cbc:ID': mydataMark, 'cbc:DocumentTypeCode': '130', 'cbc:DocumentDescription': '##M.AR.K##' } } : {}),
    'cac:AccountingSupplierParty': party(d.seller),
    'cac:AccountingCustomerParty': party(d.buyer),
    ...(!credit && d.bank
      ? {
          'cac:PaymentMeans': {
            'cbc:PaymentMeansCode': { '@name': 'SEPA credit transfer', '#': '58' },
            'cbc:PaymentID': paymentReference ?? d.number,
            'cac:PayeeFinancialAccount': {
              'cbc:ID': d.bank.iban,
              ...(d.bank.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': d.bank.bic } } : {}),
            },
          },
        }
      : {}),
    'cac:PaymentTerms': { 'cbc:Note': paymentTerms(d) },
    'cac:TaxTotal': [
      { 'cbc:TaxAmount': amount(d.totals.vatCents), 'cac:TaxSubtotal': d.breakdown.map((r) => subtotal(r, amount)) },
      // The VAT in the accounting currency: its total only, no subtotals (UBL's second TaxTotal).
      ...(d.accounting ? [{ 'cbc:TaxAmount': money(d.accounting.vatCents, d.accounting.currency) }] : []),
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': amount(d.totals.netCents),
      'cbc:TaxExclusiveAmount': amount(d.totals.netCents),
      'cbc:TaxInclusiveAmount': amount(d.totals.grossCents),
      ...(d.totals.prepaidCents > 0 ? { 'cbc:PrepaidAmount': amount(d.totals.prepaidCents) } : {}),
      'cbc:PayableAmount': amount(d.totals.payableCents),
    },
    [credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine']: d.lines.map((l, i) => line(l, i, credit, amount)),
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, { [root]: body }).end({ prettyPrint: true });
};
