import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientOptions } from '../clients/useClients';

interface Props {
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** The selected client's name, so an edit shows it even when it is not among the first matches. */
  current?: { id: string; name: string } | null;
  allowClear?: boolean;
  placeholder?: string;
  /** For a select without a visible label (the invoice filter). */
  ariaLabel?: string;
  id?: string;
  style?: React.CSSProperties;
  disabled?: boolean;
}

/** Clients searched on the server by name or e-mail (a select over thousands of clients stays light). */
export const ClientSelect = ({ value, onChange, current, allowClear, placeholder, ariaLabel, id, style, disabled }: Props) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { options, loading } = useClientOptions(search);
  const all = current && !options.some((o) => o.value === current.id) ? [{ value: current.id, label: current.name }, ...options] : options;
  return (
    <Select
      id={id}
      disabled={disabled}
      aria-label={ariaLabel}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear={allowClear}
      loading={loading}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      onClear={() => setSearch('')}
      options={all}
      placeholder={placeholder ?? t('admin.fields.selectClient')}
      style={style ?? { width: '100%' }}
      notFoundContent={t('admin.clients.empty')}
      data-testid="client-select"
    />
  );
};
