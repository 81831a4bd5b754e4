import { skipToken, useMutation, useQuery } from '@apollo/client/react';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { currencySymbol, EURO, formatAmount, localToday } from '../../common/format';
import { useScreenLanguage } from '../../common/useAmount';
import { NUMBER_TAGS } from '../../common/noWrap';
import { IsoDatePicker } from '../common/IsoDatePicker';
import { useFeedback } from '../common/useFeedback';
import { refusalText } from '../accounting/hooks/graphqlErrors';
import { cleanTextRule } from '../common/cleanText';
import { RECORD_INVOICE_PAYMENT } from './graphql/mutations/recordInvoicePayment';
import { DEPOSIT_ACCOUNTS } from './graphql/queries/depositAccounts';
import type { InvoiceView } from './invoiceTypes';
import { defaultDepositAccount, type MoneyAccountDefaults } from '../../../../domain/bank/money-account';
import type { PaymentMethod } from '../../../../domain/invoice/events';

const METHODS = ['bank_transfer', 'card', 'cash', 'other'] as const;
type Method = (typeof METHODS)[number];

interface PaymentValues {
  amount: number;
  date: string;
  method: Method;
  reference?: string;
  /** The money account it went into; absent for a card (it settles through Stripe). */
  depositedTo?: string;
}

interface DepositAccount {
  id: string;
  name: string;
  kind: string;
  isDefault: boolean;
}

/** A card settles through Stripe, not into a money account: the server refuses one named. */
const takesDeposits = (method: Method | undefined) => method !== 'card';

/** The form's methods as the domain names them. */
const DOMAIN_METHODS: Record<Method, PaymentMethod> = { bank_transfer: 'bank', card: 'card', cash: 'cash', other: 'other' };

/** The server's default for a method: the account chosen for it under the Bank page's Defaults, else the built-in rule (the domain's one function). */
const defaultDeposit = (method: Method | undefined, accounts: DepositAccount[], defaults: MoneyAccountDefaults): string | undefined =>
  method ? (defaultDepositAccount(DOMAIN_METHODS[method], accounts.map((a) => ({ ...a, kind: a.kind === 'cash' ? 'cash' : 'bank', iban: null, bic: null, ledgerAccountId: '' })), defaults)?.id ?? undefined) : undefined;

/**
 * Record payment: a dated, possibly partial payment of an issued invoice (the spec's Mark as Paid
 * stays the one-click whole payment). What the server refuses shows in the modal, which stays open.
 */
export const RecordPaymentModal = ({ invoice, onClose }: { invoice: InvoiceView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const language = useScreenLanguage();
  const feedback = useFeedback();
  const [form] = Form.useForm<PaymentValues>();
  // Every amount of the invoice, the payment's too, is in its currency.
  const currency = invoice?.currency ?? EURO;
  const foreign = currency !== EURO;
  const money = (amount: number) => formatAmount(amount, currency, language);
  const [error, setError] = useState<string | null>(null);
  const [record, { loading }] = useMutation(RECORD_INVOICE_PAYMENT, { refetchQueries: ['AdminInvoices', 'ClientDetail', 'AdminOverview'], awaitRefetchQueries: true });
  // Fetched afresh on each opening (an account may have been added or made the default since).
  const { data: accountData } = useQuery(DEPOSIT_ACCOUNTS, invoice ? { fetchPolicy: 'cache-and-network' } : skipToken);
  const accounts = useMemo<DepositAccount[]>(() => accountData?.moneyAccounts ?? [], [accountData]);
  const defaults = useMemo<MoneyAccountDefaults>(() => {
    const d = accountData?.moneyAccountDefaults;
    return { bank: d?.bank ?? undefined, cash: d?.cash ?? undefined, other: d?.other ?? undefined };
  }, [accountData]);
  const method = Form.useWatch('method', form);
  // The user's choice stands until the method changes; then it follows the method, as the server's default does.
  const [chosen, setChosen] = useState(false);

  useEffect(() => {
    if (!invoice) return;
    setError(null);
    setChosen(false);
    form.resetFields();
    form.setFieldsValue({ amount: invoice.openAmount, date: localToday(), method: 'bank_transfer', reference: '' });
  }, [invoice, form]);

  useEffect(() => {
    if (!invoice || chosen) return;
    form.setFieldValue('depositedTo', defaultDeposit(method, accounts, defaults));
  }, [invoice, method, accounts, defaults, chosen, form]);

  const submit = async (v: PaymentValues) => {
    if (!invoice) return;
    setError(null);
    try {
      const depositedTo = takesDeposits(v.method) ? (v.depositedTo ?? null) : null;
      await record({ variables: { invoiceId: invoice.id, input: { amount: Number(v.amount), date: v.date, method: v.method, reference: v.reference?.trim() || null, depositedTo } } });
      feedback.success(t('admin.payments.recorded', { amount: money(Number(v.amount)), number: invoice.invoiceNumber }));
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
      {invoice && (
        <p className="admin-muted" data-testid="payment-open">
          {t('admin.payments.open', { amount: money(invoice.openAmount) })}
        </p>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="payment-error" />}
      <Form<PaymentValues> form={form} name="payment" layout="vertical" onFinish={(v) => void submit(v)}>
        {/* In another currency a payment is at most what is open (the server refuses more: no credit balance in it yet), booked in euros at its day's rate. */}
        <Form.Item
          name="amount"
          label={foreign ? t('admin.payments.amountIn', { currency }) : t('admin.payments.amount')}
          rules={
            foreign && invoice
              ? [...required, { type: 'number', max: invoice.openAmount, message: t('admin.payments.atMostOpen', { amount: money(invoice.openAmount) }) }]
              : required
          }
          extra={foreign ? t('admin.payments.amountHelpForeign', { currency }) : t('admin.payments.amountHelp')}
        >
          <InputNumber<number> min={0.01} step={0.01} precision={2} prefix={currencySymbol(currency, language)} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="date" label={t('admin.payments.date')} rules={required}>
          <IsoDatePicker />
        </Form.Item>
        <Form.Item name="method" label={t('admin.payments.method')} rules={required}>
          <Select
            options={METHODS.map((m) => ({ value: m, label: t(`admin.payments.methods.${m}`) }))}
            onChange={() => setChosen(false)}
            data-testid="payment-method"
          />
        </Form.Item>
        {takesDeposits(method) && (
          <Form.Item name="depositedTo" label={t('admin.payments.depositedTo')} extra={t('admin.payments.depositedToHelp')}>
            <Select
              options={accounts.map((a) => ({ value: a.id, label: a.name }))}
              loading={!accountData}
              onChange={() => setChosen(true)}
              data-testid="payment-deposited-to"
            />
          </Form.Item>
        )}
        <Form.Item name="reference" label={t('admin.payments.reference')} rules={[cleanTextRule(t)]}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
