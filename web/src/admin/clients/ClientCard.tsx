import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { countryName, currencyLabel, EURO, formatDate } from '../../common/format';
import { useFormatAmount } from '../../common/useAmount';
import type { ClientLanguage } from '../../../../domain/billing/commands';
import { LANGUAGE_LABELS } from '../../i18n';
import type { ClientView } from './clientTypes';

/** The client's details; `children` below them (the VIES checks of its VAT number). */
export const ClientCard = ({ client, extra, children }: { client: ClientView; extra?: React.ReactNode; children?: React.ReactNode }) => {
  const { t, i18n } = useTranslation();
  const money = useFormatAmount();
  return (
    <Card data-testid="client-card">
      <Descriptions
        title={t('admin.clients.information')}
        extra={extra}
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'email', label: t('admin.fields.email'), children: <a href={`mailto:${client.email}`}>{client.email}</a> },
          { key: 'phone', label: t('admin.fields.phone'), children: client.phone || '—' },
          { key: 'address', label: t('admin.fields.address'), children: client.address || '—' },
          { key: 'country', label: t('admin.fields.country'), children: client.country ? `${countryName(client.country, i18n.language)} (${client.country})` : '—' },
          { key: 'vat', label: t('admin.fields.vatNumber'), children: client.vatNumber || '—' },
          // Invoiced in another currency than the euro: said, as its invoices' amounts are in it.
          ...(client.currency !== EURO
            ? [{ key: 'currency', label: t('admin.clients.currency'), children: <span data-testid="client-card-currency">{currencyLabel(client.currency, i18n.language)}</span> }]
            : []),
          { key: 'language', label: t('admin.clients.language'), children: LANGUAGE_LABELS[client.language as ClientLanguage] ?? client.language },
          {
            key: 'reminders',
            label: t('admin.clients.reminders'),
            children: <span data-testid="client-reminders">{t(client.remindersExcluded ? 'admin.clients.remindersOff' : 'admin.clients.remindersOn')}</span>,
          },
          { key: 'since', label: t('admin.clients.memberSince'), children: formatDate(client.createdAt) },
          // In the client's currency: what its invoices (all in it) hold for it.
          ...(client.creditBalance
            ? [{ key: 'credit', label: t('admin.clients.creditBalance'), children: <strong data-testid="client-credit-balance">{money(client.creditBalance, client.currency)}</strong> }]
            : []),
          { key: 'login', label: t('admin.clients.login'), children: client.user ? client.user.username : t('admin.clients.noLogin') },
        ]}
      />
      {children}
    </Card>
  );
};
