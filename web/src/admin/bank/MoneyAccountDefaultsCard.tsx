import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Form, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PURPOSES, type DefaultPurpose } from '../../../../domain/bank/money-account';
import { useFeedback, useReportLoadError } from '../common/useFeedback';
import { MONEY_ACCOUNT_DEFAULTS, UPDATE_MONEY_ACCOUNT_DEFAULTS } from './graphql/moneyAccountDefaults';
import { moneyAccountRefusal } from './moneyAccountErrors';
import type { MoneyAccountView } from './useMoneyAccounts';

type Values = Partial<Record<DefaultPurpose, string | null>>;

/** Money arrives by transfer (and Stripe pays out) only into a bank account: cash is not offered there (the server refuses it too). */
const BANK_ONLY: ReadonlySet<DefaultPurpose> = new Set(['bank', 'payout']);

/**
 * The Accounts tab's "Defaults" card: for each payment method recorded by hand, and for Stripe's
 * payouts, the money account it goes to unless told otherwise. An empty choice keeps the built-in
 * rule, which its placeholder names.
 */
export const MoneyAccountDefaultsCard = ({ accounts, accountsLoading }: { accounts: MoneyAccountView[]; accountsLoading: boolean }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { data, loading, error } = useQuery(MONEY_ACCOUNT_DEFAULTS);
  useReportLoadError(error, 'Failed to fetch money account defaults');
  const [update, { loading: saving }] = useMutation(UPDATE_MONEY_ACCOUNT_DEFAULTS, { refetchQueries: ['BankMoneyAccountDefaults'], awaitRefetchQueries: true });
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const saved = data?.moneyAccountDefaults;

  useEffect(() => {
    if (saved) form.setFieldsValue(Object.fromEntries(DEFAULT_PURPOSES.map((p) => [p, saved[p] ?? undefined])));
  }, [saved, form]);

  const defaultBank = accounts.find((a) => a.isDefault);
  // The built-in rule: the default bank account, the cash box, and for payouts the books' own Bank (1000).
  const fallback = (purpose: DefaultPurpose): string => {
    if (purpose === 'cash') return t('bank.defaults.fallbackCash');
    if (purpose === 'payout') return t('bank.defaults.fallbackPayout');
    return t('bank.defaults.fallbackBank', { name: defaultBank?.name ?? '—' });
  };
  const options = (purpose: DefaultPurpose) =>
    accounts.filter((a) => !BANK_ONLY.has(purpose) || a.kind === 'bank').map((a) => ({ value: a.id, label: `${a.name} · ${t(`bank.kinds.${a.kind}`)}` }));

  const onSave = async (values: Values) => {
    setRefusal(null);
    try {
      await update({ variables: { input: Object.fromEntries(DEFAULT_PURPOSES.map((p) => [p, values[p] ?? null])) } });
      feedback.success(t('bank.defaults.saved'));
    } catch (err) {
      console.warn('Money account defaults refused', err);
      const { fields, rest } = moneyAccountRefusal(err, t, DEFAULT_PURPOSES);
      form.setFields(Object.entries(fields).map(([name, errors]) => ({ name: name as DefaultPurpose, errors })));
      setRefusal(rest.length ? rest.join(' ') : null);
    }
  };

  return (
    <Card size="small" title={t('bank.defaults.title')} className="bank-defaults" data-testid="money-account-defaults" loading={(loading && !data) || accountsLoading}>
      <Typography.Paragraph className="bank-intro">{t('bank.defaults.intro')}</Typography.Paragraph>
      {refusal && <Alert type="error" showIcon title={refusal} className="bank-form-error" />}
      <Form form={form} layout="vertical" onFinish={(v) => void onSave(v)} className="bank-defaults-form">
        {DEFAULT_PURPOSES.map((purpose) => (
          <Form.Item key={purpose} name={purpose} label={t(`bank.defaults.purposes.${purpose}`)} htmlFor={`default-${purpose}`} className="bank-defaults-item">
            <Select id={`default-${purpose}`} allowClear placeholder={fallback(purpose)} options={options(purpose)} data-testid={`default-${purpose}`} />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={saving} data-testid="save-defaults">
          {t('bank.defaults.save')}
        </Button>
      </Form>
    </Card>
  );
};
