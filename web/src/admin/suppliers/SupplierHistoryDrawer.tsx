import { Drawer, Grid, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatIban } from '../../../../domain/billing/bank';
import { LoadError, LoadingSkeleton } from '../../common/DataState';
import { countryName, formatDate } from '../../common/format';
import type { ChartAccount, SupplierHistory, SupplierView } from './useSuppliers';
import { useSupplierHistory } from './useSuppliers';

type Field = SupplierHistory['changes'][number]['field'];

/** Each field the history names, by its wire name: its label key in the screen's language. */
const FIELD_LABELS: Partial<Record<Field, string>> = {
  name: 'admin.suppliers.fields.name',
  vat_number: 'admin.suppliers.fields.vatNumber',
  country: 'admin.suppliers.fields.country',
  address: 'admin.suppliers.fields.address',
  iban: 'admin.suppliers.fields.iban',
  default_account: 'admin.suppliers.fields.defaultAccount',
  default_vat_rate: 'admin.suppliers.fields.defaultVatRate',
  payment_terms_days: 'admin.suppliers.fields.paymentTerms',
};

const percent = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/**
 * One supplier's changes, oldest first: created, changed or deleted, by whom and when, and each
 * field's value (before → after for a change) as the list writes it. Opened with a supplier; closed with null.
 */
export const SupplierHistoryDrawer = ({ supplier, accounts, onClose }: { supplier: SupplierView | null; accounts: Map<string, ChartAccount>; onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { entries, loading, error, retry } = useSupplierHistory(supplier?.id);

  const shown = (field: Field, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    switch (field) {
      case 'country':
        return `${countryName(String(value), i18n.language)} (${String(value)})`;
      case 'iban':
        return formatIban(String(value));
      case 'default_account': {
        const account = accounts.get(String(value));
        return account ? `${account.code} ${account.accountName}` : String(value);
      }
      case 'default_vat_rate':
        return `${percent.format(Number(value))} %`;
      case 'payment_terms_days':
        return t('admin.suppliers.days', { count: Number(value) });
      default:
        return String(value);
    }
  };

  return (
    <Drawer
      open={!!supplier}
      onClose={onClose}
      title={supplier ? t('admin.suppliers.history.title', { name: supplier.name }) : undefined}
      size={screens.sm ? 520 : '100%'}
      destroyOnHidden
      className="supplier-history"
      data-testid="supplier-history"
    >
      {loading && <LoadingSkeleton rows={6} />}
      {!loading && error !== undefined && <LoadError error={error} retry={retry} />}
      {entries && entries.length === 0 && <p>{t('admin.history.empty')}</p>}
      {entries && entries.length > 0 && (
        <Timeline
          items={entries.map((e, i) => ({
            key: `${i}:${e.at}`,
            content: (
              <div className="history-event" data-testid="history-event">
                <Typography.Text strong>{t(`admin.suppliers.history.actions.${e.action}`)}</Typography.Text>
                <div className="admin-muted">
                  {t('admin.history.byAt', { actor: e.actor ?? t('admin.suppliers.history.unknownActor'), date: formatDate(e.at), time: dayjs(e.at).format('HH:mm') })}
                </div>
                {e.changes.map((c) => (
                  <div className="history-change" key={c.field} data-testid="history-change">
                    <Typography.Text type="secondary">{t(FIELD_LABELS[c.field] ?? c.field)}: </Typography.Text>
                    {e.action === 'update' ? (
                      <span>
                        <del>{shown(c.field, c.before)}</del> → <ins>{shown(c.field, c.after)}</ins>
                      </span>
                    ) : (
                      <span className="supplier-history-value">{shown(c.field, e.action === 'create' ? c.after : c.before)}</span>
                    )}
                  </div>
                ))}
              </div>
            ),
          }))}
        />
      )}
    </Drawer>
  );
};
