import { Alert, Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingSkeleton } from '../common/DataState';
import { useFormatAmount } from '../common/useAmount';
import { usePaymentReturn } from '../payments/usePaymentReturn';
import { useNoIndex } from '../seo/useNoIndex';
import { StatementButton } from '../shared/StatementButton';
import { MyInvoicesTable } from './MyInvoicesTable';
import { MySubscriptionsTable } from './MySubscriptionsTable';
import { usePortalAccount } from './usePortalAccount';
import './portal.css';

/** The portal's one screen: the client card, its subscriptions and its invoices with Pay Now. */
export const PortalDashboard = () => {
  const { t } = useTranslation();
  useNoIndex('portal.meta.title');
  const paymentReturn = usePaymentReturn();
  const { state, reload } = usePortalAccount(paymentReturn);
  const money = useFormatAmount();

  return (
    <section className="container portal-page">
      {paymentReturn.status === 'success' && <Alert type="success" showIcon title={t('portal.payment.success')} className="portal-alert" />}
      {paymentReturn.status === 'cancelled' && <Alert type="info" showIcon title={t('portal.payment.cancelled')} className="portal-alert" />}
      {state.status === 'loading' && <LoadingSkeleton rows={6} />}
      {state.status === 'error' && <LoadError error={state.error} retry={reload} title={t('portal.errors.fetch')} className="portal-alert" />}
      {state.status === 'ready' && !state.account && <Alert type="warning" showIcon title={t('portal.errors.noData')} className="portal-alert" />}
      {state.status === 'ready' && state.account && (
        <>
          <Card className="portal-card portal-account-card" title={<h1 className="portal-client-name">{state.account.name}</h1>} extra={<StatementButton path="/api/portal/my-account/statement/" />}>
            <Descriptions column={{ xs: 1, sm: 1, md: 3 }} size="small">
              <Descriptions.Item label={t('portal.account.email')}>{state.account.email}</Descriptions.Item>
              <Descriptions.Item label={t('portal.account.phone')}>{state.account.phone || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('portal.account.address')}>{state.account.address || '—'}</Descriptions.Item>
              {state.account.credit_balance > 0 && (
                <Descriptions.Item label={t('portal.account.creditBalance')}>
                  <strong data-testid="portal-credit-balance">{money(state.account.credit_balance, state.account.currency)}</strong>
                </Descriptions.Item>
              )}
            </Descriptions>
          </Card>
          <Card className="portal-card" title={<h2>{t('portal.subscriptions.title')}</h2>}>
            <MySubscriptionsTable subscriptions={state.account.subscriptions} />
          </Card>
          <Card className="portal-card" title={<h2>{t('portal.invoices.title')}</h2>}>
            <MyInvoicesTable invoices={state.account.invoices} />
          </Card>
        </>
      )}
    </section>
  );
};
