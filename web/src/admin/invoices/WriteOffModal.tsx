import { useMutation } from '@apollo/client/react';
import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { localToday } from '../../common/format';
import { useFormatAmount } from '../../common/useAmount';
import { NUMBER_TAGS } from '../../common/noWrap';
import { IsoDatePicker } from '../common/IsoDatePicker';
import { useFeedback } from '../common/useFeedback';
import { refusalText } from '../accounting/hooks/graphqlErrors';
import { cleanTextRule } from '../common/cleanText';
import { WRITE_OFF_INVOICE } from './graphql/mutations/writeOffInvoice';
import type { InvoiceView } from './invoiceTypes';

interface WriteOffValues {
  date: string;
  reason: string;
}

/**
 * Write off: the open amount becomes a bad debt (Dr Bad Debts, Cr Accounts Receivable), after the
 * admin confirms the day (today unless changed) and why. What the server refuses shows in the modal.
 */
export const WriteOffModal = ({ invoice, onClose }: { invoice: InvoiceView | null; onClose: () => void }) => {
  // The open amount in the invoice's own currency (its booked euros are what leave the receivables).
  const formatAmount = useFormatAmount();
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [form] = Form.useForm<WriteOffValues>();
  const [error, setError] = useState<string | null>(null);
  const [writeOff, { loading }] = useMutation(WRITE_OFF_INVOICE, { refetchQueries: ['AdminInvoices', 'ClientDetail', 'AdminOverview'], awaitRefetchQueries: true });

  useEffect(() => {
    if (!invoice) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue({ date: localToday(), reason: '' });
  }, [invoice, form]);

  const submit = async (v: WriteOffValues) => {
    if (!invoice) return;
    setError(null);
    try {
      await writeOff({ variables: { id: invoice.id, input: { date: v.date, reason: v.reason.trim() } } });
      feedback.success(t('admin.invoices.writeOff.done', { amount: formatAmount(invoice.openAmount, invoice.currency), number: invoice.invoiceNumber }));
      onClose();
    } catch (err) {
      setError(refusalText(err));
    }
  };

  const required = [{ required: true, whitespace: true, message: t('admin.validation.required') }];
  return (
    <Modal
      className="admin-modal"
      open={!!invoice}
      title={invoice ? <Trans t={t} i18nKey="admin.invoices.writeOff.title" values={{ number: invoice.invoiceNumber }} components={NUMBER_TAGS} /> : ''}
      okText={t('admin.invoices.writeOff.confirm')}
      okButtonProps={{ danger: true }}
      cancelText={t('buttons.cancel')}
      confirmLoading={loading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {invoice && <Alert type="warning" showIcon title={t('admin.invoices.writeOff.warning', { amount: formatAmount(invoice.openAmount, invoice.currency) })} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="write-off-error" />}
      <Form<WriteOffValues> form={form} name="writeOff" layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="date" label={t('admin.invoices.writeOff.date')} rules={required}>
          <IsoDatePicker />
        </Form.Item>
        <Form.Item name="reason" label={t('admin.invoices.writeOff.reason')} rules={[...required, cleanTextRule(t, 'multi')]}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
