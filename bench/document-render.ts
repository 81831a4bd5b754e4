/**
 * Rendering one 20-line invoice as its UBL e-invoice and as its PDF: p50 over many runs after a
 * warm-up. No database: the figures are the renderers' own (bench:billing prints them).
 *
 *   npx tsx bench/document-render.ts     # ubl_render_ms_p50 alone (target: 5 ms at most)
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildBillingDocument, type BillingDocument } from '../domain/einvoice/document';
import { buildLines } from '../domain/invoice/decide';
import { sumAmounts } from '../domain/shared/money';
import { renderUbl } from '../api/invoicing/einvoice/ubl';
import { renderInvoicePdf } from '../api/invoicing/invoice-pdf';

export const twentyLineInvoice = (): BillingDocument => {
  const lines = buildLines(
    Array.from({ length: 20 }, (_, i) => ({
      description: `Control assessment ${i + 1}: ISO 27001 Annex A`,
      quantityMilli: 1000 + i * 250,
      unitPriceCents: 12_345 + i * 101,
      vatRateBp: i % 4 === 0 ? 900 : 1900,
    })),
    false,
  );
  const seller = { name: 'Aegis GRC Ltd', address: '12 Example Street\n1010 Nicosia', country: 'CY', vatNumber: 'CY10000000D', registrationNumber: 'HE 123456' };
  const buyer = { name: 'Ελληνική Συμβουλευτική Α.Ε.', address: 'Οδός Σταδίου 10\n105 64 Αθήνα', country: 'CY', vatNumber: 'CY20000000I' };
  return buildBillingDocument({
    kind: 'invoice',
    id: 'bench',
    number: '2026-000001',
    date: '2026-03-01',
    dueDate: '2026-03-31',
    lines,
    totals: sumAmounts(lines),
    paidCents: 0,
    period: { start: '2026-03-01', end: '2026-04-01' },
    parties: { seller, buyer },
    contact: { sellerEmail: 'billing@aegis.test', sellerPhone: '+357 22 000000', buyerEmail: 'ap@client.test' },
    bank: { iban: 'CY17002001280000001200527600', bic: 'BCYPCY2N' },
  });
};

const p50 = async (runs: number, once: () => unknown): Promise<number> => {
  for (let i = 0; i < Math.min(50, runs); i++) await once();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
};

export async function measureUblRender(runs = 500): Promise<number> {
  const doc = twentyLineInvoice();
  return p50(runs, () => renderUbl(doc));
}

export const measurePdfRender = (runs = 100): Promise<number> => {
  const doc = twentyLineInvoice();
  return p50(runs, () => renderInvoicePdf({ document: doc, language: 'el', paid: false, payUrl: 'http://localhost:3000/pay-invoice/bench' }));
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ms = await measureUblRender();
  process.stdout.write(`ubl_render_ms_p50: ${Number(ms.toFixed(3))} ms\n`);
}
