import { Button, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../common/format';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { confirmed, useFeedback, useReportLoadError } from '../common/useFeedback';
import { ProductFormModal } from './ProductFormModal';
import type { ProductValues, ProductView } from './productTypes';
import { useDeleteProduct, useProducts, useSaveProduct } from './useProducts';

type Editing = { product: ProductView | null } | null;

export const ProductsPage = () => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { products, loading, error } = useProducts();
  useReportLoadError(error, 'Failed to fetch products');
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
      <Table<ProductView>
        rowKey="id"
        loading={loading}
        dataSource={products}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('admin.products.empty') }}
        columns={[
          { key: 'name', title: t('admin.products.name'), dataIndex: 'name' },
          { key: 'price', title: t('admin.products.price'), align: 'right', render: (_, p) => <span className="admin-amount">{formatEuros(p.price)}</span> },
          { key: 'cycle', title: t('admin.products.billingCycle'), render: (_, p) => t(`enum.billingCycle.${p.billingCycle}`, { defaultValue: p.billingCycle }) },
          { key: 'vat', title: t('admin.products.vatRate'), align: 'right', render: (_, p) => `${p.vatRate.toLocaleString('de-DE')} %` },
          {
            key: 'actions',
            title: t('admin.fields.actions'),
            render: (_, p) => (
              <Space>
                <Button size="small" onClick={() => setEditing({ product: p })}>
                  {t('buttons.edit')}
                </Button>
                <Button size="small" danger onClick={() => void onDelete(p)}>
                  {t('buttons.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <ProductFormModal open={editing !== null} product={editing?.product ?? null} saving={saving} onCancel={() => setEditing(null)} onSave={(v) => void onSave(v)} />
    </AdminPage>
  );
};
