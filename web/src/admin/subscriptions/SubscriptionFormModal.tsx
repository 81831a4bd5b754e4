import { Alert, Form, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localToday } from '../../common/format';
import { ClientSelect } from '../common/ClientSelect';
import { FormModal } from '../common/FormModal';
import { IsoDatePicker } from '../common/IsoDatePicker';
import { useProducts } from '../products/useProducts';
import type { SubscriptionValues, SubscriptionView } from './subscriptionTypes';

interface Props {
  open: boolean;
  subscription: SubscriptionView | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (values: SubscriptionValues) => void;
}

export const SubscriptionFormModal = ({ open, subscription, saving, onCancel, onSave }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<SubscriptionValues>();
  const { products } = useProducts();
  const [missing, setMissing] = useState(false);

  // The spec's rule: a missing client or product is one alert, before anything is sent.
  const submit = () => {
    const { clientId, productId } = form.getFieldsValue();
    const bothChosen = Boolean(clientId && productId);
    setMissing(!bothChosen);
    if (bothChosen) form.submit();
  };

  return (
    <FormModal<SubscriptionValues>
      open={open}
      title={t(subscription ? 'admin.subscriptions.editTitle' : 'admin.subscriptions.createTitle')}
      saving={saving}
      form={form}
      name="subscription"
      record={subscription}
      values={() =>
        subscription
          ? {
              clientId: subscription.client.id,
              productId: subscription.product.id,
              startDate: subscription.startDate,
              status: subscription.status as SubscriptionValues['status'],
              autoGenerateInvoices: subscription.autoGenerateInvoices,
            }
          : { startDate: localToday(), status: 'active', autoGenerateInvoices: true }
      }
      onCancel={onCancel}
      onSave={onSave}
      onOk={submit}
      onOpen={() => setMissing(false)}
      onValuesChange={() => missing && setMissing(false)}
      banner={missing && <Alert type="error" showIcon role="alert" title={t('admin.subscriptions.selectClientAndProduct')} className="admin-toolbar" />}
    >
      <Form.Item name="clientId" label={t('admin.fields.client')} required>
        <ClientSelect current={subscription?.client} />
      </Form.Item>
      <Form.Item name="productId" label={t('admin.subscriptions.product')} required>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('admin.subscriptions.selectProduct')}
          options={products.map((p) => ({ value: p.id, label: `${p.name} (${t(`enum.billingCycle.${p.billingCycle}`)})` }))}
          data-testid="product-select"
        />
      </Form.Item>
      <Form.Item name="startDate" label={t('admin.subscriptions.startDate')} rules={[{ required: true, message: t('admin.validation.required') }]}>
        <IsoDatePicker />
      </Form.Item>
      <Form.Item name="status" label={t('admin.fields.status')}>
        <Select
          options={[
            { value: 'active', label: t('enum.subscriptionStatus.active') },
            { value: 'cancelled', label: t('enum.subscriptionStatus.cancelled') },
          ]}
        />
      </Form.Item>
      <Form.Item name="autoGenerateInvoices" label={t('admin.subscriptions.autoGenerateInvoices')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
};
