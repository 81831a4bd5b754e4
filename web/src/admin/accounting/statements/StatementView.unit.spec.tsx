// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../public/static/locales/en/translation.json';
import { statementAmount } from './amounts';
import { toCsv } from './csv';
import { balanceSheetModel, cashFlowModel, compareModels, incomeStatementModel, statementRows, type StatementModel } from './model';
import { StatementView } from './StatementView';

let t: typeof i18n.t;
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
  t = i18n.t;
});
afterEach(cleanup);

const amount = (key: string) => screen.getByTestId(`amount-${key}`).textContent?.replace(/\u00a0/g, ' ');
const show = (model: StatementModel) => render(<MemoryRouter><StatementView model={model} ledgerSearch="?from=2026-01-01&to=2026-12-31" /></MemoryRouter>);

const RENT = 'a0000000-0000-4000-8000-000000005100';
const income = {
  revenues: [{ accountId: 'rev-1', account: 'Subscription Revenue', balance: 1000 }],
  expenses: [
    { accountId: RENT, account: 'Rent', balance: 1500.55 },
    { accountId: 'exp-2', account: 'Travel', balance: 0 },
  ],
  totalRevenue: 1000,
  totalExpenses: 1500.55,
  netIncome: -500.55,
};

describe('statement rendering rules', () => {
  it('income statement: revenues plain, expenses and their total in parentheses, a loss in parentheses', () => {
    show(incomeStatementModel(income, t));
    expect(amount('rev-rev-1')).toBe('1.000,00 €');
    expect(amount('totalRevenue')).toBe('1.000,00 €');
    expect(amount(`exp-${RENT}`)).toBe('(1.500,55 €)');
    expect(amount('exp-exp-2')).toBe('0,00 €');
    expect(amount('totalExpenses')).toBe('(1.500,55 €)');
    expect(amount('netIncome')).toBe('(500,55 €)');
    for (const label of ['Revenues', 'Total Revenue', 'Expenses', 'Total Expenses', 'Net Income']) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rent' }).getAttribute('href')).toBe(`/admin/accounting/ledger/${RENT}?from=2026-01-01&to=2026-12-31`);
  });

  it('a profit shows without parentheses', () => {
    show(incomeStatementModel({ ...income, expenses: [], totalExpenses: 0, netIncome: 1000 }, t));
    expect(amount('netIncome')).toBe('1.000,00 €');
    expect(amount('totalExpenses')).toBe('0,00 €');
  });

  it('balance sheet: assets with their total on one side, liabilities, equity and the combined total on the other', () => {
    show(
      balanceSheetModel(
        {
          assets: [{ accountId: 'bank', account: 'Bank', balance: 48000 }],
          liabilities: [{ accountId: 'loans', account: 'Loans', balance: 50000 }],
          equity: [{ accountId: null, account: 'Current period earnings', balance: -2000 }],
          totalAssets: 48000,
          totalLiabilities: 50000,
          totalEquity: -2000,
          totalLiabilitiesAndEquity: 48000,
        },
        t,
      ),
    );
    expect(amount('totalAssets')).toBe('48.000,00 €');
    expect(amount('totalLiabilities')).toBe('50.000,00 €');
    expect(amount('totalEquity')).toBe('(2.000,00 €)');
    expect(amount('totalLiabilitiesAndEquity')).toBe('48.000,00 €');
    expect(screen.getByText('Total Liabilities & Equity')).toBeTruthy();
    // A computed line has no account, so no ledger link.
    expect(screen.getByText('Current period earnings')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Current period earnings' })).toBeNull();
  });

  it('cash flow: net income under operating, each net cash line, and the net change', () => {
    show(
      cashFlowModel(
        {
          netIncome: -250,
          operatingAdjustments: [{ accountId: 'susp', account: 'Suspense', balance: 250 }],
          cashFromOperations: 0,
          investing: [{ accountId: 'eq', account: 'Equipment', balance: -2000 }],
          cashFromInvesting: -2000,
          financing: [],
          cashFromFinancing: 0,
          netCashFlow: -2000,
          openingCash: 5000,
          closingCash: 3000,
        },
        t,
      ),
    );
    expect(amount('netIncome')).toBe('(250,00 €)');
    expect(amount('cashFromOperations')).toBe('0,00 €');
    expect(amount('cashFromInvesting')).toBe('(2.000,00 €)');
    expect(amount('netCashFlow')).toBe('(2.000,00 €)');
    expect(screen.getByText('Net Increase/Decrease in Cash')).toBeTruthy();
    expect(amount('openingCash')).toBe('5.000,00 €');
    expect(amount('closingCash')).toBe('3.000,00 €');
    expect(screen.getByText('Cash at the end of the period')).toBeTruthy();
  });

  it('a compared statement shows both amounts per line, lines only in the compared period at zero now', () => {
    const current = incomeStatementModel({ revenues: [{ accountId: 'rev', account: 'Sales', balance: 1000 }], expenses: [], totalRevenue: 1000, totalExpenses: 0, netIncome: 1000 }, t);
    const before = incomeStatementModel({ revenues: [{ accountId: 'rev', account: 'Sales', balance: 400 }], expenses: [{ accountId: 'rent', account: 'Rent', balance: 150 }], totalRevenue: 400, totalExpenses: 150, netIncome: 250 }, t);
    const model = compareModels(current, before, ['2026', '2025']);
    show(model);
    expect(amount('rev-rev')).toBe('1.000,00 €');
    expect(screen.getByTestId('compare-rev-rev').textContent?.replace(/\u00a0/g, ' ')).toBe('400,00 €');
    expect(amount('exp-rent')).toBe('0,00 €');
    expect(screen.getByTestId('compare-exp-rent').textContent?.replace(/\u00a0/g, ' ')).toBe('(150,00 €)');
    expect(screen.getByTestId('compare-netIncome').textContent?.replace(/\u00a0/g, ' ')).toBe('250,00 €');
    expect(statementRows(model, '2026')).toContainEqual(['Expenses', 'Rent', '0.00', '-150.00']);
  });

  it('CSV export writes what is shown, signed, in order', () => {
    const rows = statementRows(incomeStatementModel(income, t), '2026-01-01 – 2026-12-31');
    expect(rows).toEqual([
      ['Income Statement', '2026-01-01 – 2026-12-31', ''],
      ['Revenues', 'Subscription Revenue', '1000.00'],
      ['Revenues', 'Total Revenue', '1000.00'],
      ['Expenses', 'Rent', '-1500.55'],
      ['Expenses', 'Travel', '0.00'],
      ['Expenses', 'Total Expenses', '-1500.55'],
      ['', 'Net Income', '-500.55'],
    ]);
    expect(toCsv([['a,b', 'say "hi"']])).toBe('\uFEFF"a,b","say ""hi"""\r\n');
  });

  it('never prints a negative zero', () => {
    expect(statementAmount(-0).replace(/\u00a0/g, ' ')).toBe('0,00 €');
  });
});
