import { useTranslation } from 'react-i18next';
import { formatAmount, formatQuantity } from '../common/format';
import { useScreenLanguage } from '../common/useAmount';
import { isSettled, type PublicInvoice } from './usePublicInvoice';


/** One row of the totals: its label and its amount (already written) at the row's right; `total` sets it apart. */
const TotalRow = ({ label, amount, total, className, testId }: { label: string; amount: string; total?: boolean; className?: string; testId?: string }) => (
  <div className={total ? 'pay-total' : undefined}>
    <dt>{label}</dt>
    <dd className={className ? `pay-money ${className}` : 'pay-money'} data-testid={testId}>
      {amount}
    </dd>
  </div>
);

/**
 * What the invoice is for, line by line, and its totals (the spec's Total Amount last, and what is
 * still owed when payments or credit notes made it differ). Amounts never wrap and keep the row's
 * right edge; a long description wraps beside them.
 */
export const InvoiceLines = ({ invoice }: { invoice: PublicInvoice }) => {
  const { t } = useTranslation();
  const language = useScreenLanguage();
  // Every amount of the invoice is in its currency.
  const money = (amount: number) => formatAmount(amount, invoice.currency, language);
  return (
    <section className="pay-lines" aria-labelledby="pay-lines-heading">
      <h2 id="pay-lines-heading">{t('payInvoice.lines.heading')}</h2>
      {invoice.items.length > 0 && (
        <ul className="pay-lines-list">
          {invoice.items.map((line, i) => (
            <li key={i} className="pay-line" data-testid="pay-line">
              <div className="pay-line-text">
                <span className="pay-line-description">{line.description}</span>
                <span className="pay-line-detail">
                  {t('payInvoice.lines.quantity', { quantity: formatQuantity(line.quantity), price: money(line.unit_price) })}
                  {' · '}
                  {t('payInvoice.lines.vat', { rate: formatQuantity(line.vat_rate) })}
                </span>
              </div>
              <span className="pay-money">{money(line.total)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className="pay-totals">
        <TotalRow label={t('payInvoice.lines.net')} amount={money(invoice.net_amount)} />
        <TotalRow label={t('payInvoice.lines.vatTotal')} amount={money(invoice.vat_amount)} />
        <TotalRow label={t('payInvoice.totalAmount')} amount={money(invoice.total_amount)} total className="pay-invoice-total" testId="pay-total" />
        {!isSettled(invoice) && invoice.open_amount !== invoice.total_amount && <TotalRow label={t('payInvoice.openAmount')} amount={money(invoice.open_amount)} total testId="pay-invoice-open" />}
      </dl>
    </section>
  );
};
