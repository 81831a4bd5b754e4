import { lazy, Suspense, useMemo } from 'react';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../common/format';
import { useIncomeStatement } from '../hooks/useStatements';
import { downloadCsv } from './csv';
import { incomeStatementModel, statementRows } from './model';
import { PeriodControls } from './PeriodControls';
import { usePeriod } from './period';
import { StatementScreen } from './StatementScreen';

/** The columns bring the chart library along; the statement shows without waiting for it. */
const IncomeStatementColumns = lazy(() => import('./IncomeStatementColumns'));

export const IncomeStatementTab = () => {
  const { t } = useTranslation();
  const { from, to, setPeriod } = usePeriod();
  const { report, loading, error } = useIncomeStatement(from, to);
  const model = useMemo(() => (report ? incomeStatementModel(report, t) : undefined), [report, t]);
  const periodText = t('admin.accounting.period.range', { from: formatDate(from), to: formatDate(to) });
  return (
    <>
      <StatementScreen
        testId="income-statement"
        title={t('admin.accounting.income.title')}
        periodText={periodText}
        toolbar={<PeriodControls from={from} to={to} onPeriod={setPeriod} onExport={() => model && downloadCsv(`income-statement_${from}_${to}.csv`, statementRows(model, `${from} – ${to}`))} exportDisabled={!model} />}
        model={model}
        loading={loading}
        error={error}
        ledgerSearch={`?from=${from}&to=${to}`}
      />
      <Suspense fallback={<Skeleton active className="admin-section" />}>
        <IncomeStatementColumns />
      </Suspense>
    </>
  );
};
