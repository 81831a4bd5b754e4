import { useQuery } from '@apollo/client/react';
import { Descriptions, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { tableState } from '../../common/DataState';
import { formatDate } from '../../common/format';
import type { VatReturnQuery } from '../../gql/graphql';
import { VAT_RETURN } from './graphql/queries/vatReturn';
import { eurosToCents, statementAmount } from './statements/amounts';
import { PeriodControls } from './statements/PeriodControls';
import { usePeriod } from './statements/period';

type Report = VatReturnQuery['vatReturn'];
type Row = Report['rows'][number];
const AMOUNTS = ['outputBase', 'outputVat', 'inputBase', 'inputVat'] as const;

const money = (euros: number) => statementAmount(eurosToCents(euros));

/** The VAT return of a period (default the current quarter): output and input VAT per category and rate, the net payable, settlements apart. */
export const VatReturnTab = () => {
  const { t } = useTranslation();
  const { from, to, setPeriod } = usePeriod(undefined, 'quarter');
  const { data, loading, error, refetch } = useQuery(VAT_RETURN, { variables: { from, to } });
  const report = data?.vatReturn;
  const label = (r: Row) => (r.category ? `${t(`admin.accounting.vat.category.${r.category}`)} (${r.category}) ${r.rate ?? 0} %` : t('admin.accounting.vat.category.none'));
  const columns: TableColumnsType<Row> = [
    { key: 'category', title: t('admin.accounting.vat.categoryRate'), fixed: 'left', render: (_, r) => label(r) },
    ...AMOUNTS.map((k) => ({ key: k, title: t(`admin.accounting.vat.${k}`), align: 'right' as const, render: (_: unknown, r: Row) => <span className="admin-amount">{money(r[k])}</span> })),
  ];
  return (
    <section data-testid="vat-return">
      <Typography.Title level={2} className="statement-title">
        {t('admin.accounting.tabs.vatReturn')}
      </Typography.Title>
      <Typography.Paragraph className="admin-muted">{t('admin.accounting.period.range', { from: formatDate(from), to: formatDate(to) })}</Typography.Paragraph>
      {/* Its CSV is the server's file, as the PDF and XLSX: the totals, net payable and settlements included. */}
      <PeriodControls from={from} to={to} onPeriod={setPeriod} exportDisabled={!report} file={{ report: 'vat-return', params: { from, to } }} />
      <Table<Row>
        rowKey={(r) => `${r.category ?? ''}|${r.rate ?? ''}`}
        size="small"
        columns={columns}
        dataSource={report?.rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        {...tableState({ loading: loading && !report, error: report ? undefined : error, retry: refetch }, report?.rows, t('admin.accounting.vat.empty'))}
        summary={() =>
          report ? (
            <Table.Summary.Row className="statement-total">
              <Table.Summary.Cell index={0}>{t('admin.accounting.vat.totals')}</Table.Summary.Cell>
              {AMOUNTS.map((k, i) => (
                <Table.Summary.Cell key={k} index={i + 1} align="right">
                  <strong className="admin-amount" data-testid={`vat-total-${k}`}>
                    {money(report[k])}
                  </strong>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
      {report && (
        <Descriptions
          className="vat-summary"
          size="small"
          bordered
          column={1}
          items={[
            {
              key: 'net',
              label: t(report.netVat < 0 ? 'admin.accounting.vat.netRefund' : 'admin.accounting.vat.net'),
              children: (
                <strong className="admin-amount" data-testid="vat-net">
                  {money(Math.abs(report.netVat))}
                </strong>
              ),
            },
            { key: 'settlements', label: t('admin.accounting.vat.settlements'), children: <span className="admin-amount" data-testid="vat-settlements">{money(report.settlements)}</span> },
          ]}
        />
      )}
      <Typography.Paragraph className="admin-muted vat-note">{t('admin.accounting.vat.note')}</Typography.Paragraph>
    </section>
  );
};
