import { FilePdfOutlined, FileTextOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions } from 'antd';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyInfo } from '../../../api/platform/contracts/rest.contract';
import { LoadingSkeleton, type LoadFailure } from '../common/DataState';
import { formatAmount, formatDate } from '../common/format';
import { useScreenLanguage } from '../common/useAmount';
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
import { useCompanyInfo } from '../public/useCompanyInfo';
import { InvoiceLines } from './InvoiceLines';
import { PaymentConfirmationNotice } from './PaymentConfirmationNotice';
import './payInvoice.css';
import { SellerContact } from './SellerContact';
import { amountDue, usePublicInvoice, type PublicInvoice } from './usePublicInvoice';

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

/**
 * An invoice the checkout cannot charge (`card_payment` false: one in another currency than the
 * euro where Stripe is not configured) is paid by bank transfer: said where Pay Now would be,
 * pointing to the payment reference below.
 */
const BankTransferOnly = ({ invoice }: { invoice: PublicInvoice }) => {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      className="pay-invoice-paid"
      data-testid="pay-bank-transfer"
      title={t('payInvoice.bankTransfer.title', { currency: invoice.currency })}
      description={t(invoice.payment_reference ? 'payInvoice.bankTransfer.withReference' : 'payInvoice.bankTransfer.text')}
    />
  );
};

/** A payer has no administrator to tell: a failure on the server is ours to own. */
const PAYER_REASONS: Partial<Record<LoadFailure, string>> = { server: 'payInvoice.errors.server', other: 'payInvoice.errors.server' };

/** A failed read: the spec's words, why (when it was not simply an unknown link) with Retry, and whom to contact. */
const PayFailure = ({ reason, retry, company }: { reason: LoadFailure; retry: () => void; company: CompanyInfo | undefined }) => {
  const { t } = useTranslation();
  const unknownLink = reason === 'notFound';
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="load-error pay-failure"
      data-testid="pay-failure"
      data-reason={reason}
      title={t('payInvoice.errors.fetch')}
      description={
        <>
          {!unknownLink && <p className="pay-failure-reason">{t(PAYER_REASONS[reason] ?? `common.dataState.reasons.${reason}`)}</p>}
          <SellerContact company={company} failed />
        </>
      }
      action={
        !unknownLink && (
          <Button icon={<ReloadOutlined />} onClick={retry}>
            {t('common.dataState.retry')}
          </Button>
        )
      }
    />
  );
};

/** The page's lead under the seller's name (the frame's): which invoice, what is due (its first heading) and by when. */
const AmountDue = ({ invoice, today }: { invoice: PublicInvoice; today: string }) => {
  const { t } = useTranslation();
  const language = useScreenLanguage();
  const due = amountDue(invoice);
  return (
    <div className="pay-summary">
      <p className="pay-summary-invoice">{t('payInvoice.invoiceNumbered', { number: invoice.invoice_number })}</p>
      <h1 className="pay-amount">
        <span className="pay-amount-label">{t('payInvoice.amountDue')}</span>{' '}
        <span className="pay-money pay-amount-value" data-testid="pay-amount-due">
          {formatAmount(due, invoice.currency, language)}
        </span>
      </h1>
      <p className="pay-due" data-testid="pay-due">
        {t('payInvoice.dueOn', { date: formatDate(invoice.due_date) })}
        {due > 0 && invoice.due_date < today && <Badge tone="error">{t('payInvoice.overdue')}</Badge>}
      </p>
    </div>
  );
};

/** The public pay link: /pay-invoice/{invoiceId}. No login; the unguessable id is the capability. */
export const PayInvoicePage = () => {
  const { t } = useTranslation();
  useNoIndex('payInvoice.metaTitle');
  const invoiceId = payInvoiceIdAt(usePageLocation().pathname);
  const paymentReturn = usePaymentReturn();
  const { state, recheck, retry } = usePublicInvoice(invoiceId, paymentReturn);
  const company = useCompanyInfo();
  const today = usePageDay();

  return (
    <section className="container pay-invoice">
      {state.status === 'ready' && <PaymentConfirmationNotice confirmation={state.confirmation} onRecheck={recheck} />}
      {paymentReturn.status === 'cancelled' && (
        <Alert type="warning" showIcon className="pay-invoice-alert" title={t('payInvoice.cancelled.title')} description={t('payInvoice.cancelled.text')} />
      )}
      {state.status === 'loading' && (
        <>
          <h1 className="pay-amount">
            <span className="pay-amount-label">{t('payInvoice.amountDue')}</span>
            <span className="pay-amount-placeholder" aria-hidden="true" />
          </h1>
          <LoadingSkeleton rows={4} />
        </>
      )}
      {state.status === 'error' && (
        <>
          <h1>{t('payInvoice.heading')}</h1>
          <PayFailure reason={state.reason} retry={retry} company={company} />
        </>
      )}
      {state.status === 'ready' && (
        <>
          <AmountDue invoice={state.invoice} today={today} />
          <Card className="pay-invoice-card">
            <InvoiceLines invoice={state.invoice} />
            {state.invoice.cancelled ? (
              <Alert type="warning" showIcon className="pay-invoice-paid" title={t('payInvoice.cancelledInvoice')} data-testid="pay-invoice-cancelled" />
            ) : state.invoice.paid ? (
              <Alert type="success" showIcon className="pay-invoice-paid" title={t('payInvoice.alreadyPaid')} />
            ) : state.invoice.open_amount <= 0 ? (
              <Alert type="info" showIcon className="pay-invoice-paid" title={t('payInvoice.nothingToPay')} data-testid="pay-invoice-nothing" />
            ) : state.confirmation === 'confirming' || state.confirmation === 'unconfirmed' ? null : state.invoice.card_payment ? (
              <PayButton invoice={state.invoice} />
            ) : (
              <BankTransferOnly invoice={state.invoice} />
            )}
            <h2 className="pay-details-heading">{t('payInvoice.details')}</h2>
            <Descriptions column={1} size="middle" bordered>
              <Descriptions.Item label={t('payInvoice.invoiceNumber')}>{state.invoice.invoice_number}</Descriptions.Item>
              <Descriptions.Item label={t('payInvoice.client')}>{state.invoice.client.name}</Descriptions.Item>
              <Descriptions.Item label={t('payInvoice.date')}>{formatDate(state.invoice.date)}</Descriptions.Item>
              <Descriptions.Item label={t('payInvoice.dueDate')}>{formatDate(state.invoice.due_date)}</Descriptions.Item>
              {state.invoice.payment_reference && (
                <Descriptions.Item label={t('payInvoice.paymentReference')}>
                  <PaymentReference reference={state.invoice.payment_reference} copyLabel={t('payInvoice.copyReference')} copiedLabel={t('payInvoice.referenceCopied')} />
                  {amountDue(state.invoice) > 0 && <div className="payment-reference-note">{t('payInvoice.paymentReferenceNote')}</div>}
                </Descriptions.Item>
              )}
            </Descriptions>
            <div className="pay-invoice-documents">
              <Button href={`/api/public/invoices/${state.invoice.id}/pdf/`} download icon={<FilePdfOutlined />}>
                {t('payInvoice.downloadPdf')}
              </Button>
              <Button href={`/api/public/invoices/${state.invoice.id}/ubl/`} download icon={<FileTextOutlined />}>
                {t('payInvoice.downloadXml')}
              </Button>
            </div>
          </Card>
          <SellerContact company={company} />
        </>
      )}
    </section>
  );
};
