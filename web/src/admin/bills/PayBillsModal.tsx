import { Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol, formatDate, localToday } from '../../common/format';
import { useFormatAmount, useScreenLanguage } from '../../common/useAmount';
import { cleanTextRule } from '../common/cleanText';
import { IsoDatePicker } from '../common/IsoDatePicker';
import { useFeedback } from '../common/useFeedback';
import { billApi, type BillView, type MoneyAccountOption } from './billApi';
import { RefusalAlert } from './BillCurrency';
import { actionRefusalText } from './billErrors';
import { centsOf, earliestPaymentDate, formatTotals, payBillsBody, payBillsRefusal, payBillsTotals, type PayBillsValues } from './payBills';

/**
 * Pay bills: the chosen bills paid in one go, on one day, out of one money account and under one
 * reference, each by the amount typed for it in its currency (what it has open unless less is
 * typed). Bills in several currencies may go together: the total is one sum per currency, never
 * euros and dollars added up. A refusal stays in the dialog, each text under its bill or field (a
 * missing exchange rate of the day above them, with the way to the rates); nothing is paid unless all can be.
 */
export const PayBillsModal = ({ bills, onClose, onPaid }: { bills: BillView[] | null; onClose: () => void; onPaid: (paid: BillView[]) => void }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [form] = Form.useForm<PayBillsValues>();
  const [error, setError] = useState<{ text: string; noRate: boolean } | null>(null);
  const language = useScreenLanguage();
  const money = useFormatAmount();
  const [billErrors, setBillErrors] = useState<Record<number, string[]>>({});
  const [saving, setSaving] = useState(false);
  const [accounts, setAccounts] = useState<MoneyAccountOption[] | null>(null);
  const values = Form.useWatch([], form);
  const earliest = bills ? earliestPaymentDate(bills) : '';

  // Asked afresh on each opening: an account may have been added or made the default since.
  useEffect(() => {
    if (!bills) return;
    let live = true;
    setError(null);
    setBillErrors({});
    setAccounts(null);
    form.resetFields();
    const today = localToday();
    form.setFieldsValue({ date: today < earliest ? earliest : today, reference: '', payments: bills.map((b) => ({ amount: b.open_amount })) });
    billApi.moneyAccounts().then(
      (list) => {
        if (!live) return;
        setAccounts(list);
        const preferred = list.find((a) => a.is_default) ?? list[0];
        if (preferred && !form.getFieldValue('moneyAccount')) form.setFieldValue('moneyAccount', preferred.id);
      },
      (err: unknown) => live && setError({ text: actionRefusalText(err, t), noRate: false }),
    );
    return () => {
      live = false;
    };
  }, [bills, earliest, form, t]);

  const submit = async (v: PayBillsValues) => {
    if (!bills) return;
    setError(null);
    setBillErrors({});
    setSaving(true);
    try {
      const paid = await billApi.payMany(payBillsBody(v, bills));
      feedback.success(t('admin.bills.payMany.paid', { count: paid.length, amount: formatTotals(payBillsTotals(v, bills), money) }));
      onPaid(paid);
    } catch (err) {
      console.warn('Bill payments refused', err);
      const refusal = payBillsRefusal(err, t, bills, money);
      form.setFields(refusal.fields.map((f) => ({ name: f.name as never, errors: f.errors })));
      setBillErrors(refusal.bills);
      setError(refusal.rest.length ? { text: refusal.rest.join(' '), noRate: refusal.noRate } : null);
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, message: t('admin.validation.required') };
  return (
    <Modal
      className="admin-modal"
      open={!!bills}
      title={t('admin.bills.payMany.title')}
      okText={t('admin.bills.payMany.submit')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <p className="admin-muted">{t('admin.bills.payMany.intro')}</p>
      {error && <RefusalAlert text={error.text} noRate={error.noRate} testId="pay-bills-error" />}
      <Form<PayBillsValues> form={form} name="payBills" layout="vertical" onFinish={(v) => void submit(v)}>
        <div className="bill-form-head">
          <Form.Item
            name="date"
            label={t('admin.bills.fields.paymentDate')}
            rules={[
              required,
              {
                validator: async (_r, v: string | undefined) => {
                  if (v && v < earliest) throw new Error(t('admin.bills.errors.paymentBeforeBill', { date: formatDate(earliest) }));
                },
              },
            ]}
          >
            <IsoDatePicker allowClear={false} />
          </Form.Item>
          <Form.Item name="moneyAccount" label={t('admin.bills.fields.moneyAccount')} rules={[required]}>
            <Select loading={accounts === null} options={(accounts ?? []).map((a) => ({ value: a.id, label: a.name }))} />
          </Form.Item>
        </div>
        <Form.Item name="reference" label={t('admin.bills.fields.reference')} rules={[cleanTextRule(t)]}>
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
        <ul className="pay-bills-list" aria-label={t('admin.bills.payMany.bills')}>
          {(bills ?? []).map((b, i) => (
            <li key={b.id} className="pay-bills-item" data-testid="pay-bills-item" data-bill={b.id}>
              <div className="pay-bills-bill">
                <strong>{b.supplier_name ?? '—'}</strong>
                <span className="bill-number">{b.invoice_number}</span>
                <span className="admin-muted">{t('admin.bills.openAmountNote', { amount: money(b.open_amount, b.currency) })}</span>
              </div>
              <Form.Item
                name={['payments', i, 'amount']}
                label={t('admin.bills.payMany.amountOf', { number: b.invoice_number })}
                rules={[
                  required,
                  {
                    validator: async (_r, v: number | null | undefined) => {
                      if (v === null || v === undefined) return;
                      if (!(v > 0)) throw new Error(t('admin.bills.errors.paymentPositive'));
                      if (centsOf(v) > centsOf(b.open_amount)) throw new Error(t('admin.bills.errors.aboveOpen', { amount: money(b.open_amount, b.currency) }));
                    },
                  },
                ]}
              >
                <InputNumber<number> controls={false} min={0} step={0.01} precision={2} prefix={currencySymbol(b.currency, language)} style={{ width: '100%' }} />
              </Form.Item>
              {billErrors[i] && (
                <Typography.Paragraph type="danger" className="pay-bills-bill-error" role="alert" data-testid="pay-bills-bill-error">
                  {billErrors[i].join(' ')}
                </Typography.Paragraph>
              )}
            </li>
          ))}
        </ul>
        <p className="pay-bills-total">
          <span>{t('admin.bills.payMany.total')}</span>
          <strong className="admin-amount money" data-testid="pay-bills-total">
            {formatTotals(payBillsTotals(values, bills ?? []), money)}
          </strong>
        </p>
      </Form>
    </Modal>
  );
};
