import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIban } from '../../../../domain/billing/bank';
import { useReportLoadError } from '../common/useFeedback';
import { useMoneyAccounts, type MoneyAccountView } from './useMoneyAccounts';

/**
 * The bank accounts (cash has no statements) and the one a tab works on: the default bank account
 * (else the first) until another is chosen.
 */
export const useBankAccountChoice = () => {
  const { accounts, loading, error } = useMoneyAccounts();
  useReportLoadError(error, 'Failed to fetch money accounts');
  const banks = useMemo(() => accounts.filter((a) => a.kind === 'bank'), [accounts]);
  const [chosen, setChosen] = useState<string | undefined>();
  const accountId = chosen ?? (banks.find((a) => a.isDefault) ?? banks[0])?.id;
  return { accounts, banks, accountId, choose: setChosen, loading };
};

/** "Bank account" and its picker, each account by name and IBAN (the Statements tab's toolbar). */
export const BankAccountSelect = ({ id, banks, value, onChange, loading }: { id: string; banks: MoneyAccountView[]; value: string | undefined; onChange: (id: string) => void; loading: boolean }) => {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={id} className="bank-account-label">
        {t('bank.statements.account')}
      </label>
      <Select
        id={id}
        className="bank-account-select"
        loading={loading}
        value={value}
        onChange={onChange}
        options={banks.map((a) => ({ value: a.id, label: a.iban ? `${a.name} · ${formatIban(a.iban)}` : a.name }))}
      />
    </>
  );
};
