import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../shared/errors';
import { formatEuros } from '../shared/money';
import { EinvoiceFileError, readUblDocument } from '../einvoice/inbound';
import { buildBill, PRICE_NOT_NEGATIVE, TOTAL_NEGATIVE, type BillInput } from './bill';
import type { BillLine } from './events';
import { billFromEinvoice, einvoiceElementOf, type EinvoiceBillContext } from './from-einvoice';
import { applyStatedVat, statedVatFarOff, statedVatMissing, statedVatNoLines } from './stated-vat';

const EXAMPLE = readFileSync(resolve(import.meta.dirname, '../../vendor/en16931/ubl-tc434-example1.xml'), 'utf8');
const ACCOUNT = 'a0000000-0000-4000-8000-000000005200';
const ctx: EinvoiceBillContext = { supplierId: 's1', accountId: ACCOUNT, selfAssessRateBp: 2400, dueDateOf: (d) => `${d.slice(0, 8)}28`, companyVatNumber: 'EL094014201' };

/** VAT per category and rate of the bill's lines. */
const perRate = (lines: readonly BillLine[]) => {
  const out = new Map<string, { net: number; vat: number }>();
  for (const l of lines) {
    const k = `${l.vatCategory} ${l.vatRateBp}`;
    const row = out.get(k) ?? { net: 0, vat: 0 };
    out.set(k, { net: row.net + l.netCents, vat: row.vat + l.vatCents });
  }
  return Object.fromEntries(out);
};

const fieldErrors = (input: BillInput): Record<string, string[]> => {
  try {
    buildBill(input);
  } catch (err) {
    if (err instanceof ValidationError) return err.fieldErrors ?? {};
    throw err;
  }
  throw new Error('not refused');
};

describe('a draft bill from an e-invoice', () => {
  it("gives the standard's example its own net, VAT per rate and gross", () => {
    const doc = readUblDocument(EXAMPLE);
    const bill = billFromEinvoice(doc, ctx);
    expect(bill).toMatchObject({ supplierInvoiceNumber: '12115118', date: '2015-01-09', dueDate: '2015-01-09', warnings: [] });
    const content = buildBill(bill);
    expect(perRate(content.lines)).toEqual({ 'S 600': { net: 18323, vat: 1099 }, 'S 2100': { net: 4637, vat: 974 } });
    expect(content.totals).toEqual({ netCents: 22960, vatCents: 2073, selfAssessedVatCents: 0, grossCents: 25033 });
    // A breakdown rounded per rate where the lines' rounding gives a cent more is kept as stated.
    const perRateRounded = { ...bill, statedVat: bill.statedVat.map((r) => (r.vatRateBp === 2100 ? { ...r, vatCents: 973 } : r)), stated: { ...bill.stated, vatCents: 2072, grossCents: 25032 } };
    expect(perRate(buildBill(perRateRounded).lines)['S 2100']).toEqual({ net: 4637, vat: 973 });
    // The returned line whose quantity and price do not give its net is one unit at the net, the document's figures kept in words.
    expect(content.lines.at(-1)).toMatchObject({ description: 'FRITUUR VET 10 KG RETOUR (6 EA × 18.33)', quantity: 1, unitPriceCents: -10998, netCents: -10998 });
    expect(content.lines[0]).toMatchObject({ quantity: 2, unitPriceCents: 995, netCents: 1990, accountId: ACCOUNT });
  });

  it('makes document allowances and charges lines of their own, reverse charge self-assessed at the company rate, and says what to do about prepaid amounts and a stranger as buyer', () => {
    const xml = EXAMPLE.replace(
      '<cac:TaxTotal>',
      `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Loyalty discount</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">10.00</cbc:Amount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>6</cbc:Percent></cac:TaxCategory></cac:AllowanceCharge>` +
        `<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Freight</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">5.00</cbc:Amount><cac:TaxCategory><cbc:ID>AE</cbc:ID><cbc:Percent>0</cbc:Percent></cac:TaxCategory></cac:AllowanceCharge><cac:TaxTotal>`,
    );
    const doc = readUblDocument(xml);
    doc.totals.prepaidCents = 5000;
    doc.buyer.vatNumber = 'NL999999990B01';
    const bill = billFromEinvoice(doc, ctx);
    expect(bill.lines.slice(-2)).toEqual([
      { description: 'Allowance: Loyalty discount', accountId: ACCOUNT, quantityMilli: 1000, unitPriceCents: -1000, vatCategory: 'S', vatRateBp: 600 },
      { description: 'Charge: Freight', accountId: ACCOUNT, quantityMilli: 1000, unitPriceCents: 500, vatCategory: 'AE', vatRateBp: 2400 },
    ]);
    expect(bill.warnings.map((w) => w.id)).toEqual(['IMPORT-PREPAID', 'IMPORT-BUYER']);
    expect(bill.warnings[0]!.text).toBe(`The document says ${formatEuros(5000)} was paid in advance (BT-113): record that payment once the bill is posted.`);
    // The document's totals no longer add up (nothing else changed): the bill says so by field.
    expect(Object.keys(fieldErrors(bill))).toEqual(['netAmount', 'totalAmount']);
    expect(einvoiceElementOf('netAmount', doc, bill)).toMatch(/^\/Invoice\/cac:LegalMonetaryTotal\/cbc:TaxExclusiveAmount, line \d+$/);
    expect(einvoiceElementOf('lines.20.vatRateBp', doc, bill)).toMatch(/^\/Invoice\/cac:AllowanceCharge, line \d+$/);
  });

  it('keeps a document in a currency the ECB quotes in it, and refuses another currency and a tax that is not VAT', () => {
    const usd = readUblDocument(EXAMPLE.replace('<cbc:DocumentCurrencyCode>EUR', '<cbc:DocumentCurrencyCode>USD'));
    expect(billFromEinvoice(usd, ctx).currency).toBe('USD');
    expect(billFromEinvoice(readUblDocument(EXAMPLE), ctx).currency).toBeUndefined();
    const gold = readUblDocument(EXAMPLE.replace('<cbc:DocumentCurrencyCode>EUR', '<cbc:DocumentCurrencyCode>XAU'));
    expect(() => billFromEinvoice(gold, ctx)).toThrow(new EinvoiceFileError('the document is in XAU, a currency the ECB publishes no reference rate for', 'cbc:DocumentCurrencyCode').message);
    const canary = readUblDocument(EXAMPLE.replaceAll('<cbc:ID>S</cbc:ID>', '<cbc:ID>L</cbc:ID>'));
    expect(() => billFromEinvoice(canary, ctx)).toThrow(/category L is a tax of the Canary Islands/);
  });
});

