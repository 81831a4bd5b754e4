import { Button, Switch, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { tableState, type LoadState } from '../../common/DataState';
import { formatDate, formatEuros } from '../../common/format';
import type { PaymentAlertsQuery } from '../../gql/graphql';
import { refundableCents, type PaymentView } from '../payments/refundable';

export type PaymentAlert = PaymentAlertsQuery['paymentAlerts']['items'][number];

/**
 * An alert's payment as the refund dialog takes it. Alerts are only ever gateway payments (recorded
 * as 'stripe' with their payment intent); a dispute is not listed here, so the server's check of
 * what is refundable has the last word.
 */
export const paymentOfAlert = (a: PaymentAlert): PaymentView => ({
  id: a.id,
  amount: a.amount,
  amountCents: Math.round(a.amount * 100),
  date: a.date,
  method: 'stripe',
  reference: a.reference,
  refundedAmount: a.refundedAmount,
  disputedAmount: 0,
  disputeStatus: null,
  fee: 0,
});

interface Props {
  rows: PaymentAlert[];
  total: number;
  state: LoadState;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  onToggle: (row: PaymentAlert) => void;
  onRefund: (row: PaymentAlert) => void;
  busy: boolean;
}

const money = (euros: number) => <span className="admin-amount">{formatEuros(euros)}</span>;

/**
 * Gateway payments for invoices already cancelled or deleted (refund or apply them), or paid on a
 * day the books had locked (posted on the first open day); marked handled once looked at.
 */
export const PaymentAlertsTable = ({ rows, total, state, page, pageSize, onPage, onToggle, onRefund, busy }: Props) => {
  const { t } = useTranslation();
  return (
    <Table<PaymentAlert>
      rowKey="id"
      data-testid="payment-alerts"
      size="middle"
      dataSource={rows}
      // Scrolls below this width (a phone); wider, the columns share the page and long words wrap, so a desktop shows every column in each language.
      scroll={{ x: 1100 }}
      pagination={{ current: page, pageSize, total, onChange: onPage, showSizeChanger: true }}
      {...tableState(state, rows, t('admin.inbox.alerts.empty'))}
      columns={[
        { key: 'date', title: t('admin.fields.date'), render: (_, r) => <span className="admin-nowrap">{formatDate(r.date)}</span> },
        {
          key: 'client',
          title: t('admin.fields.client'),
          render: (_, r) => (r.clientName ? <Link to={`/admin/clients/${r.clientId}`}>{r.clientName}</Link> : '—'),
        },
        { key: 'invoice', title: t('admin.fields.invoiceNumber'), dataIndex: 'invoiceNumber' },
        {
          key: 'reason',
          title: t('admin.inbox.alerts.reason'),
          // A payment for a cancelled invoice may also have come in for a locked day: both are said.
          render: (_, r) => (
            <>
              {r.reason !== 'locked' && <div>{t(`admin.inbox.alerts.reasons.${r.reason}`, { defaultValue: r.reason })}</div>}
              {r.postedOn && <div>{t('admin.inbox.alerts.reasons.locked', { date: formatDate(r.postedOn) })}</div>}
            </>
          ),
        },
        { key: 'amount', title: t('admin.fields.amount'), align: 'right', render: (_, r) => money(r.amount) },
        { key: 'refunded', title: t('admin.inbox.alerts.refunded'), align: 'right', render: (_, r) => money(r.refundedAmount) },
        {
          key: 'reference',
          title: t('admin.payments.reference'),
          // A Stripe payment intent id is long and only ever copied: shortened, whole on hover and in the text.
          render: (_, r) => (r.reference ? <span className="admin-reference" title={r.reference}>{r.reference}</span> : '—'),
        },
        {
          key: 'handled',
          title: t('admin.inbox.alerts.handled'),
          // A toggle rather than a tag and a button: the row stays narrow enough for a desktop in every language.
          render: (_, r) => (
            <Switch checked={r.handled} disabled={busy} onChange={() => onToggle(r)} aria-label={t('admin.inbox.alerts.handledLabel', { number: r.invoiceNumber })} />
          ),
        },
        {
          key: 'actions',
          title: t('admin.fields.actions'),
          render: (_, r) => (
            <Button size="small" disabled={refundableCents(paymentOfAlert(r)) <= 0} onClick={() => onRefund(r)}>
              {t('admin.refunds.refund')}
            </Button>
          ),
        },
      ]}
    />
  );
};
