import { describe, expect, it } from 'vitest';
import { buildBillingDocument } from '../../domain/einvoice/document';
import { pdfText } from '../../test/pdf-text';
import { renderInvoicePdf } from './invoice-pdf';

// 2.000,00 net at 19 %: 2.380,00 gross.
const invoice = (paidCents: number, fx?: { currency: string; rate: string; rateDate: string }) =>
  buildBillingDocument({
    kind: 'invoice',
    id: 'inv-1',
    number: '2026-000042',
    date: '2026-11-02',
    dueDate: '2026-12-02',
    lines: [{ description: 'Licence', quantity: 1, unitPriceCents: 200_000, vatRateBp: 1900, netCents: 200_000, vatCents: 38_000, grossCents: 238_000, vatCategory: 'S' }],
    totals: { netCents: 200_000, vatCents: 38_000, grossCents: 238_000 },
    paidCents,
    period: null,
    parties: {
      seller: { name: 'Aegis GRC Ltd', address: '1 Road\nNicosia 1000', country: 'CY', vatNumber: 'CY10000000D', registrationNumber: 'HE 1' },
      buyer: { name: 'Γάμμα Α.Ε.', address: 'Οδός 1\nΑθήνα', country: 'GR', vatNumber: 'EL123456783' },
    },
    contact: { sellerEmail: 'billing@aegis.test', sellerPhone: '+357 1', buyerEmail: 'gamma@example.com' },
    bank: { iban: 'CY17002001280000001200527600', bic: 'BCYPCY2N' },
    ...(fx ? { fx } : {}),
  });

const text = async (paidCents: number, paid: boolean, language = 'en') =>
  pdfText(await renderInvoicePdf({ document: invoice(paidCents), language, paid, payUrl: 'http://localhost:3000/pay-invoice/inv-1', paymentReference: null })).join('\n');

describe('invoice PDF', () => {
  it('an open invoice gives the way to pay it: terms, bank transfer, reference and the pay link', async () => {
    const t = await text(0, false);
    expect(t).toContain('Payment terms: payable by 02.12.2026');
    expect(t).toContain('CY17 0020 0128 0000 0012 0052 7600');
    expect(t).toContain('Pay online:');
    expect(t).not.toContain('PAID');
    expect(t).not.toContain('Amount due');
  });

  it('a partly paid invoice shows what was paid and what is still due under the total', async () => {
    const t = await text(100_000, false);
    expect(t).toMatch(/Paid so far\s+-1\.000,00\s€/);
    expect(t).toMatch(/Amount due\s+1\.380,00\s€/);
    expect(t).toContain('CY17 0020 0128 0000 0012 0052 7600');
  });

  it('a paid invoice reads as paid, in the language, and gives no transfer details or pay link', async () => {
    const t = await text(238_000, true);
    expect(t).toContain('PAID');
    expect(t).toContain('This invoice has already been paid.');
    expect(t).not.toContain('CY17 0020');
    expect(t).not.toContain('Pay online:');
    expect(t).not.toContain('Amount due');
    expect(await text(238_000, true, 'el')).toContain('ΕΞΟΦΛΗΘΗΚΕ');
    expect(await text(238_000, true, 'ru')).toContain('ОПЛАЧЕН');
  });

  it('an invoice in another currency prints its amounts in it, and its VAT per rate and in total in euros with the rate used', async () => {
    const usd = { currency: 'USD', rate: '1.1594', rateDate: '2026-10-30' };
    const t = pdfText(await renderInvoicePdf({ document: invoice(0, usd), language: 'en', paid: false, payUrl: 'http://localhost:3000/pay-invoice/inv-1', paymentReference: null })).join('\n');
    // Paid by bank transfer: card payment takes euros only so far.
    expect(t).toContain('CY17 0020 0128 0000 0012 0052 7600');
    expect(t).not.toContain('Pay online:');
    expect(t).toMatch(/Net amount\s+US\$2,000\.00/);
    expect(t).toMatch(/Total Amount\s+US\$2,380\.00/);
    // 380.00 USD at 1.1594 is 327.76 EUR.
    expect(t).toMatch(/VAT 19 % \(of US\$2,000\.00\) in EUR\s+327,76\s€/);
    expect(t).toMatch(/Total VAT in EUR\s+327,76\s€/);
    expect(t).toContain('Exchange rate: 1 EUR = 1.1594 USD (30.10.2026)');
    const el = pdfText(await renderInvoicePdf({ document: invoice(0, usd), language: 'el', paid: false, payUrl: '', paymentReference: null })).join('\n');
    expect(el).toMatch(/Συνολικό ποσό\s+2\.380,00\s\$/);
    expect(el).toMatch(/Σύνολο ΦΠΑ σε EUR\s+327,76\s€/);
    // An invoice in euros says nothing of rates.
    expect(await text(0, false)).not.toContain('Exchange rate');
  });
});
