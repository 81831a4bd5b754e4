import { Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { statementAmount } from './amounts';
import { columnsRows, type ColumnStatement, type ColumnsRow } from './columnsModel';

const columnLabel = (c: { from: string; to: string }) =>
  c.from.slice(0, 7) === c.to.slice(0, 7) ? dayjs(c.from).format('MMM YYYY') : `${dayjs(c.from).format('MMM')}–${dayjs(c.to).format('MMM YYYY')}`;

/** The chart brings its library along, loaded when a columns view is first opened. */
const IncomeColumnsChart = lazy(() => import('./IncomeColumnsChart'));

/** A fiscal year's income statement by month or quarter: a chart, then one column per period and the year's total. */
export const IncomeStatementColumns = ({ columns }: { columns: ColumnStatement[] }) => {
  const { t } = useTranslation();
  const rows = useMemo(() => columnsRows(columns, t), [columns, t]);
  const amount = (cents: number, row: ColumnsRow) => (row.kind === 'heading' ? null : <span className="admin-amount">{statementAmount(cents)}</span>);
  const tableColumns: TableColumnsType<ColumnsRow> = [
    {
      key: 'label',
      title: t('admin.accounting.journal.account'),
      fixed: 'left',
      width: 170,
      render: (_, r) => (r.accountId ? <Link to={`/admin/accounting/ledger/${r.accountId}?from=${columns[0]!.from}&to=${columns[columns.length - 1]!.to}`}>{r.label}</Link> : r.label),
    },
    ...columns.map((c, i) => ({ key: c.from, title: columnLabel(c), align: 'right' as const, width: 112, render: (_: unknown, r: ColumnsRow) => amount(r.cents[i] ?? 0, r) })),
    { key: 'total', title: t('admin.accounting.view.total'), align: 'right', width: 120, render: (_, r) => amount(r.total, r) },
  ];
  return (
    <>
      <Suspense fallback={null}>
        <IncomeColumnsChart columns={columns} />
      </Suspense>
      <Table<ColumnsRow>
      className="statement-columns"
      data-testid="income-columns"
      rowKey="key"
      size="small"
      columns={tableColumns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 170 + 112 * columns.length + 120 }}
      rowClassName={(r) => (r.kind === 'line' ? '' : r.kind === 'heading' ? 'statement-total columns-heading' : 'statement-total')}
      />
    </>
  );
};
