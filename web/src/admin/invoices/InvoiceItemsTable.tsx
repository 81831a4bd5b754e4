import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { EURO } from '../../common/format';
import { useFormatAmount } from '../../common/useAmount';
import type { InvoiceItemView } from './invoiceTypes';

/** What an issued invoice (or a credit note) says, line by line, its prices in its currency: read only. */
export const InvoiceItemsTable = ({ items, currency = EURO }: { items: InvoiceItemView[]; currency?: string }) => {
  const { t } = useTranslation();
  const money = useFormatAmount();
  return (
    <Table<InvoiceItemView & { key: number }>
      className="admin-line-items"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={items.map((item, key) => ({ ...item, key }))}
      data-testid="invoice-items"
      columns={[
        { key: 'description', title: t('admin.invoices.description'), render: (_, i) => i.description },
        { key: 'quantity', title: t('admin.invoices.quantity'), align: 'right', render: (_, i) => i.quantity },
        { key: 'unitPrice', title: t('admin.invoices.unitPrice'), align: 'right', render: (_, i) => money(i.unitPrice, currency) },
        {
          key: 'vat',
          title: t('admin.invoices.vatRate'),
          align: 'right',
          render: (_, i) => (i.vatCategory === 'AE' || i.vatCategory === 'E' ? t(`admin.invoices.vatCategories.${i.vatCategory}`) : `${i.vatRate} %`),
        },
      ]}
    />
  );
};
