import { Segmented, Select } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from '../../../common/format';
import { useIncomeStatement, useIncomeStatementColumns } from '../hooks/useStatements';
import { shortDay } from './amounts';
import { downloadCsv } from './csv';
import { IncomeStatementColumns } from './IncomeStatementColumns';
import { compareModels, incomeStatementModel, statementRows } from './model';
import { PeriodControls } from './PeriodControls';
import { useComparison, usePeriod } from './period';
import { StatementScreen } from './StatementScreen';

type View = 'period' | 'month' | 'quarter';

/** ?view=month|quarter&year= shows a fiscal year in columns; otherwise the period, optionally compared. */
const useView = () => {
  const [params, setParams] = useSearchParams();
  const raw = params.get('view');
  const view: View = raw === 'month' || raw === 'quarter' ? raw : 'period';
  // No year: the server's current fiscal year.
  const year = Number(params.get('year')) || undefined;
  const set = (key: string, value: string | null) =>
    setParams((p) => {
      if (value) p.set(key, value);
      else p.delete(key);
      return p;
    });
  return { view, year, setView: (v: View) => set('view', v === 'period' ? null : v), setYear: (y: number) => set('year', String(y)) };
};

export const IncomeStatementTab = () => {
  const { t } = useTranslation();
  const { from, to, setPeriod } = usePeriod();
  const { compare, setCompare } = useComparison();
  const { view, year, setView, setYear } = useView();
  const columnsView = view !== 'period';
  const { report, loading, error, refetch } = useIncomeStatement(from, to, columnsView ? null : compare);
  const columns = useIncomeStatementColumns(year, view === 'quarter', !columnsView);
  const shownYear = year ?? (columns.report ? Number(columns.report.from.slice(0, 4)) : undefined);
  // A fiscal year that does not start in January spans two calendar years: 2026/27.
  const yearLabel = (y: number) => (columns.report && columns.report.from.slice(5, 7) !== '01' ? `${y}/${String((y + 1) % 100).padStart(2, '0')}` : String(y));
  const model = useMemo(() => {
    if (!report) return undefined;
    const current = incomeStatementModel(report, t);
    if (!report.comparison) return current;
    const c = report.comparison;
    return compareModels(current, incomeStatementModel(c, t), [`${shortDay(report.from)} – ${shortDay(report.to)}`, `${shortDay(c.from)} – ${shortDay(c.to)}`]);
  }, [report, t]);
  const periodText = columnsView && columns.report
    ? t('admin.accounting.period.range', { from: formatDate(columns.report.from), to: formatDate(columns.report.to) })
    : t('admin.accounting.period.range', { from: formatDate(from), to: formatDate(to) });
  const thisYear = dayjs().year();
  const viewControls = (
    <>
      <Segmented<View>
        aria-label={t('admin.accounting.view.label')}
        value={view}
        onChange={setView}
        options={(['period', 'month', 'quarter'] as const).map((v) => ({ value: v, label: t(`admin.accounting.view.${v}`) }))}
        data-testid="income-view"
      />
      {columnsView && (
        <Select<number>
          aria-label={t('admin.accounting.view.fiscalYear')}
          value={shownYear}
          onChange={setYear}
          options={Array.from({ length: 7 }, (_, i) => thisYear + 1 - i).map((y) => ({ value: y, label: yearLabel(y) }))}
          data-testid="fiscal-year-select"
        />
      )}
    </>
  );
  const toolbar = columnsView ? (
    <PeriodControls
      exportDisabled={!columns.report}
      file={{ report: 'income-statement', params: { columns: view, fiscal_year: shownYear ? String(shownYear) : undefined } }}
    >
      {viewControls}
    </PeriodControls>
  ) : (
    <PeriodControls
      from={from}
      to={to}
      onPeriod={setPeriod}
      compare={compare}
      onCompare={setCompare}
      onExport={() => model && downloadCsv(`income-statement_${from}_${to}.csv`, statementRows(model, `${from} – ${to}`))}
      exportDisabled={!model}
      file={{ report: 'income-statement', params: { from, to, compare: compare ?? undefined } }}
    >
      {viewControls}
    </PeriodControls>
  );
  return (
    <StatementScreen
      testId="income-statement"
      title={t('admin.accounting.income.title')}
      periodText={periodText}
      toolbar={toolbar}
      model={columnsView ? undefined : model}
      loading={columnsView ? columns.loading : loading}
      error={columnsView ? columns.error : error}
      retry={columnsView ? columns.refetch : refetch}
      ledgerSearch={`?from=${from}&to=${to}`}
      footer={null}
      body={columnsView && columns.report ? <IncomeStatementColumns columns={columns.report.columns} /> : undefined}
    />
  );
};
