import { buildBillingDocument, type BillingDocument, type DocumentSource } from '../../../../domain/einvoice/document';
import { buildLines, type LineInput } from '../../../../domain/invoice/decide';
import type { InvoiceLine } from '../../../../domain/invoice/events';
import type { Party, SellerParty } from '../../../../domain/invoice/vat';
import { lineAmounts, sumAmounts } from '../../../../domain/shared/money';

/**
 * Billing documents of every kind the product issues, built the way the services build them
 * (domain lines, then buildBillingDocument), for the UBL renderer's tests.
 */
export const cypriotSeller: SellerParty = {
  name: 'Aegis GRC Ltd',
  address: '12 Example Street\n1010 Nicosia',
  country: 'CY',
  vatNumber: 'CY10000000D',
  registrationNumber: 'HE 123456',
};
export const greekSeller: SellerParty = {
  name: 'Αιγίς Συμμόρφωση Μονοπρόσωπη Ι.Κ.Ε.',
  address: 'Λεωφόρος Κηφισίας 100\n2ος όροφος\n115 26 Αθήνα',
  country: 'GR',
  vatNumber: '099999999',
  registrationNumber: 'ΓΕΜΗ 123456701000',
};
const cypriotBuyer: Party = { name: 'Limassol Trading Ltd', address: '5 Anexartisias\n3036 Limassol', country: 'CY', vatNumber: 'CY20000000I' };
const germanBuyer: Party = { name: 'Kunde GmbH', address: 'Hauptstraße 5\n10115 Berlin', country: 'DE', vatNumber: 'DE123456788' };
export const greekBuyer: Party = { name: 'Ελληνική Συμβουλευτική Α.Ε.', address: 'Οδός Σταδίου 10\n105 64 Αθήνα', country: 'GR', vatNumber: 'EL123456783' };
export const cyrillicBuyer: Party = { name: 'ООО «Ромашка»', address: 'ул. Ленина, 1\nЛимассол 3036', country: 'CY', vatNumber: '' };

const BANK = { iban: 'CY17 0020 0128 0000 0012 0052 7600', bic: 'BCYPCY2N' };
const NO_BANK = { iban: '', bic: '' };

const item = (description: string, quantity: number, unitPriceCents: number, vatRateBp: number, extra: Partial<LineInput> = {}): LineInput => ({
  description,
  quantityMilli: Math.round(quantity * 1000),
  unitPriceCents,
  vatRateBp,
  ...extra,
});

const invoice = (number: string, lines: InvoiceLine[], overrides: Partial<DocumentSource> = {}): BillingDocument =>
  buildBillingDocument({
    kind: 'invoice',
    id: `id-${number}`,
    number,
    date: '2026-03-01',
    dueDate: '2026-03-31',
    lines,
    totals: sumAmounts(lines),
    paidCents: 0,
    period: null,
    parties: { seller: cypriotSeller, buyer: cypriotBuyer },
    contact: { sellerEmail: 'billing@aegis.test', sellerPhone: '+357 22 000000', buyerEmail: 'ap@client.test' },
    bank: BANK,
    ...overrides,
  });

const creditNote = (number: string, of: BillingDocument, lines: InvoiceLine[], reason: string, overrides: Partial<DocumentSource> = {}): BillingDocument =>
  invoice(number, lines, {
    kind: 'credit_note',
    date: '2026-03-20',
    dueDate: null,
    parties: { seller: of.seller, buyer: of.buyer },
    precedingInvoice: { number: of.number, date: of.issueDate },
    reason,
    ...overrides,
  });

/** 50 lines of 1.333 × a few cents at 24 %: net and VAT round per line, so the VAT differs from 24 % of the total net. */
export const roundedLines = (): InvoiceLine[] =>
  Array.from({ length: 50 }, (_, i) => {
    const unitPriceCents = 7 + (i % 9) * 11;
    return { description: `Control test ${i + 1}`, quantity: 1.333, unitPriceCents, vatRateBp: 2400, vatCategory: 'S', ...lineAmounts(1333, unitPriceCents, 2400) };
  });

const oneRateLines = buildLines([item('Professional plan, March 2026', 1, 200_000, 1900), item('Extra seats', 3, 1_250, 1900)], false);
const severalRatesLines = buildLines([item('Λογισμικό συμμόρφωσης', 1, 100_000, 2400), item('Διαμονή', 2, 24_000, 1300), item('Βιβλίο πολιτικών', 3, 3_550, 600)], false);
const reverseChargeLines = buildLines([item('Enterprise plan', 1, 500_000, 1900), item('Onboarding workshop', 2, 75_000, 1900)], true);

