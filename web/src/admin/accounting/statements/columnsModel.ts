import type { TFunction } from 'i18next';
import { eurosToCents } from './amounts';

interface WireLine {
  accountId?: string | null;
  account: string;
  balance: number;
}

export interface ColumnStatement {
  from: string;
  to: string;
  revenues: WireLine[];
  expenses: WireLine[];
  totalRevenue: number;
  totalExpenses: number;
  netIncome: number;
}

/** One row of the columns table: a label, one amount in cents per column, and the row's total. */
export interface ColumnsRow {
  key: string;
  label: string;
  accountId?: string | null;
  cents: number[];
  total: number;
  kind: 'heading' | 'line' | 'total' | 'grand';
}

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

const accountRows = (prefix: string, columns: WireLine[][]): ColumnsRow[] => {
  const order: string[] = [];
  const rows = new Map<string, ColumnsRow>();
  columns.forEach((lines, i) => {
    for (const l of lines) {
      const key = `${prefix}-${l.accountId ?? l.account}`;
      if (!rows.has(key)) {
        order.push(key);
        rows.set(key, { key, label: l.account, accountId: l.accountId, cents: columns.map(() => 0), total: 0, kind: 'line' });
      }
      rows.get(key)!.cents[i] = eurosToCents(l.balance);
    }
  });
  return order.map((k) => {
    const r = rows.get(k)!;
    return { ...r, total: sum(r.cents) };
  });
};

/** The income statement's months or quarters side by side: accounts as rows, periods as columns, a total column. */
export const columnsRows = (columns: ColumnStatement[], t: TFunction): ColumnsRow[] => {
  const totalRow = (key: string, label: string, pick: (c: ColumnStatement) => number, kind: ColumnsRow['kind']): ColumnsRow => {
    const cents = columns.map((c) => eurosToCents(pick(c)));
    return { key, label, cents, total: sum(cents), kind };
  };
  const heading = (key: string, label: string): ColumnsRow => ({ key, label, cents: [], total: 0, kind: 'heading' });
  return [
    heading('revenues', t('admin.accounting.income.revenues')),
    ...accountRows('rev', columns.map((c) => c.revenues)),
    totalRow('totalRevenue', t('admin.accounting.income.totalRevenue'), (c) => c.totalRevenue, 'total'),
    heading('expenses', t('admin.accounting.income.expenses')),
    ...accountRows('exp', columns.map((c) => c.expenses)),
    totalRow('totalExpenses', t('admin.accounting.income.totalExpenses'), (c) => c.totalExpenses, 'total'),
    totalRow('netIncome', t('admin.accounting.income.netIncome'), (c) => c.netIncome, 'grand'),
  ];
};
