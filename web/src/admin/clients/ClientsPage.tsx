import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { RowActions } from '../../common/RowActions';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { confirmed, useFeedback } from '../common/useFeedback';
import { useCompanyCountry } from '../settings/useCompanyCountry';
import { ClientFormModal } from './ClientFormModal';
import type { ClientValues, ClientView } from './clientTypes';
import { CreatedUserModal, useCreateUser, type CreatedUser } from './CreateUserButton';
import { useClients, useDeleteClient, useSaveClient } from './useClients';

type Editing = { client: ClientView | null } | null;

/** Edit in the row; Create User (until the client has a login) and Delete under "More". */
const ClientRowActions = ({ client, onEdit, onDelete, onCreatedUser }: { client: ClientView; onEdit: () => void; onDelete: () => void; onCreatedUser: (user: CreatedUser) => void }) => {
  const { t } = useTranslation();
  const createUser = useCreateUser(client.id, client.name, onCreatedUser);
  return (
    <RowActions
      actions={[
        { key: 'edit', label: t('buttons.edit'), inline: true, onClick: onEdit },
        ...(client.user ? [] : [{ key: 'createUser', label: t('admin.clients.createUser'), loading: createUser.creating, onClick: () => void createUser.run(), testId: 'create-user' }]),
        { key: 'delete', label: t('buttons.delete'), danger: true, onClick: onDelete },
      ]}
    />
  );
};

export const ClientsPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 50 });
  const { clients, total, loading, error, refetch } = useClients({ search, ...page });
  const { save, saving } = useSaveClient();
  const remove = useDeleteClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [createdUser, setCreatedUser] = useState<CreatedUser | null>(null);
  const companyCountry = useCompanyCountry();

  // The spec only logs client failures; the notification tells the admin, the modal keeps the input
  // and shows the server's field errors under their fields (it gets the refusal).
  const onSave = async (values: ClientValues) => {
    try {
      await save(editing?.client ?? null, values);
      setEditing(null);
    } catch (err) {
      feedback.logged(err, 'Failed to save client');
      throw err;
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

  const rowActions = (c: ClientView) => (
    <ClientRowActions client={c} onEdit={() => setEditing({ client: c })} onDelete={() => void onDelete(c)} onCreatedUser={setCreatedUser} />
  );

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
      <ResponsiveTable<ClientView>
        label={t('admin.clients.title')}
        rowKey="id"
        state={{ loading, error, retry: refetch }}
        dataSource={clients}
        // Narrower than this the table scrolls in its own box; wider, long names wrap instead of pushing the actions out.
        scroll={{ x: 800 }}
        rowClassName="admin-table-row-link"
        onRow={(c) => ({ onClick: () => navigate(`/admin/clients/${c.id}`) })}
        pagination={{ current: page.page, pageSize: page.pageSize, total, onChange: (p, s) => setPage({ page: p, pageSize: s }) }}
        locale={{ emptyText: t('admin.clients.empty') }}
        card={(c) => ({
          title: <Link to={`/admin/clients/${c.id}`}>{c.name}</Link>,
          subtitle: c.email,
          fields: [
            { key: 'phone', label: t('admin.fields.phone'), value: c.phone || '—' },
            { key: 'address', label: t('admin.fields.address'), value: c.address || '—' },
          ],
          actions: rowActions(c),
        })}
        columns={[
          // The name opens the client as a link (keyboard, new tab), as the row's click does.
          { key: 'name', title: t('admin.fields.name'), render: (_, c) => <Link to={`/admin/clients/${c.id}`}>{c.name}</Link> },
          { key: 'email', title: t('admin.fields.email'), dataIndex: 'email' },
          { key: 'phone', title: t('admin.fields.phone'), dataIndex: 'phone' },
          // No ellipsis: it would fix the columns' widths, and the actions' longer Greek labels were cut at 1280 px.
          { key: 'address', title: t('admin.fields.address'), dataIndex: 'address' },
          { key: 'actions', title: t('admin.fields.actions'), render: (_, c) => rowActions(c) },
        ]}
      />
      <ClientFormModal open={editing !== null} client={editing?.client ?? null} saving={saving} onCancel={() => setEditing(null)} onSave={onSave} companyCountry={companyCountry} />
      <CreatedUserModal user={createdUser} onClose={() => setCreatedUser(null)} />
    </AdminPage>
  );
};
