import { Descriptions, Drawer, Empty, Grid } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { NUMBER_TAGS } from '../../common/noWrap';
import { LoadError, LoadingSkeleton } from '../../common/DataState';
import { useFormatAmount } from '../../common/useAmount';
import type { InvoiceView } from '../invoices/invoiceTypes';
import { PaymentCard } from './PaymentCard';
import type { PaymentView } from './refundable';
import { RefundModal } from './RefundModal';
import { useInvoicePayments } from './usePayments';

/**
 * An invoice's payments, oldest first, each with what was refunded, its dispute and the gateway's
 * fee, and a Refund action while anything is refundable, in the invoice's currency. Opened with an
 * invoice; closed with null.
 */
export const PaymentsDrawer = ({ invoice: opened, onClose }: { invoice: InvoiceView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { invoice, loading, error, refetch } = useInvoicePayments(opened?.id);
  const [refunding, setRefunding] = useState<PaymentView | null>(null);
  const number = opened?.invoiceNumber ?? '';
  const payments = invoice?.payments ?? [];
  const money = useFormatAmount();

  return (
    <Drawer
      open={!!opened}
      onClose={onClose}
      title={<Trans t={t} i18nKey="admin.payments.listTitle" values={{ number }} components={NUMBER_TAGS} />}
      size={screens.sm ? 520 : '100%'}
      destroyOnHidden
      rootClassName="admin-drawer"
      data-testid="payments-drawer"
    >
      {loading && <LoadingSkeleton rows={5} />}
      {error && !invoice && !loading && <LoadError error={error} retry={refetch} />}
      {invoice && (
        <>
          <Descriptions
            size="small"
            bordered
            column={1}
            className="admin-payments-summary"
            data-testid="payments-summary"
            items={[
              { key: 'total', label: t('admin.fields.amount'), children: <span className="admin-amount">{money(invoice.totalAmount, invoice.currency)}</span> },
              { key: 'paid', label: t('admin.payments.paid'), children: <span className="admin-amount">{money(invoice.paidAmount, invoice.currency)}</span> },
              { key: 'open', label: t('admin.payments.stillOwed'), children: <span className="admin-amount" data-testid="payments-open">{money(invoice.openAmount, invoice.currency)}</span> },
            ]}
          />
          {payments.length === 0 ? (
            <Empty description={t('admin.payments.none')} />
          ) : (
            <div className="admin-payment-list">
              {payments.map((p) => (
                <PaymentCard key={p.id} payment={p} currency={invoice.currency} onRefund={setRefunding} />
              ))}
            </div>
          )}
        </>
      )}
      {/* In the invoice's currency, as its payments are (a refund of an invoice in another currency is booked at its day's rate). */}
      <RefundModal target={refunding ? { payment: refunding, invoiceNumber: number, currency: invoice?.currency ?? opened?.currency } : null} onClose={() => setRefunding(null)} />
    </Drawer>
  );
};
