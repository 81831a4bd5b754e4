import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { cleanTextRule } from '../common/cleanText';
import { FormModal } from '../common/FormModal';
import { useStandardVatRateIn } from '../settings/useStandardVatRate';
import { BILLING_CYCLES, type BillingCycle, type ProductView, type ProductValues } from './productTypes';

interface Props {
  open: boolean;
  product: ProductView | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (values: ProductValues) => void;
}

/** Create Product / Edit Product. The modal stays open when saving fails (the page decides when to close). */
export const ProductFormModal = ({ open, product, saving, onCancel, onSave }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProductValues>();
  const standardRate = useStandardVatRateIn(form, ['vatRate']);
  return (
    <FormModal<ProductValues>
      open={open}
      title={t(product ? 'admin.products.editTitle' : 'admin.products.createTitle')}
      saving={saving}
      form={form}
      name="product"
      record={product}
      values={() =>
        product
          ? { name: product.name, price: product.price, billingCycle: product.billingCycle as BillingCycle, vatRate: product.vatRate }
          : { name: '', price: undefined, billingCycle: 'one_time', vatRate: standardRate }
      }
      onCancel={onCancel}
      onSave={onSave}
    >
      <Form.Item name="name" label={t('admin.products.name')} rules={[{ required: true, whitespace: true, message: t('admin.validation.required') }, cleanTextRule(t)]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="price" label={t('admin.products.price')} rules={[{ required: true, message: t('admin.validation.required') }]}>
        <InputNumber<number> min={0} step={0.01} precision={2} prefix="€" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="billingCycle" label={t('admin.products.billingCycle')}>
        <Select options={BILLING_CYCLES.map((c) => ({ value: c, label: t(`enum.billingCycle.${c}`) }))} />
      </Form.Item>
      <Form.Item name="vatRate" label={t('admin.products.vatRate')}>
        <InputNumber<number> min={0} max={100} step={1} precision={2} suffix="%" style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
};
