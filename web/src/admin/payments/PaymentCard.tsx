import { RollbackOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { EURO, formatAmount, formatAmountCents, formatDate } from '../../common/format';
import { useScreenLanguage } from '../../common/useAmount';
import { Badge, type BadgeTone } from '../../shared/billing-badges';
import { refundableCents, type PaymentView } from './refundable';

const DISPUTE_TONES: Record<string, BadgeTone> = { open: 'warning', won: 'success', lost: 'error' };

/**
 * One payment: when and how it came, where it went, what went back (refunds, a dispute) and what the
 * gateway kept, in its invoice's currency. No Refund without `onRefund`.
 */
export const PaymentCard = ({ payment: p, currency = EURO, onRefund }: { payment: PaymentView; currency?: string; onRefund?: (payment: PaymentView) => void }) => {
  const { t } = useTranslation();
  const language = useScreenLanguage();
  const formatEuros = (amount: number) => formatAmount(amount, currency, language);
  const formatMoney = (cents: number) => formatAmountCents(cents, currency, language);
  const refundable = refundableCents(p);
  const dash = '—';
  return (
    <Card
      size="small"
      className="admin-payment-card"
      data-testid="payment-card"
      title={<span className="admin-amount">{formatEuros(p.amount)}</span>}
      extra={<span className="admin-payment-date">{formatDate(p.date)}</span>}
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'method', label: t('admin.payments.method'), children: t(`enum.paymentMethod.${p.method}`, { defaultValue: p.method }) },
          {
            key: 'depositedTo',
            label: t('admin.payments.depositedTo'),
            children: <span data-testid="payment-deposited-to">{p.depositedTo?.name ?? dash}</span>,
          },
          { key: 'reference', label: t('admin.payments.reference'), children: <span className="admin-payment-reference">{p.reference || dash}</span> },
          { key: 'refunded', label: t('admin.payments.refunded'), children: <span className="admin-amount" data-testid="payment-refunded">{formatEuros(p.refundedAmount)}</span> },
          {
            key: 'dispute',
            label: t('admin.payments.dispute'),
            children: p.disputeStatus ? (
              <Badge tone={DISPUTE_TONES[p.disputeStatus] ?? 'default'}>
                {t(`admin.payments.disputeStatus.${p.disputeStatus}`, { amount: formatEuros(p.disputedAmount), defaultValue: p.disputeStatus })}
              </Badge>
            ) : (
              dash
            ),
          },
          { key: 'fee', label: t('admin.payments.fee'), children: <span className="admin-amount">{formatEuros(p.fee)}</span> },
          { key: 'refundable', label: t('admin.payments.refundable'), children: <span className="admin-amount" data-testid="payment-refundable">{formatMoney(refundable)}</span> },
        ]}
      />
      {onRefund && refundable > 0 && (
        <div className="admin-payment-actions">
          <Button size="small" icon={<RollbackOutlined />} onClick={() => onRefund(p)}>
            {t('admin.refunds.refund')}
          </Button>
        </div>
      )}
    </Card>
  );
};
