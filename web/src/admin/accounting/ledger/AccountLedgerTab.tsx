import { Flex, Select, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LoadError, LoadingSkeleton } from '../../../common/DataState';
import { formatDate, formatMoney } from '../../../common/format';
import type { AccountLedgerQuery } from '../../../gql/graphql';
import { useAccountLedger } from '../hooks/useAccountLedger';
import { useAccounts } from '../hooks/useAccounts';
import { SourceLink } from '../journal/SourceLink';
import { csvAmount, eurosToCents, statementAmount } from '../statements/amounts';
import { downloadCsv } from '../statements/csv';
import { PeriodControls } from '../statements/PeriodControls';
import { usePeriod } from '../statements/period';

type Line = AccountLedgerQuery['accountLedger']['lines'][number];
const PAGE_SIZE = 50;
const money = (euros: number) => (euros ? formatMoney(eurosToCents(euros)) : '');

/** One account's movements in a period: opening balance, lines with their source, running balance. */
export const AccountLedgerTab = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { accountId } = useParams();
  const { accounts } = useAccounts(true);
  const { from, to, setPeriod } = usePeriod();
  const [current, setCurrent] = useState(1);
  const { ledger, loading, error, refetch } = useAccountLedger(accountId, from, to, { offset: (current - 1) * PAGE_SIZE, limit: PAGE_SIZE });

  const columns: TableColumnsType<Line> = [
    { key: 'date', title: t('admin.accounting.journal.date'), dataIndex: 'date', render: (d: string) => formatDate(d), width: 150 },
    {
      key: 'description',
      title: t('admin.accounting.journal.description'),
      render: (_, l) => (
        <Flex vertical gap={4} align="start">
          <span>{l.description || '—'}{l.kind === 'reversal' ? ` (${t('admin.accounting.ledger.reversal')})` : ''}</span>
          <SourceLink source={l.source} invoiceId={l.invoiceId} />
        </Flex>
      ),
    },
    { key: 'debit', title: t('admin.accounting.journal.debit'), align: 'right', render: (_, l) => <span className="admin-amount">{money(l.debit)}</span> },
    { key: 'credit', title: t('admin.accounting.journal.credit'), align: 'right', render: (_, l) => <span className="admin-amount">{money(l.credit)}</span> },
    { key: 'balance', title: t('admin.accounting.ledger.balance'), align: 'right', render: (_, l) => <span className="admin-amount">{statementAmount(eurosToCents(l.balance))}</span> },
  ];

  const exportCsv = () =>
    ledger &&
    downloadCsv(`ledger_${ledger.account}_${from}_${to}.csv`, [
      [t('admin.accounting.journal.date'), t('admin.accounting.journal.description'), t('admin.accounting.journal.debit'), t('admin.accounting.journal.credit'), t('admin.accounting.ledger.balance')],
      ['', t('admin.accounting.ledger.opening'), '', '', csvAmount(eurosToCents(ledger.openingBalance))],
      ...ledger.lines.map((l) => [l.date, l.description, csvAmount(eurosToCents(l.debit)), csvAmount(eurosToCents(l.credit)), csvAmount(eurosToCents(l.balance))]),
      ['', t('admin.accounting.ledger.closing'), '', '', csvAmount(eurosToCents(ledger.closingBalance))],
    ]);

  return (
    <section data-testid="account-ledger">
      <Typography.Title level={2} className="statement-title">
        {ledger ? t('admin.accounting.ledger.titleOf', { account: ledger.account }) : t('admin.accounting.tabs.ledger')}
      </Typography.Title>
      <Flex wrap gap={8} align="center" className="admin-toolbar">
        <Select
          className="ledger-account-select"
          value={accountId}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('admin.accounting.journal.selectAccount')}
          aria-label={t('admin.accounting.journal.account')}
          options={accounts.map((a) => ({ value: a.id, label: `${a.code} ${a.accountName}` }))}
          onChange={(id: string) => {
            setCurrent(1);
            navigate(`/admin/accounting/ledger/${id}?${search.toString()}`);
          }}
        />
      </Flex>
      <PeriodControls from={from} to={to} onPeriod={(f, tt) => (setCurrent(1), setPeriod(f, tt))} onExport={exportCsv} exportDisabled={!ledger} file={accountId ? { report: 'account-ledger', params: { account_id: accountId, from, to } } : undefined} />
      {!accountId ? (
        <Typography.Paragraph>{t('admin.accounting.ledger.choose')}</Typography.Paragraph>
      ) : loading && !ledger ? (
        <LoadingSkeleton rows={8} />
      ) : error && !loading ? (
        // Not the previous period's balances under this one's heading.
        <LoadError error={error} retry={refetch} />
      ) : ledger ? (
        <>
          <Flex justify="space-between" className="statement-line statement-total" data-testid="ledger-opening">
            <span>{t('admin.accounting.ledger.openingOn', { date: formatDate(ledger.from) })}</span>
            <span className="admin-amount">{statementAmount(eurosToCents(ledger.openingBalance))}</span>
          </Flex>
          <Table<Line>
            rowKey={(l) => `${l.entryId}-${l.date}-${l.kind}-${l.debit}-${l.credit}-${l.balance}`}
            size="small"
            columns={columns}
            dataSource={ledger.lines}
            pagination={ledger.total > PAGE_SIZE ? { current, pageSize: PAGE_SIZE, total: ledger.total, onChange: setCurrent, showSizeChanger: false } : false}
            scroll={{ x: 720 }}
            locale={{ emptyText: t('admin.accounting.ledger.empty') }}
          />
          <Flex justify="space-between" className="statement-line statement-total" data-testid="ledger-closing">
            <span>{t('admin.accounting.ledger.closingOn', { date: formatDate(ledger.to) })}</span>
            <span className="admin-amount">{statementAmount(eurosToCents(ledger.closingBalance))}</span>
          </Flex>
        </>
      ) : null}
    </section>
  );
};
