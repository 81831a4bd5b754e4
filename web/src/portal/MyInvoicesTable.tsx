import { Alert, Button, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, localToday } from '../common/format';
import { checkoutErrorKey, startCheckout } from '../payments/checkout';
import { Badge, InvoiceStatusBadge } from '../shared/billing-badges';
import { ScrollRegion } from '../common/ScrollRegion';
import type { PortalInvoice } from './usePortalAccount';

const euroCents = (euros: number) => Math.round(euros * 100);

/** Newest first by date (then number), whatever order the server used. */
const newestFirst = (a: PortalInvoice, b: PortalInvoice) => b.date.localeCompare(a.date) || b.invoice_number.localeCompare(a.invoice_number);

export const MyInvoicesTable = ({ invoices }: { invoices: PortalInvoice[] }) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = useMemo(() => [...invoices].sort(newestFirst), [invoices]);
  const today = localToday();

  const pay = async (invoice: PortalInvoice) => {
    setBusy(invoice.id);
    setError(null);
    try {
      await startCheckout(invoice.id, { returnTo: '/portal/dashboard', credentials: 'include' });
      // The browser is leaving for the checkout; the button stays busy until it does.
    } catch (err) {
      setError(t(checkoutErrorKey(err)));
      setBusy(null);
    }
  };

  return (
    <>
      {error && <Alert type="error" showIcon title={error} className="portal-alert" closable={{ onClose: () => setError(null) }} />}
      <ScrollRegion label={t('portal.invoices.title')}>
        <Table<PortalInvoice>
          rowKey="id"
          size="middle"
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t('portal.invoices.empty') }}
          columns={[
            { title: t('portal.invoices.number'), dataIndex: 'invoice_number', key: 'number' },
            { title: t('portal.invoices.date'), key: 'date', render: (_, i) => formatDate(i.date) },
            { title: t('portal.invoices.dueDate'), key: 'due', render: (_, i) => formatDate(i.due_date) },
            {
              title: t('portal.invoices.amount'),
              key: 'amount',
              align: 'right',
              render: (_, i) => (
                <span>
                  {formatMoney(euroCents(i.total_amount))}
                  {!i.paid && !i.cancelled && i.open_amount !== i.total_amount && (
                    <span className="portal-open-amount">{t('portal.invoices.open', { amount: formatMoney(euroCents(i.open_amount)) })}</span>
                  )}
                </span>
              ),
            },
            {
              title: t('portal.invoices.status'),
              key: 'status',
              render: (_, i) =>
                i.cancelled ? (
                  <Badge tone="error">{t('portal.invoices.cancelled')}</Badge>
                ) : (
                  <span>
                    <InvoiceStatusBadge paid={i.paid} />
                    {!i.paid && i.open_amount > 0 && i.due_date < today && <Badge tone="error">{t('portal.invoices.overdue')}</Badge>}
                  </span>
                ),
            },
            {
              title: t('portal.invoices.actions'),
              key: 'actions',
              render: (_, i) => (
                <Space size="small" wrap={false}>
                  {!i.paid && !i.cancelled && i.open_amount > 0 && (
                    <Button type="primary" size="small" loading={busy === i.id} disabled={busy !== null && busy !== i.id} onClick={() => void pay(i)}>
                      {busy === i.id ? t('portal.invoices.processing') : t('portal.invoices.payNow')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    href={`/api/invoices/${i.id}/pdf/`}
                    download
                    aria-label={t('portal.invoices.pdfLabel', { number: i.invoice_number })}
                  >
                    {t('portal.invoices.pdf')}
                  </Button>
                  <Button size="small" href={`/api/invoices/${i.id}/ubl/`} download aria-label={t('portal.invoices.xmlLabel', { number: i.invoice_number })}>
                    {t('portal.invoices.xml')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </ScrollRegion>
    </>
  );
};
