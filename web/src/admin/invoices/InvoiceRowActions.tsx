import { CreditCardOutlined, FilePdfOutlined, HistoryOutlined, MailOutlined, CheckOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
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
}

export const InvoiceRowActions = ({ invoice, sendWording, returnTo, onEdit, onDelete, onHistory }: Props) => {
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

  return (
    <Space wrap size={4} onClick={(e) => e.stopPropagation()}>
      <Button size="small" icon={<MailOutlined />} loading={busy === 'send'} onClick={() => void run('send', () => send(invoice.id), sentKey, 'admin.invoices.sendFailed')}>
        {t('admin.invoices.send')}
      </Button>
      {!invoice.paid && (
        <Button
          size="small"
          icon={<CheckOutlined />}
          loading={busy === 'paid'}
          onClick={() => void run('paid', () => markPaid(invoice.id), 'admin.invoices.markedPaid', 'admin.invoices.markPaidFailed')}
        >
          {t('admin.invoices.markPaid')}
        </Button>
      )}
      {!invoice.paid && (
        <Tooltip title={t('admin.invoices.pay')}>
          <Button size="small" icon={<CreditCardOutlined />} loading={busy === 'pay'} onClick={() => void pay()} aria-label={t('admin.invoices.pay')} />
        </Tooltip>
      )}
      <Tooltip title={t('admin.invoices.downloadPdf')}>
        <Button size="small" icon={<FilePdfOutlined />} href={`/api/invoices/${invoice.id}/pdf/`} target="_blank" rel="noopener" aria-label={t('admin.invoices.downloadPdf')} />
      </Tooltip>
      {onHistory && (
        <Tooltip title={t('admin.invoices.history')}>
          <Button size="small" icon={<HistoryOutlined />} onClick={() => onHistory(invoice)} aria-label={t('admin.invoices.history')} />
        </Tooltip>
      )}
      {/* A paid invoice can no longer be edited or deleted (the server refuses both). */}
      {onEdit && !invoice.paid && (
        <Tooltip title={t('buttons.edit')}>
          <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(invoice)} aria-label={t('buttons.edit')} />
        </Tooltip>
      )}
      {onDelete && !invoice.paid && (
        <Tooltip title={t('buttons.delete')}>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(invoice)} aria-label={t('buttons.delete')} />
        </Tooltip>
      )}
    </Space>
  );
};
