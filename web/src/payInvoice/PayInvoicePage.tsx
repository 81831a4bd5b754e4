import { FilePdfOutlined, FileTextOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Spin } from 'antd';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../common/format';
import { Badge } from '../shared/billing-badges';
import { checkoutErrorKey, startCheckout } from '../payments/checkout';
import { usePaymentReturn } from '../payments/usePaymentReturn';
import { usePageLocation } from '../routing/pageLocation';
import { payInvoiceIdAt } from '../routing/pages';
import { useNoIndex } from '../seo/useNoIndex';
import { usePageDay, useSiteData } from '../ssr/siteData';
import { useServerForm } from '../ssr/useServerForm';
import '../portal/portal.css';
import { PaymentReference } from '../portal/PaymentReference';
import { PaymentConfirmationNotice } from './PaymentConfirmationNotice';
import { usePublicInvoice, type PublicInvoice } from './usePublicInvoice';

/**
 * Pay Now is a real form: without scripts, or pressed before the page has hydrated, the browser
 * posts it and the server answers with a redirect to the hosted checkout (the button shows it is
 * working until then). Once hydrated, the script starts the checkout itself.
 */
const PayButton = ({ invoice }: { invoice: PublicInvoice }) => {
  const { t, i18n } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const postedEarly = useServerForm(formRef, () => undefined);
  const [paying, setPaying] = useState(false);
  const busy = paying || postedEarly;
  const rendered = useSiteData();
  const [error, setError] = useState<string | null>(() => (rendered?.checkoutError ? `payInvoice.errors.${rendered.checkoutError}` : null));
  const pay = async () => {
    setPaying(true);
    setError(null);
    try {
      await startCheckout(invoice.id, { returnTo: `/pay-invoice/${invoice.id}`, credentials: 'omit' });
    } catch (err) {
      setError(checkoutErrorKey(err));
      setPaying(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) void pay();
  };
  return (
    <form ref={formRef} className="pay-invoice-action" method="post" action={`/pay-invoice/${encodeURIComponent(invoice.id)}?lng=${encodeURIComponent(i18n.language)}`} onSubmit={submit}>
      {error && <Alert type="error" showIcon title={t(error)} />}
      <Button type="primary" size="large" block loading={busy} aria-busy={busy || undefined} htmlType="submit">
        {busy ? t('payInvoice.processing') : t('payInvoice.payNow')}
      </Button>
      <p className="pay-invoice-note">{t('payInvoice.secureNote')}</p>
    </form>
  );
};

/** The public pay link: /pay-invoice/{invoiceId}. No login; the unguessable id is the capability. */
export const PayInvoicePage = () => {
  const { t } = useTranslation();
  useNoIndex('payInvoice.metaTitle');
  const invoiceId = payInvoiceIdAt(usePageLocation().pathname);
  const paymentReturn = usePaymentReturn();
  const { state, recheck } = usePublicInvoice(invoiceId, paymentReturn);
  const today = usePageDay();

  return (
    <section className="container pay-invoice">
      <h1>{t('payInvoice.heading')}</h1>
      {state.status === 'ready' && <PaymentConfirmationNotice confirmation={state.confirmation} onRecheck={recheck} />}
      {paymentReturn.status === 'cancelled' && (
        <Alert type="warning" showIcon className="pay-invoice-alert" title={t('payInvoice.cancelled.title')} description={t('payInvoice.cancelled.text')} />
      )}
      {state.status === 'loading' && (
        <div className="portal-loading">
          <Spin />
          <span>{t('payInvoice.loading')}</span>
        </div>
      )}
      {state.status === 'error' && <Alert type="error" showIcon title={t('payInvoice.errors.fetch')} />}
      {state.status === 'ready' && (
        <Card className="pay-invoice-card">
          <Descriptions column={1} size="middle" bordered>
            <Descriptions.Item label={t('payInvoice.invoiceNumber')}>{state.invoice.invoice_number}</Descriptions.Item>
            <Descriptions.Item label={t('payInvoice.client')}>{state.invoice.client.name}</Descriptions.Item>
            <Descriptions.Item label={t('payInvoice.date')}>{formatDate(state.invoice.date)}</Descriptions.Item>
            <Descriptions.Item label={t('payInvoice.dueDate')}>
              {formatDate(state.invoice.due_date)}{' '}
              {!state.invoice.paid && !state.invoice.cancelled && state.invoice.open_amount > 0 && state.invoice.due_date < today && <Badge tone="error">{t('payInvoice.overdue')}</Badge>}
            </Descriptions.Item>
            <Descriptions.Item label={t('payInvoice.totalAmount')}>
              <strong className="pay-invoice-total">{formatMoney(Math.round(state.invoice.total_amount * 100))}</strong>
            </Descriptions.Item>
            {!state.invoice.paid && !state.invoice.cancelled && state.invoice.open_amount !== state.invoice.total_amount && (
              <Descriptions.Item label={t('payInvoice.openAmount')}>
                <strong data-testid="pay-invoice-open">{formatMoney(Math.round(state.invoice.open_amount * 100))}</strong>
              </Descriptions.Item>
            )}
            {state.invoice.payment_reference && (
              <Descriptions.Item label={t('payInvoice.paymentReference')}>
                <PaymentReference reference={state.invoice.payment_reference} copyLabel={t('payInvoice.copyReference')} copiedLabel={t('payInvoice.referenceCopied')} />
                {!state.invoice.paid && !state.invoice.cancelled && state.invoice.open_amount > 0 && <div className="payment-reference-note">{t('payInvoice.paymentReferenceNote')}</div>}
              </Descriptions.Item>
            )}
          </Descriptions>
          {state.invoice.cancelled ? (
            <Alert type="warning" showIcon className="pay-invoice-paid" title={t('payInvoice.cancelledInvoice')} data-testid="pay-invoice-cancelled" />
          ) : state.invoice.paid ? (
            <Alert type="success" showIcon className="pay-invoice-paid" title={t('payInvoice.alreadyPaid')} />
          ) : state.invoice.open_amount <= 0 ? (
            <Alert type="info" showIcon className="pay-invoice-paid" title={t('payInvoice.nothingToPay')} data-testid="pay-invoice-nothing" />
          ) : state.confirmation === 'confirming' || state.confirmation === 'unconfirmed' ? null : (
            <PayButton invoice={state.invoice} />
          )}
          <div className="pay-invoice-documents">
            <Button href={`/api/public/invoices/${state.invoice.id}/pdf/`} download icon={<FilePdfOutlined />}>
              {t('payInvoice.downloadPdf')}
            </Button>
            <Button href={`/api/public/invoices/${state.invoice.id}/ubl/`} download icon={<FileTextOutlined />}>
              {t('payInvoice.downloadXml')}
            </Button>
          </div>
        </Card>
      )}
    </section>
  );
};