export const oneRate = invoice('2026-000001', oneRateLines, { period: { start: '2026-03-01', end: '2026-04-01' } });
export const severalRates = invoice('2026/000002', severalRatesLines, { parties: { seller: greekSeller, buyer: greekBuyer }, contact: { sellerEmail: 'billing@aegis.gr', sellerPhone: '', buyerEmail: 'λογιστήριο@πελάτης.gr' } });
export const zeroRated = invoice('2026-000003', buildLines([item('Export documentation', 1, 30_000, 0)], false));
export const exempt = invoice('2026-000004', buildLines([item('Compliance training', 1, 80_000, 0, { vatCategory: 'E', exemptionReason: 'Article 132(1)(i) of Directive 2006/112/EC' })], false));
export const reverseCharge = invoice('2026-000005', reverseChargeLines, { parties: { seller: cypriotSeller, buyer: germanBuyer } });
export const fiftyRoundedLines = invoice('2026-000006', roundedLines());
export const partlyPaid = invoice('2026-000007', buildLines([item('Аудит соответствия', 1, 150_000, 1900)], false), {
  paidCents: 50_000,
  parties: { seller: cypriotSeller, buyer: cyrillicBuyer },
  contact: { sellerEmail: 'billing@aegis.test', sellerPhone: '+357 22 000000', buyerEmail: '' },
});
export const fullCreditNote = creditNote('CN-2026-000001', reverseCharge, reverseChargeLines, 'Contract cancelled');
export const partialCreditNote = creditNote('CN-2026-000002', severalRates, [severalRatesLines[1]!], 'Hotel nights not used');
export const withoutBank = invoice('2026-000008', buildLines([item('Risk assessment & <gap> report', 1, 99_999, 1900)], false), {
  bank: NO_BANK,
  parties: { seller: { ...cypriotSeller, registrationNumber: '' }, buyer: { ...cypriotBuyer, name: 'Smith & Sons "Holdings" Ltd' } },
});

/** Documents in another currency than the books': their VAT also in euros (BT-6, BT-111) at the rate of their date. */
const usd = { currency: 'USD', rate: '1.1594', rateDate: '2026-02-27' };
const gbp = { currency: 'GBP', rate: '0.86835', rateDate: '2026-02-27' };
const chf = { currency: 'CHF', rate: '0.9321', rateDate: '2026-02-27' };
export const inDollars = invoice('2026-000009', oneRateLines, { fx: usd });
export const inPounds = invoice('2026-000010', roundedLines(), { fx: gbp, paidCents: 10_000 });
export const inFrancs = invoice('2026-000011', severalRatesLines, { fx: chf, parties: { seller: greekSeller, buyer: greekBuyer } });
export const dollarCreditNote = creditNote('CN-2026-000003', inDollars, [oneRateLines[1]!], 'Seats not used', { fx: usd });
export const poundCreditNote = creditNote('CN-2026-000004', inPounds, roundedLines().slice(0, 10), 'Controls withdrawn', { fx: gbp });
export const francCreditNote = creditNote('CN-2026-000005', inFrancs, severalRatesLines, 'Contract cancelled', { fx: chf });

export const documents: Record<string, BillingDocument> = {
  'one VAT rate, billed period': oneRate,
  'several rates (24, 13, 6), Greek seller and buyer': severalRates,
  'zero rated': zeroRated,
  'exempt with a reason': exempt,
  'reverse charge (CY seller, DE buyer)': reverseCharge,
  '50 lines rounded per line': fiftyRoundedLines,
  'partly paid, Cyrillic buyer without VAT number': partlyPaid,
  'full credit note (reverse charge)': fullCreditNote,
  'partial credit note': partialCreditNote,
  'seller without bank details, markup characters': withoutBank,
  'invoice in USD, its VAT in euros': inDollars,
  'invoice in GBP, 50 rounded lines, partly paid': inPounds,
  'invoice in CHF, several rates': inFrancs,
  'credit note in USD': dollarCreditNote,
  'credit note in GBP': poundCreditNote,
  'credit note in CHF (several rates)': francCreditNote,
};
