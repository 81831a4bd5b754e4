import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatAmount, formatDate } from '../../common/format';
import type { ListCard } from '../../common/ResponsiveTable';
import { Badge, InvoiceStatusBadge } from '../../shared/billing-badges';
import type { InvoiceView } from './invoiceTypes';

const overdue = (i: InvoiceView, today: string) => !i.paid && !i.cancelled && !i.writtenOff && i.dueDate < today;

/** What the list and the client page need beside the translations: whether to name the client, and the screen's language (amounts in another currency than the euro follow it). */
export interface InvoiceListOptions {
  withClient: boolean;
  language: string;
}

/** An amount of the invoice, in its currency. */
const money = (i: InvoiceView, amount: number, language: string) => formatAmount(amount, i.currency, language);

const InvoiceStatus = ({ invoice: i, t, language }: { invoice: InvoiceView; t: TFunction; language: string }) => (
  <span className="admin-badges">
    {i.cancelled ? (
      <Badge tone="error">{t('admin.creditNotes.cancelledTag')}</Badge>
    ) : i.writtenOff && !i.paid ? (
      <Badge tone="error">
        {i.recoveredAmount
          ? t('admin.invoices.writeOff.tagRecovered', { amount: money(i, i.writtenOffAmount ?? 0, language), recovered: money(i, i.recoveredAmount, language) })
          : t('admin.invoices.writeOff.tag', { amount: money(i, i.writtenOffAmount ?? 0, language) })}
      </Badge>
    ) : !i.paid && i.paidAmount > 0 ? (
      <Badge tone="warning">{t('admin.payments.partlyPaid', { open: money(i, i.openAmount, language) })}</Badge>
    ) : (
      <InvoiceStatusBadge paid={i.paid} />
    )}
    {i.sent && <Badge tone="default">{t('admin.invoices.sentTag')}</Badge>}
    {i.reverseCharge && <Badge tone="default">{t('admin.invoices.reverseChargeTag')}</Badge>}
    {!i.cancelled && i.creditedAmount > 0 && <Badge tone="default">{t('admin.creditNotes.creditedTag')}</Badge>}
  </span>
);

const clientLink = (i: InvoiceView) => <Link to={`/admin/clients/${i.client.id}`}>{i.client.name}</Link>;

/** Number, dates, amount and paid/sent state: the columns the invoice list and the client page share. */
export const invoiceColumns = (t: TFunction, today: string, options: InvoiceListOptions): ColumnsType<InvoiceView> => [
  { key: 'number', title: t('admin.fields.invoiceNumber'), className: 'admin-nowrap', render: (_, i) => i.invoiceNumber },
  ...(options.withClient ? [{ key: 'client', title: t('admin.fields.client'), render: (_: unknown, i: InvoiceView) => clientLink(i) }] : []),
  { key: 'date', title: t('admin.fields.date'), render: (_, i) => formatDate(i.date) },
  {
    key: 'due',
    title: t('admin.invoices.dueDate'),
    render: (_, i) => (
      <span>
        {formatDate(i.dueDate)} {overdue(i, today) && <Badge tone="error">{t('admin.invoices.overdue')}</Badge>}
      </span>
    ),
  },
  { key: 'amount', title: t('admin.fields.amount'), align: 'right', render: (_, i) => <span className="admin-amount money">{money(i, i.totalAmount, options.language)}</span> },
  { key: 'status', title: t('admin.fields.status'), render: (_, i) => <InvoiceStatus invoice={i} t={t} language={options.language} /> },
];

/** The same invoice as a card on a phone. */
export const invoiceCard = (t: TFunction, today: string, options: InvoiceListOptions, actions: ReactNode, i: InvoiceView): ListCard => ({
  title: i.invoiceNumber,
  subtitle: options.withClient ? clientLink(i) : undefined,
  amount: money(i, i.totalAmount, options.language),
  status: (
    <>
      <InvoiceStatus invoice={i} t={t} language={options.language} />
      {overdue(i, today) && <Badge tone="error">{t('admin.invoices.overdue')}</Badge>}
    </>
  ),
  fields: [
    { key: 'date', label: t('admin.fields.date'), value: formatDate(i.date) },
    { key: 'due', label: t('admin.invoices.dueDate'), value: formatDate(i.dueDate) },
  ],
  actions,
});
