import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../common/format';

/** The fields of a subscription that its Next Billing cell depends on (portal and admin alike). */
export interface NextBillingSource {
  product: { billing_cycle: string };
  next_billing_date: string | null;
  invoiced_until: string | null;
}

export type NextBilling = { kind: 'onceOffDone' } | { kind: 'date'; date: string; past: boolean } | { kind: 'none' };

/**
 * The spec's Next Billing rule: a once-off product already invoiced is done; otherwise the next
 * billing date, past (red) or not (green); otherwise nothing to show. Dates are 'YYYY-MM-DD'.
 */
export const nextBillingOf = (s: NextBillingSource, today: string): NextBilling => {
  if (s.product.billing_cycle === 'one_time' && s.invoiced_until) return { kind: 'onceOffDone' };
  if (s.next_billing_date) return { kind: 'date', date: s.next_billing_date, past: s.next_billing_date < today };
  return { kind: 'none' };
};

export type BadgeTone = 'success' | 'warning' | 'error' | 'default';

// At least 4.5:1 contrast; antd's preset tag colours are lighter than that.
const TONES: Record<BadgeTone, { color: string; background: string }> = {
  success: { color: '#166534', background: '#dcfce7' },
  warning: { color: '#854d0e', background: '#fef3c7' },
  error: { color: '#991b1b', background: '#fee2e2' },
  default: { color: '#374151', background: '#e5e7eb' },
};

/** The high-contrast tag every billing badge uses (the admin's invoice-status badge too). */
export const Badge = ({ tone, children }: { tone: BadgeTone; children: string }) => (
  <Tag className={`billing-badge billing-badge--${tone}`} style={{ ...TONES[tone], borderColor: 'transparent', fontWeight: 500 }}>
    {children}
  </Tag>
);

export const NextBillingBadge = ({ subscription, today }: { subscription: NextBillingSource; today: string }) => {
  const { t } = useTranslation();
  const next = nextBillingOf(subscription, today);
  switch (next.kind) {
    case 'onceOffDone':
      return <Badge tone="default">{t('enum.nextBilling.onceOffDone')}</Badge>;
    case 'date':
      return <Badge tone={next.past ? 'error' : 'success'}>{formatDate(next.date)}</Badge>;
    case 'none':
      return <span>{t('enum.nextBilling.none')}</span>;
    default: {
      const exhaustive: never = next;
      return exhaustive;
    }
  }
};

const KNOWN_STATUSES = ['active', 'cancelled'];

/** Green when active, neutral grey for any other status (the spec knows no others). */
export const SubscriptionStatusBadge = ({ status }: { status: string }) => {
  const { t } = useTranslation();
  const label = KNOWN_STATUSES.includes(status) ? t(`enum.subscriptionStatus.${status}`) : status;
  return <Badge tone={status === 'active' ? 'success' : 'default'}>{label}</Badge>;
};

/** Paid (green) or Unpaid (yellow), as the spec has them; an unpaid invoice with money on it already is Partly paid. */
export const InvoiceStatusBadge = ({ paid, partlyPaid = false }: { paid: boolean; partlyPaid?: boolean }) => {
  const { t } = useTranslation();
  return <Badge tone={paid ? 'success' : 'warning'}>{t(paid ? 'enum.invoiceStatus.paid' : partlyPaid ? 'enum.invoiceStatus.partlyPaid' : 'enum.invoiceStatus.unpaid')}</Badge>;
};
