import { create } from 'xmlbuilder2';
import type { BillingDocument, DocumentLine, VatBreakdownRow } from '../../domain/einvoice/document';
import type { Party } from '../../domain/invoice/vat';
import { ValidationError } from '../../domain/shared/errors';

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

/** Integer cents as the two-decimal text UBL amounts carry (-1234 → "-12.34"). */
const amountText = (cents: number): string => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
const amount = (cents: number): Xml => ({ '@currencyID': 'EUR', '#': amountText(cents) });
const percent = (bp: number): string => String(bp / 100);

/**
 * A VAT identifier with its country prefix (BR-CO-09); Greece's prefix is EL, not its ISO code.
 * A number already starting with two letters is kept as typed.
 */
export const vatIdentifier = (vatNumber: string, country: string): string => {
  const compact = vatNumber.replace(/[\s.-]+/g, '').toUpperCase();
  if (!compact || /^[A-Z]{2}/.test(compact)) return compact;
  return `${country === 'GR' ? 'EL' : country}${compact}`;
};

/**
 * The postal address from the free-text address: first line the street, the last line the city
 * (with its postal code when one leads or ends it), what lies between the additional street line.
 */
const postalAddress = (p: Party): Xml => {
  const lines = p.address.split(/\r?\n|,\s*(?=\S)/).map((l) => l.trim()).filter(Boolean);
  const out: Xml = {};
  if (lines.length > 0) out['cbc:StreetName'] = lines[0];
  if (lines.length > 2) out['cbc:AdditionalStreetName'] = lines.slice(1, -1).join(', ');
  if (lines.length > 1) {
    const city = lines[lines.length - 1]!;
    const lead = /^(\d[\d -]{1,9}\d)\s+(.+)$/.exec(city);
    const trail = /^(.+?)\s+(\d[\d -]{1,9}\d)$/.exec(city);
    if (lead) Object.assign(out, { 'cbc:CityName': lead[2], 'cbc:PostalZone': lead[1] });
    else if (trail) Object.assign(out, { 'cbc:CityName': trail[1], 'cbc:PostalZone': trail[2] });
    else out['cbc:CityName'] = city;
  }
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

/** The tax category of a breakdown row or a line; exempt and reverse-charge ones say why. */
const taxCategory = (c: { category: string; rateBp: number; exemptionReason?: string }, withReason: boolean): Xml => ({
  'cbc:ID': c.category,
  'cbc:Percent': percent(c.rateBp),
  ...(withReason && c.category === 'AE' ? { 'cbc:TaxExemptionReasonCode': 'VATEX-EU-AE' } : {}),
  ...(withReason && (c.category === 'AE' || c.category === 'E') ? { 'cbc:TaxExemptionReason': c.exemptionReason ?? '' } : {}),
  'cac:TaxScheme': { 'cbc:ID': 'VAT' },
});

const subtotal = (r: VatBreakdownRow): Xml => ({
  'cbc:TaxableAmount': amount(r.taxableCents),
  'cbc:TaxAmount': amount(r.vatCents),
  'cac:TaxCategory': taxCategory(r, true),
});

const line = (l: DocumentLine, index: number, credit: boolean): Xml => ({
  'cbc:ID': String(index + 1),
  [credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity']: { '@unitCode': 'C62', '#': String(l.quantity) },
  'cbc:LineExtensionAmount': amount(l.netCents),
  'cac:Item': {
    'cbc:Name': l.description,
    'cac:ClassifiedTaxCategory': taxCategory({ category: l.vatCategory, rateBp: l.vatRateBp }, false),
  },
  'cac:Price': { 'cbc:PriceAmount': amount(l.unitPriceCents) },
});


/** The document as a UBL 2.1 Invoice or CreditNote conforming to EN 16931. */
export const renderUbl = (d: BillingDocument): string => {
  if (d.lines.length === 0) throw new ValidationError(NO_LINES);
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
    ...(d.period ? { 'cac:InvoicePeriod': { 'cbc:StartDate': d.period.start, 'cbc:EndDate': d.period.end } } : {}),
    ...(d.precedingInvoice
      ? { 'cac:BillingReference': { 'cac:InvoiceDocumentReference': { 'cbc:ID': d.precedingInvoice.number, 'cbc:IssueDate': d.precedingInvoice.date } } }
      : {}),
    'cac:AccountingSupplierParty': party(d.seller),
    'cac:AccountingCustomerParty': party(d.buyer),
    ...(!credit && d.bank
      ? {
          'cac:PaymentMeans': {
            'cbc:PaymentMeansCode': { '@name': 'SEPA credit transfer', '#': '58' },
            'cbc:PaymentID': d.number,
            'cac:PayeeFinancialAccount': {
              'cbc:ID': d.bank.iban,
              ...(d.bank.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': d.bank.bic } } : {}),
            },
          },
        }
      : {}),
    'cac:PaymentTerms': {
      'cbc:Note': credit ? `Credits invoice ${d.precedingInvoice?.number ?? ''}`.trim() : `Payment due by ${d.dueDate ?? d.issueDate}`,
    },
    'cac:TaxTotal': { 'cbc:TaxAmount': amount(d.totals.vatCents), 'cac:TaxSubtotal': d.breakdown.map(subtotal) },
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': amount(d.totals.netCents),
      'cbc:TaxExclusiveAmount': amount(d.totals.netCents),
      'cbc:TaxInclusiveAmount': amount(d.totals.grossCents),
      ...(d.totals.prepaidCents > 0 ? { 'cbc:PrepaidAmount': amount(d.totals.prepaidCents) } : {}),
      'cbc:PayableAmount': amount(d.totals.payableCents),
    },
    [credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine']: d.lines.map((l, i) => line(l, i, credit)),
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, { [root]: body }).end({ prettyPrint: true });
};
