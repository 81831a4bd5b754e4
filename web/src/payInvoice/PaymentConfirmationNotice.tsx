import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentConfirmation } from '../payments/paymentConfirmation';

/**
 * The pay page back from checkout: "Confirming your payment..." until the server has recorded it,
 * then the spec's success text; a payment that does not arrive in time is said plainly, without a
 * second Pay Now next to it.
 */
export const PaymentConfirmationNotice = ({ confirmation, onRecheck }: { confirmation: PaymentConfirmation; onRecheck: () => void }) => {
  const { t } = useTranslation();
  switch (confirmation) {
    case 'none':
      return null;
    case 'confirming':
      return (
        <div role="status" aria-live="polite" data-testid="payment-confirming">
          <Result className="pay-invoice-result" icon={<Spin size="large" />} title={t('payInvoice.success.confirming')} subTitle={t('payInvoice.success.confirmingText')} />
        </div>
      );
    case 'confirmed':
      return (
        <div role="status" aria-live="polite" data-testid="payment-confirmed">
          <Result status="success" className="pay-invoice-result" title={t('payInvoice.success.title')} subTitle={t('payInvoice.success.text')} />
        </div>
      );
    case 'unconfirmed':
      return (
        <div role="alert" data-testid="payment-unconfirmed">
          <Result
            status="warning"
            className="pay-invoice-result"
            title={t('payInvoice.unconfirmed.title')}
            subTitle={t('payInvoice.unconfirmed.text')}
            extra={<Button onClick={onRecheck}>{t('payInvoice.unconfirmed.recheck')}</Button>}
          />
        </div>
      );
    default: {
      const exhaustive: never = confirmation;
      return exhaustive;
    }
  }
};
