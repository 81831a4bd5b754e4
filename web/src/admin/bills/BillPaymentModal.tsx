import { Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseEuros } from '../../../../domain/shared/money';
import { currencySymbol, EURO, formatDate, localToday } from '../../common/format';
import { useFormatAmount, useScreenLanguage } from '../../common/useAmount';
import { cleanTextRule } from '../common/cleanText';
import { IsoDatePicker } from '../common/IsoDatePicker';
import { useFeedback } from '../common/useFeedback';
import { billApi, type BillView, type MoneyAccountOption } from './billApi';
import { actionRefusalText, namesMissingRate } from './billErrors';
import { RefusalAlert } from './BillCurrency';

interface PaymentValues {
  amount: number;
  date: string;
  moneyAccount: string;
  reference?: string;
}

const centsOf = (euros: number): number => {
  const parsed = parseEuros(euros);
  return parsed.ok ? parsed.value : 0;
};

/** The dialog's words: a bill's payment, or a credit note's refund (money coming in). */
const WORDS = {
  payment: {
    recorded: 'admin.bills.paymentRecorded',
    title: 'admin.bills.paymentTitle',
    ok: 'admin.bills.recordPayment',
    openNote: 'admin.bills.openAmountNote',
    amountHelp: 'admin.bills.amountHelp',
    aboveOpen: 'admin.bills.errors.aboveOpen',
    date: 'admin.bills.fields.paymentDate',
    beforeDocument: 'admin.bills.errors.paymentBeforeBill',
    account: 'admin.bills.fields.moneyAccount',
    accountHelp: 'admin.bills.moneyAccountHelp',
  },
  refund: {
    recorded: 'admin.bills.creditNote.refundRecorded',
    title: 'admin.bills.creditNote.refundTitle',
    ok: 'admin.bills.creditNote.recordRefund',
    openNote: 'admin.bills.creditNote.creditAmount',
    amountHelp: 'admin.bills.creditNote.refundAmountHelp',
    aboveOpen: 'admin.bills.creditNote.errors.refundAboveCredit',
    date: 'admin.bills.creditNote.refundDate',
    beforeDocument: 'admin.bills.creditNote.errors.refundBeforeCreditNote',
    account: 'admin.bills.creditNote.receivedInto',
    accountHelp: 'admin.bills.creditNote.receivedIntoHelp',
  },
} as const;

/**
 * Record payment of a posted bill: the amount in the bill's currency (what is open, unless less is
 * typed), the date (not before the bill; in another currency it is booked at that day's rate), the
 * money account it left from and a reference. A refusal stays in the dialog; one for want of the
 * day's rate links to the rates.
 */
export const BillPaymentModal = ({ bill, onClose, onPaid }: { bill: BillView | null; onClose: () => void; onPaid: (bill: BillView) => void }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [form] = Form.useForm<PaymentValues>();
  const [error, setError] = useState<{ text: string; noRate: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const language = useScreenLanguage();
  const formatAmount = useFormatAmount();
  // Every amount of the bill, the payment's too, is in its currency.
  const currency = bill?.currency || EURO;
  const money = (amount: number) => formatAmount(amount, currency);
  const [accounts, setAccounts] = useState<MoneyAccountOption[] | null>(null);

  // Asked afresh on each opening: an account may have been added or made the default since.
  useEffect(() => {
    if (!bill) return;
    let live = true;
    setError(null);
    setAccounts(null);
    form.resetFields();
    const today = localToday();
    form.setFieldsValue({
      amount: bill.open_amount,
      date: today < bill.date ? bill.date : today,
      reference: '',
    });
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
  }, [bill, form, t]);

  // A payment on a credit note is the supplier refunding its credit.
  const words = WORDS[bill?.document_type === 'credit_note' ? 'refund' : 'payment'];
  const submit = async (v: PaymentValues) => {
    if (!bill) return;
    setError(null);
    setSaving(true);
    try {
      const paid = await billApi.pay(bill.id, {
        amount: v.amount,
        date: v.date,
        money_account: v.moneyAccount,
        reference: v.reference?.trim() || null,
      });
      feedback.success(
        t(words.recorded, {
          amount: money(v.amount),
          number: bill.invoice_number,
        }),
      );
      onPaid(paid);
    } catch (err) {
      console.warn('Bill payment refused', err);
      setError({ text: actionRefusalText(err, t, { cents: centsOf(bill.open_amount), currency, money: formatAmount }), noRate: namesMissingRate(err) });
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, message: t('admin.validation.required') };
  return (
    <Modal
      className="admin-modal"
      open={!!bill}
      title={
        bill
          ? t(words.title, {
              number: bill.invoice_number,
              supplier: bill.supplier_name ?? '',
            })
          : ''
      }
      okText={t(words.ok)}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      {bill && (
        <p className="admin-muted">
          {t(words.openNote, {
            amount: money(bill.open_amount),
          })}
        </p>
      )}
      {error && <RefusalAlert text={error.text} noRate={error.noRate} testId="bill-payment-error" />}
      <Form<PaymentValues> form={form} name="billPayment" layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="amount"
          label={t('admin.bills.fields.amount')}
          extra={currency === EURO ? t(words.amountHelp) : `${t(words.amountHelp)} ${t('admin.bills.currency.paymentHelp', { currency })}`}
          rules={[
            required,
            {
              validator: async (_r, v: number | null | undefined) => {
                if (!bill || v === null || v === undefined) return;
                if (!(v > 0)) throw new Error(t('admin.bills.errors.paymentPositive'));
                if (centsOf(v) > centsOf(bill.open_amount))
                  throw new Error(
                    t(words.aboveOpen, {
                      amount: money(bill.open_amount),
                    }),
                  );
              },
            },
          ]}
        >
          <InputNumber<number> controls={false} min={0} step={0.01} precision={2} prefix={currencySymbol(currency, language)} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="date"
          label={t(words.date)}
          rules={[
            required,
            {
              validator: async (_r, v: string | undefined) => {
                if (bill && v && v < bill.date)
                  throw new Error(
                    t(words.beforeDocument, {
                      date: formatDate(dayjs(bill.date)),
                    }),
                  );
              },
            },
          ]}
        >
          <IsoDatePicker allowClear={false} />
        </Form.Item>
        <Form.Item
          name="moneyAccount"
          label={t(words.account)}
          extra={t(words.accountHelp)}
          rules={[required]}
        >
          <Select
            loading={accounts === null}
            options={(accounts ?? []).map((a) => ({
              value: a.id,
              label: a.name,
            }))}
          />
        </Form.Item>
        <Form.Item name="reference" label={t('admin.bills.fields.reference')} rules={[cleanTextRule(t)]}>
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
