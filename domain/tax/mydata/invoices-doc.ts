/**
 * The body of myDATA's `SendInvoices`: an `InvoicesDoc` (schema v2.0.1, vendor/mydata) holding one
 * `invoice` per document, in the order given (AADE answers each by its 1-based index). Built with
 * xmlbuilder2; every amount is written from integer cents. What myDATA cannot represent is refused
 * (ValidationError naming the document) rather than sent for AADE to reject.
 *
 * Left out on purpose: `paymentMethods` (optional in the schema), the line's quantity and
 * description (optional; AADE's books need the amounts), and `taxesTotals` (the product charges no
 * withheld tax, fee, stamp duty or other tax, so those totals are 0).
 */
import { create } from 'xmlbuilder2';
import { AppError, ValidationError } from '../../shared/errors';
import { amountText, myDataAmounts } from './amounts';
import { classificationRefusal } from './classification';
import { buyerZone, myDataInvoiceType, saleTypeFor } from './invoice-type';
import { counterpartParty, issuerParty, type MyDataParty } from './parties';
import type { IncomeClassification, MyDataSource } from './types';
import { myDataLineVat } from './vat';

/** The namespace of InvoicesDoc and its elements. */
export const MY_DATA_NS = 'http://www.aade.gr/myDATA/invoice/v1.0';
/** The income classification namespace, spelled as AADE spells it ("Classificaton"). */
export const MY_DATA_ICLS_NS = 'https://www.aade.gr/myDATA/incomeClassificaton/v1.0';

/** An element's content as xmlbuilder2 takes it. */
export type Xml = Record<string, unknown>;

/** The most `series` and `aa` may hold (InvoiceHeaderType). */
const MAX_SERIES = 50;

/**
 * A document number as myDATA's series and sequence: split at its last dash, so the year stays in
 * the series and a series' numbering restarts each year ("INV-2026-0001" → "INV-2026" and "0001",
 * "CN-2026-000001" → "CN-2026" and "000001"). A number without a dash has no series, which AADE
 * writes "0".
 */
export const seriesAndAa = (number: string): { series: string; aa: string } => {
  const dash = number.lastIndexOf('-');
  const [series, aa] = dash > 0 && dash < number.length - 1 ? [number.slice(0, dash), number.slice(dash + 1)] : ['0', number];
  if (series.length > MAX_SERIES || aa.length > MAX_SERIES || !aa) throw new ValidationError(`myDATA takes a series and number of at most ${MAX_SERIES} characters each: "${number}" is not one.`);
  return { series, aa };
};

/** A MARK is a number AADE gave (xs:long). */
const isMark = (mark: string): boolean => /^[1-9]\d{0,17}$/.test(mark);

const party = (p: MyDataParty): Xml => ({
  vatNumber: p.vatNumber,
  country: p.country,
  branch: String(p.branch),
  ...(p.name ? { name: p.name } : {}),
  ...(p.address ? { address: { ...(p.address.street ? { street: p.address.street } : {}), postalCode: p.address.postalCode, city: p.address.city } } : {}),
});

const classification = (cls: IncomeClassification, cents: number): Xml => ({
  'icls:classificationType': cls.type,
  'icls:classificationCategory': cls.category,
  'icls:amount': amountText(cents),
});

/** The net amounts per classification (E3 code and category), in the order each first appears. */
const summed = (classes: readonly IncomeClassification[], cents: readonly number[]): Array<[IncomeClassification, number]> => {
  const sums = new Map<string, [IncomeClassification, number]>();
  classes.forEach((c, i) => {
    const key = `${c.category}|${c.type}`;
    const sum = sums.get(key) ?? [c, 0];
    sums.set(key, [sum[0], sum[1] + cents[i]!]);
  });
  return [...sums.values()];
};

/**
 * The content of one `invoice` element (AadeBookInvoiceType) for this document, as `invoicesDocXml`
 * writes it; AADE's `RequestedDoc` answers (./requested-doc) hold the same, with what AADE adds.
 */
