import { Alert, Button, Card, Form, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingSkeleton } from '../../common/DataState';
import { fieldErrorsOf } from '../accounting/hooks/graphqlErrors';
import { useFeedback } from '../common/useFeedback';
import { ClassificationSelect, useClassificationWords } from './ClassificationSelect';
import { classificationKey, classificationsInput, errorsByType, parseClassificationKey, refusalOnType } from './classifications';
import { MyDataProductsSection } from './MyDataProductsSection';
import { transmissionSwitch } from './myData';
import { useMyDataSettings, useSetMyDataClassifications } from './useMyData';
import './mydata.css';

const K = 'admin.mydata.settings';

interface Values {
  classifications: Partial<Record<string, string>>;
}

/**
 * Settings › myDATA (Greece): whether issued documents are transmitted (and where), the income
 * classification each service invoice type is sent with, chosen among those AADE accepts there, and
 * products' own (MyDataProductsSection).
 */
export const MyDataSettingsCard = () => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const words = useClassificationWords();
  const { settings, loading, error, refetch } = useMyDataSettings();
  const { save, saving } = useSetMyDataClassifications();
  const [form] = Form.useForm<Values>();

  // The company's choices as saved: the form is filled again when they change, not when products' own are saved.
  const chosen = useMemo(() => (settings ? JSON.stringify(Object.fromEntries(settings.classifications.map((c) => [c.invoiceType, classificationKey(c.chosen)]))) : null), [settings]);
  useEffect(() => {
    if (chosen) form.setFieldsValue({ classifications: JSON.parse(chosen) as Values['classifications'] });
  }, [chosen, form]);

  const onFinish = async (values: Values) => {
    const sent = classificationsInput(values.classifications ?? {});
    try {
      await save(sent);
      feedback.success(t(`${K}.saved`));
    } catch (err) {
      const { types, rest } = errorsByType(fieldErrorsOf(err), sent);
      const accepted = (type: string) => settings?.classifications.find((c) => c.invoiceType === type)?.accepted ?? [];
      const refused = Object.keys(types).map((type) => {
        const chosen = parseClassificationKey(values.classifications[type] ?? '|');
        return { name: ['classifications', type] as ['classifications', string], errors: [refusalOnType(chosen, accepted(type), t, (c) => words.category(c))] };
      });
      if (refused.length > 0) form.setFields(refused);
      if (refused.length === 0 || rest.length > 0) feedback.logged(err, 'Failed to save the myDATA classifications');
    }
  };

  const state = settings ? transmissionSwitch(settings) : null;
  return (
    <Card title={t(`${K}.title`)} className="admin-settings-card admin-section" data-testid="mydata-settings">
      {loading ? (
        <LoadingSkeleton rows={6} />
      ) : error && !settings ? (
        <LoadError error={error} retry={refetch} />
      ) : settings && state ? (
        <>
          <Alert
            type={state === 'on' ? 'success' : 'info'}
            showIcon
            className="mydata-hint"
            data-testid="mydata-switch"
            title={t(`${K}.switch.${state}`)}
            description={
              state === 'on' || state === 'notGreek' ? (
                <span>
                  {t(`${K}.endpoint`)} <span className="mydata-mono mydata-wrap" data-testid="mydata-endpoint">{settings.endpoint}</span>
                </span>
              ) : (
                t(`${K}.howToTurnOn`)
              )
            }
          />
          <Typography.Paragraph>{t(`${K}.help`)}</Typography.Paragraph>
          <Form form={form} layout="vertical" name="mydata-settings" className="mydata-settings-form" onFinish={(v) => void onFinish(v)}>
            {settings.classifications.map((c) => (
              <Form.Item
                key={c.invoiceType}
                name={['classifications', c.invoiceType]}
                label={t(`${K}.types.t${c.invoiceType.replace('.', '_')}`, { defaultValue: c.invoiceType })}
                rules={[{ required: true, message: t('admin.validation.required') }]}
              >
                <ClassificationSelect accepted={c.accepted} />
              </Form.Item>
            ))}
            <Button type="primary" htmlType="submit" loading={saving} data-testid="mydata-settings-save">
              {t('admin.mydata.settings.save')}
            </Button>
          </Form>
          <MyDataProductsSection settings={settings} />
        </>
      ) : null}
    </Card>
  );
};
