import { useQuery } from '@apollo/client/react';
import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ResponsiveTable, type ListCard } from '../../common/ResponsiveTable';
import { countryName, formatDate } from '../../common/format';
import { useScreenLanguage } from '../../common/useAmount';
import type { EcSalesListQuery } from '../../gql/graphql';
import { EC_SALES_LIST } from './graphql/queries/ecSalesList';
import { eurosToCents, statementAmount } from './statements/amounts';
import { PeriodControls } from './statements/PeriodControls';
import { usePeriod } from './statements/period';

type Report = EcSalesListQuery['ecSalesList'];
type Row = Report['rows'][number] & { rowId: string };

const money = (euros: number) => statementAmount(eurosToCents(euros));

/**
 * The EC Sales List of a period (default the current quarter, as the VAT return): the services
 * supplied under reverse charge per customer in another member state, by VAT number, in euros.
 */
export const EcSalesListTab = () => {
  const { t } = useTranslation();
  const language = useScreenLanguage();
  const { from, to, setPeriod } = usePeriod(undefined, 'quarter');
  const { data, loading, error, refetch } = useQuery(EC_SALES_LIST, { variables: { from, to } });
  const report = data?.ecSalesList;
  const rows: Row[] = (report?.rows ?? []).map((r) => ({ ...r, rowId: `${r.country}|${r.vatNumber}` }));
  // Sales of documents written before their buyer was kept: one row without a country.
  const state = (r: Row) => (r.country ? `${countryName(r.country, language)} (${r.country})` : t('admin.accounting.ecSales.unknown'));
  const amount = (euros: number, testId?: string) => (
    <span className="admin-amount" data-testid={testId}>
      {money(euros)}
    </span>
  );
  const columns: TableColumnsType<Row> = [
    { key: 'country', title: t('admin.accounting.ecSales.country'), render: (_, r) => state(r) },
    { key: 'vatNumber', title: t('admin.accounting.ecSales.vatNumber'), render: (_, r) => <span className="ec-sales-vat">{r.vatNumber || '—'}</span> },
    { key: 'services', title: t('admin.accounting.ecSales.services'), align: 'right', render: (_, r) => amount(r.services) },
  ];
  const card = (r: Row): ListCard => ({
    title: r.vatNumber ? <span className="ec-sales-vat">{r.vatNumber}</span> : t('admin.accounting.ecSales.unknown'),
    subtitle: r.vatNumber ? state(r) : undefined,
    // The column's whole name would squeeze the VAT number beside it on a phone.
    amountLabel: t('admin.accounting.ecSales.servicesShort'),
    amount: money(r.services),
  });
  return (
    <section data-testid="ec-sales-list">
      <Typography.Title level={2} className="statement-title">
        {t('admin.accounting.tabs.ecSalesList')}
      </Typography.Title>
      <Typography.Paragraph className="admin-muted ec-sales-intro">{t('admin.accounting.ecSales.intro')}</Typography.Paragraph>
      <Typography.Paragraph className="admin-muted">{t('admin.accounting.period.range', { from: formatDate(from), to: formatDate(to) })}</Typography.Paragraph>
      <PeriodControls from={from} to={to} onPeriod={setPeriod} exportDisabled={!report} file={{ report: 'ec-sales-list', params: { from, to } }} />
      <ResponsiveTable<Row>
        label={t('admin.accounting.tabs.ecSalesList')}
        rowKey="rowId"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="ec-sales-table"
        state={{ loading: loading && !report, error: report ? undefined : error, retry: refetch }}
        locale={{ emptyText: t('admin.accounting.ecSales.empty') }}
        card={card}
        totalCard={
          report && rows.length > 0
            ? { title: t('admin.accounting.ecSales.total'), amount: <span data-testid="ec-sales-total">{money(report.total)}</span> }
            : undefined
        }
        summary={() =>
          report && rows.length > 0 ? (
            <Table.Summary.Row className="statement-total">
              <Table.Summary.Cell index={0} colSpan={2}>
                {t('admin.accounting.ecSales.total')}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <strong>{amount(report.total, 'ec-sales-total')}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      <Typography.Paragraph className="admin-muted vat-note ec-sales-note">
        {t('admin.accounting.ecSales.note')}{' '}
        <Link to={`/admin/accounting/vat-return?from=${from}&to=${to}`} data-testid="ec-sales-vat-return">
          {t('admin.accounting.ecSales.vatReturnLink')}
        </Link>
      </Typography.Paragraph>
    </section>
  );
};
