import { useMutation } from '@apollo/client/react';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatEuros, localToday } from '../../common/format';
import { NUMBER_TAGS } from '../../common/noWrap';
import { IsoDatePicker } from '../common/IsoDatePicker';
import { useFeedback } from '../common/useFeedback';
import { refusalText } from '../accounting/hooks/graphqlErrors';
import { cleanTextRule } from '../common/cleanText';
import { RECORD_INVOICE_PAYMENT } from './graphql/mutations/recordInvoicePayment';
import type { InvoiceView } from './invoiceTypes';

const METHODS = ['bank_transfer', 'card', 'cash', 'other'] as const;

interface PaymentValues {
  amount: number;
  date: string;
  method: (typeof METHODS)[number];
  reference?: string;
}

/**
 * Record payment: a dated, possibly partial payment of an issued invoice (the spec's Mark as Paid
 * stays the one-click whole payment). What the server refuses shows in the modal, which stays open.
 */
export const RecordPaymentModal = ({ invoice, onClose }: { invoice: InvoiceView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [form] = Form.useForm<PaymentValues>();
  const [error, setError] = useState<string | null>(null);
  const [record, { loading }] = useMutation(RECORD_INVOICE_PAYMENT, { refetchQueries: ['AdminInvoices', 'ClientDetail', 'AdminOverview'], awaitRefetchQueries: true });

  useEffect(() => {
    if (!invoice) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue({ amount: invoice.openAmount, date: localToday(), method: 'bank_transfer', reference: '' });
  }, [invoice, form]);

  const submit = async (v: PaymentValues) => {
    if (!invoice) return;
    setError(null);
    try {
      await record({ variables: { invoiceId: invoice.id, input: { amount: Number(v.amount), date: v.date, method: v.method, reference: v.reference?.trim() || null } } });
      feedback.success(t('admin.payments.recorded', { amount: formatEuros(Number(v.amount)), number: invoice.invoiceNumber }));
      onClose();
    } catch (err) {
      setError(refusalText(err));
    }
  };

  const required = [{ required: true, message: t('admin.validation.required') }];
  return (
    <Modal
      className="admin-modal"
      open={!!invoice}
      title={invoice ? <Trans t={t} i18nKey="admin.payments.title" values={{ number: invoice.invoiceNumber }} components={NUMBER_TAGS} /> : ''}
      okText={t('admin.payments.record')}
      cancelText={t('buttons.cancel')}
      confirmLoading={loading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {invoice && <p className="admin-muted">{t('admin.payments.open', { amount: formatEuros(invoice.openAmount) })}</p>}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="payment-error" />}
      <Form<PaymentValues> form={form} name="payment" layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="amount" label={t('admin.payments.amount')} rules={required} extra={t('admin.payments.amountHelp')}>
          <InputNumber<number> min={0.01} step={0.01} precision={2} prefix="€" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="date" label={t('admin.payments.date')} rules={required}>
          <IsoDatePicker />
        </Form.Item>
        <Form.Item name="method" label={t('admin.payments.method')} rules={required}>
          <Select options={METHODS.map((m) => ({ value: m, label: t(`admin.payments.methods.${m}`) }))} />
        </Form.Item>
        <Form.Item name="reference" label={t('admin.payments.reference')} rules={[cleanTextRule(t)]}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
