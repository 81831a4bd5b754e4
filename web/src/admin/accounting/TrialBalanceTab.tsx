import { Badge, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { tableState } from '../../common/DataState';
import { formatDate, formatMoney } from '../../common/format';
import type { TrialBalanceQuery } from '../../gql/graphql';
import { useTrialBalance } from './hooks/useStatements';
import { csvAmount, eurosToCents } from './statements/amounts';
import { downloadCsv } from './statements/csv';
import { PeriodControls } from './statements/PeriodControls';
import { useAsOf } from './statements/period';

type Row = TrialBalanceQuery['trialBalance']['rows'][number];

const money = (euros: number) => (euros ? formatMoney(eurosToCents(euros)) : '');

/** Every account's debit or credit balance as of a day; the totals must agree. */
export const TrialBalanceTab = () => {
  const { t } = useTranslation();
  const { asOf, setAsOf } = useAsOf();
  const { report, loading, error, refetch } = useTrialBalance(asOf);
  const balanced = report && eurosToCents(report.totalDebit) === eurosToCents(report.totalCredit);
  const columns: TableColumnsType<Row> = [
    { key: 'code', title: t('admin.accounting.accounts.code'), dataIndex: 'code', width: 90 },
    { key: 'account', title: t('admin.accounting.journal.account'), render: (_, r) => <Link to={`/admin/accounting/ledger/${r.accountId}?to=${asOf}`}>{r.account}</Link> },
    { key: 'debit', title: t('admin.accounting.journal.debit'), align: 'right', render: (_, r) => <span className="admin-amount">{money(r.debit)}</span> },
    { key: 'credit', title: t('admin.accounting.journal.credit'), align: 'right', render: (_, r) => <span className="admin-amount">{money(r.credit)}</span> },
  ];
  const exportCsv = () =>
    report &&
    downloadCsv(`trial-balance_${asOf}.csv`, [
      [t('admin.accounting.accounts.code'), t('admin.accounting.journal.account'), t('admin.accounting.journal.debit'), t('admin.accounting.journal.credit')],
      ...report.rows.map((r) => [r.code, r.account, csvAmount(eurosToCents(r.debit)), csvAmount(eurosToCents(r.credit))]),
      ['', t('admin.accounting.trial.totals'), csvAmount(eurosToCents(report.totalDebit)), csvAmount(eurosToCents(report.totalCredit))],
    ]);
  return (
    <section data-testid="trial-balance">
      <Typography.Title level={2} className="statement-title">
        {t('admin.accounting.tabs.trialBalance')}
      </Typography.Title>
      <Typography.Paragraph className="admin-muted">{t('admin.accounting.period.asOfText', { date: formatDate(asOf) })}</Typography.Paragraph>
      <PeriodControls asOf={asOf} onAsOf={setAsOf} onExport={exportCsv} exportDisabled={!report} file={{ report: 'trial-balance', params: { as_of: asOf } }} />
      <Table<Row>
        rowKey="accountId"
        size="small"
        columns={columns}
        dataSource={report?.rows ?? []}
        pagination={false}
        scroll={{ x: 520 }}
        {...tableState({ loading: loading && !report, error: report ? undefined : error, retry: refetch }, report?.rows, undefined)}
        summary={() =>
          report ? (
            <Table.Summary.Row className="statement-total">
              <Table.Summary.Cell index={0} colSpan={2}>
                {t('admin.accounting.trial.totals')}{' '}
                <Badge status={balanced ? 'success' : 'error'} text={balanced ? t('admin.accounting.trial.balanced') : t('admin.accounting.trial.unbalanced')} data-testid="trial-balanced" />
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <span className="admin-amount" data-testid="trial-total-debit">{formatMoney(eurosToCents(report.totalDebit))}</span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <span className="admin-amount" data-testid="trial-total-credit">{formatMoney(eurosToCents(report.totalCredit))}</span>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </section>
  );
};
