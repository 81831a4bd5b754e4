import { describe, expect, it } from 'vitest';
import { buildStatement, type StatementLine } from '../../domain/accounting/statement';
import { formatEuros } from '../../domain/shared/money';
import { pdfText } from '../../test/pdf-text';
import { renderStatementPdf, rowDescription, type PrintableStatement } from './statement-pdf';
import { statementLabels } from './statement.texts';

const seller: PrintableStatement['seller'] = { name: 'Aegis GRC Ltd', address: '1 Road\nNicosia 1000', country: 'CY', vatNumber: 'CY10000000D', registrationNumber: 'HE 1', phone: '+357 1', email: 'billing@aegis.test' };
const client: PrintableStatement['client'] = { name: 'Γάμμα Α.Ε.', address: 'Οδός 1, Αθήνα', country: 'GR', vatNumber: 'EL123', email: 'gamma@example.com' };

const line = (i: number, fields: Partial<StatementLine>): StatementLine => ({
  lineId: i,
  entryId: `e${i}`,
  date: '2026-02-01',
  sourceType: 'invoice',
  document: null,
  invoiceNumber: '2026-000001',
  debitCents: 0,
  creditCents: 0,
  ...fields,
});

const render = async (lines: StatementLine[], language: string, opening = 0) =>
  pdfText(await renderStatementPdf({ statement: buildStatement({ from: '2026-01-01', to: '2026-03-31' }, opening, lines), seller, client, language, issued: '2026-04-01' }));

describe('statement PDF', () => {
  it('prints the country of each party once, in the language, also when its address ends with it', async () => {
    const text = pdfText(
      await renderStatementPdf({
        statement: buildStatement({ from: '2026-01-01', to: '2026-03-31' }, 0, []),
        seller: { ...seller, address: '1 Road\nNicosia 1000\nCyprus' },
        client: { ...client, address: 'Οδός 1\nΑθήνα, Ελλάδα' },
        language: 'en',
        issued: '2026-04-01',
      }),
    ).join('\n');
    expect(text.match(/Cyprus/g)).toHaveLength(1);
    expect(text.match(/Greece/g)).toHaveLength(1);
    expect(text).not.toContain('Ελλάδα');
    expect(text).toContain('Αθήνα');
  });

  it('describes each row by its kind, the invoice it concerns, and a new source type by its name', () => {
    const t = statementLabels('en');
    const s = buildStatement({ from: '2026-01-01', to: '2026-03-31' }, 0, [
      line(1, { debitCents: 100 }),
      line(2, { sourceType: 'payment', document: 'BANK-1', creditCents: 50 }),
      line(3, { sourceType: 'refund', debitCents: 20 }),
      line(4, { sourceType: 'stripe_dispute', debitCents: 30 }),
    ]);
    expect(s.rows.map((r) => rowDescription(r, t))).toEqual(['Invoice', 'Payment (invoice 2026-000001)', 'Refund', 'Other (stripe dispute)']);
    expect(rowDescription(s.rows[2]!, statementLabels('el'))).toBe('Επιστροφή χρημάτων');
    expect(rowDescription(s.rows[1]!, statementLabels('ru'))).toBe('Оплата (по счёту 2026-000001)');
  });

  it('carries a long statement over pages with the column headings repeated, and closes on the last', async () => {
    const lines = Array.from({ length: 90 }, (_, i) => line(i + 1, { date: `2026-02-${String((i % 28) + 1).padStart(2, '0')}`, debitCents: 1_000 + i }));
    const pdf = await renderStatementPdf({ statement: buildStatement({ from: '2026-01-01', to: '2026-03-31' }, 0, lines), seller, client, language: 'en', issued: '2026-04-01' });
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBeGreaterThan(1);
    const text = pdfText(pdf);
    expect(text.filter((l) => l === 'Balance').length).toBeGreaterThan(1);
    const total = lines.reduce((sum, l) => sum + l.debitCents, 0);
    expect(text[text.indexOf('Closing balance') + 1]).toBe(formatEuros(total));
    expect(text.at(-1)).toBe('Balance due at the end of the period.');
  });

  it('says so when nothing moved and the account is settled, in Greek and Russian too', async () => {
    expect(await render([], 'en')).toEqual(expect.arrayContaining(['No movements in this period.', 'Your account was settled at the end of the period.']));
    const el = await render([], 'el', 12_345);
    expect(el).toEqual(expect.arrayContaining(['ΚΑΤΑΣΤΑΣΗ ΛΟΓΑΡΙΑΣΜΟΥ', 'Πελάτης', 'Γάμμα Α.Ε.', 'Ελλάδα', 'Δεν υπάρχουν κινήσεις σε αυτή την περίοδο.', 'Οφειλόμενο υπόλοιπο στο τέλος της περιόδου.']));
    expect(el[el.indexOf('Υπόλοιπο λήξης') + 1]).toBe(formatEuros(12_345));
    expect(await render([], 'ru', -500)).toEqual(expect.arrayContaining(['ВЫПИСКА ПО РАСЧЁТАМ', 'Отрицательное сальдо — переплата в вашу пользу.']));
  });
});
