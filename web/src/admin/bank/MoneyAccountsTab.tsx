import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIban } from '../../../../domain/billing/bank';
import { formatEuros } from '../../common/format';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { RowActions } from '../../common/RowActions';
import { confirmed, useFeedback, useReportLoadError } from '../common/useFeedback';
import { MoneyAccountDefaultsCard } from './MoneyAccountDefaultsCard';
import { MoneyAccountFormModal } from './MoneyAccountFormModal';
import { deleteRefusalText, moneyAccountRefusal } from './moneyAccountErrors';
import { useDeleteMoneyAccount, useMoneyAccounts, useSaveMoneyAccount, type MoneyAccountValues, type MoneyAccountView } from './useMoneyAccounts';

type Editing = { account: MoneyAccountView | null } | null;

/**
 * The bank accounts and the cash box: each with its ledger account and that account's balance
 * today. Deleting is the server's call (never the books' own Bank and Cash on Hand, never an
 * account with postings): its refusal is shown as it gives it.
 */
export const MoneyAccountsTab = () => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { accounts, loading, error } = useMoneyAccounts();
  useReportLoadError(error, 'Failed to fetch money accounts');
  const { save, saving } = useSaveMoneyAccount();
  const remove = useDeleteMoneyAccount();
  const [form] = Form.useForm<MoneyAccountValues>();
  const [editing, setEditing] = useState<Editing>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const open = (account: MoneyAccountView | null) => {
    setRefusal(null);
    setEditing({ account });
  };

  // A refusal stays in the dialog, each field's under it, so nothing typed is lost.
  const onSave = async (values: MoneyAccountValues) => {
    setRefusal(null);
    try {
      await save(editing?.account ?? null, values);
      feedback.success(t('bank.accounts.saved', { name: values.name.trim() }));
      setEditing(null);
    } catch (err) {
      console.warn('Money account refused', err);
      const { fields, rest } = moneyAccountRefusal(err, t);
      form.setFields(Object.entries(fields).map(([name, errors]) => ({ name: name as keyof MoneyAccountValues, errors })));
      setRefusal(rest.length ? rest.join(' ') : null);
    }
  };

  const onDelete = async (account: MoneyAccountView) => {
    if (!confirmed(t('bank.accounts.confirmDelete', { name: account.name }))) return;
    try {
      await remove(account.id);
      feedback.success(t('bank.accounts.deleted', { name: account.name }));
    } catch (err) {
      // Expected answers (a system account, postings): the server's reason, in the screen's language.
      console.warn('Money account delete refused', err);
      feedback.error(deleteRefusalText(err, t));
    }
  };

  const kind = (a: MoneyAccountView) => t(`bank.kinds.${a.kind}`);
  const iban = (a: MoneyAccountView) => (a.iban ? <span className="bank-iban">{formatIban(a.iban)}</span> : '—');
  const ledger = (a: MoneyAccountView) => (
    <span className="bank-ledger">
      <span className="bank-ledger-code">{a.ledgerAccount.code}</span> {a.ledgerAccount.name}
    </span>
  );
  const balance = (a: MoneyAccountView) => <span className="admin-amount">{formatEuros(a.ledgerBalance)}</span>;
  const name = (a: MoneyAccountView) => (
    <Flex gap={6} wrap align="center" component="span">
      <span>{a.name}</span>
      {a.isDefault && (
        <Tag color="blue" className="bank-default-tag" data-testid="default-badge">
          {t('bank.accounts.default')}
        </Tag>
      )}
    </Flex>
  );
  const rowActions = (a: MoneyAccountView) => (
    <RowActions
      actions={[
        { key: 'edit', label: t('buttons.edit'), inline: true, onClick: () => open(a) },
        { key: 'delete', label: t('buttons.delete'), inline: true, danger: true, onClick: () => void onDelete(a) },
      ]}
    />
  );

  return (
    <section data-testid="money-accounts">
      <Flex justify="space-between" align="center" wrap gap={8} className="admin-toolbar">
        <Typography.Paragraph className="bank-intro">{t('bank.accounts.intro')}</Typography.Paragraph>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open(null)} data-testid="new-money-account">
          {t('bank.accounts.create')}
        </Button>
      </Flex>
      <ResponsiveTable<MoneyAccountView>
        label={t('bank.accounts.title')}
        rowKey="id"
        loading={loading}
        dataSource={accounts}
        pagination={false}
        // Narrower than this the table scrolls in its own box; wider, names wrap instead of pushing the actions out.
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('bank.accounts.empty') }}
        card={(a) => ({
          title: a.name,
          subtitle: kind(a),
          amount: balance(a),
          status: a.isDefault ? <Tag color="blue">{t('bank.accounts.default')}</Tag> : undefined,
          fields: [
            // Cash has neither.
            ...(a.kind === 'bank'
              ? [
                  { key: 'iban', label: t('bank.accounts.iban'), value: iban(a) },
                  { key: 'bic', label: t('bank.accounts.bic'), value: a.bic || '—' },
                ]
              : []),
            { key: 'ledger', label: t('bank.accounts.ledgerAccount'), value: ledger(a) },
          ],
          actions: rowActions(a),
        })}
        columns={[
          { key: 'name', title: t('bank.accounts.name'), render: (_, a) => name(a) },
          { key: 'kind', title: t('bank.accounts.kind'), render: (_, a) => kind(a) },
          { key: 'iban', title: t('bank.accounts.iban'), render: (_, a) => iban(a) },
          { key: 'bic', title: t('bank.accounts.bic'), render: (_, a) => a.bic || '—' },
          { key: 'ledger', title: t('bank.accounts.ledgerAccount'), render: (_, a) => ledger(a) },
          { key: 'balance', title: t('bank.accounts.ledgerBalance'), align: 'right', render: (_, a) => balance(a) },
          { key: 'actions', title: t('admin.fields.actions'), render: (_, a) => rowActions(a) },
        ]}
      />
      <MoneyAccountDefaultsCard accounts={accounts} accountsLoading={loading} />
      <MoneyAccountFormModal open={editing !== null} account={editing?.account ?? null} saving={saving} error={refusal} form={form} onCancel={() => setEditing(null)} onSave={(v) => void onSave(v)} />
    </section>
  );
};
