import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../hooks/useAccounts';

/** Active accounts by code and name, searchable; placeholder 'Select Account' as the spec says. */
export const AccountSelect = ({ value, onChange, id, ...rest }: { value?: string; onChange?: (v: string) => void; id?: string; 'aria-label'?: string; 'data-testid'?: string }) => {
  const { t } = useTranslation();
  const { accounts, loading } = useAccounts(false);
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      loading={loading}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('admin.accounting.journal.selectAccount')}
      options={accounts.map((a) => ({ value: a.id, label: `${a.code} ${a.accountName}` }))}
      popupMatchSelectWidth={false}
      {...rest}
    />
  );
};
