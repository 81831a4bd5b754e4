import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../common/format';
import { fieldErrorsOf, refusalText } from '../accounting/hooks/graphqlErrors';
import { useFeedback } from '../common/useFeedback';
import { refundableOf, type PaymentAlert } from './PaymentAlertsTable';
import { useRefundPayment, type RefundValues } from './useInbox';

const FIELDS: readonly (keyof RefundValues)[] = ['amount', 'reason'];

/** One key per opening of the dialog: a double click or a retry is the same refund (crypto.randomUUID needs a secure context). */
const newIdempotencyKey = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Refund (part of) an alert's payment: through Stripe for a card payment. The server's field
 * errors show under their fields, any other refusal above the form; the dialog stays open.
 */
export const RefundPaymentModal = ({ alert, onClose }: { alert: PaymentAlert | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [form] = Form.useForm<RefundValues>();
  const { refund, refunding } = useRefundPayment();
  const [error, setError] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState('');

  useEffect(() => {
    if (!alert) return;
    setError(null);
    setIdempotencyKey(newIdempotencyKey());
    form.resetFields();
    form.setFieldsValue({ amount: refundableOf(alert), reason: '' });
  }, [alert, form]);

  const submit = async (values: RefundValues) => {
    if (!alert) return;
    setError(null);
    try {
      await refund(alert.id, values, idempotencyKey);
      feedback.success(t('admin.inbox.refund.done', { amount: formatEuros(Number(values.amount)), number: alert.invoiceNumber }));
      onClose();
    } catch (err) {
      const fields = Object.entries(fieldErrorsOf(err)).flatMap(([name, errors]) => (FIELDS.includes(name as keyof RefundValues) ? [{ name: name as keyof RefundValues, errors }] : []));
      if (fields.length > 0) form.setFields(fields);
      else setError(refusalText(err));
    }
  };

  return (
    <Modal
      className="admin-modal"
      open={!!alert}
      title={alert ? t('admin.inbox.refund.title', { number: alert.invoiceNumber }) : ''}
      okText={t('admin.inbox.refund.submit')}
      okButtonProps={{ danger: true }}
      cancelText={t('buttons.cancel')}
      confirmLoading={refunding}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {alert && (
        <p className="admin-muted">
          {t('admin.inbox.refund.refundable', { amount: formatEuros(refundableOf(alert)), client: alert.clientName ?? '—' })}
        </p>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="refund-error" />}
      <Form<RefundValues> form={form} name="refund" layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="amount" label={t('admin.inbox.refund.amount')} rules={[{ required: true, message: t('admin.validation.required') }]}>
          <InputNumber<number> min={0.01} step={0.01} precision={2} prefix="€" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('admin.inbox.refund.reason')}
          extra={t('admin.inbox.refund.reasonHelp')}
          rules={[{ required: true, whitespace: true, message: t('admin.validation.required') }]}
        >
          <Input maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
