import { describe, expect, it } from 'vitest';
import { buildLines } from '../invoice/decide';
import { sumAmounts } from '../shared/money';
import { buildBillingDocument, type DocumentSource } from './document';

const seller = { name: 'Aegis GRC Ltd', address: '12 Example Street\n1010 Nicosia', country: 'CY', vatNumber: 'CY10000000D', registrationNumber: 'HE 1' };
const buyer = { name: 'Πελάτης Α.Ε.', address: 'Σταδίου 10\nΑθήνα', country: 'GR', vatNumber: 'EL123456783' };

const source = (overrides: Partial<DocumentSource> = {}, reverseCharge = false): DocumentSource => {
  const lines = buildLines(
    [
      { description: 'Licence', quantityMilli: 1000, unitPriceCents: 100000, vatRateBp: 2400 },
      { description: 'Support', quantityMilli: 3000, unitPriceCents: 3333, vatRateBp: 2400 },
      { description: 'Book', quantityMilli: 1000, unitPriceCents: 2000, vatRateBp: 600 },
      { description: 'Course', quantityMilli: 1000, unitPriceCents: 5000, vatRateBp: 0, vatCategory: 'E', exemptionReason: 'Art. 132(1)(i)' },
    ],
    reverseCharge,
  );
  return {
    kind: 'invoice',
    id: 'i1',
    number: '2026-000001',
    date: '2026-03-01',
    dueDate: '2026-03-31',
    lines,
    totals: sumAmounts(lines),
    paidCents: 0,
    period: { start: '2026-03-01', end: '2026-04-01' },
    parties: { seller, buyer },
    contact: { sellerEmail: 's@aegis.test', sellerPhone: '+357', buyerEmail: 'b@client.test' },
    bank: { iban: 'cy17 0020 0128 0000 0012 0052 7600', bic: 'bcypcy2n' },
    ...overrides,
  };
};

describe('billing document (Art. 226 content)', () => {
  it('sums VAT per category and rate from the lines, with the billed period inclusive', () => {
    const d = buildBillingDocument(source());
    expect(d.breakdown).toEqual([
      { category: 'S', rateBp: 2400, taxableCents: 109999, vatCents: 26400 },
      { category: 'S', rateBp: 600, taxableCents: 2000, vatCents: 120 },
      { category: 'E', rateBp: 0, taxableCents: 5000, vatCents: 0, exemptionReason: 'Art. 132(1)(i)' },
    ]);
    expect(d.breakdown.reduce((s, r) => s + r.vatCents, 0)).toBe(d.totals.vatCents);
    expect(d.period).toEqual({ start: '2026-03-01', end: '2026-03-31' });
    expect(d.reverseCharge).toBe(false);
    expect(d.bank).toEqual({ iban: 'CY17002001280000001200527600', bic: 'BCYPCY2N' });
  });

  it('says reverse charge, and what was paid, and leaves bank details out when there is no IBAN', () => {
    const d = buildBillingDocument(source({ paidCents: 50000, bank: { iban: '', bic: '' } }, true));
    expect(d.reverseCharge).toBe(true);
    expect(d.breakdown).toContainEqual({ category: 'AE', rateBp: 0, taxableCents: 111999, vatCents: 0, exemptionReason: 'Reverse charge' });
    expect(d.totals).toMatchObject({ vatCents: 0, prepaidCents: 50000, payableCents: d.totals.grossCents - 50000 });
    expect(d.bank).toBeNull();
  });

  it('gives a credit note its invoice reference and reason, no due date and nothing prepaid', () => {
    const d = buildBillingDocument(source({ kind: 'credit_note', paidCents: 999, precedingInvoice: { number: '2026-000001', date: '2026-03-01' }, reason: 'Discount' }));
    expect(d).toMatchObject({ dueDate: null, precedingInvoice: { number: '2026-000001', date: '2026-03-01' }, reason: 'Discount', totals: { prepaidCents: 0 } });
  });

  it('reads lines written before categories were stored as S above 0 % and Z at 0 %', () => {
    const old = [
      { description: 'A', quantity: 1, unitPriceCents: 100, vatRateBp: 1900, netCents: 100, vatCents: 19, grossCents: 119 },
      { description: 'B', quantity: 1, unitPriceCents: 100, vatRateBp: 0, netCents: 100, vatCents: 0, grossCents: 100 },
    ];
    const d = buildBillingDocument(source({ lines: old, totals: sumAmounts(old) }));
    expect(d.lines.map((l) => l.vatCategory)).toEqual(['S', 'Z']);
  });
});
