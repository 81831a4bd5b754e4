import { useMutation } from '@apollo/client/react';
import { Alert, Form, InputNumber, Modal, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol, EURO, localToday } from '../../common/format';
import { useFormatAmount, useScreenLanguage } from '../../common/useAmount';
import { IsoDatePicker } from '../common/IsoDatePicker';
import { useFeedback } from '../common/useFeedback';
import { refusalText } from '../accounting/hooks/graphqlErrors';
import type { InvoiceView } from '../invoices/invoiceTypes';
import { newIdempotencyKey } from '../payments/refundable';
import { APPLY_CLIENT_CREDIT } from './graphql/mutations/applyClientCredit';

interface CreditValues {
  invoiceId: string;
  amount: number;
  date: string;
}

const owing = (i: InvoiceView) => i.issued && !i.cancelled && i.openAmount > 0;

/**
 * Invoices the credit can settle (issued, not cancelled, something still owed; all in the client's
 * currency, as its credit balance), the one due first first.
 */
export const creditTargets = (invoices: readonly InvoiceView[]): InvoiceView[] =>
  invoices
    .filter(owing)
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.date.localeCompare(b.date) || a.invoiceNumber.localeCompare(b.invoiceNumber));

/**
 * Applies the client's credit balance (overpayments, credit notes after payment) to one of its open
 * invoices. One idempotency key per opened dialog, so a double click applies the credit once. A
 * client invoiced in another currency than the euro holds its credit in that currency, as its
 * invoices: the balance, the invoices' open amounts and the amount field are in it.
 */
export const ApplyCreditModal = ({
  client,
  open,
  onClose,
}: {
  /** `currency`: the client's, which its invoices and so its credit balance are in (euros when not given). */
  client: { id: string; name: string; creditBalance: number; currency?: string | null; invoices: readonly InvoiceView[] };
  open: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const language = useScreenLanguage();
  const money = useFormatAmount();
  const feedback = useFeedback();
  const [form] = Form.useForm<CreditValues>();
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState('');
  const currency = client.currency || EURO;
  const targets = useMemo(() => creditTargets(client.invoices), [client.invoices]);
  const [apply, { loading }] = useMutation(APPLY_CLIENT_CREDIT, { refetchQueries: ['ClientDetail', 'AdminInvoices', 'AdminOverview'], awaitRefetchQueries: true });

  useEffect(() => {
    if (!open) return;
    setError(null);
    setKey(newIdempotencyKey());
    form.resetFields();
    const first = targets[0];
    form.setFieldsValue({ invoiceId: first?.id, amount: first ? Math.min(first.openAmount, client.creditBalance) : undefined, date: localToday() });
    // Only when the dialog opens: a refetch of the client must not reset what was typed.
  }, [open]);

  const chosen = (id: string) => {
    const invoice = targets.find((i) => i.id === id);
    if (invoice) form.setFieldsValue({ amount: Math.min(invoice.openAmount, client.creditBalance) });
  };

  const submit = async (v: CreditValues) => {
    setError(null);
    const invoice = targets.find((i) => i.id === v.invoiceId);
    try {
      await apply({ variables: { id: client.id, input: { invoiceId: v.invoiceId, amount: Number(v.amount), date: v.date, idempotencyKey: key } } });
      feedback.success(t('admin.clients.applyCredit.applied', { amount: money(Number(v.amount), currency), number: invoice?.invoiceNumber ?? '' }));
      onClose();
    } catch (err) {
      setError(refusalText(err));
    }
  };

  const required = [{ required: true, message: t('admin.validation.required') }];
  return (
    <Modal
      className="admin-modal"
      open={open}
      title={t('admin.clients.applyCredit.title', { client: client.name })}
      okText={t('admin.clients.applyCredit.submit')}
      okButtonProps={{ disabled: targets.length === 0 }}
      cancelText={t('buttons.cancel')}
      confirmLoading={loading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="admin-muted">{t('admin.clients.applyCredit.available', { amount: money(client.creditBalance, currency) })}</p>
      {targets.length === 0 && (
        <Alert type="info" showIcon title={t('admin.clients.applyCredit.noOpen')} data-testid="apply-credit-note" />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="apply-credit-error" />}
      {targets.length > 0 && (
        <Form<CreditValues> form={form} name="apply-credit" layout="vertical" onFinish={(v) => void submit(v)}>
          <Form.Item name="invoiceId" label={t('admin.clients.applyCredit.invoice')} rules={required}>
            <Select
              placeholder={t('admin.clients.applyCredit.invoicePlaceholder')}
              onChange={chosen}
              options={targets.map((i) => ({ value: i.id, label: t('admin.clients.applyCredit.option', { number: i.invoiceNumber, open: money(i.openAmount, i.currency) }) }))}
            />
          </Form.Item>
          <Form.Item name="amount" label={t('admin.clients.applyCredit.amount')} rules={required} extra={t('admin.clients.applyCredit.amountHelp')}>
            <InputNumber<number> min={0.01} step={0.01} precision={2} prefix={currencySymbol(currency, language)} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="date" label={t('admin.clients.applyCredit.date')} rules={required}>
            <IsoDatePicker />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
};
