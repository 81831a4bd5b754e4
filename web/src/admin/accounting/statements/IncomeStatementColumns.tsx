import { useQuery } from '@apollo/client/react';
import { Alert, Card, InputNumber, Segmented, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatEuros } from '../../../common/format';
import { INCOME_STATEMENT_COLUMNS } from '../graphql/queries/incomeStatementColumns';

type Column = {
  from: string;
  to: string;
  totalRevenue: number;
  totalExpenses: number;
  netIncome: number;
  revenues: Line[];
  expenses: Line[];
};
type Line = { accountId?: string | null; account: string; balance: number };
type Row = {
  key: string;
  label: string;
  kind: 'account' | 'total' | 'net';
  values: number[];
};

/** Accounts as rows and periods as columns: each section's accounts, its total, then net income. */
const rowsOf = (columns: Column[], t: (k: string) => string): Row[] => {
  const section = (pick: (c: Column) => Line[], total: (c: Column) => number, totalLabel: string, prefix: string): Row[] => {
    const names = new Map<string, string>();
    for (const c of columns) for (const l of pick(c)) names.set(l.accountId ?? l.account, l.account);
    const accounts = [...names].map(([key, label]) => ({
      key: `${prefix}-${key}`,
      label,
      kind: 'account' as const,
      values: columns.map((c) => pick(c).find((l) => (l.accountId ?? l.account) === key)?.balance ?? 0),
    }));
    return [
      ...accounts,
      {
        key: `${prefix}-total`,
        label: totalLabel,
        kind: 'total',
        values: columns.map(total),
      },
    ];
  };
  return [
    ...section(
      (c) => c.revenues,
      (c) => c.totalRevenue,
      t('admin.accounting.income.totalRevenue'),
      'rev',
    ),
    ...section(
      (c) => c.expenses,
      (c) => c.totalExpenses,
      t('admin.accounting.income.totalExpenses'),
      'exp',
    ),
    {
      key: 'net',
      label: t('admin.accounting.income.netIncome'),
      kind: 'net',
      values: columns.map((c) => c.netIncome),
    },
  ];
};

/** The fiscal year by month or quarter: a chart of revenue, expenses and net income, and the statement as columns. */
export const IncomeStatementColumns = () => {
  const { t, i18n } = useTranslation();
  const [quarterly, setQuarterly] = useState(false);
  const [fiscalYear, setFiscalYear] = useState<number | null>(null);
  const { data, loading, error } = useQuery(INCOME_STATEMENT_COLUMNS, {
    variables: { fiscalYear, quarterly },
  });
  const year = data?.incomeStatementColumns;
  const columns = (year?.columns ?? []) as Column[];
  const labelOf = (c: Column) => (quarterly ? `${dayjs(c.from).format('MMM')}–${dayjs(c.to).format('MMM YY')}` : dayjs(c.from).format('MMM YY'));
  const points = columns.map((c) => ({
    label: labelOf(c),
    revenue: c.totalRevenue,
    expenses: c.totalExpenses,
    net: c.netIncome,
  }));
  const compact = (v: number) =>
    new Intl.NumberFormat(i18n.language, {
      notation: 'compact',
      style: 'currency',
      currency: 'EUR',
      maximumFractionDigits: 1,
    }).format(v);
  const startYear = year ? Number(year.from.slice(0, 4)) : undefined;
  return (
    <Card
      size="small"
      className="admin-section"
      data-testid="income-columns"
      title={t('admin.accounting.income.columnsTitle')}
      extra={
        <Space wrap>
          <Segmented
            size="small"
            value={quarterly ? 'quarter' : 'month'}
            onChange={(v) => setQuarterly(v === 'quarter')}
            options={[
              { value: 'month', label: t('admin.accounting.income.byMonth') },
              {
                value: 'quarter',
                label: t('admin.accounting.income.byQuarter'),
              },
            ]}
          />
          <InputNumber
            size="small"
            aria-label={t('admin.accounting.income.fiscalYear')}
            min={1900}
            max={9998}
            value={fiscalYear ?? startYear}
            onChange={(v) => typeof v === 'number' && v >= 1900 && v <= 9998 && setFiscalYear(v)}
          />
        </Space>
      }
    >
      {error && <Alert type="error" showIcon title={error.message} />}
      {year && (
        <>
          <p className="admin-muted" data-testid="income-columns-year">
            {t('admin.accounting.income.fiscalYearRange', {
              from: dayjs(year.from).format('DD.MM.YYYY'),
              to: dayjs(year.to).format('DD.MM.YYYY'),
            })}
          </p>
          {/* A picture to assistive technology; the table below holds every figure. */}
          <div role="img" aria-label={t('admin.accounting.income.columnsTitle')} className="admin-chart-plot">
            <ResponsiveContainer width="100%" height={240}>
              <ComposedChart data={points} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 12 }} stroke="#8c8c8c" />
                <YAxis width={64} tick={{ fontSize: 12 }} stroke="#8c8c8c" tickFormatter={compact} />
                <Tooltip formatter={(v) => formatEuros(Number(v))} />
                <Legend />
                <Bar isAnimationActive={false} dataKey="revenue" name={t('admin.accounting.income.totalRevenue')} fill="#1d4ed8" />
                <Bar isAnimationActive={false} dataKey="expenses" name={t('admin.accounting.income.totalExpenses')} fill="#ea580c" />
                <Line isAnimationActive={false} type="linear" dataKey="net" name={t('admin.accounting.income.netIncome')} stroke="#16a34a" strokeWidth={2} />
              </ComposedChart>
            </ResponsiveContainer>
          </div>
          <Table<Row>
            size="small"
            rowKey="key"
            pagination={false}
            loading={loading}
            dataSource={rowsOf(columns, t)}
            scroll={{ x: 'max-content' }}
            rowClassName={(r) => (r.kind === 'account' ? '' : 'admin-total-row')}
            columns={[
              {
                key: 'account',
                title: t('admin.accounting.journal.account'),
                fixed: 'left',
                render: (_, r) => (r.kind === 'account' ? r.label : <strong>{r.label}</strong>),
              },
              ...columns.map((c, i) => ({
                key: c.from,
                title: labelOf(c),
                align: 'right' as const,
                render: (_: unknown, r: Row) => <span className="admin-amount">{formatEuros(r.values[i]!)}</span>,
              })),
            ]}
          />
        </>
      )}
    </Card>
  );
};

export default IncomeStatementColumns;
