import { Button, Card, Divider, Form, Input, InputNumber } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingSkeleton } from '../../common/DataState';
import { formatDate } from '../../common/format';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { useFeedback } from '../common/useFeedback';
import { CountrySelect } from '../common/CountrySelect';
import { fieldErrorsOf } from '../accounting/hooks/graphqlErrors';
import { cleanTextRule } from '../common/cleanText';
import { ReminderDaysField } from './ReminderDaysField';
import { SettingsTabs } from './SettingsTabs';
import { MyDataSettingsCard } from '../mydata/MyDataSettingsCard';
import { useCompanySettings, useUpdateCompanySettings, type CompanySettingsValues } from './useCompanySettings';

/** The seller shown on invoices, the contact page and the terms: one record, edited here. */
export const SettingsPage = () => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { settings, loading, error, refetch } = useCompanySettings();
  const { save, saving } = useUpdateCompanySettings();
  const [form] = Form.useForm<CompanySettingsValues>();

  useEffect(() => {
    if (settings) form.setFieldsValue({ ...settings, reminderDays: settings.reminderDays.map(String) });
  }, [settings, form]);

  const onFinish = async (values: CompanySettingsValues) => {
    try {
      await save(values);
      feedback.success(t('admin.settings.saved'));
    } catch (err) {
      // A wrong IBAN or country shows under its field; anything else as a notification.
      const fields = Object.entries(fieldErrorsOf(err)).map(([name, errors]) => ({ name: name as keyof CompanySettingsValues, errors }));
      if (fields.length > 0) form.setFields(fields);
      else feedback.logged(err, 'Failed to save company settings');
    }
  };

  const required = [{ required: true, whitespace: true, message: t('admin.validation.required') }];
  return (
    <AdminPage testId="admin-settings">
      <PageHeader title={t('admin.settings.title')} />
      <SettingsTabs />
      <Card title={t('admin.settings.company')} className="admin-settings-card">
        {loading && !settings ? (
          <LoadingSkeleton rows={8} />
        ) : error && !settings ? (
          // Not an empty form that a save would write over the settings with.
          <LoadError error={error} retry={refetch} />
        ) : (
          <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} name="company-settings">
            <Form.Item name="name" label={t('admin.settings.name')} rules={[...required, cleanTextRule(t)]}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="address" label={t('admin.fields.address')} rules={[cleanTextRule(t, 'multi')]}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
            <Form.Item name="phone" label={t('admin.fields.phone')} rules={[cleanTextRule(t)]}>
              <Input type="tel" maxLength={50} />
            </Form.Item>
            <Form.Item name="email" label={t('admin.fields.email')} rules={[...required, cleanTextRule(t), { type: 'email', message: t('admin.validation.email') }]}>
              <Input type="email" maxLength={254} />
            </Form.Item>
            <Form.Item name="registrationNumber" label={t('admin.settings.registrationNumber')} rules={[cleanTextRule(t)]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="vatNumber" label={t('admin.fields.vatNumber')} rules={[cleanTextRule(t)]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="jurisdiction" label={t('admin.settings.jurisdiction')} extra={t('admin.settings.jurisdictionHelp')} rules={[cleanTextRule(t)]}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="country" label={t('admin.fields.country')} extra={t('admin.settings.countryHelp')} rules={required}>
              <CountrySelect />
            </Form.Item>
            <Form.Item name="standardVatRate" label={t('admin.settings.standardVatRate')} extra={t('admin.settings.standardVatRateHelp')} rules={[{ required: true, message: t('admin.validation.required') }]}>
              <InputNumber<number> min={0} max={100} step={1} precision={2} suffix="%" style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="iban" label={t('admin.settings.iban')} extra={t('admin.settings.ibanHelp')}>
              <Input maxLength={42} autoComplete="off" />
            </Form.Item>
            <Form.Item name="bic" label={t('admin.settings.bic')}>
              <Input maxLength={11} autoComplete="off" />
            </Form.Item>
            <Divider titlePlacement="start">{t('admin.settings.reminders.title')}</Divider>
            <ReminderDaysField />
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('buttons.saveChanges')}
            </Button>
            {settings?.updatedAt && <span className="admin-muted admin-settings-updated">{t('admin.settings.updatedAt', { date: formatDate(settings.updatedAt) })}</span>}
          </Form>
        )}
      </Card>
      <MyDataSettingsCard />
    </AdminPage>
  );
};
