import { Alert, Button, Card, Form, Select, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingSkeleton } from '../../common/DataState';
import { fieldErrorsOf } from '../accounting/hooks/graphqlErrors';
import { useFeedback } from '../common/useFeedback';
import { classificationGroups, classificationKey, classificationsInput, errorsByType, parseClassificationKey, refusalOnType, type Classification } from './classifications';
import { transmissionSwitch } from './myData';
import { useMyDataSettings, useSetMyDataClassifications } from './useMyData';
import './mydata.css';

const K = 'admin.mydata.settings';

interface Values {
  classifications: Partial<Record<string, string>>;
}

/** A type's name in words and an E3 code's meaning, in the screen's language (AADE's English when the screen has none). */
const useClassificationWords = () => {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      category: (category: string, fallback?: string | null) => t(`admin.mydata.categories.${category}`, { defaultValue: fallback ?? category }),
      code: (code: string) => t(`admin.mydata.e3.${code}`, { defaultValue: '' }),
    }),
    [t],
  );
};

interface CodeOption {
  value: string;
  label: string;
  code: string;
  meaning: string;
}

/** A category's group of E3 codes: its options are the codes; the group itself has no value. */
interface CategoryGroup {
  label: string;
  title: string;
  options: CodeOption[];
  value?: undefined;
  code?: undefined;
  meaning?: undefined;
}

/** One invoice type's Select: the accepted classifications grouped by category, each E3 code with what it means. */
const ClassificationSelect = ({ id, accepted, value, onChange }: { id?: string; accepted: Classification[]; value?: string; onChange?: (v: string) => void }) => {
  const words = useClassificationWords();
  const options = classificationGroups(accepted).map((g): CategoryGroup => {
    const category = words.category(g.category, g.categoryName);
    return {
      label: category,
      title: category,
      options: g.types.map((code) => ({ value: classificationKey({ category: g.category, type: code }), label: `${category} · ${code}`, code, meaning: words.code(code) })),
    };
  });
  return (
    <Select<string, CodeOption | CategoryGroup>
      id={id}
      className="mydata-select"
      value={value}
      onChange={onChange}
      options={options}
      showSearch={{ optionFilterProp: ['label', 'meaning'] }}
      classNames={{ popup: { root: 'mydata-select-popup' } }}
      optionRender={(o) => (
        <span className="mydata-option">
          <code className="mydata-code">{o.data.code}</code>
          {o.data.meaning ? <span className="mydata-option-meaning"> {o.data.meaning}</span> : null}
        </span>
      )}
    />
  );
};

/**
 * Settings › myDATA (Greece): whether issued documents are transmitted (and where), and the income
 * classification each service invoice type is sent with, chosen among those AADE accepts there.
 */
export const MyDataSettingsCard = () => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const words = useClassificationWords();
  const { settings, loading, error, refetch } = useMyDataSettings();
  const { save, saving } = useSetMyDataClassifications();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (settings) form.setFieldsValue({ classifications: Object.fromEntries(settings.classifications.map((c) => [c.invoiceType, classificationKey(c.chosen)])) });
  }, [settings, form]);

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
        </>
      ) : null}
    </Card>
  );
};
