import { EditOutlined, FileAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localToday } from '../../common/format';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { RowActions } from '../../common/RowActions';
import { reasonOf } from '../accounting/hooks/graphqlErrors';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { confirmed, useFeedback } from '../common/useFeedback';
import { subscriptionCard, subscriptionColumns } from './subscriptionColumns';
import { SubscriptionFormModal } from './SubscriptionFormModal';
import type { SubscriptionValues, SubscriptionView } from './subscriptionTypes';
import { useSaveSubscription, useSubscriptionCommands, useSubscriptions } from './useSubscriptions';

type Editing = { subscription: SubscriptionView | null } | null;

export const SubscriptionsPage = () => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [page, setPage] = useState({ page: 1, pageSize: 50 });
  const { subscriptions, total, loading, error, refetch } = useSubscriptions(page);
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

  const today = localToday();
  // A cancelled subscription is no longer invoiced (the server refuses it too).
  const rowActions = (s: SubscriptionView) => (
    <RowActions
      actions={[
        ...(s.status === 'active'
          ? [{ key: 'invoice', label: t('admin.subscriptions.createInvoice'), icon: <FileAddOutlined />, inline: true, loading: invoicing === s.id, onClick: () => void onCreateInvoice(s), testId: 'create-subscription-invoice' }]
          : []),
        // An icon beside Create invoice: with both labels the Greek action column was cut at 1280 px.
        { key: 'edit', label: t('buttons.edit'), icon: <EditOutlined />, inline: true, iconOnly: true, onClick: () => setEditing({ subscription: s }) },
        { key: 'delete', label: t('buttons.delete'), danger: true, onClick: () => void onDelete(s) },
      ]}
    />
  );

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
      <ResponsiveTable<SubscriptionView>
        label={t('admin.subscriptions.title')}
        rowKey="id"
        state={{ loading, error, retry: refetch }}
        dataSource={subscriptions}
        // Narrower than this the table scrolls in its own box; wider, long names wrap instead of pushing the actions out.
        scroll={{ x: 1000 }}
        pagination={{ current: page.page, pageSize: page.pageSize, total, onChange: (p, s) => setPage({ page: p, pageSize: s }) }}
        locale={{ emptyText: t('admin.subscriptions.empty') }}
        card={(s) => subscriptionCard(t, today, { withClient: true }, rowActions(s), s)}
        columns={[...subscriptionColumns(t, today, { withClient: true }), { key: 'actions', title: t('admin.fields.actions'), render: (_, s) => rowActions(s) }]}
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
