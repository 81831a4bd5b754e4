import { Checkbox, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLIENT_LANGUAGES, type ClientLanguage } from '../../../../domain/billing/commands';
import { LANGUAGE_LABELS } from '../../i18n';
import { cleanTextRule } from '../common/cleanText';
import { FormModal } from '../common/FormModal';
import { CountrySelect } from '../common/CountrySelect';
import type { ClientValues, ClientView } from './clientTypes';

interface Props {
  open: boolean;
  client: ClientView | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (values: ClientValues) => void;
}

export const ClientFormModal = ({ open, client, saving, onCancel, onSave }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<ClientValues>();
  return (
    <FormModal<ClientValues>
      open={open}
      title={t(client ? 'admin.clients.editTitle' : 'admin.clients.createTitle')}
      saving={saving}
      form={form}
      name="client"
      record={client}
      values={() =>
        client
          ? {
              name: client.name,
              email: client.email,
              phone: client.phone,
              address: client.address,
              vatNumber: client.vatNumber,
              country: client.country,
              language: client.language as ClientLanguage,
              remindersExcluded: client.remindersExcluded,
            }
          : { language: 'en', remindersExcluded: false }
      }
      onCancel={onCancel}
      onSave={onSave}
    >
      <Form.Item name="name" label={t('admin.fields.name')} rules={[{ required: true, whitespace: true, message: t('admin.validation.required') }, cleanTextRule(t)]}>
        <Input maxLength={200} autoComplete="organization" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('admin.fields.email')}
        rules={[
          { required: true, whitespace: true, message: t('admin.validation.required') },
          cleanTextRule(t),
          { type: 'email', message: t('admin.validation.email') },
        ]}
      >
        <Input type="email" maxLength={254} autoComplete="email" />
      </Form.Item>
      <Form.Item name="phone" label={t('admin.fields.phone')} rules={[cleanTextRule(t)]}>
        <Input type="tel" maxLength={50} autoComplete="tel" />
      </Form.Item>
      <Form.Item name="address" label={t('admin.fields.address')} rules={[cleanTextRule(t, 'multi')]}>
        <Input.TextArea rows={2} maxLength={500} autoComplete="street-address" />
      </Form.Item>
      <Form.Item name="country" label={t('admin.fields.country')} extra={t('admin.clients.countryHelp')}>
        <CountrySelect allowClear placeholder={t('admin.clients.countryDefault')} />
      </Form.Item>
      <Form.Item name="vatNumber" label={t('admin.fields.vatNumber')} extra={t('admin.clients.vatHelp')} rules={[cleanTextRule(t)]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="language" label={t('admin.clients.language')} extra={t('admin.clients.languageHelp')}>
        <Select options={CLIENT_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))} />
      </Form.Item>
      <Form.Item name="remindersExcluded" valuePropName="checked" extra={t('admin.clients.remindersExcludedHelp')}>
        <Checkbox>{t('admin.clients.remindersExcluded')}</Checkbox>
      </Form.Item>
    </FormModal>
  );
};
