import { describe, expect, it } from 'vitest';
import { CURRENT_EARNINGS, type BalanceSheet, type IncomeStatement } from '../../../domain/accounting/reports';
import { pdfText } from '../../../test/pdf-text';
import { balanceSheetDocument, incomeStatementColumnsDocument, incomeStatementDocument } from './report-documents';
import { reportExportLabels } from './report-export.texts';
import { renderReportPdf } from '../../platform/report-file/report-pdf';
import { sideBySide } from '../../platform/report-file/report-table';

const is = (revenue: Array<[string, number]>, expenses: Array<[string, number]>): IncomeStatement => {
  const lines = (xs: Array<[string, number]>) => xs.map(([account, balanceCents]) => ({ accountId: account.toLowerCase(), account, balanceCents }));
  const totalRevenueCents = revenue.reduce((s, [, c]) => s + c, 0);
  const totalExpensesCents = expenses.reduce((s, [, c]) => s + c, 0);
  return { revenues: lines(revenue), expenses: lines(expenses), totalRevenueCents, totalExpensesCents, netIncomeCents: totalRevenueCents - totalExpensesCents };
};
const context = (language: string) => ({ company: 'Ακμή Α.Ε.', generatedAt: '2026-06-15T12:34:56.000Z', t: reportExportLabels(language) });

describe('report documents', () => {
  it('puts two reports side by side on their accounts, a line only in one at 0 in the other', () => {
    const rows = sideBySide(
      [
        [{ accountId: 'a', account: 'Sales', balanceCents: 100 }],
        [
          { accountId: 'b', account: 'Rent', balanceCents: 7 },
          { accountId: 'a', account: 'Sales', balanceCents: 40 },
        ],
      ],
      (l) => l.account,
    );
    expect(rows.map((r) => r.cells)).toEqual([
      ['Sales', 100, 40],
      ['Rent', 0, 7],
    ]);
  });

  it('an income statement with its comparison: both columns, totals and net income in each', () => {
    const doc = incomeStatementDocument(
      { ...is([['Sales', 100000]], [['Rent', 30000]]), period: { from: '2026-01-01', to: '2026-12-31' }, comparison: { ...is([['Sales', 50000]], []), period: { from: '2025-01-01', to: '2025-12-31' }, kind: 'previous_year' } },
      context('en'),
    );
    expect(doc.meta).toEqual([
      ['Period', '01.01.2026 – 31.12.2026'],
      ['Compared with', '01.01.2025 – 31.12.2025'],
      ['Generated', '15.06.2026 12:34 UTC'],
    ]);
    const table = doc.tables[0]!;
    expect(table.columns.map((c) => c.label)).toEqual(['Account', '01.01.2026 – 31.12.2026', '01.01.2025 – 31.12.2025']);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['Revenues', null, null],
      ['Sales', 100000, 50000],
      ['Total revenue', 100000, 50000],
      ['Expenses', null, null],
      ['Rent', 30000, 0],
      ['Total expenses', 30000, 0],
      ['Net income', 70000, 50000],
    ]);
  });

  it('monthly columns end in the total of each row', () => {
    const months = [is([['Sales', 100]], []), is([['Sales', 250]], [['Rent', 50]])].map((m, i) => ({ ...m, period: { from: `2026-0${i + 1}-01`, to: `2026-0${i + 1}-28` } }));
    const doc = incomeStatementColumnsDocument({ year: { from: '2026-01-01', to: '2026-12-31' }, columns: months }, ['Jan', 'Feb'], context('en'));
    const rows = doc.tables[0]!.rows.map((r) => r.cells);
    expect(rows).toContainEqual(['Sales', 100, 250, 350]);
    expect(rows).toContainEqual(['Rent', 0, 50, 50]);
    expect(rows).toContainEqual(['Net income', 100, 200, 300]);
    expect(doc.landscape).toBe(true);
  });

  it('a Russian balance sheet PDF: translated computed lines and headings, the company in Greek, amounts printed', async () => {
    const sheet: BalanceSheet = {
      assets: [{ accountId: 'bank', account: 'Bank', balanceCents: 123456 }],
      liabilities: [],
      equity: [{ accountId: null, account: CURRENT_EARNINGS, balanceCents: 123456 }],
      totalAssetsCents: 123456,
      totalLiabilitiesCents: 0,
      totalEquityCents: 123456,
      totalLiabilitiesAndEquityCents: 123456,
    };
    const text = pdfText(await renderReportPdf(balanceSheetDocument({ ...sheet, asOf: '2026-06-30' }, context('ru'))));
    expect(text).toEqual(expect.arrayContaining(['Ακμή Α.Ε.', 'Бухгалтерский баланс', 'На дату: 30.06.2026', 'Прибыль текущего периода', 'Итого активы']));
    expect(text.filter((l) => l.replace(/\u00a0/g, ' ') === '1.234,56 €').length).toBeGreaterThanOrEqual(3);
  });
});
