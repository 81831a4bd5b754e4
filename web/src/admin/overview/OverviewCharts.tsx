import { useQuery } from '@apollo/client/react';
import { Card, Col, Collapse, Row, Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_AXIS, compactEuros, euroTooltip, Y_AXIS_WIDTH } from '../../common/charts';
import { LoadError, LoadingSkeleton } from '../../common/DataState';
import { useIsPhone } from '../../common/useIsPhone';
import { formatDate, formatEuros } from '../../common/format';
import { OVERVIEW_CHARTS } from './graphql/queries/overviewCharts';

const COLORS = { invoiced: '#1d4ed8', collected: '#16a34a', cash: '#0891b2', aging: ['#16a34a', '#ca8a04', '#ea580c', '#dc2626', '#7f1d1d'] };
const BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;


/** A chart and, for screen readers and exact figures, the same numbers as a table. */
const ChartCard = ({ title, testId, chart, table }: { title: string; testId: string; chart: React.ReactNode; table: React.ReactNode }) => {
  const { t } = useTranslation();
  return (
    <Card size="small" title={title} data-testid={testId} className="admin-chart">
      {/* A picture to assistive technology, named by its card; the table below carries the figures. */}
      <div className="admin-chart-plot" role="img" aria-label={title}>
        {chart}
      </div>
      {/* Wider than a phone in some languages: it scrolls sideways on its own, reachable by keyboard. */}
      <Collapse
        ghost
        size="small"
        items={[{ key: 'table', label: t('admin.overview.charts.showTable'), children: <div className="admin-chart-table" tabIndex={0} role="region" aria-label={title}>{table}</div> }]}
      />
    </Card>
  );
};

/** The overview's pictures: a year of invoicing and collections, receivables by age, cash over time. */
export const OverviewCharts = ({ failureShown = false }: { failureShown?: boolean }) => {
  const { t, i18n } = useTranslation();
  const phone = useIsPhone();
  const { data, error, refetch } = useQuery(OVERVIEW_CHARTS, { fetchPolicy: 'cache-and-network' });
  // When the page's figures failed too, the page says so once, with one Retry for both.
  if (!data && error) return failureShown ? null : <LoadError error={error} retry={refetch} className="admin-section" />;
  if (!data) return <div className="admin-section"><LoadingSkeleton rows={6} /></div>;
  const lng = i18n.language;
  const months = data.monthlyTrends.map((m) => ({ ...m, label: dayjs(m.month).format('MMM YY') }));
  const totals = data.agedReceivables.totals;
  const aging = BUCKETS.map((b, i) => ({ key: b, label: t(`admin.accounting.aging.${b}`), amount: totals[b], fill: COLORS.aging[i] }));
  const money = (v: number) => <span className="admin-amount">{formatEuros(v)}</span>;
  const axis = CHART_AXIS;
  const yAxis = <YAxis {...axis} width={Y_AXIS_WIDTH} tickFormatter={(v: number) => compactEuros(v, lng)} />;
  return (
    <Row gutter={[16, 16]} className="admin-section">
      <Col xs={24} xl={12}>
        <ChartCard
          title={t('admin.overview.charts.revenue')}
          testId="chart-revenue"
          chart={
            <ResponsiveContainer width="100%" height={240}>
              <BarChart data={months} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" {...axis} />
                {yAxis}
                <Tooltip formatter={euroTooltip} />
                <Legend />
                <Bar isAnimationActive={false} dataKey="invoiced" name={t('admin.overview.charts.invoiced')} fill={COLORS.invoiced} />
                <Bar isAnimationActive={false} dataKey="collected" name={t('admin.overview.charts.collected')} fill={COLORS.collected} />
              </BarChart>
            </ResponsiveContainer>
          }
          table={
            <Table
              size="small"
              rowKey="month"
              pagination={false}
              dataSource={months}
              columns={[
                { key: 'month', title: t('admin.overview.charts.month'), render: (_, m) => dayjs(m.month).format('MMMM YYYY') },
                { key: 'invoiced', title: t('admin.overview.charts.invoiced'), align: 'right', render: (_, m) => money(m.invoiced) },
                { key: 'collected', title: t('admin.overview.charts.collected'), align: 'right', render: (_, m) => money(m.collected) },
              ]}
            />
          }
        />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard
          title={t('admin.overview.charts.aging')}
          testId="chart-aging"
          chart={
            <ResponsiveContainer width="100%" height={240}>
              <BarChart data={aging} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                {/* Five bucket names side by side overlap on a phone: slanted there. */}
                {phone ? <XAxis dataKey="label" {...axis} interval={0} angle={-35} textAnchor="end" height={84} /> : <XAxis dataKey="label" {...axis} interval={0} />}
                {yAxis}
                <Tooltip formatter={euroTooltip} />
                <Bar isAnimationActive={false} dataKey="amount" name={t('admin.overview.charts.owed')}>
                  {aging.map((a) => (
                    <Cell key={a.key} fill={a.fill} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          }
          table={
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={aging}
              columns={[
                { key: 'bucket', title: t('admin.overview.charts.age'), dataIndex: 'label' },
                { key: 'amount', title: t('admin.overview.charts.owed'), align: 'right', render: (_, a) => money(a.amount) },
              ]}
            />
          }
        />
      </Col>
      <Col xs={24}>
        <ChartCard
          title={t('admin.overview.charts.cash')}
          testId="chart-cash"
          chart={
            <ResponsiveContainer width="100%" height={220}>
              <AreaChart data={months} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" {...axis} />
                {yAxis}
                <Tooltip formatter={euroTooltip} />
                <Area type="linear" isAnimationActive={false} dataKey="cashBalance" name={t('admin.overview.charts.cashBalance')} stroke={COLORS.cash} fill={COLORS.cash} fillOpacity={0.15} />
              </AreaChart>
            </ResponsiveContainer>
          }
          table={
            <Table
              size="small"
              rowKey="month"
              pagination={false}
              dataSource={months}
              columns={[
                { key: 'month', title: t('admin.overview.charts.monthEnd'), render: (_, m) => formatDate(dayjs(m.month).endOf('month')) },
                { key: 'cash', title: t('admin.overview.charts.cashBalance'), align: 'right', render: (_, m) => money(m.cashBalance) },
              ]}
            />
          }
        />
      </Col>
    </Row>
  );
};

export default OverviewCharts;
