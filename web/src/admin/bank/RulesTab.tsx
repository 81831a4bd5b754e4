import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIban } from '../../../../domain/billing/bank';
import { formatEuros } from '../../common/format';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { RowActions } from '../../common/RowActions';
import { confirmed, errorText, useFeedback, useReportLoadError } from '../common/useFeedback';
import { RuleFormModal } from './RuleFormModal';
import { ruleApi, type RuleView } from './ruleApi';
import { ruleBody, ruleConditions, ruleRefusal, type RuleValues } from './ruleForm';
import { statementApi, type ChartAccount } from './statementApi';

type Editing = { rule: RuleView | null } | null;

/**
 * The bank rules, in the order an import tries them: what a line must hold, and the account (with
 * its VAT) the first rule that matches books it to. Created, edited and deleted here; the server
 * checks each rule whole, and its refusals stand under the fields they name.
 */
export const RulesTab = () => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [rules, setRules] = useState<RuleView[]>([]);
  const [chart, setChart] = useState<ChartAccount[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<unknown>(null);
  useReportLoadError(loadError, 'Failed to fetch bank rules');
  const [form] = Form.useForm<RuleValues>();
  const [editing, setEditing] = useState<Editing>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const reload = useCallback(
    () =>
      ruleApi.list().then(
        (found) => {
          setRules(found);
          setLoading(false);
        },
        (err: unknown) => {
          setLoadError(err);
          setLoading(false);
        },
      ),
    [],
  );
  useEffect(() => {
    void reload();
    statementApi.chart().then(setChart, (err: unknown) => setLoadError(err));
  }, [reload]);

  const names = useMemo(() => new Map(chart.map((a) => [a.code, a.account_name])), [chart]);

  const open = (rule: RuleView | null) => {
    setRefusal(null);
    setEditing({ rule });
  };

  // A refusal stays in the dialog, each field's under it, so nothing typed is lost.
  const onSave = async (values: RuleValues) => {
    const rule = editing?.rule ?? null;
    setRefusal(null);
    setSaving(true);
    try {
      const body = ruleBody(values, rule?.version);
      const saved = rule ? await ruleApi.update(rule.id, body) : await ruleApi.create(body);
      feedback.success(t('bank.rules.saved', { name: saved.name }));
      setEditing(null);
      await reload();
    } catch (err) {
      console.warn('Bank rule refused', err);
      const { fields, rest } = ruleRefusal(err, t);
      form.setFields(Object.entries(fields).map(([name, errors]) => ({ name: name as keyof RuleValues, errors })));
      setRefusal(rest.length ? rest.join(' ') : null);
    } finally {
      setSaving(false);
    }
  };

  const onDelete = async (rule: RuleView) => {
    if (!confirmed(t('bank.rules.confirmDelete', { name: rule.name }))) return;
    try {
      await ruleApi.remove(rule.id);
      feedback.success(t('bank.rules.deleted', { name: rule.name }));
      await reload();
    } catch (err) {
      console.warn('Bank rule delete refused', err);
      feedback.error(errorText(err));
    }
  };

  const conditions = (r: RuleView) => (
    <ul className="bank-rule-conditions" data-testid="rule-conditions">
      {ruleConditions(r, formatEuros).map((c) => (
        <li key={c.key}>{t(`bank.rules.conditions.${c.key}`, { ...c.values, ...(c.values.iban ? { iban: formatIban(c.values.iban) } : {}) })}</li>
      ))}
    </ul>
  );
  const account = (r: RuleView) => (
    <span className="bank-ledger">
      <span className="bank-ledger-code">{r.account}</span> {names.get(r.account) ?? ''}
    </span>
  );
  const vat = (r: RuleView) => `${r.vat_rate} %`;
  const rowActions = (r: RuleView) => (
    <RowActions
      actions={[
        { key: 'edit', label: t('buttons.edit'), inline: true, onClick: () => open(r) },
        { key: 'delete', label: t('buttons.delete'), inline: true, danger: true, onClick: () => void onDelete(r) },
      ]}
    />
  );

  return (
    <section data-testid="bank-rules">
      <Flex justify="space-between" align="center" wrap gap={8} className="admin-toolbar">
        <Typography.Paragraph className="bank-intro">{t('bank.rules.intro')}</Typography.Paragraph>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open(null)} data-testid="new-rule">
          {t('bank.rules.create')}
        </Button>
      </Flex>
      <ResponsiveTable<RuleView>
        label={t('bank.rules.title')}
        testId="rules-list"
        rowKey="id"
        loading={loading}
        dataSource={rules}
        pagination={false}
        // Narrower than this the table scrolls in its own box, as the other bank tables do.
        scroll={{ x: 960 }}
        locale={{ emptyText: <span data-testid="rules-empty">{t('bank.rules.empty')}</span> }}
        card={(r) => ({
          title: r.name,
          fields: [
            { key: 'account', label: t('bank.rules.account'), value: account(r) },
            { key: 'vat', label: t('bank.rules.vatRate'), value: vat(r) },
          ],
          details: conditions(r),
          actions: rowActions(r),
        })}
        columns={[
          { key: 'name', title: t('bank.rules.name'), width: 200, render: (_, r) => <span className="bank-rule-name">{r.name}</span> },
          { key: 'conditions', title: t('bank.rules.conditionsTitle'), render: (_, r) => conditions(r) },
          { key: 'account', title: t('bank.rules.account'), width: 220, render: (_, r) => account(r) },
          { key: 'vat', title: t('bank.rules.vatRate'), align: 'right', width: 90, render: (_, r) => vat(r) },
          { key: 'actions', title: t('admin.fields.actions'), width: 170, render: (_, r) => rowActions(r) },
        ]}
      />
      <RuleFormModal
        open={editing !== null}
        rule={editing?.rule ?? null}
        chart={chart}
        saving={saving}
        error={refusal}
        form={form}
        onCancel={() => setEditing(null)}
        onSave={(v) => void onSave(v)}
      />
    </section>
  );
};
