import { buildBillingDocument, type BillingDocument } from '../../../einvoice/document';
import { buildLines, type LineInput } from '../../../invoice/decide';
import { isReverseCharge, type Party, type SellerParty } from '../../../invoice/vat';
import type { DocumentRate } from '../../../currency/rate';
import { sumAmounts } from '../../../shared/money';

/** A Greek seller and buyers at home, in another member state and outside the EU, as the product keeps them. */
export const SELLER: SellerParty = { name: 'Aegis GRC Μονοπρόσωπη Ι.Κ.Ε.', address: 'Λεωφ. Κηφισίας 10\n115 26 Αθήνα', country: 'GR', vatNumber: 'EL801234560', registrationNumber: 'ΓΕΜΗ 123456701000' };
export const BUYER_GR: Party = { name: 'Πελάτης Α.Ε.', address: 'Σταδίου 10\n105 64 Αθήνα', country: 'GR', vatNumber: '094014201' };
export const BUYER_DE: Party = { name: 'Kunde GmbH', address: 'Friedrichstraße 43\n10117 Berlin', country: 'DE', vatNumber: 'DE 123 456 789' };
export const BUYER_US: Party = { name: 'Client & Sons Inc.', address: '1 Main Street\nNew York, NY 10001', country: 'US', vatNumber: '12-3456789' };

export const line = (description: string, quantityMilli: number, unitPriceCents: number, vatRateBp: number, more: Partial<LineInput> = {}): LineInput => ({
  description,
  quantityMilli,
  unitPriceCents,
  vatRateBp,
  ...more,
});

/** A billing document as the product builds it: lines decided as an invoice's (reverse charge from the parties), amounts per line. */
export const billingDocument = (o: {
  kind?: BillingDocument['kind'];
  number: string;
  buyer: Party;
  lines: LineInput[];
  fx?: DocumentRate;
  precedingInvoice?: { number: string; date: string };
}): BillingDocument => {
  const lines = buildLines(o.lines, isReverseCharge({ seller: SELLER, buyer: o.buyer }));
  return buildBillingDocument({
    kind: o.kind ?? 'invoice',
    id: o.number,
    number: o.number,
    date: '2026-03-02',
    dueDate: o.kind === 'credit_note' ? null : '2026-04-01',
    lines,
    totals: sumAmounts(lines),
    paidCents: 0,
    period: null,
    parties: { seller: SELLER, buyer: o.buyer },
    contact: { sellerEmail: 'billing@aegis.test', sellerPhone: '+30 210 0000000', buyerEmail: 'ap@client.test' },
    bank: { iban: 'GR16 0110 1250 0000 0001 2300 695', bic: 'ETHNGRAA' },
    ...(o.precedingInvoice ? { precedingInvoice: o.precedingInvoice, reason: 'Credit' } : {}),
    ...(o.fx ? { fx: o.fx } : {}),
  });
};
