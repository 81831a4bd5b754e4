import { useQuery } from '@apollo/client/react';
import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { tableState } from '../../common/DataState';
import { formatDate, formatMoney } from '../../common/format';
import type { AgedReceivablesQuery } from '../../gql/graphql';
import { AGED_RECEIVABLES } from './graphql/queries/agedReceivables';
import { csvAmount, eurosToCents } from './statements/amounts';
import { downloadCsv } from './statements/csv';
import { PeriodControls } from './statements/PeriodControls';
import { useAsOf } from './statements/period';

type Report = AgedReceivablesQuery['agedReceivables'];
type Row = Report['clients'][number];
const BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;

const money = (euros: number) => (euros ? formatMoney(eurosToCents(euros)) : '—');

/** What each client owes as of a day by days past due, credit balances apart; nets to Accounts Receivable. */
export const AgedReceivablesTab = () => {
  const { t } = useTranslation();
  const { asOf, setAsOf } = useAsOf();
  const { data, loading, error, refetch } = useQuery(AGED_RECEIVABLES, { variables: { asOf } });
  const report = data?.agedReceivables;
  const clientName = (r: Row) => r.clientName || t('admin.accounting.aging.noInvoice');
  const columns: TableColumnsType<Row> = [
    {
      key: 'client',
      title: t('admin.fields.client'),
      fixed: 'left',
      render: (_, r) => (r.clientId ? <Link to={`/admin/clients/${r.clientId}`}>{clientName(r)}</Link> : clientName(r)),
    },
    ...BUCKETS.map((b) => ({ key: b, title: t(`admin.accounting.aging.${b}`), align: 'right' as const, render: (_: unknown, r: Row) => <span className="admin-amount">{money(r.buckets[b])}</span> })),
    { key: 'total', title: t('admin.accounting.aging.total'), align: 'right', render: (_, r) => <strong className="admin-amount">{money(r.total)}</strong> },
    { key: 'credit', title: t('admin.accounting.aging.creditBalance'), align: 'right', render: (_, r) => <span className="admin-amount">{money(r.creditBalance)}</span> },
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
      <Table<Row>
        rowKey={(r) => r.clientId ?? 'none'}
        size="small"
        columns={columns}
        dataSource={report?.clients ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        {...tableState({ loading: loading && !report, error: report ? undefined : error, retry: refetch }, report?.clients, t('admin.accounting.aging.empty'))}
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
