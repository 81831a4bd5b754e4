import { Button, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { confirmed, useFeedback, useReportLoadError } from '../common/useFeedback';
import { ClientFormModal } from './ClientFormModal';
import type { ClientValues, ClientView } from './clientTypes';
import { CreatedUserModal, CreateUserButton, type CreatedUser } from './CreateUserButton';
import { useClients, useDeleteClient, useSaveClient } from './useClients';

type Editing = { client: ClientView | null } | null;

export const ClientsPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 50 });
  const { clients, total, loading, error } = useClients({ search, ...page });
  useReportLoadError(error, 'Failed to fetch clients');
  const { save, saving } = useSaveClient();
  const remove = useDeleteClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [createdUser, setCreatedUser] = useState<CreatedUser | null>(null);

  // The spec only logs client failures; the notification tells the admin, the modal keeps the input.
  const onSave = async (values: ClientValues) => {
    try {
      await save(editing?.client ?? null, values);
      setEditing(null);
    } catch (err) {
      feedback.logged(err, 'Failed to save client');
    }
  };

  const onDelete = async (client: ClientView) => {
    if (!confirmed(t('admin.clients.confirmDelete'))) return;
    try {
      await remove(client.id);
    } catch (err) {
      feedback.logged(err, 'Failed to delete client');
    }
  };

  const stop = (fn: () => void) => (e: React.MouseEvent) => {
    e.stopPropagation();
    fn();
  };

  return (
    <AdminPage testId="admin-clients">
      <PageHeader
        title={t('admin.clients.title')}
        actions={
          <>
            <Input.Search
              allowClear
              placeholder={t('admin.clients.search')}
              aria-label={t('admin.clients.search')}
              onSearch={(v) => {
                setSearch(v.trim());
                setPage((p) => ({ ...p, page: 1 }));
              }}
              style={{ width: 240 }}
            />
            <Button type="primary" onClick={() => setEditing({ client: null })}>
              {t('admin.clients.create')}
            </Button>
          </>
        }
      />
      <Table<ClientView>
        rowKey="id"
        loading={loading}
        dataSource={clients}
        scroll={{ x: 'max-content' }}
        rowClassName="admin-table-row-link"
        onRow={(c) => ({ onClick: () => navigate(`/admin/clients/${c.id}`) })}
        pagination={{ current: page.page, pageSize: page.pageSize, total, onChange: (p, s) => setPage({ page: p, pageSize: s }) }}
        locale={{ emptyText: t('admin.clients.empty') }}
        columns={[
          { key: 'name', title: t('admin.fields.name'), dataIndex: 'name' },
          { key: 'email', title: t('admin.fields.email'), dataIndex: 'email' },
          { key: 'phone', title: t('admin.fields.phone'), dataIndex: 'phone' },
          { key: 'address', title: t('admin.fields.address'), dataIndex: 'address', ellipsis: true },
          {
            key: 'actions',
            title: t('admin.fields.actions'),
            render: (_, c) => (
              <Space wrap>
                <Button size="small" onClick={stop(() => setEditing({ client: c }))}>
                  {t('buttons.edit')}
                </Button>
                <Button size="small" danger onClick={stop(() => void onDelete(c))}>
                  {t('buttons.delete')}
                </Button>
                {!c.user && <CreateUserButton clientId={c.id} clientName={c.name} onCreated={setCreatedUser} />}
              </Space>
            ),
          },
        ]}
      />
      <ClientFormModal open={editing !== null} client={editing?.client ?? null} saving={saving} onCancel={() => setEditing(null)} onSave={(v) => void onSave(v)} />
      <CreatedUserModal user={createdUser} onClose={() => setCreatedUser(null)} />
    </AdminPage>
  );
};
