import { CreditCardOutlined, DollarOutlined, FileTextOutlined, FilePdfOutlined, HistoryOutlined, MailOutlined, CheckOutlined, DeleteOutlined, EditOutlined, RollbackOutlined, WalletOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkoutErrorKey, startCheckout } from '../../payments/checkout';
import { useFeedback } from '../common/useFeedback';
import type { InvoiceView } from './invoiceTypes';
import { useInvoiceCommands } from './useInvoices';

/** The two screens word the send alert differently (spec: '!' on the client page, '.' on the list). */
export type SendWording = 'clientPage' | 'invoicesPage';

interface Props {
  invoice: InvoiceView;
  sendWording: SendWording;
  /** Where the checkout returns to (with ?payment=success|cancelled). */
  returnTo: string;
  onEdit?: (invoice: InvoiceView) => void;
  onDelete?: (invoice: InvoiceView) => void;
  onHistory?: (invoice: InvoiceView) => void;
  /** Issue credit note (on an issued invoice that is not cancelled). */
  onCredit?: (invoice: InvoiceView) => void;
  /** Record payment (a dated, possibly partial payment of an issued invoice). */
  onRecordPayment?: (invoice: InvoiceView) => void;
  /** Payments: what was paid, refunded, disputed and kept in fees, with a refund per payment. */
  onPayments?: (invoice: InvoiceView) => void;
}

export const InvoiceRowActions = ({ invoice, sendWording, returnTo, onEdit, onDelete, onHistory, onCredit, onRecordPayment, onPayments }: Props) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { send, markPaid } = useInvoiceCommands();
  const [busy, setBusy] = useState<'send' | 'paid' | 'pay' | null>(null);
  const sentKey = sendWording === 'clientPage' ? 'admin.invoices.sentClientPage' : 'admin.invoices.sent';

  const run = async (kind: 'send' | 'paid', action: () => Promise<unknown>, ok: string, fail: string) => {
    setBusy(kind);
    try {
      await action();
      feedback.success(t(ok));
    } catch (err) {
      console.error(fail, err);
      feedback.error(t(fail));
    } finally {
      setBusy(null);
    }
  };

  const pay = async () => {
    setBusy('pay');
    try {
      await startCheckout(invoice.id, { returnTo, credentials: 'include' });
    } catch (err) {
      console.error('checkout failed', err);
      feedback.error(t(checkoutErrorKey(err)));
      setBusy(null);
    }
  };

  // A cancelled invoice (fully credited) is only read, downloaded and looked back on.
  const live = !invoice.cancelled;
  return (
    <Space wrap size={4} onClick={(e) => e.stopPropagation()}>
      {live && (
        <Button size="small" icon={<MailOutlined />} loading={busy === 'send'} onClick={() => void run('send', () => send(invoice.id), sentKey, 'admin.invoices.sendFailed')}>
          {t('admin.invoices.send')}
        </Button>
      )}
      {live && !invoice.paid && (
        <Button
          size="small"
          icon={<CheckOutlined />}
          loading={busy === 'paid'}
          onClick={() => void run('paid', () => markPaid(invoice.id), 'admin.invoices.markedPaid', 'admin.invoices.markPaidFailed')}
        >
          {t('admin.invoices.markPaid')}
        </Button>
      )}
      {live && !invoice.paid && (
        <Tooltip title={t('admin.invoices.pay')}>
          <Button size="small" icon={<CreditCardOutlined />} loading={busy === 'pay'} onClick={() => void pay()} aria-label={t('admin.invoices.pay')} />
        </Tooltip>
      )}
      {onRecordPayment && live && invoice.issued && !invoice.paid && (
        <Tooltip title={t('admin.payments.record')}>
          <Button size="small" icon={<DollarOutlined />} onClick={() => onRecordPayment(invoice)} aria-label={t('admin.payments.record')} />
        </Tooltip>
      )}
      {/* Also on a cancelled invoice: what was paid on it may still have to go back. */}
      {onPayments && invoice.issued && (
        <Tooltip title={t('admin.payments.list')}>
          <Button size="small" icon={<WalletOutlined />} onClick={() => onPayments(invoice)} aria-label={t('admin.payments.list')} />
        </Tooltip>
      )}
      {onCredit && live && invoice.issued && (
        <Button size="small" icon={<RollbackOutlined />} onClick={() => onCredit(invoice)}>
          {t('admin.creditNotes.issue')}
        </Button>
      )}
      <Tooltip title={t('admin.documents.pdf')}>
        <Button size="small" icon={<FilePdfOutlined />} href={`/api/invoices/${invoice.id}/pdf/`} target="_blank" rel="noopener" aria-label={t('admin.documents.pdf')} />
      </Tooltip>
      <Tooltip title={t('admin.documents.xml')}>
        <Button size="small" icon={<FileTextOutlined />} href={`/api/invoices/${invoice.id}/ubl/`} aria-label={t('admin.documents.xml')} />
      </Tooltip>
      {onHistory && (
        <Tooltip title={t('admin.invoices.history')}>
          <Button size="small" icon={<HistoryOutlined />} onClick={() => onHistory(invoice)} aria-label={t('admin.invoices.history')} />
        </Tooltip>
      )}
      {/* An issued invoice may still move its due date; deleting it cancels it with a full credit note. */}
      {onEdit && live && (
        <Tooltip title={t('buttons.edit')}>
          <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(invoice)} aria-label={t('buttons.edit')} />
        </Tooltip>
      )}
      {onDelete && live && (
        <Tooltip title={invoice.issued ? t('admin.creditNotes.cancelInvoice') : t('buttons.delete')}>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(invoice)} aria-label={invoice.issued ? t('admin.creditNotes.cancelInvoice') : t('buttons.delete')} />
        </Tooltip>
      )}
    </Space>
  );
};
