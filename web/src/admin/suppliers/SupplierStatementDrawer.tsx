import { Drawer, Grid } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuros, localToday } from '../../common/format';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { IsoDatePicker } from '../common/IsoDatePicker';
import { useSupplierStatement, type SupplierStatementLine, type SupplierView } from './useSuppliers';

/** The year to date: the default period. */
const yearToDate = () => {
  const today = localToday();
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
};

/**
 * One supplier's statement over a period (the year to date unless another is chosen): the balance
 * owed at its start, each bill, credit note, payment and refund with the balance after it, and the
 * balance at its end; owed to the supplier positive, credit held with them negative. From cannot
 * pass To, nor To From.
 */
export const SupplierStatementDrawer = ({ supplier, onClose }: { supplier: SupplierView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [period, setPeriod] = useState(yearToDate);
  useEffect(() => {
    if (supplier) setPeriod(yearToDate());
  }, [supplier]);
  const { statement, loading, error, retry } = useSupplierStatement(supplier?.id, period.from, period.to);
  const money = (euros: number) => <span className="admin-amount money">{formatEuros(euros)}</span>;
  const document = (l: SupplierStatementLine) => <span className="supplier-statement-number">{l.invoice_number}</span>;
  const balance = (key: string, label: string, euros: number | undefined) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={key}>{euros === undefined ? '—' : formatEuros(euros)}</dd>
    </div>
  );

  return (
    <Drawer
      open={!!supplier}
      onClose={onClose}
      title={supplier ? t('admin.suppliers.statement.title', { name: supplier.name }) : undefined}
      size={screens.md ? 820 : '100%'}
      destroyOnHidden
      className="supplier-statement"
      data-testid="supplier-statement"
    >
      <fieldset className="supplier-statement-period">
        <legend>{t('admin.suppliers.statement.period')}</legend>
        <label>
          <span>{t('admin.suppliers.statement.from')}</span>
          <IsoDatePicker id="statement-from" allowClear={false} value={period.from} max={period.to} onChange={(from) => from && setPeriod((p) => ({ ...p, from }))} />
        </label>
        <label>
          <span>{t('admin.suppliers.statement.to')}</span>
          <IsoDatePicker id="statement-to" allowClear={false} value={period.to} min={period.from} onChange={(to) => to && setPeriod((p) => ({ ...p, to }))} />
        </label>
      </fieldset>
      <dl className="admin-totals supplier-statement-balances" aria-live="polite">
        {balance('statement-opening', t('admin.suppliers.statement.openingBalance'), statement?.opening_balance)}
        {balance('statement-closing', t('admin.suppliers.statement.closingBalance'), statement?.closing_balance)}
      </dl>
      <p className="admin-muted">{t('admin.suppliers.statement.balanceHelp')}</p>
      <ResponsiveTable<SupplierStatementLine & { key: string }>
        label={t('admin.suppliers.statement.title', { name: supplier?.name ?? '' })}
        rowKey="key"
        testId="statement-lines"
        state={{ loading, error, retry }}
        dataSource={(statement?.lines ?? []).map((l, i) => ({ ...l, key: `${i}:${l.kind}:${l.bill}` }))}
        pagination={false}
        locale={{ emptyText: t('admin.suppliers.statement.empty') }}
        card={(l) => ({
          title: t(`admin.suppliers.statement.kinds.${l.kind}`),
          subtitle: document(l),
          amount: formatEuros(l.amount),
          amountLabel: t('admin.suppliers.statement.fields.amount'),
          fields: [
            { key: 'date', label: t('admin.suppliers.statement.fields.date'), value: formatDate(l.date) },
            { key: 'balance', label: t('admin.suppliers.statement.fields.balance'), value: money(l.balance) },
            ...(l.reference ? [{ key: 'reference', label: t('admin.suppliers.statement.fields.reference'), value: l.reference }] : []),
          ],
        })}
        columns={[
          { key: 'date', title: t('admin.suppliers.statement.fields.date'), className: 'admin-nowrap', render: (_, l) => formatDate(l.date) },
          { key: 'kind', title: t('admin.suppliers.statement.fields.kind'), render: (_, l) => t(`admin.suppliers.statement.kinds.${l.kind}`) },
          { key: 'document', title: t('admin.suppliers.statement.fields.document'), render: (_, l) => document(l) },
          { key: 'reference', title: t('admin.suppliers.statement.fields.reference'), render: (_, l) => l.reference ?? '—' },
          { key: 'amount', title: t('admin.suppliers.statement.fields.amount'), align: 'right', render: (_, l) => money(l.amount) },
          { key: 'balance', title: t('admin.suppliers.statement.fields.balance'), align: 'right', render: (_, l) => money(l.balance) },
        ]}
      />
    </Drawer>
  );
};
