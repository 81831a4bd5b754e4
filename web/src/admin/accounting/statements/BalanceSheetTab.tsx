import { Alert } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../common/format';
import { useBalanceSheet } from '../hooks/useStatements';
import { eurosToCents } from './amounts';
import { downloadCsv } from './csv';
import { balanceSheetModel, statementRows } from './model';
import { PeriodControls } from './PeriodControls';
import { useAsOf } from './period';
import { StatementScreen } from './StatementScreen';

export const BalanceSheetTab = () => {
  const { t } = useTranslation();
  const { asOf, setAsOf } = useAsOf();
  const { report, loading, error } = useBalanceSheet(asOf);
  const model = useMemo(() => (report ? balanceSheetModel(report, t) : undefined), [report, t]);
  // The books balance by construction; a difference here means a broken read model: say so loudly.
  const outOfBalance = report && eurosToCents(report.totalAssets) !== eurosToCents(report.totalLiabilitiesAndEquity);
  return (
    <StatementScreen
      testId="balance-sheet"
      title={t('admin.accounting.balance.title')}
      periodText={t('admin.accounting.period.asOfText', { date: formatDate(asOf) })}
      toolbar={<PeriodControls asOf={asOf} onAsOf={setAsOf} onExport={() => model && downloadCsv(`balance-sheet_${asOf}.csv`, statementRows(model, asOf))} exportDisabled={!model} />}
      model={model}
      loading={loading}
      error={error}
      ledgerSearch={`?to=${asOf}`}
      footer={outOfBalance ? <Alert type="error" showIcon title={t('admin.accounting.balance.outOfBalance')} /> : null}
    />
  );
};
