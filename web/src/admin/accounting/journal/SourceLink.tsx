import { LinkOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Automatic postings point at the invoice or payment they come from; they are changed there, not here. */
export const SourceLink = ({ source, invoiceId }: { source: string; invoiceId?: string | null }) => {
  const { t } = useTranslation();
  if (source !== 'invoice' && source !== 'payment') return null;
  const label = source === 'invoice' ? t('admin.accounting.journal.fromInvoice') : t('admin.accounting.journal.fromPayment');
  return (
    <Tooltip title={t('admin.accounting.journal.automatic')}>
      <Tag color={source === 'invoice' ? 'blue' : 'green'} icon={<LinkOutlined aria-hidden />} data-testid="source-link">
        {invoiceId ? <Link to={`/admin/invoices?invoice=${invoiceId}`}>{label}</Link> : label}
      </Tag>
    </Tooltip>
  );
};
