import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EU_COUNTRIES, ISO_COUNTRIES } from '../../../../domain/invoice/vat';
import { countryName } from '../../common/format';

/** An ISO 3166-1 alpha-2 country, searchable by name or code; EU member states first. */
export const CountrySelect = (props: { value?: string | null; onChange?: (v: string | undefined) => void; id?: string; allowClear?: boolean; placeholder?: string }) => {
  const { i18n, t } = useTranslation();
  const options = useMemo(() => {
    const option = (code: string) => ({ value: code, label: `${countryName(code, i18n.language)} (${code})` });
    const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, i18n.language);
    return [
      { label: t('admin.countries.eu'), options: [...EU_COUNTRIES].map(option).sort(byName) },
      { label: t('admin.countries.other'), options: [...ISO_COUNTRIES].filter((c) => !EU_COUNTRIES.has(c)).map(option).sort(byName) },
    ];
  }, [i18n.language, t]);
  return (
    <Select
      id={props.id}
      value={props.value ?? undefined}
      onChange={(v: string | undefined) => props.onChange?.(v)}
      allowClear={props.allowClear}
      placeholder={props.placeholder}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      style={{ width: '100%' }}
    />
  );
};
