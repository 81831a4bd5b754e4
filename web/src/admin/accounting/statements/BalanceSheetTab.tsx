import { Alert } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../common/format';
import { useBalanceSheet } from '../hooks/useStatements';
import { eurosToCents, shortDay } from './amounts';
import { downloadCsv } from './csv';
import { balanceSheetModel, compareModels, statementRows } from './model';
import { PeriodControls } from './PeriodControls';
import { useAsOf, useComparison } from './period';
import { StatementScreen } from './StatementScreen';

export const BalanceSheetTab = () => {
  const { t } = useTranslation();
  const { asOf, setAsOf } = useAsOf();
  const { compare, setCompare } = useComparison();
  const { report, loading, error, refetch } = useBalanceSheet(asOf, compare);
  const model = useMemo(() => {
    if (!report) return undefined;
    const current = balanceSheetModel(report, t);
    return report.comparison ? compareModels(current, balanceSheetModel(report.comparison, t), [shortDay(report.asOf), shortDay(report.comparison.asOf)]) : current;
  }, [report, t]);
  // The books balance by construction; a difference here means a broken read model: say so loudly.
  const outOfBalance = report && eurosToCents(report.totalAssets) !== eurosToCents(report.totalLiabilitiesAndEquity);
  return (
    <StatementScreen
      testId="balance-sheet"
      title={t('admin.accounting.balance.title')}
      periodText={t('admin.accounting.period.asOfText', { date: formatDate(asOf) })}
      toolbar={
        <PeriodControls
          asOf={asOf}
          onAsOf={setAsOf}
          compare={compare}
          onCompare={setCompare}
          compareLabels={{ previous_period: t('admin.accounting.compare.monthEarlier'), previous_year: t('admin.accounting.compare.yearEarlier') }}
          onExport={() => model && downloadCsv(`balance-sheet_${asOf}.csv`, statementRows(model, asOf))}
          exportDisabled={!model}
          file={{ report: 'balance-sheet', params: { as_of: asOf, compare: compare ?? undefined } }}
        />
      }
      model={model}
      loading={loading}
      error={error}
      retry={refetch}
      ledgerSearch={`?to=${asOf}`}
      footer={outOfBalance ? <Alert type="error" showIcon title={t('admin.accounting.balance.outOfBalance')} /> : null}
    />
  );
};
