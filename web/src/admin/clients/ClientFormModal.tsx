import { Checkbox, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EURO } from '../../common/format';
import { useScreenLanguage } from '../../common/useAmount';
import { fieldErrorsOf } from '../accounting/hooks/graphqlErrors';
import { CLIENT_CURRENCY_TEXTS, useCurrencyKept, useCurrencyOptions } from './clientCurrency';
import { CLIENT_LANGUAGES, type ClientLanguage } from '../../../../domain/billing/commands';
import { LANGUAGE_LABELS } from '../../i18n';
import { cleanTextRule } from '../common/cleanText';
import { FormModal } from '../common/FormModal';
import { CountrySelect } from '../common/CountrySelect';
import { translatedVatRefusal, vatNumberRule } from '../common/vatNumberCheck';
import type { ClientValues, ClientView } from './clientTypes';

interface Props {
  open: boolean;
  client: ClientView | null;
  saving: boolean;
  onCancel: () => void;
  /** Rejects when the server refuses: its field errors then show under their fields, the modal stays open. */
  onSave: (values: ClientValues) => Promise<void> | void;
  /** The company's country, which a client without one is taken to be in (its VAT number is checked against it); unknown until loaded. */
  companyCountry?: string;
}

/** The form's fields, which take the server's field errors. */
const FIELDS = ['name', 'email', 'phone', 'address', 'country', 'vatNumber', 'language', 'currency'] as const;

/** The currency of the client's invoices, the euro first; `kept` (or not known yet): shown, not offered. */
const CurrencyField = ({ kept }: { kept: boolean | undefined }) => {
  const { t } = useTranslation();
  const currencies = useCurrencyOptions(useScreenLanguage());
  return (
    <Form.Item name="currency" label={t('admin.clients.currency')} extra={kept ? t('admin.clients.currencyKept') : t('admin.clients.currencyHelp')}>
      <Select showSearch={{ optionFilterProp: 'label' }} options={currencies} disabled={kept !== false} data-testid="client-currency" />
    </Form.Item>
  );
};

/** Once the client has invoices or subscriptions its currency stays (they are in it), as the server insists. */
const ExistingClientCurrency = ({ clientId, open }: { clientId: string; open: boolean }) => <CurrencyField kept={useCurrencyKept(clientId, open)} />;

export const ClientFormModal = ({ open, client, saving, onCancel, onSave, companyCountry }: Props) => {
  const { t } = useTranslation();
  const language = useScreenLanguage();
  const [form] = Form.useForm<ClientValues>();
  const countryOf = (country: string | undefined) => country || companyCountry;
  const save = async (values: ClientValues) => {
    try {
      await onSave(values);
    } catch (err) {
      const sent = { vatNumber: values.vatNumber, country: countryOf(values.country) };
      const text = (name: string, e: string) => (CLIENT_CURRENCY_TEXTS[e] ? t(CLIENT_CURRENCY_TEXTS[e]) : name === 'vatNumber' ? translatedVatRefusal(e, sent, t, language) : e);
      const fields = Object.entries(fieldErrorsOf(err)).flatMap(([path, errors]) => {
        const name = path.replace(/^input\./, '');
        return (FIELDS as readonly string[]).includes(name) ? [{ name: name as (typeof FIELDS)[number], errors: errors.map((e) => text(name, e)) }] : [];
      });
      form.setFields(fields);
    }
  };
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
              currency: client.currency,
            }
          : { language: 'en', remindersExcluded: false, currency: EURO }
      }
      onCancel={onCancel}
      onSave={(values) => void save(values)}
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
      <Form.Item
        name="vatNumber"
        label={t('admin.fields.vatNumber')}
        extra={t('admin.clients.vatHelp')}
        dependencies={['country']}
        rules={[cleanTextRule(t), vatNumberRule(() => countryOf(form.getFieldValue('country')), t, language, client && { vatNumber: client.vatNumber, country: client.country })]}
      >
        <Input maxLength={50} />
      </Form.Item>
      {client ? <ExistingClientCurrency clientId={client.id} open={open} /> : <CurrencyField kept={false} />}
      <Form.Item name="language" label={t('admin.clients.language')} extra={t('admin.clients.languageHelp')}>
        <Select options={CLIENT_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))} />
      </Form.Item>
      <Form.Item name="remindersExcluded" valuePropName="checked" extra={t('admin.clients.remindersExcludedHelp')}>
        <Checkbox>{t('admin.clients.remindersExcluded')}</Checkbox>
      </Form.Item>
    </FormModal>
  );
};
