import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../common/format';
import { useCashFlow } from '../hooks/useStatements';
import { downloadCsv } from './csv';
import { cashFlowModel, statementRows } from './model';
import { PeriodControls } from './PeriodControls';
import { usePeriod } from './period';
import { StatementScreen } from './StatementScreen';

export const CashFlowTab = () => {
  const { t } = useTranslation();
  const { from, to, setPeriod } = usePeriod();
  const { report, loading, error, refetch } = useCashFlow(from, to);
  const model = useMemo(() => (report ? cashFlowModel(report, t) : undefined), [report, t]);
  return (
    <StatementScreen
      testId="cash-flow"
      title={t('admin.accounting.cashFlow.title')}
      periodText={t('admin.accounting.period.range', { from: formatDate(from), to: formatDate(to) })}
      toolbar={<PeriodControls from={from} to={to} onPeriod={setPeriod} onExport={() => model && downloadCsv(`cash-flow_${from}_${to}.csv`, statementRows(model, `${from} – ${to}`))} exportDisabled={!model} file={{ report: 'cash-flow', params: { from, to } }} />}
      model={model}
      loading={loading}
      error={error}
      retry={refetch}
      ledgerSearch={`?from=${from}&to=${to}`}
    />
  );
};
