import { Checkbox, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ClientSelect } from '../common/ClientSelect';
import type { InvoiceFilterValues } from './invoiceTypes';

/** Filters live in the URL (?client=…&status=unpaid&overdue=true) so a filtered list can be linked to. */
export const useInvoiceFilters = (): [InvoiceFilterValues, (next: InvoiceFilterValues) => void] => {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filters: InvoiceFilterValues = {
    clientId: params.get('client') ?? undefined,
    status: status === 'paid' || status === 'unpaid' ? status : undefined,
    overdue: params.get('overdue') === 'true' ? true : undefined,
  };
  const set = (next: InvoiceFilterValues) => {
    const p = new URLSearchParams();
    if (next.clientId) p.set('client', next.clientId);
    if (next.status) p.set('status', next.status);
    if (next.overdue) p.set('overdue', 'true');
    setParams(p, { replace: true });
  };
  return [filters, set];
};

export const InvoiceFilters = ({ value, onChange }: { value: InvoiceFilterValues; onChange: (next: InvoiceFilterValues) => void }) => {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap align="center" className="admin-toolbar" role="search" aria-label={t('admin.invoices.filters')}>
      <ClientSelect
        allowClear
        value={value.clientId}
        onChange={(clientId) => onChange({ ...value, clientId })}
        placeholder={t('admin.invoices.allClients')}
        ariaLabel={t('admin.fields.client')}
        style={{ width: 260, maxWidth: '100%' }}
      />
      <Select<'all' | 'paid' | 'unpaid'>
        aria-label={t('admin.fields.status')}
        value={value.status ?? 'all'}
        onChange={(s) => onChange({ ...value, status: s === 'all' ? undefined : s })}
        style={{ width: 210 }}
        options={[
          { value: 'all', label: t('admin.invoices.allStatuses') },
          { value: 'unpaid', label: t('enum.invoiceStatus.unpaid') },
          { value: 'paid', label: t('enum.invoiceStatus.paid') },
        ]}
        data-testid="status-filter"
      />
      <Checkbox checked={value.overdue === true} onChange={(e) => onChange({ ...value, overdue: e.target.checked || undefined })} data-testid="overdue-filter">
        {t('admin.invoices.overdueOnly')}
      </Checkbox>
    </Flex>
  );
};
