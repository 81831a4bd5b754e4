import { Alert } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate, localToday } from '../common/format';
import { useScreenLanguage } from '../common/useAmount';
import { ResponsiveTable } from '../common/ResponsiveTable';
import { RowActions } from '../common/RowActions';
import { checkoutErrorKey, startCheckout } from '../payments/checkout';
import { Badge, InvoiceStatusBadge } from '../shared/billing-badges';
import { PaymentReference } from './PaymentReference';
import type { PortalInvoice } from './usePortalAccount';

/** Newest first by date (then number), whatever order the server used. */
const newestFirst = (a: PortalInvoice, b: PortalInvoice) => b.date.localeCompare(a.date) || b.invoice_number.localeCompare(a.invoice_number);

const payable = (i: PortalInvoice) => !i.paid && !i.cancelled && i.open_amount > 0;

/** The invoice's total in its currency (euros in the spec's format), and what is still open when it differs. */
const Amount = ({ invoice: i }: { invoice: PortalInvoice }) => {
  const { t } = useTranslation();
  const language = useScreenLanguage();
  return (
    <span className="money">
      {formatAmount(i.total_amount, i.currency, language)}
      {!i.paid && !i.cancelled && i.open_amount !== i.total_amount && (
        <span className="portal-open-amount">{t('portal.invoices.open', { amount: formatAmount(i.open_amount, i.currency, language) })}</span>
      )}
    </span>
  );
};

const Status = ({ invoice: i, today, t }: { invoice: PortalInvoice; today: string; t: TFunction }) =>
  i.cancelled ? (
    <Badge tone="error">{t('portal.invoices.cancelled')}</Badge>
  ) : (
    <>
      <span className="portal-status">
        <InvoiceStatusBadge paid={i.paid} partlyPaid={i.paid_amount > 0} />
        {payable(i) && i.due_date < today && <Badge tone="error">{t('portal.invoices.overdue')}</Badge>}
      </span>
      {/* Not payable by card (the server's `card_payment`: another currency where the checkout cannot charge it): instead of Pay Now, how to pay. A line of its own under the badges. */}
      {payable(i) && !i.card_payment && (
        <div className="portal-transfer-note" data-testid="portal-transfer-note">
          {t('portal.invoices.bankTransferOnly', { currency: i.currency })}
        </div>
      )}
    </>
  );

/** What to quote in a bank transfer; a dash for a draft, which has none yet (the cards' field). */
const Reference = ({ invoice: i, t }: { invoice: PortalInvoice; t: TFunction }) =>
  i.payment_reference ? (
    <PaymentReference
      reference={i.payment_reference}
      copyLabel={t('portal.invoices.copyReference', { number: i.invoice_number })}
      copiedLabel={t('portal.invoices.referenceCopied')}
    />
  ) : (
    <span>—</span>
  );

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

  const actions = (i: PortalInvoice) => (
    <RowActions
      actions={[
        ...(payable(i) && i.card_payment
          ? [
              {
                key: 'pay',
                label: busy === i.id ? t('portal.invoices.processing') : t('portal.invoices.payNow'),
                primary: true,
                inline: true,
                loading: busy === i.id,
                disabled: busy !== null && busy !== i.id,
                onClick: () => void pay(i),
              },
            ]
          : []),
        { key: 'pdf', label: t('portal.invoices.pdf'), inline: true, href: `/api/invoices/${i.id}/pdf/`, download: true, ariaLabel: t('portal.invoices.pdfLabel', { number: i.invoice_number }) },
        { key: 'xml', label: t('portal.invoices.xml'), inline: true, href: `/api/invoices/${i.id}/ubl/`, download: true, ariaLabel: t('portal.invoices.xmlLabel', { number: i.invoice_number }) },
      ]}
    />
  );

  return (
    <>
      {error && <Alert type="error" showIcon title={error} className="portal-alert" closable={{ onClose: () => setError(null) }} />}
      <ResponsiveTable<PortalInvoice>
        region
        label={t('portal.invoices.title')}
        rowKey="id"
        size="middle"
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('portal.invoices.empty') }}
        card={(i) => ({
          title: i.invoice_number,
          amount: <Amount invoice={i} />,
          status: <Status invoice={i} today={today} t={t} />,
          fields: [
            { key: 'date', label: t('portal.invoices.date'), value: formatDate(i.date) },
            { key: 'due', label: t('portal.invoices.dueDate'), value: formatDate(i.due_date) },
            { key: 'reference', label: t('portal.invoices.paymentReference'), value: <Reference invoice={i} t={t} /> },
          ],
          actions: actions(i),
        })}
        columns={[
          // The reference goes under the number, not in a column of its own: the table stays within 1280 px in every language.
          {
            title: (
              <>
                <div>{t('portal.invoices.number')}</div>
                <div className="portal-reference-heading">{t('portal.invoices.paymentReference')}</div>
              </>
            ),
            key: 'number',
            render: (_, i) => (
              <>
                <div className="portal-invoice-number">{i.invoice_number}</div>
                {i.payment_reference && <Reference invoice={i} t={t} />}
              </>
            ),
          },
          // Long month names (Greek's '15 / Σεπτεμβρίου / 2026') may break over two lines rather than push the actions out.
          { title: t('portal.invoices.date'), key: 'date', className: 'portal-cell-wrap', render: (_, i) => formatDate(i.date) },
          { title: t('portal.invoices.dueDate'), key: 'due', className: 'portal-cell-wrap', render: (_, i) => formatDate(i.due_date) },
          { title: t('portal.invoices.amount'), key: 'amount', align: 'right', render: (_, i) => <Amount invoice={i} /> },
          { title: t('portal.invoices.status'), key: 'status', render: (_, i) => <Status invoice={i} today={today} t={t} /> },
          { title: t('portal.invoices.actions'), key: 'actions', render: (_, i) => actions(i) },
        ]}
      />
    </>
  );
};
