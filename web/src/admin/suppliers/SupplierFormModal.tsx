import { Alert, Form, Input, InputNumber, Select, type FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIban, isValidIban } from '../../../../domain/billing/bank';
import { MAX_PAYMENT_TERMS_DAYS } from '../../../../domain/purchases/supplier';
import { cleanTextRule } from '../common/cleanText';
import { CountrySelect } from '../common/CountrySelect';
import { FormModal } from '../common/FormModal';
import { vatNumberRule } from '../common/vatNumberCheck';
import { useStandardVatRateIn } from '../settings/useStandardVatRate';
import { useCompanyCountry, type ChartAccount, type SupplierValues, type SupplierView } from './useSuppliers';

/** The select's value for "no default account": chosen on each line. */
const NO_ACCOUNT = '';

interface Props {
  open: boolean;
  /** The supplier being edited; null for a new one. */
  supplier: SupplierView | null;
  /** The accounts a purchase may be booked to. */
  accounts: ChartAccount[];
  saving: boolean;
  /** A refusal of the server that belongs to no field (a conflict). */
  error: string | null;
  onCancel: () => void;
  onSave: (values: SupplierValues) => void;
  /** The form, so the page can put the server's field errors under their fields. */
  form: FormInstance<SupplierValues>;
}

/**
 * New supplier and Edit supplier. The IBAN and the VAT number's format and check digits (for its
 * country) are checked here as the server checks them (ibantools, domain/tax/vat-number.ts); the
 * rest (the VAT number no other supplier has, the account taking purchases) is the server's to say.
 */
export const SupplierFormModal = ({ open, supplier, accounts, saving, error, onCancel, onSave, form }: Props) => {
  const { t, i18n } = useTranslation();
  useStandardVatRateIn(form, ['defaultVatRate']);
  const companyCountry = useCompanyCountry();
  const banner = useRef<HTMLDivElement>(null);
  // A refusal above the form is seen also when Save, at the foot of a long dialog, was clicked.
  useEffect(() => {
    if (error) banner.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);
  // A new supplier starts in the company's country, also when that arrives after the form opened.
  useEffect(() => {
    if (open && !supplier && companyCountry && !form.getFieldValue('country') && !form.isFieldTouched('country')) form.setFieldValue('country', companyCountry);
  });
  return (
    <FormModal<SupplierValues>
      open={open}
      title={supplier ? t('admin.suppliers.editTitle', { name: supplier.name }) : t('admin.suppliers.createTitle')}
      saving={saving}
      form={form}
      name="supplier"
      record={supplier}
      values={() =>
        supplier
          ? {
              name: supplier.name,
              vatNumber: supplier.vatNumber,
              country: supplier.country,
              address: supplier.address,
              iban: supplier.iban ? formatIban(supplier.iban) : '',
              defaultAccountId: supplier.defaultAccountId ?? NO_ACCOUNT,
              defaultVatRate: supplier.defaultVatRate,
              paymentTermsDays: supplier.paymentTermsDays,
            }
          : { name: '', vatNumber: '', country: companyCountry, address: '', iban: '', defaultAccountId: NO_ACCOUNT, defaultVatRate: undefined, paymentTermsDays: 30 }
      }
      banner={
        error ? (
          <div ref={banner}>
            <Alert type="error" showIcon className="supplier-form-error" title={error} data-testid="supplier-error" />
          </div>
        ) : null
      }
      onCancel={onCancel}
      onSave={onSave}
    >
      <Form.Item name="name" label={t('admin.suppliers.fields.name')} rules={[{ required: true, whitespace: true, message: t('admin.validation.required') }, cleanTextRule(t)]}>
        <Input maxLength={200} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="vatNumber"
        label={t('admin.suppliers.fields.vatNumber')}
        extra={t('admin.suppliers.vatNumberHelp')}
        dependencies={['country']}
        rules={[cleanTextRule(t), vatNumberRule(() => form.getFieldValue('country'), t, i18n.resolvedLanguage ?? i18n.language, supplier)]}
      >
        <Input maxLength={50} autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item name="country" label={t('admin.suppliers.fields.country')} rules={[{ required: true, message: t('admin.validation.required') }]}>
        <CountrySelect />
      </Form.Item>
      <Form.Item name="address" label={t('admin.suppliers.fields.address')} rules={[cleanTextRule(t, 'multi')]}>
        <Input.TextArea rows={3} maxLength={500} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="iban"
        label={t('admin.suppliers.fields.iban')}
        rules={[
          cleanTextRule(t),
          {
            validator: async (_r, v: string | undefined) => {
              if (v?.trim() && !isValidIban(v)) throw new Error(t('bank.errors.invalidIban'));
            },
          },
        ]}
      >
        <Input maxLength={42} autoComplete="off" spellCheck={false} placeholder="GR16 0110 1250 0000 0001 2300 695" />
      </Form.Item>
      <Form.Item name="defaultAccountId" label={t('admin.suppliers.fields.defaultAccount')} extra={t('admin.suppliers.defaultAccountHelp')}>
        {/* "None" is an option rather than a clear icon: a 12 px cross is no target for a thumb. */}
        <Select showSearch={{ optionFilterProp: 'label' }} options={[{ value: NO_ACCOUNT, label: t('admin.suppliers.noDefaultAccount') }, ...accounts.map((a) => ({ value: a.id, label: `${a.code} ${a.accountName}` }))]} />
      </Form.Item>
      <Form.Item name="defaultVatRate" label={t('admin.suppliers.fields.defaultVatRate')}>
        <InputNumber<number> controls={false} min={0} max={100} step={1} precision={2} suffix="%" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="paymentTermsDays" label={t('admin.suppliers.fields.paymentTerms')} extra={t('admin.suppliers.paymentTermsHelp')}>
        <InputNumber<number> controls={false} min={0} max={MAX_PAYMENT_TERMS_DAYS} step={1} precision={0} suffix={t('admin.suppliers.daysUnit')} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
};
