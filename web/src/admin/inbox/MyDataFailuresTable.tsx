import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LoadState } from '../../common/DataState';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import type { MyDataFailuresQuery } from '../../gql/graphql';
import { MyDataErrors } from '../mydata/MyDataSection';
import { SendAgainButton } from '../mydata/SendAgainButton';
import '../mydata/mydata.css';

export type MyDataFailure = MyDataFailuresQuery['myDataFailures'][number];

const KINDS = new Set(['invoice', 'credit_note']);

/**
 * Documents AADE refused (myDATA): each with its number (linked to its invoice), AADE's errors and
 * Send again once fixed. A document sent again leaves the list.
 */
export const MyDataFailuresTable = ({ rows, state }: { rows: MyDataFailure[]; state: LoadState }) => {
  const { t } = useTranslation();
  const number = (r: MyDataFailure) => (
    <Link to={`/admin/invoices?invoice=${r.invoiceId}`} className="admin-nowrap">
      {r.number ?? '—'}
    </Link>
  );
  const kind = (r: MyDataFailure) => (KINDS.has(r.kind) ? t(`admin.mydata.kinds.${r.kind}`) : r.kind);
  const action = (r: MyDataFailure) => <SendAgainButton documentId={r.documentId} number={r.number} size="small" />;
  return (
    <ResponsiveTable<MyDataFailure>
      label={t('admin.mydata.inbox.title')}
      testId="mydata-failures"
      rowKey="documentId"
      size="middle"
      dataSource={rows}
      state={state}
      pagination={rows.length > 20 ? { pageSize: 20 } : false}
      locale={{ emptyText: t('admin.mydata.inbox.empty') }}
      card={(r) => ({
        title: number(r),
        subtitle: kind(r),
        details: <MyDataErrors errors={r.errors} />,
        actions: action(r),
      })}
      columns={[
        { key: 'number', title: t('admin.mydata.inbox.number'), render: (_, r) => number(r) },
        { key: 'kind', title: t('admin.mydata.inbox.kind'), render: (_, r) => kind(r) },
        { key: 'errors', title: t('admin.mydata.inbox.errors'), render: (_, r) => <MyDataErrors errors={r.errors} /> },
        { key: 'actions', title: t('admin.fields.actions'), render: (_, r) => action(r) },
      ]}
    />
  );
};
