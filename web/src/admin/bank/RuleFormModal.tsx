import { Alert, Col, Form, Input, Radio, Row, Select, Typography, type FormInstance } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidIban } from '../../../../domain/billing/bank';
import { MAX_RULE_TEXT } from '../../../../domain/bank/rules';
import { cleanTextRule } from '../common/cleanText';
import { FormModal } from '../common/FormModal';
import { typedCents } from './reconcileParts';
import { VAT_RATES } from './ReconcilePanel';
import { ruleValues, wordsOf, type RuleValues } from './ruleForm';
import type { RuleView } from './ruleApi';
import type { ChartAccount } from './statementApi';

interface Props {
  open: boolean;
  /** The rule being edited; null for a new one. */
  rule: RuleView | null;
  chart: ChartAccount[];
  saving: boolean;
  /** Refusals that belong to no field (no condition at all, an edit made meanwhile). */
  error: string | null;
  form: FormInstance<RuleValues>;
  onCancel: () => void;
  onSave: (values: RuleValues) => void;
}

/**
 * A bank rule: its name, what a line must hold (any of the conditions, all of those given must
 * hold), and the account, VAT rate and description the line is booked with. Amounts are checked
 * here as they are typed; whether the account may take the booking is the server's call, shown
 * under the account.
 */
export const RuleFormModal = ({ open, rule, chart, saving, error, form, onCancel, onSave }: Props) => {
  const { t } = useTranslation();
  const accounts = useMemo(
    () =>
      chart
        .filter((a) => a.is_active !== false || a.code === rule?.account)
        .sort((a, b) => a.code.localeCompare(b.code))
        .map((a) => ({ value: a.code, label: `${a.code} ${a.account_name}` })),
    [chart, rule],
  );
  const rates = rule && !VAT_RATES.includes(rule.vat_rate) ? [...VAT_RATES, rule.vat_rate].sort((a, b) => a - b) : VAT_RATES;
  const amountRule = {
    validator: async (_r: unknown, v: string | undefined) => {
      if (!v?.trim()) return;
      const cents = typedCents(v);
      if (cents === null || cents < 0) throw new Error(t('bank.rules.errors.amountTyped'));
    },
  };
  const text = [cleanTextRule(t), { max: MAX_RULE_TEXT, message: t('bank.rules.errors.tooLong', { max: MAX_RULE_TEXT }) }];

  return (
    <FormModal<RuleValues>
      open={open}
      title={rule ? t('bank.rules.editTitle', { name: rule.name }) : t('bank.rules.createTitle')}
      saving={saving}
      form={form}
      name="bankRule"
      record={rule}
      width={640}
      values={() => ruleValues(rule)}
      banner={error ? <Alert type="error" showIcon className="bank-form-error" title={error} data-testid="rule-error" /> : null}
      onCancel={onCancel}
      onSave={onSave}
    >
      <Form.Item name="name" label={t('bank.rules.name')} extra={t('bank.rules.nameHelp')} rules={[{ required: true, whitespace: true, message: t('admin.validation.required') }, ...text]}>
        <Input maxLength={MAX_RULE_TEXT} autoComplete="off" />
      </Form.Item>

      <fieldset className="bank-rule-section">
        <legend>{t('bank.rules.when')}</legend>
        <Typography.Paragraph type="secondary" className="bank-rule-hint">
          {t('bank.rules.whenHelp')}
        </Typography.Paragraph>
        <Form.Item name="text_contains" label={t('bank.rules.textContains')} extra={t('bank.rules.textContainsHelp')} rules={text}>
          <Input maxLength={MAX_RULE_TEXT} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="text_words"
          label={t('bank.rules.textWords')}
          extra={t('bank.rules.textWordsHelp')}
          rules={[
            cleanTextRule(t),
            {
              validator: async (_r, v: string | undefined) => {
                if (wordsOf(v ?? '').length > 20) throw new Error(t('bank.rules.errors.tooManyWords'));
              },
            },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="text_starts_with" label={t('bank.rules.textStartsWith')} rules={text}>
          <Input maxLength={MAX_RULE_TEXT} autoComplete="off" />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="min_amount" label={t('bank.rules.minAmount')} rules={[amountRule]}>
              <Input inputMode="decimal" suffix="€" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="max_amount" label={t('bank.rules.maxAmount')} rules={[amountRule]}>
              <Input inputMode="decimal" suffix="€" autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" className="bank-rule-hint bank-rule-amount-hint">
          {t('bank.rules.amountHelp')}
        </Typography.Paragraph>
        <Form.Item name="direction" label={t('bank.rules.direction')}>
          <Radio.Group
            options={[
              { value: 'any', label: t('bank.rules.directions.any') },
              { value: 'in', label: t('bank.rules.directions.in') },
              { value: 'out', label: t('bank.rules.directions.out') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="counterparty_iban"
          label={t('bank.rules.counterpartyIban')}
          rules={[
            cleanTextRule(t),
            {
              validator: async (_r, v: string | undefined) => {
                if (v?.trim() && !isValidIban(v)) throw new Error(t('bank.errors.invalidIban'));
              },
            },
          ]}
        >
          <Input maxLength={50} autoComplete="off" spellCheck={false} className="bank-iban-input" />
        </Form.Item>
      </fieldset>

      <fieldset className="bank-rule-section">
        <legend>{t('bank.rules.then')}</legend>
        <Form.Item name="account" label={t('bank.rules.account')} rules={[{ required: true, message: t('bank.rules.errors.accountRequired') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} placeholder={t('bank.reconcile.accountPlaceholder')} options={accounts} popupMatchSelectWidth />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item name="vat_rate" label={t('bank.rules.vatRate')}>
              <Select options={rates.map((r) => ({ value: r, label: `${r} %` }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item name="description" label={t('bank.rules.description')} extra={t('bank.rules.descriptionHelp')} rules={[cleanTextRule(t), { max: 1000, message: t('bank.rules.errors.tooLong', { max: 1000 }) }]}>
              <Input maxLength={1000} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
      </fieldset>
    </FormModal>
  );
};
