import { PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { tableState } from '../../../common/DataState';
import type { AccountsQuery } from '../../../gql/graphql';
import { confirmed, useFeedback } from '../../common/useFeedback';
import { messageOf } from '../hooks/graphqlErrors';
import { useAccountMutations } from '../hooks/useAccountMutations';
import { useAccounts } from '../hooks/useAccounts';
import { AccountFormModal, type AccountModalState } from './AccountFormModal';

type Account = AccountsQuery['accounts'][number];

/** The chart of accounts: add, rename, deactivate; deletion only without postings (the server says why not). */
export const ChartOfAccountsTab = () => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [showInactive, setShowInactive] = useState(true);
  const { accounts, loading, error, refetch } = useAccounts(showInactive);
  const { setAccountActive, deleteAccount } = useAccountMutations();
  const [modal, setModal] = useState<AccountModalState>();

  // Refusals (postings exist, system account) are expected answers: show the server's own words.
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (err) {
      console.warn('Account change refused', err);
      feedback.error(messageOf(err));
    }
  };

  const columns: TableColumnsType<Account> = [
    { key: 'code', title: t('admin.accounting.accounts.code'), dataIndex: 'code', width: 90 },
    {
      key: 'name',
      title: t('admin.accounting.accounts.name'),
      render: (_, a) => (
        <Flex gap={6} wrap align="center">
          <Link to={`/admin/accounting/ledger/${a.id}`}>{a.accountName}</Link>
          {a.isSystem && <Tag>{t('admin.accounting.accounts.system')}</Tag>}
        </Flex>
      ),
    },
    { key: 'type', title: t('admin.accounting.accounts.type'), render: (_, a) => t(`enum.accountType.${a.type}`) },
    { key: 'class', title: t('admin.accounting.accounts.cashFlowClass'), render: (_, a) => t(`enum.cashFlowClass.${a.cashFlowClass}`) },
    {
      key: 'status',
      title: t('admin.accounting.accounts.status'),
      render: (_, a) => <Badge status={a.isActive ? 'success' : 'default'} text={a.isActive ? t('admin.accounting.accounts.active') : t('admin.accounting.accounts.inactive')} />,
    },
    {
      key: 'actions',
      title: t('admin.accounting.journal.actions'),
      render: (_, a) => (
        <Flex gap={4} wrap>
          <Button size="small" onClick={() => setModal({ mode: 'rename', id: a.id, accountName: a.accountName })}>
            {t('admin.accounting.accounts.rename')}
          </Button>
          {/* Automatic postings need system accounts: the server refuses, so the buttons are not offered. */}
          {!a.isSystem && (
            <>
              <Button size="small" onClick={() => void run(() => setAccountActive(a.id, !a.isActive))}>
                {a.isActive ? t('admin.accounting.accounts.deactivate') : t('admin.accounting.accounts.activate')}
              </Button>
              <Button size="small" onClick={() => confirmed(t('admin.accounting.accounts.confirmDelete')) && void run(() => deleteAccount(a.id))}>
                {t('buttons.delete')}
              </Button>
            </>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <section data-testid="chart-of-accounts">
      <Flex justify="space-between" align="center" wrap gap={8} className="admin-toolbar">
        <Typography.Title level={2} className="statement-title">
          {t('admin.accounting.tabs.accounts')}
        </Typography.Title>
        <Flex gap={12} align="center" wrap>
          <label className="admin-inline-field">
            <Switch size="small" checked={showInactive} onChange={setShowInactive} /> <span>{t('admin.accounting.accounts.showInactive')}</span>
          </label>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setModal({ mode: 'create' })} data-testid="create-account">
            {t('admin.accounting.accounts.create')}
          </Button>
        </Flex>
      </Flex>
      <Table<Account> rowKey="id" size="small" columns={columns} dataSource={accounts} {...tableState({ loading, error, retry: refetch }, accounts, undefined)} pagination={false} scroll={{ x: 820 }} />
      <AccountFormModal state={modal} onClose={() => setModal(undefined)} />
    </section>
  );
};