export const invoiceElement = ({ document: doc, classification: cls, byLine, correlatedMark }: MyDataSource): Xml => {
  if (doc.lines.length === 0) throw new ValidationError('myDATA takes no document without lines.');
  if (byLine && byLine.length !== doc.lines.length) throw new Error(`${byLine.length} line classifications for ${doc.lines.length} lines.`);
  const invoiceType = myDataInvoiceType(doc, correlatedMark);
  if (invoiceType === '5.1' && !isMark(correlatedMark!)) throw new ValidationError(`The credited invoice's MARK is a number AADE gave: "${correlatedMark}" is not one.`);
  const lineClasses = doc.lines.map((_, i) => byLine?.[i] ?? cls);
  // A correlated credit note's buyer is its invoice's, so the invoice's type is known.
  const creditedType = invoiceType === '5.1' ? saleTypeFor(doc.buyer.country) : undefined;
  // The document's own first (every line without one of its own takes it), then each line's.
  const refusal = classificationRefusal(invoiceType, cls, creditedType);
  if (refusal && lineClasses.includes(cls)) throw new ValidationError(refusal);
  byLine?.forEach((c, i) => {
    const lineRefusal = c && classificationRefusal(invoiceType, c, creditedType);
    if (lineRefusal) throw new ValidationError(`Line ${i + 1}: ${lineRefusal}`);
  });
  const zone = buyerZone(doc.buyer.country);
  const amounts = myDataAmounts(doc);
  const vat = doc.lines.map((l) => myDataLineVat(l, zone));
  return {
    issuer: party(issuerParty(doc.seller)),
    counterpart: party(counterpartParty(doc.buyer)),
    invoiceHeader: {
      ...seriesAndAa(doc.number),
      issueDate: doc.issueDate,
      invoiceType,
      currency: doc.currency,
      ...(amounts.exchangeRate ? { exchangeRate: amounts.exchangeRate } : {}),
      ...(invoiceType === '5.1' ? { correlatedInvoices: correlatedMark } : {}),
    },
    invoiceDetails: amounts.lines.map((l, i) => ({
      lineNumber: String(i + 1),
      netValue: amountText(l.netCents),
      vatCategory: String(vat[i]!.vatCategory),
      vatAmount: amountText(l.vatCents),
      ...(vat[i]!.vatExemptionCategory ? { vatExemptionCategory: String(vat[i]!.vatExemptionCategory) } : {}),
      incomeClassification: classification(lineClasses[i]!, l.netCents),
    })),
    invoiceSummary: {
      totalNetValue: amountText(amounts.netCents),
      totalVatAmount: amountText(amounts.vatCents),
      totalWithheldAmount: amountText(0),
      totalFeesAmount: amountText(0),
      totalStampDutyAmount: amountText(0),
      totalOtherTaxesAmount: amountText(0),
      totalDeductionsAmount: amountText(0),
      totalGrossValue: amountText(amounts.grossCents),
      // The sum per E3 code and category of the lines' classifications, in the order they first appear.
      incomeClassification: summed(lineClasses, amounts.lines.map((l) => l.netCents)).map(([c, cents]) => classification(c, cents)),
    },
  };
};

/** A refusal of one document names it, so a batch's refusal says which document to look at. */
const ofDocument = (source: MyDataSource): Xml => {
  try {
    return invoiceElement(source);
  } catch (err) {
    if (err instanceof AppError) throw new ValidationError(`${source.document.number}: ${err.message}`, err.fieldErrors);
    throw err;
  }
};

/**
 * The `InvoicesDoc` for these documents (at least one). Types (service invoices 2.1/2.2/2.3 by the
 * buyer's place, 5.1/5.2 for credit notes), VAT categories, exemption categories and amounts as in
 * ./invoice-type, ./vat and ./amounts; credit notes state positive amounts, as myDATA asks (its
 * amounts are never negative: the type says it is a credit).
 */
export const invoicesDocXml = (sources: readonly MyDataSource[]): string => {
  if (sources.length === 0) throw new Error('An InvoicesDoc holds at least one document.');
  const body: Xml = { '@xmlns': MY_DATA_NS, '@xmlns:icls': MY_DATA_ICLS_NS, invoice: sources.map(ofDocument) };
  return create({ version: '1.0', encoding: 'UTF-8' }, { InvoicesDoc: body }).end({ prettyPrint: true });
};
