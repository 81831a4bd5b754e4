// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../public/static/locales/en/translation.json';
import { entryBalance, type DraftLine } from './balance';
import { BalanceIndicator } from './BalanceIndicator';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\u00a0/g, ' ');
const show = (lines: DraftLine[]) => {
  const balance = entryBalance(lines);
  render(<BalanceIndicator balance={balance} />);
  return balance;
};

describe('multi-line balance indicator', () => {
  it('is balanced when debits equal credits to the cent, even where floats would not be', () => {
    const b = show([
      { accountId: 'a', debit: 0.1 },
      { accountId: 'b', debit: 0.2 },
      { accountId: 'c', credit: 0.3 },
    ]);
    expect(b.balanced).toBe(true);
    expect(text('total-debit')).toBe('0,30 €');
    expect(text('total-credit')).toBe('0,30 €');
    expect(screen.getByTestId('balance-indicator').getAttribute('data-balanced')).toBe('true');
    expect(screen.getByText(en.admin.accounting.multi.balanced)).toBeTruthy();
    expect(screen.queryByTestId('balance-problem')).toBeNull();
  });

  it('shows the difference and refuses when debits and credits differ', () => {
    const b = show([
      { accountId: 'a', debit: 2000 },
      { accountId: 'b', credit: 1999 },
    ]);
    expect(b.balanced).toBe(false);
    expect(b.differenceCents).toBe(100);
    expect(text('balance-problem')).toContain('differ by 1,00 €');
    expect(screen.getByTestId('balance-indicator').getAttribute('data-balanced')).toBe('false');
  });

  it('refuses equal totals while a line lacks an account or has both sides', () => {
    expect(show([{ debit: 5 }, { accountId: 'b', credit: 5 }]).problems.get(0)).toBe('account');
    expect(text('balance-problem')).toBe(` ${en.admin.accounting.multi.incomplete}`);
    cleanup();
    const both = show([
      { accountId: 'a', debit: 5, credit: 5 },
      { accountId: 'b', debit: 5 },
      { accountId: 'c', credit: 5 },
    ]);
    expect(both.balanced).toBe(false);
    expect(both.problems.get(0)).toBe('bothSides');
  });

  it('refuses a single line and an all-zero entry', () => {
    expect(entryBalance([{ accountId: 'a', debit: 0 }, { accountId: 'b', credit: 0 }]).balanced).toBe(false);
    expect(entryBalance([{ accountId: 'a', debit: 0 }]).balanced).toBe(false);
    expect(entryBalance([]).balanced).toBe(false);
  });
});
