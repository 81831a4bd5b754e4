import { PlusOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIban } from '../../../../domain/billing/bank';
import { countryName } from '../../common/format';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { RowActions } from '../../common/RowActions';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { confirmed, useFeedback } from '../common/useFeedback';
import { SupplierFormModal } from './SupplierFormModal';
import { SupplierHistoryDrawer } from './SupplierHistoryDrawer';
import { SupplierStatementDrawer } from './SupplierStatementDrawer';
import { deleteRefusalText, supplierRefusal } from './supplierErrors';
import { useDeleteSupplier, usePurchaseAccounts, useSaveSupplier, useSuppliers, type SupplierValues, type SupplierView } from './useSuppliers';
import './suppliers.css';

type Editing = { supplier: SupplierView | null } | null;

/**
 * Whom the company buys from: each supplier's VAT number, country, payment terms, the account its
 * bills are booked to by default and the IBAN it is paid into. Edit and History in the row, its
 * Statement and Delete (asked first) under "More".
 */
export const SuppliersPage = () => {
  const { t, i18n } = useTranslation();
  const feedback = useFeedback();
  const { suppliers, loading, error, refetch } = useSuppliers();
  const accounts = usePurchaseAccounts();
  const { save, saving } = useSaveSupplier();
  const remove = useDeleteSupplier();
  const [form] = Form.useForm<SupplierValues>();
  const [editing, setEditing] = useState<Editing>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [history, setHistory] = useState<SupplierView | null>(null);
  const [statement, setStatement] = useState<SupplierView | null>(null);

  const open = (supplier: SupplierView | null) => {
    setRefusal(null);
    setEditing({ supplier });
  };

  // A refusal stays in the dialog, each field's under it, so nothing typed is lost.
  const onSave = async (values: SupplierValues) => {
    setRefusal(null);
    try {
      await save(editing?.supplier ?? null, values);
      feedback.success(t('admin.suppliers.saved', { name: values.name.trim() }));
      setEditing(null);
    } catch (err) {
      console.warn('Supplier refused', err);
      const { fields, rest } = supplierRefusal(err, t, { vatNumber: values.vatNumber, country: values.country, language: i18n.resolvedLanguage ?? i18n.language });
      const named = Object.keys(fields) as Array<keyof SupplierValues>;
      form.setFields(named.map((name) => ({ name, errors: fields[name as keyof typeof fields] })));
      setRefusal(rest.length ? rest.join(' ') : null);
      // On a phone Save is at the dialog's foot: bring the first refused field into view.
      if (named[0]) form.scrollToField(named[0], { block: 'center' });
    }
  };

  const onDelete = async (supplier: SupplierView) => {
    if (!confirmed(t('admin.suppliers.confirmDelete', { name: supplier.name }))) return;
    try {
      await remove(supplier.id);
      feedback.success(t('admin.suppliers.deleted', { name: supplier.name }));
    } catch (err) {
      console.warn('Supplier delete refused', err);
      feedback.error(deleteRefusalText(err, t));
    }
  };

  const country = (s: SupplierView) => `${countryName(s.country, i18n.language)} (${s.country})`;
  const terms = (s: SupplierView) => t('admin.suppliers.days', { count: s.paymentTermsDays });
  const iban = (s: SupplierView) => (s.iban ? <span className="supplier-iban">{formatIban(s.iban)}</span> : '—');
  const account = (s: SupplierView) => {
    if (!s.defaultAccountId) return '—';
    const a = accounts.byId.get(s.defaultAccountId);
    // Until the chart has loaded the account is not known: a dash, never its id.
    return a ? (
      <span className="supplier-account">
        <span className="supplier-account-code">{a.code}</span> {a.accountName}
      </span>
    ) : (
      '—'
    );
  };
  const rowActions = (s: SupplierView) => (
    <RowActions
      actions={[
        { key: 'edit', label: t('buttons.edit'), inline: true, onClick: () => open(s) },
        { key: 'history', label: t('admin.suppliers.historyAction'), inline: true, onClick: () => setHistory(s) },
        { key: 'statement', label: t('admin.suppliers.statement.action'), onClick: () => setStatement(s) },
        { key: 'delete', label: t('buttons.delete'), danger: true, onClick: () => void onDelete(s) },
      ]}
    />
  );

  return (
    <AdminPage testId="admin-suppliers">
      <PageHeader
        title={t('admin.suppliers.title')}
        actions={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open(null)} data-testid="new-supplier">
            {t('admin.suppliers.create')}
          </Button>
        }
      />
      <ResponsiveTable<SupplierView>
        label={t('admin.suppliers.title')}
        rowKey="id"
        state={{ loading, error, retry: refetch }}
        dataSource={suppliers ?? []}
        pagination={false}
        // Narrower than this the table scrolls in its own box; wider, long names wrap instead of pushing the actions out.
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('admin.suppliers.empty') }}
        card={(s) => ({
          title: s.name,
          subtitle: s.vatNumber || undefined,
          fields: [
            { key: 'country', label: t('admin.suppliers.fields.country'), value: country(s) },
            { key: 'terms', label: t('admin.suppliers.fields.paymentTerms'), value: terms(s) },
            { key: 'account', label: t('admin.suppliers.fields.defaultAccount'), value: account(s) },
            { key: 'iban', label: t('admin.suppliers.fields.iban'), value: iban(s) },
          ],
          actions: rowActions(s),
        })}
        columns={[
          { key: 'name', title: t('admin.suppliers.fields.name'), dataIndex: 'name' },
          { key: 'vatNumber', title: t('admin.suppliers.fields.vatNumber'), render: (_, s) => s.vatNumber || '—' },
          { key: 'country', title: t('admin.suppliers.fields.country'), render: (_, s) => country(s) },
          { key: 'terms', title: t('admin.suppliers.fields.paymentTerms'), render: (_, s) => terms(s) },
          { key: 'account', title: t('admin.suppliers.fields.defaultAccount'), render: (_, s) => account(s) },
          { key: 'iban', title: t('admin.suppliers.fields.iban'), render: (_, s) => iban(s) },
          { key: 'actions', title: t('admin.fields.actions'), render: (_, s) => rowActions(s) },
        ]}
      />
      <SupplierFormModal
        open={editing !== null}
        supplier={editing?.supplier ?? null}
        accounts={accounts.purchase}
        saving={saving}
        error={refusal}
        form={form}
        onCancel={() => setEditing(null)}
        onSave={(v) => void onSave(v)}
      />
      <SupplierHistoryDrawer supplier={history} accounts={accounts.byId} onClose={() => setHistory(null)} />
      <SupplierStatementDrawer supplier={statement} onClose={() => setStatement(null)} />
    </AdminPage>
  );
};
