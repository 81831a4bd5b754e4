import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_AXIS, compactEuros, euroTooltip, Y_AXIS_WIDTH } from '../../../common/charts';
import type { ColumnStatement } from './columnsModel';

/**
 * The columns of a fiscal year as a picture: revenue and expenses as bars, net income as a line.
 * Assistive technology gets it as one image named by its heading; the table beside it has every figure.
 */
export const IncomeColumnsChart = ({ columns }: { columns: ColumnStatement[] }) => {
  const { t, i18n } = useTranslation();
  const label = (c: ColumnStatement) => (c.from.slice(0, 7) === c.to.slice(0, 7) ? dayjs(c.from).format('MMM YY') : `${dayjs(c.from).format('MMM')}–${dayjs(c.to).format('MMM YY')}`);
  const points = columns.map((c) => ({ label: label(c), revenue: c.totalRevenue, expenses: c.totalExpenses, net: c.netIncome }));
  const axis = CHART_AXIS;
  return (
    <div role="img" aria-label={t('admin.accounting.income.chart')} className="admin-chart-plot statement-columns-chart" data-testid="income-columns-chart">
      <ResponsiveContainer width="100%" height={240}>
        <ComposedChart data={points} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" {...axis} />
          <YAxis width={Y_AXIS_WIDTH} {...axis} tickFormatter={(v: number) => compactEuros(v, i18n.language)} />
          <Tooltip formatter={euroTooltip} />
          <Legend />
          <Bar isAnimationActive={false} dataKey="revenue" name={t('admin.accounting.income.totalRevenue')} fill="#1d4ed8" />
          <Bar isAnimationActive={false} dataKey="expenses" name={t('admin.accounting.income.totalExpenses')} fill="#ea580c" />
          <Line isAnimationActive={false} type="linear" dataKey="net" name={t('admin.accounting.income.netIncome')} stroke="#16a34a" strokeWidth={2} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
};

export default IncomeColumnsChart;
