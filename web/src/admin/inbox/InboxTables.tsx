import { Button, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { tableState, type LoadState } from '../../common/DataState';
import { formatDate } from '../../common/format';
import type { ContactMessagesQuery, DemoRequestsQuery } from '../../gql/graphql';
import { Badge } from '../../shared/billing-badges';

export type ContactMessage = ContactMessagesQuery['contactMessages']['items'][number];
export type DemoRequest = DemoRequestsQuery['demoRequests']['items'][number];

interface TableProps<T> {
  rows: T[];
  total: number;
  state: LoadState;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  onToggle: (row: T) => void;
  busy: boolean;
}

/** Handled or not (the billing badges' colours: antd's warning tag is too pale to read). */
const HandledTag = ({ handled }: { handled: boolean }) => {
  const { t } = useTranslation();
  return <Badge tone={handled ? 'success' : 'warning'}>{t(handled ? 'admin.inbox.handled' : 'admin.inbox.unhandled')}</Badge>;
};

const useCommonColumns = <T extends { id: string; createdAt: string; name: string; email: string; handled: boolean }>(
  onToggle: (row: T) => void,
  busy: boolean,
) => {
  const { t } = useTranslation();
  const head: ColumnsType<T> = [
    { key: 'received', title: t('admin.inbox.received'), render: (_, r) => formatDate(r.createdAt) },
    { key: 'name', title: t('admin.fields.name'), dataIndex: 'name' },
    { key: 'email', title: t('admin.fields.email'), render: (_, r) => <a href={`mailto:${r.email}`}>{r.email}</a> },
  ];
  const tail: ColumnsType<T> = [
    { key: 'status', title: t('admin.fields.status'), render: (_, r) => <HandledTag handled={r.handled} /> },
    {
      key: 'actions',
      title: t('admin.fields.actions'),
      render: (_, r) => (
        <Button size="small" disabled={busy} onClick={() => onToggle(r)}>
          {t(r.handled ? 'admin.inbox.markUnhandled' : 'admin.inbox.markHandled')}
        </Button>
      ),
    },
  ];
  return { head, tail };
};

const Message = ({ text }: { text: string | null | undefined }) => (
  <Typography.Paragraph className="admin-inbox-message">{text || '—'}</Typography.Paragraph>
);

export const ContactMessagesTable = ({ rows, total, state, page, pageSize, onPage, onToggle, busy }: TableProps<ContactMessage>) => {
  const { t } = useTranslation();
  const { head, tail } = useCommonColumns<ContactMessage>(onToggle, busy);
  return (
    <Table<ContactMessage>
      rowKey="id"
      data-testid="contact-messages"
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      expandable={{ expandedRowRender: (r) => <Message text={r.message} /> }}
      pagination={{ current: page, pageSize, total, onChange: onPage, showSizeChanger: true }}
      {...tableState(state, rows, t('admin.inbox.emptyContact'))}
      columns={[...head, { key: 'subject', title: t('admin.inbox.subject'), dataIndex: 'subject' }, ...tail]}
    />
  );
};

export const DemoRequestsTable = ({ rows, total, state, page, pageSize, onPage, onToggle, busy }: TableProps<DemoRequest>) => {
  const { t } = useTranslation();
  const { head, tail } = useCommonColumns<DemoRequest>(onToggle, busy);
  return (
    <Table<DemoRequest>
      rowKey="id"
      data-testid="demo-requests"
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      expandable={{ expandedRowRender: (r) => <Message text={r.message} /> }}
      pagination={{ current: page, pageSize, total, onChange: onPage, showSizeChanger: true }}
      {...tableState(state, rows, t('admin.inbox.emptyDemo'))}
      columns={[
        ...head,
        { key: 'company', title: t('admin.inbox.company'), dataIndex: 'company' },
        { key: 'slot', title: t('admin.inbox.requestedSlot'), render: (_, r) => `${formatDate(r.date)}, ${r.time}` },
        ...tail,
      ]}
    />
  );
};
