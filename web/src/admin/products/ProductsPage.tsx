import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../common/format';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { RowActions } from '../../common/RowActions';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { confirmed, useFeedback } from '../common/useFeedback';
import { ProductFormModal } from './ProductFormModal';
import type { ProductValues, ProductView } from './productTypes';
import { useDeleteProduct, useProducts, useSaveProduct } from './useProducts';

type Editing = { product: ProductView | null } | null;

export const ProductsPage = () => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { products, loading, error, refetch } = useProducts();
  const { save, saving } = useSaveProduct();
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<Editing>(null);

  // The spec only logs product failures; the modal stays open so nothing typed is lost.
  const onSave = async (values: ProductValues) => {
    try {
      await save(editing?.product ?? null, values);
      setEditing(null);
    } catch (err) {
      feedback.logged(err, 'Failed to save product');
    }
  };

  const onDelete = async (product: ProductView) => {
    if (!confirmed(t('admin.products.confirmDelete'))) return;
    try {
      await remove(product.id);
    } catch (err) {
      feedback.logged(err, 'Failed to delete product');
    }
  };

  const cycle = (p: ProductView) => t(`enum.billingCycle.${p.billingCycle}`, { defaultValue: p.billingCycle });
  const vat = (p: ProductView) => `${p.vatRate.toLocaleString('de-DE')} %`;
  // Edit in the row; Delete, destructive, under More, not a red button on every row.
  const rowActions = (p: ProductView) => (
    <RowActions
      actions={[
        { key: 'edit', label: t('buttons.edit'), inline: true, onClick: () => setEditing({ product: p }) },
        { key: 'delete', label: t('buttons.delete'), danger: true, apart: true, onClick: () => void onDelete(p) },
      ]}
    />
  );

  return (
    <AdminPage testId="admin-products">
      <PageHeader
        title={t('admin.products.title')}
        actions={
          <Button type="primary" onClick={() => setEditing({ product: null })}>
            {t('admin.products.create')}
          </Button>
        }
      />
      <ResponsiveTable<ProductView>
        label={t('admin.products.title')}
        rowKey="id"
        state={{ loading, error, retry: refetch }}
        dataSource={products}
        pagination={false}
        // Narrower than this the table scrolls in its own box; wider, long names wrap instead of pushing the actions out.
        scroll={{ x: 720 }}
        locale={{ emptyText: t('admin.products.empty') }}
        card={(p) => ({
          title: p.name,
          amount: formatEuros(p.price),
          fields: [
            { key: 'cycle', label: t('admin.products.billingCycle'), value: cycle(p) },
            { key: 'vat', label: t('admin.products.vatRate'), value: vat(p) },
          ],
          actions: rowActions(p),
        })}
        columns={[
          { key: 'name', title: t('admin.products.name'), dataIndex: 'name' },
          { key: 'price', title: t('admin.products.price'), align: 'right', render: (_, p) => <span className="admin-amount">{formatEuros(p.price)}</span> },
          { key: 'cycle', title: t('admin.products.billingCycle'), render: (_, p) => cycle(p) },
          { key: 'vat', title: t('admin.products.vatRate'), align: 'right', render: (_, p) => vat(p) },
          { key: 'actions', title: t('admin.fields.actions'), render: (_, p) => rowActions(p) },
        ]}
      />
      <ProductFormModal open={editing !== null} product={editing?.product ?? null} saving={saving} onCancel={() => setEditing(null)} onSave={(v) => void onSave(v)} />
    </AdminPage>
  );
};
