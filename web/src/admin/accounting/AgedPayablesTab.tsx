import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { ResponsiveTable, type ListCard } from '../../common/ResponsiveTable';
import { formatDate, formatMoney } from '../../common/format';
import { useAgedPayables, type AgedPayablesLine, type AgedPayablesWire } from './hooks/useAgedPayables';
import { csvAmount, eurosToCents } from './statements/amounts';
import { downloadCsv } from './statements/csv';
import { PeriodControls } from './statements/PeriodControls';
import { useAsOf } from './statements/period';

type Row = AgedPayablesLine & { rowId: string };
type Amounts = Omit<AgedPayablesWire['totals'], 'net'>;
/** The wire's buckets, each with the label the aged receivables use. */
const BUCKETS = [
  ['current', 'current'],
  ['days_1_30', 'days1to30'],
  ['days_31_60', 'days31to60'],
  ['days_61_90', 'days61to90'],
  ['over_90', 'over90'],
] as const;

const money = (euros: number) => (euros ? formatMoney(eurosToCents(euros)) : '—');
const amount = (euros: number) => <span className="admin-amount money">{money(euros)}</span>;

/** What each supplier is owed as of a day by days past due, credit balances apart; nets to Accounts Payable. */
export const AgedPayablesTab = () => {
  const { t } = useTranslation();
  const { asOf, setAsOf } = useAsOf();
  const { report, loading, error, retry } = useAgedPayables(asOf);
  const bucketLabel = (key: (typeof BUCKETS)[number][1]) => t(`admin.accounting.aging.${key}`);
  // Accounts Payable beyond the bills (a journal line booked to it by hand) has no supplier.
  const supplierName = (r: AgedPayablesLine) => (r.supplier_id ? (r.supplier ?? '') : t('admin.accounting.agedPayables.other'));
  const rows: Row[] = (report?.suppliers ?? []).map((r) => ({ ...r, rowId: r.supplier_id ?? 'other' }));
  /** On a phone: what is owed pinned at the right, the buckets and the credit balance as the card's fields. */
  const cardOf = (title: ReactNode, a: Amounts, testIds?: { total: string }): ListCard => ({
    title,
    amountLabel: t('admin.accounting.aging.total'),
    amount: <span data-testid={testIds?.total}>{money(a.total)}</span>,
    fields: [
      ...BUCKETS.map(([wire, label]) => ({ key: wire, label: bucketLabel(label), value: amount(a[wire]) })),
      { key: 'credit', label: t('admin.accounting.aging.creditBalance'), value: amount(a.credit_balance) },
    ],
  });
  const columns: TableColumnsType<Row> = [
    { key: 'supplier', title: t('admin.bills.fields.supplier'), fixed: 'left', render: (_, r) => supplierName(r) },
    ...BUCKETS.map(([wire, label]) => ({ key: wire, title: bucketLabel(label), align: 'right' as const, render: (_: unknown, r: Row) => amount(r[wire]) })),
    { key: 'total', title: t('admin.accounting.aging.total'), align: 'right', render: (_, r) => <strong className="admin-amount money">{money(r.total)}</strong> },
    { key: 'credit', title: t('admin.accounting.aging.creditBalance'), align: 'right', render: (_, r) => amount(r.credit_balance) },
  ];
  const csvLine = (a: Amounts) => [...BUCKETS.map(([wire]) => csvAmount(eurosToCents(a[wire]))), csvAmount(eurosToCents(a.total)), csvAmount(eurosToCents(a.credit_balance))];
  const exportCsv = () =>
    report &&
    downloadCsv(`aged-payables_${asOf}.csv`, [
      [t('admin.bills.fields.supplier'), ...BUCKETS.map(([, label]) => bucketLabel(label)), t('admin.accounting.aging.total'), t('admin.accounting.aging.creditBalance')],
      ...report.suppliers.map((r) => [supplierName(r), ...csvLine(r)]),
      [t('admin.accounting.aging.totals'), ...csvLine(report.totals)],
    ]);
  const net = (
    <strong className="admin-amount money" data-testid="aging-net">
      {report ? formatMoney(eurosToCents(report.totals.net)) : null}
    </strong>
  );
  return (
    <section data-testid="aged-payables">
      <Typography.Title level={2} className="statement-title">
        {t('admin.accounting.tabs.agedPayables')}
      </Typography.Title>
      <Typography.Paragraph className="admin-muted">{t('admin.accounting.period.asOfText', { date: formatDate(asOf) })}</Typography.Paragraph>
      <PeriodControls asOf={asOf} onAsOf={setAsOf} onExport={exportCsv} exportDisabled={!report} file={{ report: 'aged-payables', params: { as_of: asOf } }} />
      <ResponsiveTable<Row>
        label={t('admin.accounting.tabs.agedPayables')}
        rowKey="rowId"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        state={{ loading: loading && !report, error: report ? undefined : error, retry }}
        locale={{ emptyText: t('admin.accounting.agedPayables.empty') }}
        card={(r) => cardOf(supplierName(r), r)}
        totalCard={
          report && report.suppliers.length > 0
            ? {
                ...cardOf(t('admin.accounting.aging.totals'), report.totals, { total: 'aging-total' }),
                details: (
                  <div className="list-card-total-net">
                    <span>{t('admin.accounting.agedPayables.net')}</span>
                    {net}
                  </div>
                ),
              }
            : undefined
        }
        summary={() =>
          report && report.suppliers.length > 0 ? (
            <>
              <Table.Summary.Row className="statement-total">
                <Table.Summary.Cell index={0}>{t('admin.accounting.aging.totals')}</Table.Summary.Cell>
                {BUCKETS.map(([wire], i) => (
                  <Table.Summary.Cell key={wire} index={i + 1} align="right">
                    <span className="admin-amount">{money(report.totals[wire])}</span>
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={6} align="right">
                  <strong className="admin-amount" data-testid="aging-total">{money(report.totals.total)}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={7} align="right">
                  <span className="admin-amount">{money(report.totals.credit_balance)}</span>
                </Table.Summary.Cell>
              </Table.Summary.Row>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={6}>
                  {t('admin.accounting.agedPayables.net')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} colSpan={2} align="right">
                  {net}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </>
          ) : null
        }
      />
    </section>
  );
};
