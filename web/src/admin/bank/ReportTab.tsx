import { CheckCircleOutlined, CloseCircleOutlined, FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button, Descriptions, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { formatDate, formatEuros } from '../../common/format';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { IsoDatePicker } from '../common/IsoDatePicker';
import { useReportLoadError } from '../common/useFeedback';
import { BankAccountSelect, useBankAccountChoice } from './BankAccountSelect';
import { reportApi, type ReconciliationReportView, type ReportItemView } from './reportApi';
import './bankReport.css';

/** A signed amount as the bank sees it: money in green, money out with its minus. */
const Amount = ({ euros, testId }: { euros: number; testId?: string }) => (
  <span className={`admin-amount ${euros < 0 ? 'bank-amount-out' : 'bank-amount-in'}`} data-testid={testId}>
    {formatEuros(euros)}
  </span>
);

/** A figure of the report: neutral, tabular, never broken across lines. */
const Figure = ({ euros, testId }: { euros: number; testId: string }) => (
  <span className="bank-report-figure" data-testid={testId}>
    {formatEuros(euros)}
  </span>
);

/** What is left on one side: statement lines not reconciled yet, or ledger movements on no statement. */
const ItemList = ({ title, items, total, empty, testId }: { title: string; items: ReportItemView[]; total: number; empty: string; testId: string }) => {
  const { t } = useTranslation();
  return (
    <>
      <Flex align="baseline" justify="space-between" gap={8} wrap className="bank-report-list-head">
        <Typography.Title level={3} className="bank-section-title">
          {title}
        </Typography.Title>
        <span className="bank-report-list-total">
          {t('bank.report.total')}: <Figure euros={total} testId={`${testId}-sum`} />
        </span>
      </Flex>
      <ResponsiveTable<ReportItemView>
        label={title}
        testId={testId}
        rowKey="id"
        dataSource={items}
        pagination={items.length > 20 ? { pageSize: 20 } : false}
        locale={{ emptyText: empty }}
        columns={[
          { title: t('bank.report.date'), dataIndex: 'date', width: 170, render: (d: string) => formatDate(d) },
          { title: t('bank.report.description'), dataIndex: 'description', render: (d: string) => <span className="bank-report-text">{d || '—'}</span> },
          { title: t('bank.report.amount'), dataIndex: 'amount', align: 'right', width: 150, render: (a: number) => <Amount euros={a} /> },
        ]}
        card={(i) => ({ title: <span className="bank-report-text">{i.description || '—'}</span>, amount: <Amount euros={i.amount} />, fields: [{ key: 'date', label: t('bank.report.date'), value: formatDate(i.date) }] })}
      />
    </>
  );
};

/**
 * The proof that the books equal the bank for one bank account on a statement's closing day: the
 * figures from the statement balance to the difference, proven or not, what is left on each side,
 * and the same as the server's PDF or XLSX.
 */
export const ReportTab = () => {
  const { t, i18n } = useTranslation();
  const { banks, accountId, choose, loading: accountsLoading } = useBankAccountChoice();
  const [date, setDate] = useState<string | undefined>();
  const [report, setReport] = useState<ReconciliationReportView | null>(null);
  const [missing, setMissing] = useState(false);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);
  useReportLoadError(loadError, 'Failed to fetch the reconciliation report');

  useEffect(() => {
    if (!accountId) return;
    let live = true;
    setLoading(true);
    reportApi.report(accountId, date).then(
      (found) => {
        if (!live) return;
        setReport(found);
        setMissing(false);
        setLoading(false);
      },
      (err: unknown) => {
        if (!live) return;
        setReport(null);
        // No statement closes on or before the day: said as such, not as a failure.
        if (err instanceof ApiError && err.status === 404) setMissing(true);
        else setLoadError(err);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [accountId, date]);

  if (!accountsLoading && banks.length === 0) return <Typography.Paragraph>{t('bank.statements.noBankAccount')}</Typography.Paragraph>;

  const lang = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const file = (format: 'pdf' | 'xlsx') => (accountId ? reportApi.fileUrl(accountId, format, date, lang) : undefined);
  const figures = report
    ? [
        { key: 'statement', label: t('bank.report.statementBalance'), children: <Figure euros={report.statement_balance} testId="report-statement-balance" /> },
        { key: 'ledger', label: t('bank.report.ledgerBalance'), children: <Figure euros={report.ledger_balance} testId="report-ledger-balance" /> },
        { key: 'lines', label: t('bank.report.linesTotal'), children: <Figure euros={report.unreconciled_lines_total} testId="report-lines-total" /> },
        { key: 'movements', label: t('bank.report.movementsTotal'), children: <Figure euros={report.unreconciled_movements_total} testId="report-movements-total" /> },
        { key: 'explained', label: t('bank.report.explainedBalance'), children: <Figure euros={report.explained_balance} testId="report-explained-balance" /> },
        {
          key: 'difference',
          label: t('bank.report.difference'),
          children: (
            <strong className={report.difference === 0 ? 'bank-report-difference-none' : 'bank-report-difference'} data-testid="report-difference">
              {formatEuros(report.difference)}
            </strong>
          ),
        },
      ]
    : [];

  return (
    <section data-testid="bank-report" className="bank-report">
      <Flex align="center" gap={8} wrap className="admin-toolbar">
        <BankAccountSelect id="bank-report-account" banks={banks} value={accountId} onChange={choose} loading={accountsLoading} />
        <label htmlFor="bank-report-date" className="bank-account-label">
          {t('bank.report.asOf')}
        </label>
        <div className="bank-report-date">
          <IsoDatePicker id="bank-report-date" value={date} onChange={setDate} />
        </div>
        <Flex gap={8} wrap className="bank-report-files">
          <Button icon={<FilePdfOutlined aria-hidden />} href={file('pdf')} download disabled={!report} data-testid="report-pdf">
            {t('bank.report.pdf')}
          </Button>
          <Button icon={<FileExcelOutlined aria-hidden />} href={file('xlsx')} download disabled={!report} data-testid="report-xlsx">
            {t('bank.report.xlsx')}
          </Button>
        </Flex>
      </Flex>
      <Typography.Paragraph className="bank-intro">{t('bank.report.intro')}</Typography.Paragraph>

      {missing ? (
        <Empty description={date ? t('bank.report.noStatementBefore', { date: formatDate(date) }) : t('bank.report.noStatement')} data-testid="report-missing" />
      ) : !report ? (
        <Spin spinning={loading}>
          <div className="bank-report-placeholder" />
        </Spin>
      ) : (
        <Spin spinning={loading}>
          <div className={`bank-report-verdict ${report.proven ? 'bank-report-verdict-proven' : 'bank-report-verdict-open'}`} data-testid="report-verdict">
            <Tag color={report.proven ? 'success' : 'error'} icon={report.proven ? <CheckCircleOutlined aria-hidden /> : <CloseCircleOutlined aria-hidden />} className="bank-report-badge" data-testid="report-badge">
              {report.proven ? t('bank.report.proven') : t('bank.report.notProven')}
            </Tag>
            <span className="bank-report-verdict-text">
              {t('bank.report.onDay', { date: formatDate(report.date) })}{' '}
              {report.proven ? (report.complete ? t('bank.report.provenComplete') : t('bank.report.provenOpen')) : t('bank.report.notProvenText', { amount: formatEuros(report.difference) })}
            </span>
          </div>
          <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3 }} items={figures} className="bank-report-figures" data-testid="report-figures" />
          <ItemList title={t('bank.report.lines')} items={report.unreconciled_lines} total={report.unreconciled_lines_total} empty={t('bank.report.noLines')} testId="report-lines" />
          <ItemList title={t('bank.report.movements')} items={report.unreconciled_movements} total={report.unreconciled_movements_total} empty={t('bank.report.noMovements')} testId="report-movements" />
        </Spin>
      )}
    </section>
  );
};
