import { FileAddOutlined } from '@ant-design/icons';
import { Button, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localToday } from '../../common/format';
import { reasonOf } from '../accounting/hooks/graphqlErrors';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { confirmed, useFeedback, useReportLoadError } from '../common/useFeedback';
import { subscriptionColumns } from './subscriptionColumns';
import { SubscriptionFormModal } from './SubscriptionFormModal';
import type { SubscriptionValues, SubscriptionView } from './subscriptionTypes';
import { useSaveSubscription, useSubscriptionCommands, useSubscriptions } from './useSubscriptions';

type Editing = { subscription: SubscriptionView | null } | null;

export const SubscriptionsPage = () => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [page, setPage] = useState({ page: 1, pageSize: 50 });
  const { subscriptions, total, loading, error } = useSubscriptions(page);
  useReportLoadError(error, 'Failed to fetch subscriptions');
  const { save, saving } = useSaveSubscription();
  const { remove, createInvoice } = useSubscriptionCommands();
  const [editing, setEditing] = useState<Editing>(null);
  const [invoicing, setInvoicing] = useState<string | null>(null);

  const onSave = async (values: SubscriptionValues) => {
    try {
      await save(editing?.subscription ?? null, values);
      setEditing(null);
    } catch (err) {
      console.error('Failed to save subscription', err);
      feedback.error(t('admin.subscriptions.saveFailed'));
    }
  };

  const onDelete = async (s: SubscriptionView) => {
    if (!confirmed(t('admin.subscriptions.confirmDelete'))) return;
    try {
      await remove(s.id);
    } catch (err) {
      feedback.logged(err, 'Failed to delete subscription');
    }
  };

  const onCreateInvoice = async (s: SubscriptionView) => {
    if (!confirmed(t('admin.subscriptions.confirmCreateInvoice'))) return;
    setInvoicing(s.id);
    try {
      await createInvoice(s.id);
      feedback.success(t('admin.subscriptions.invoiceCreated'));
    } catch (err) {
      console.error('Failed to create invoice', err);
      // Cancelled since the list was loaded (the action is offered for active ones only): say so.
      feedback.error(t(reasonOf(err) === 'SUBSCRIPTION_CANCELLED' ? 'admin.subscriptions.cancelledNotInvoiced' : 'admin.subscriptions.invoiceFailed'));
    } finally {
      setInvoicing(null);
    }
  };

  return (
    <AdminPage testId="admin-subscriptions">
      <PageHeader
        title={t('admin.subscriptions.title')}
        actions={
          <Button type="primary" onClick={() => setEditing({ subscription: null })}>
            {t('admin.subscriptions.create')}
          </Button>
        }
      />
      <Table<SubscriptionView>
        rowKey="id"
        loading={loading}
        dataSource={subscriptions}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page.page, pageSize: page.pageSize, total, onChange: (p, s) => setPage({ page: p, pageSize: s }) }}
        locale={{ emptyText: t('admin.subscriptions.empty') }}
        columns={[
          ...subscriptionColumns(t, localToday(), { withClient: true }),
          {
            key: 'actions',
            title: t('admin.fields.actions'),
            render: (_, s) => (
              <Space wrap size={4}>
                <Button size="small" onClick={() => setEditing({ subscription: s })}>
                  {t('buttons.edit')}
                </Button>
                <Button size="small" danger onClick={() => void onDelete(s)}>
                  {t('buttons.delete')}
                </Button>
                {/* A cancelled subscription is no longer invoiced (the server refuses it too). */}
                {s.status === 'active' && (
                  <Button size="small" icon={<FileAddOutlined />} loading={invoicing === s.id} onClick={() => void onCreateInvoice(s)} data-testid="create-subscription-invoice">
                    {t('admin.subscriptions.createInvoice')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <SubscriptionFormModal
        open={editing !== null}
        subscription={editing?.subscription ?? null}
        saving={saving}
        onCancel={() => setEditing(null)}
        onSave={(v) => void onSave(v)}
      />
    </AdminPage>
  );
};