describe("a document's own VAT per rate", () => {
  const line = (netCents: number, vatCents: number, vatRateBp = 2400): BillLine => ({ description: 'x', accountId: ACCOUNT, quantity: 1, unitPriceCents: netCents, vatRateBp, vatCategory: 'S', netCents, vatCents });

  it("spreads the difference from the lines' own rounding a cent at a time over the largest lines", () => {
    const { lines, problems } = applyStatedVat([line(1001, 240), line(5003, 1201), line(1001, 240)], [{ vatCategory: 'S', vatRateBp: 2400, vatCents: 1683 }]);
    expect(problems).toEqual([]);
    expect(lines.map((l) => l.vatCents)).toEqual([241, 1202, 240]);
  });

  it("refuses a stated VAT more than one euro from its rate's taxable amount, a rate no line has, and lines of a rate the breakdown lacks", () => {
    expect(applyStatedVat([line(10000, 2400)], [{ vatCategory: 'S', vatRateBp: 2400, vatCents: 2501 }]).problems).toEqual([statedVatFarOff('S', 2400, 2501, 2400)]);
    expect(applyStatedVat([line(10000, 2400)], [{ vatCategory: 'S', vatRateBp: 2400, vatCents: 2500 }]).problems).toEqual([]);
    expect(applyStatedVat([line(10000, 2400), line(100, 13, 1300)], [{ vatCategory: 'S', vatRateBp: 2400, vatCents: 2400 }, { vatCategory: 'S', vatRateBp: 600, vatCents: 6 }]).problems).toEqual([
      statedVatNoLines('S', 600),
      statedVatMissing('S', 1300),
    ]);
    expect(statedVatFarOff('S', 2400, 2501, 2400)).toBe(`The VAT of category S at 24 % is stated as ${formatEuros(2501)}, but its lines' taxable amount at that rate gives ${formatEuros(2400)}.`);
  });

  it('lets only imported lines be negative, and never the total', () => {
    const input: BillInput = { supplierId: 's1', supplierInvoiceNumber: 'N1', date: '2026-01-01', dueDate: '2026-01-31', lines: [{ description: 'Return', accountId: ACCOUNT, quantityMilli: 1000, unitPriceCents: -500, vatRateBp: 2400 }] };
    expect(fieldErrors(input)).toEqual({ 'lines.0.unitPriceCents': [PRICE_NOT_NEGATIVE], totalAmount: [TOTAL_NEGATIVE] });
    expect(fieldErrors({ ...input, signedLines: true })).toEqual({ totalAmount: [TOTAL_NEGATIVE] });
    expect(buildBill({ ...input, signedLines: true, lines: [...input.lines, { ...input.lines[0]!, unitPriceCents: 1000 }] }).totals.grossCents).toBe(620);
  });
});
