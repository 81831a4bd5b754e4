import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { currencySymbol, EURO, formatAmount, formatAmountCents, formatDate, localToday } from '../../common/format';
import { useScreenLanguage } from '../../common/useAmount';
import { NUMBER_TAGS } from '../../common/noWrap';
import { fieldErrorsOf, refusalText } from '../accounting/hooks/graphqlErrors';
import { cleanTextRule } from '../common/cleanText';
import { IsoDatePicker } from '../common/IsoDatePicker';
import { useFeedback } from '../common/useFeedback';
import { newIdempotencyKey, refundableCents, refundedThroughStripe, type PaymentView } from './refundable';
import { useRefundPayment, type RefundValues } from './usePayments';

export interface RefundTarget {
  payment: PaymentView;
  invoiceNumber: string;
  /** ISO 4217: its invoice's currency, which the payment and the refund are in (euros when not given). */
  currency?: string | null;
}

const FIELDS = ['amount', 'reason', 'date'] as const;

/**
 * Refund (part of) a payment: at most what remains refundable, with a reason; dated only when it is
 * paid back by hand (Stripe dates its own). Its amounts are in the invoice's currency (an invoice in
 * another currency than the euro: its refund is booked at the rate of its day). What the server
 * refuses shows under its field, or above the form; the dialog stays open.
 */
export const RefundModal = ({ target, onClose }: { target: RefundTarget | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const language = useScreenLanguage();
  const feedback = useFeedback();
  const [form] = Form.useForm<RefundValues>();
  const { refund, refunding } = useRefundPayment();
  const [error, setError] = useState<string | null>(null);
  // One key per opening: a double click, or a retry after a lost answer, is the same refund.
  const [key, setKey] = useState('');
  const sending = useRef(false);
  const payment = target?.payment;
  const maxCents = payment ? refundableCents(payment) : 0;
  const stripe = payment ? refundedThroughStripe(payment) : false;
  const currency = target?.currency || EURO;
  const money = (amount: number) => formatAmount(amount, currency, language);
  const moneyCents = (cents: number) => formatAmountCents(cents, currency, language);

  useEffect(() => {
    if (!payment) return;
    setError(null);
    setKey(newIdempotencyKey());
    form.resetFields();
    form.setFieldsValue({ amount: refundableCents(payment) / 100, reason: '', date: localToday() });
  }, [payment, form]);

  const submit = async (v: RefundValues) => {
    if (!target || !payment || sending.current) return;
    sending.current = true;
    setError(null);
    try {
      await refund(payment.id, { ...v, date: stripe ? undefined : v.date }, key);
      feedback.success(t('admin.refunds.done', { amount: money(Number(v.amount)), number: target.invoiceNumber }));
      onClose();
    } catch (err) {
      const fields = Object.entries(fieldErrorsOf(err)).flatMap(([name, errors]) => ((FIELDS as readonly string[]).includes(name) ? [{ name: name as (typeof FIELDS)[number], errors }] : []));
      if (fields.length > 0) form.setFields(fields);
      else setError(refusalText(err));
    } finally {
      sending.current = false;
    }
  };

  const required = { required: true, message: t('admin.validation.required') };
  return (
    <Modal
      className="admin-modal"
      open={!!target}
      title={target ? <Trans t={t} i18nKey="admin.refunds.title" values={{ number: target.invoiceNumber }} components={NUMBER_TAGS} /> : ''}
      okText={t('admin.refunds.refund')}
      cancelText={t('buttons.cancel')}
      confirmLoading={refunding}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {payment && (
        <>
          <p className="admin-muted" data-testid="refund-payment">
            {t('admin.refunds.payment', { amount: money(payment.amount), date: formatDate(payment.date), method: t(`enum.paymentMethod.${payment.method}`, { defaultValue: payment.method }) })}
          </p>
          <p data-testid="refundable">{t('admin.refunds.refundable', { amount: moneyCents(maxCents) })}</p>
          <Alert type="info" showIcon title={t(stripe ? 'admin.refunds.throughStripe' : 'admin.refunds.byHand')} style={{ marginBottom: 16 }} data-testid="refund-note" />
        </>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="refund-error" />}
      <Form<RefundValues> form={form} name="refund" layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="amount"
          label={t('admin.refunds.amount')}
          rules={[
            required,
            { type: 'number', min: 0.01, message: t('admin.refunds.amountPositive') },
            { type: 'number', max: maxCents / 100, message: t('admin.refunds.amountTooHigh', { amount: moneyCents(maxCents) }) },
          ]}
        >
          <InputNumber<number> min={0.01} step={0.01} precision={2} prefix={currencySymbol(currency, language)} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="reason" label={t('admin.refunds.reason')} rules={[{ ...required, whitespace: true }, cleanTextRule(t, 'multi')]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        {!stripe && (
          <Form.Item name="date" label={t('admin.refunds.date')} rules={[required]} extra={t('admin.refunds.dateHelp')}>
            <IsoDatePicker />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
};
