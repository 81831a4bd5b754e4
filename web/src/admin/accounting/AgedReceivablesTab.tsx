import { useQuery } from '@apollo/client/react';
import { Table, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ResponsiveTable, type ListCard } from '../../common/ResponsiveTable';
import { formatDate, formatMoney } from '../../common/format';
import type { AgedReceivablesQuery } from '../../gql/graphql';
import { AGED_RECEIVABLES } from './graphql/queries/agedReceivables';
import { csvAmount, eurosToCents } from './statements/amounts';
import { downloadCsv } from './statements/csv';
import { PeriodControls } from './statements/PeriodControls';
import { useAsOf } from './statements/period';

type Report = AgedReceivablesQuery['agedReceivables'];
/** A client's line, keyed for the list (the line of payments without an invoice has no client). */
type Line = Report['clients'][number];
type Row = Line & { rowId: string };
const BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;

const money = (euros: number) => (euros ? formatMoney(eurosToCents(euros)) : '—');
const amount = (euros: number, testId?: string) => (
  <span className="admin-amount money" data-testid={testId}>
    {money(euros)}
  </span>
);

/** What each client owes as of a day by days past due, credit balances apart; nets to Accounts Receivable. */
export const AgedReceivablesTab = () => {
  const { t } = useTranslation();
  const { asOf, setAsOf } = useAsOf();
  const { data, loading, error, refetch } = useQuery(AGED_RECEIVABLES, { variables: { asOf } });
  const report = data?.agedReceivables;
  const clientName = (r: Line) => r.clientName || t('admin.accounting.aging.noInvoice');
  const client = (r: Line) => (r.clientId ? <Link to={`/admin/clients/${r.clientId}`}>{clientName(r)}</Link> : clientName(r));
  const rows: Row[] = (report?.clients ?? []).map((r) => ({ ...r, rowId: r.clientId ?? 'none' }));
  /** On a phone: what is owed pinned at the right, the buckets and the credit balance as the card's fields. */
  const cardOf = (title: ReactNode, buckets: Report['totals'], total: number, creditBalance: number, testIds?: { total: string }): ListCard => ({
    title,
    amountLabel: t('admin.accounting.aging.total'),
    amount: <span data-testid={testIds?.total}>{money(total)}</span>,
    fields: [
      ...BUCKETS.map((b) => ({ key: b, label: t(`admin.accounting.aging.${b}`), value: amount(buckets[b]) })),
      { key: 'credit', label: t('admin.accounting.aging.creditBalance'), value: amount(creditBalance) },
    ],
  });
  const columns: TableColumnsType<Row> = [
    {
      key: 'client',
      title: t('admin.fields.client'),
      fixed: 'left',
      render: (_, r) => client(r),
    },
    ...BUCKETS.map((b) => ({ key: b, title: t(`admin.accounting.aging.${b}`), align: 'right' as const, render: (_: unknown, r: Row) => amount(r.buckets[b]) })),
    { key: 'total', title: t('admin.accounting.aging.total'), align: 'right', render: (_, r) => <strong className="admin-amount money">{money(r.total)}</strong> },
    { key: 'credit', title: t('admin.accounting.aging.creditBalance'), align: 'right', render: (_, r) => amount(r.creditBalance) },
  ];
  const exportCsv = () =>
    report &&
    downloadCsv(`aged-receivables_${asOf}.csv`, [
      [t('admin.fields.client'), ...BUCKETS.map((b) => t(`admin.accounting.aging.${b}`)), t('admin.accounting.aging.total'), t('admin.accounting.aging.creditBalance')],
      ...report.clients.map((r) => [clientName(r), ...BUCKETS.map((b) => csvAmount(eurosToCents(r.buckets[b]))), csvAmount(eurosToCents(r.total)), csvAmount(eurosToCents(r.creditBalance))]),
      [t('admin.accounting.aging.totals'), ...BUCKETS.map((b) => csvAmount(eurosToCents(report.totals[b]))), csvAmount(eurosToCents(report.total)), csvAmount(eurosToCents(report.creditBalance))],
    ]);
  return (
    <section data-testid="aged-receivables">
      <Typography.Title level={2} className="statement-title">
        {t('admin.accounting.tabs.agedReceivables')}
      </Typography.Title>
      <Typography.Paragraph className="admin-muted">{t('admin.accounting.period.asOfText', { date: formatDate(asOf) })}</Typography.Paragraph>
      <PeriodControls asOf={asOf} onAsOf={setAsOf} onExport={exportCsv} exportDisabled={!report} file={{ report: 'aged-receivables', params: { as_of: asOf } }} />
      <ResponsiveTable<Row>
        label={t('admin.accounting.tabs.agedReceivables')}
        rowKey="rowId"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        state={{ loading: loading && !report, error: report ? undefined : error, retry: refetch }}
        locale={{ emptyText: t('admin.accounting.aging.empty') }}
        card={(r) => cardOf(client(r), r.buckets, r.total, r.creditBalance)}
        totalCard={
          report && report.clients.length > 0
            ? {
                ...cardOf(t('admin.accounting.aging.totals'), report.totals, report.total, report.creditBalance, { total: 'aging-total' }),
                details: (
                  <div className="list-card-total-net">
                    <span>{t('admin.accounting.aging.net')}</span>
                    <strong className="admin-amount money" data-testid="aging-net">
                      {formatMoney(eurosToCents(report.net))}
                    </strong>
                  </div>
                ),
              }
            : undefined
        }
        summary={() =>
          report ? (
            <>
              <Table.Summary.Row className="statement-total">
                <Table.Summary.Cell index={0}>{t('admin.accounting.aging.totals')}</Table.Summary.Cell>
                {BUCKETS.map((b, i) => (
                  <Table.Summary.Cell key={b} index={i + 1} align="right">
                    <span className="admin-amount">{money(report.totals[b])}</span>
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={6} align="right">
                  <strong className="admin-amount" data-testid="aging-total">{money(report.total)}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={7} align="right">
                  <span className="admin-amount">{money(report.creditBalance)}</span>
                </Table.Summary.Cell>
              </Table.Summary.Row>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={6}>
                  {t('admin.accounting.aging.net')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} colSpan={2} align="right">
                  <strong className="admin-amount" data-testid="aging-net">{formatMoney(eurosToCents(report.net))}</strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </>
          ) : null
        }
      />
    </section>
  );
};
